/* cgen_outline.c -- the straight code of a huge function in functions
 * of its own, so that the C compiler's time stays linear in it.
 *
 * Input: the function being printed (g->fn, its flow facts).  Output:
 * its code, in which each long straight run outside loops is a call.
 * gcc's cost over one function grows faster than the function: at -O2
 * a sum of 20,000 terms (100,000 lines of C in one function) took 36 s
 * and 1.3 GB, 200,000 terms more than 11 minutes and 8.8 GB (at -O0
 * still 45 KB of its memory a term).  Cut into functions of at most
 * OUTLINE_CHUNK instructions, the same code costs gcc the same per
 * instruction whatever the length.
 *
 * A part: instructions i..j-1 of the function that all continue
 * straight (cgen_is_straight: no label, branch, loop, try, offload or
 * return among them), at no loop depth, and that no loop fact guards.
 * Their C code names only the function's registers (rN, and dN too for
 * an unboxed real), which the part takes and gives back by value:
 *     static void wyoK_NAME(wyv *wyc_a, double *wyc_d)
 *     {
 *       wyv r2 = wyc_a[0], r6 = wyc_a[1];   (each register it names)
 *       ... the instructions' code, as inline ...
 *       wyc_a[0] = r2; wyc_a[1] = r6;
 *     }
 * and at its place in the function
 *     { wyv wyc_a[] = {r2, r6}; wyoK_NAME(wyc_a, NULL);
 *       r2 = wyc_a[0]; r6 = wyc_a[1]; }
 * Each register holds one reference; these copies move it there and
 * back, with no count changed.  A language error inside a part ends the
 * program as it would inline (wy_fail), and a callee's exception
 * unwinds through the part as through the function (functions with a
 * try of their own are not cut: their registers are volatile).
 *
 * Requires: the function's flow facts, chains, unboxing and loop facts
 * (the scans of emit_func).  Provides cgen_outline_code.
 */
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* A function is cut when it has more instructions than this. */
#define CGEN_OUTLINE_FUNC 5000
/* The most instructions in one part, and the fewest a run must have to
 * become parts. */
#define OUTLINE_CHUNK 250
#define OUTLINE_RUN_MIN 100

/* Is the function one this may cut? */
static bool
may_cut(Gen *g)
{
  Func *fn = g->fn;
  if (fn->ncode <= CGEN_OUTLINE_FUNC || g->fl->has_try || g->any_chain)
    return false;
  for (int i = 0; i < fn->ncode; i++)
    if (fn->code[i]->op == OP_OFFLOAD) return false;
  return true;
}

/* May insn i be in a part?  (Outside loops: depth is its loop depth.) */
static bool
may_move(Gen *g, int i, int depth)
{
  Insn *in = g->fn->code[i];
  return depth == 0 && cgen_is_straight(in)
         && !*cgen_bounds_guard(g, i);
}

static int
cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The registers instructions from..to-1 name, ascending, in *regs;
 * seen[] holds the part's number for those already listed. */
static int
part_regs(Gen *g, int from, int to, int part, int *seen, int *regs)
{
  int n = 0;
  for (int i = from; i < to; i++) {
    Insn *in = g->fn->code[i];
    int d = in->dst;
    if (d >= 0 && seen[d] != part) {
      seen[d] = part;
      regs[n++] = d;
    }
    for (int k = 0; k < in->nargs; k++) {
      int r = in->args[k];
      if (r >= 0 && seen[r] != part) {
        seen[r] = part;
        regs[n++] = r;
      }
    }
  }
  qsort(regs, (size_t)n, sizeof(int), cmp_int);
  return n;
}

/* "r2 = wyc_a[0]; r6 = wyc_a[1]; ..." or the other way round, for the
 * registers regs[0..n) (dbl: "d5 = wyc_d[0]; ..." for those of them
 * held as doubles too), a few to a line. */
static void
emit_moves(Gen *g, const int *regs, int n, bool dbl, bool in)
{
  StrBuf line = {0};
  int k = 0;
  for (int j = 0; j < n; j++) {
    int r = regs[j];
    if (dbl && !(g->dbl && g->dbl[r])) continue;
    const char *reg = wyil_fmt("%c%d", dbl ? 'd' : 'r', r);
    const char *slot = wyil_fmt("wyc_%c[%d]", dbl ? 'd' : 'a', k++);
    sb_printf(&line, "%s%s = %s;", line.len ? " " : "", in ? reg : slot,
              in ? slot : reg);
    if (line.len > 60) {
      cgen_emit(g, "%s", line.s);
      line.len = 0;
      line.s[0] = 0;
    }
  }
  if (line.len) cgen_emit(g, "%s", line.s);
  sb_free(&line);
}

/* The array initialiser "{r2, r6}" (dbl: "{d5}", of those held as
 * doubles), or NULL if none. */
static const char *
array_of(Gen *g, const int *regs, int n, bool dbl)
{
  StrBuf sb = {0};
  for (int j = 0; j < n; j++)
    if (!dbl || (g->dbl && g->dbl[regs[j]]))
      sb_printf(&sb, "%s%c%d", sb.len ? ", " : "{", dbl ? 'd' : 'r',
                regs[j]);
  if (!sb.len) return NULL;
  sb_putc(&sb, '}');
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

/* Instructions from..to-1 as the part numbered `part` and its call. */
static void
emit_part(Gen *g, int from, int to, int part, int *seen, int *regs)
{
  Func *fn = g->fn;
  int n = part_regs(g, from, to, part, seen, regs);
  if (!n) internal_error("cgen_outline: a part that names no register");
  const char *name = wyil_fmt("wyo%d_%s", part, cgen_func_cname(fn));
  const char *boxed = array_of(g, regs, n, false);
  const char *dbl = array_of(g, regs, n, true);
  const char *ct = cgen_unbox_ctype(g);
  /* WYC_PART (cgen.c): not inline (called once each, gcc would inline
   * them all back), and at gcc's -O1 */
  sb_printf(g->units ? &g->decls : &g->protos, "%sWYC_PART void "
            "%s(wyv *, %s *);\n", g->link, name, ct);
  g->any_part = true;
  /* the call */
  cgen_emit(g, "/* instructions %d..%d: %s */", from, to - 1, name);
  cgen_emit(g, "{");
  g->indent++;
  if (boxed) cgen_emit(g, "wyv wyc_a[] = %s;", boxed);
  if (dbl) cgen_emit(g, "%s wyc_d[] = %s;", ct, dbl);
  cgen_emit(g, "%s(%s, %s);", name, boxed ? "wyc_a" : "NULL",
            dbl ? "wyc_d" : "NULL");
  emit_moves(g, regs, n, false, true);
  emit_moves(g, regs, n, true, true);
  g->indent--;
  cgen_emit(g, "}");
  /* the part */
  StrBuf *was = g->out, decls = g->decls;   /* (the function's) */
  int indent = g->indent;
  g->out = &g->outlined;
  g->decls = (StrBuf){0};
  g->indent = 0;
  cgen_emit(g, "/* %s:%s, instructions %d..%d */", fn->module, fn->name,
            from, to - 1);
  cgen_emit(g, "%sWYC_PART void", g->link);
  cgen_emit(g, "%s(wyv *wyc_a, %s *wyc_d)", name, ct);
  cgen_emit(g, "{");
  g->indent = 1;
  cgen_emit(g, "(void)wyc_a; (void)wyc_d;");
  for (int j = 0, a = 0, d = 0; j < n; j++) {
    int r = regs[j];
    cgen_emit(g, "wyv r%d = wyc_a[%d];", r, a++);
    if (g->dbl && g->dbl[r])
      cgen_emit(g, "%s d%d = wyc_d[%d];", ct, r, d++);
  }
  cgen_emit_code(g, from, to);
  g->indent = 1;
  emit_moves(g, regs, n, false, false);
  emit_moves(g, regs, n, true, false);
  g->indent = 0;
  cgen_emit(g, "}");
  sb_putc(g->out, '\n');
  if (g->units) cgen_units_put(g, &g->outlined, &g->decls, to - from);
  sb_free(&g->decls);
  g->decls = decls;
  g->out = was;
  g->indent = indent;
}

int
cgen_outline_code(Gen *g)
{
  Func *fn = g->fn;
  if (!may_cut(g)) {
    cgen_emit_code(g, 0, fn->ncode);
    return fn->ncode;
  }
  WyArena *was = wyil_arena_use(cgen_func_arena());
  int *seen = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  int *regs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  bool *movable = wyil_alloc(sizeof(bool) * (size_t)(fn->ncode + 1));
  for (int r = 0; r < fn->nregs; r++) seen[r] = -1;
  int depth = 0;
  for (int i = 0; i < fn->ncode; i++) {
    Op op = fn->code[i]->op;
    if (op == OP_END) depth--;
    movable[i] = may_move(g, i, depth);
    if (op == OP_LOOP || op == OP_FORALL) depth++;
  }
  wyil_arena_use(was);
  int done = 0, part = 0;   /* code[0..done) is emitted */
  int inline_n = fn->ncode;  /* instructions left in the function */
  for (int i = 0; i < fn->ncode;) {
    int j = i;
    while (j < fn->ncode && movable[j]) j++;
    if (j - i < OUTLINE_RUN_MIN) {
      i = j + 1;
      continue;
    }
    cgen_emit_code(g, done, i);
    /* parts of about equal size, none over OUTLINE_CHUNK */
    int nparts = (j - i + OUTLINE_CHUNK - 1) / OUTLINE_CHUNK;
    for (int k = 0; k < nparts; k++) {
      int from = i + (int)((long)(j - i) * k / nparts);
      int to = i + (int)((long)(j - i) * (k + 1) / nparts);
      emit_part(g, from, to, part++, seen, regs);
    }
    inline_n -= j - i;
    done = j;
    i = j;
  }
  cgen_emit_code(g, done, fn->ncode);
  return inline_n;
}
