/* cgen_defer.c -- the overflow tests of a reduction's fast copy, made
 * once after it, in the IEEE real modes.
 *
 * Each + - * of reals tests that its result is finite (`real overflow`,
 * cgen_unbox.c), a branch per operation where C has none: in a loop
 * that sums a column it doubles the time.  In the copy of a counted loop
 * that assumes its facts (cgen_version.c) whose body
 *   - has no effect but on registers: constants, lengths, element reads
 *     from the storage arrays of the facts and hoists (cgen_bounds.c,
 *     cgen_rows.c), borrowed rows, copies of doubles, + - * and negation
 *     of reals into doubles, checks the facts leave out; no store, call,
 *     branch, inner loop, division or other check that can fail;
 *   - carries reals from one iteration to the next only in accumulators
 *     `a = a op e` (written once, read by that operation alone), and
 *     computes every other real into a temporary that an accumulator's
 *     update reads (through other temporaries, written before read);
 * a result that is not finite makes every result that reads it not
 * finite (+ - * and negation keep an infinity or a NaN), so it reaches
 * an accumulator, which then stays so.  The copy computes without the
 * tests, and tests its accumulators when it ends, and when a guard
 * hands an iteration to the loop as written: when one is not finite,
 * the accumulators get their values from before the loop back and the
 * loop as written runs from its start (`goto wyc_redoH`), failing at the
 * operation and iteration where it fails (it had no other effect).
 *
 * Requires: the facts, hoists and unboxed registers (cgen_bounds.c,
 * cgen_rows.c, cgen_unbox.c) and the flow facts.  Provides g->defer,
 * NULL where no loop has such a copy (always in exact mode, and in a
 * function with a try: its registers are volatile).
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

struct Defer {
  int **acc;       /* FORALL insn -> its accumulators, -1 ended; NULL */
};

static bool
real_arith(Insn *in)
{
  return (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL
          || in->op == OP_NEG) && in->type && ty_is(in->type, TY_REAL);
}

/* Does code[k] of the fast copy of loop h (g->fast == h) compute
 * without an effect or a test that can fail? */
static bool
pure_insn(Gen *g, int k)
{
  Insn *in = g->fn->code[k];
  int d = in->dst;
  bool dd = d >= 0 && g->dbl[d];
  switch (in->op) {
  case OP_NOP: case OP_LENGTHOF: return true;
  case OP_CONST: return dd || cgen_const_is_imm(g, in->cst);
  case OP_ASSIGN: return dd && g->dbl[in->args[0]];
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
    return dd && real_arith(in);
  case OP_ASSERT: return cgen_bounds_skip(g, k) || cgen_rows_skip(g, k);
  case OP_INDEXOF:
    if (g->borrow && d >= 0 && g->borrow[d]) return cgen_bounds_row(g, k);
    return dd && (cgen_rows_elem(g, k, true) || cgen_bounds_plain(g, k));
  default:
    return false;
  }
}

/* The accumulators of loop code[h] (body (h, e)) when its fast copy is
 * such a reduction, else NULL.  Temporaries may share a register
 * (cgen_slots.c): one is written again only after its reads. */
static int *
scan_loop(Gen *g, int h, int e)
{
  Func *fn = g->fn;
  size_t n = (size_t)fn->nregs + 1;
  int *ndef = wyil_alloc(sizeof(int) * n), *def = wyil_alloc(sizeof(int) * n);
  int *nuse = wyil_alloc(sizeof(int) * n), *first = wyil_alloc(sizeof(int) * n);
  int *fdef = wyil_alloc(sizeof(int) * n);
  bool *self = wyil_alloc(n), *acc = wyil_alloc(n), *need = wyil_alloc(n);
  int nacc = 0;
  for (size_t r = 0; r < n; r++) first[r] = fdef[r] = -1;
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    if (!pure_insn(g, k)) return NULL;
    int d = wyil_def_reg(in);
    for (int a = 0; a < in->nargs; a++) {
      nuse[in->args[a]]++;
      if (first[in->args[a]] < 0) first[in->args[a]] = k;
      self[in->args[a]] |= in->args[a] == d;
    }
    if (d < 0) continue;
    ndef[d]++;
    def[d] = k;
    if (fdef[d] < 0) fdef[d] = k;
  }
  /* accumulators a = a op e; temporaries written before they are read;
   * anything else written must hold no real (an immediate, a borrowed
   * row) */
  for (int r = 0; r < fn->nregs; r++) {
    if (!ndef[r]) continue;
    if (!g->dbl[r]) {
      Insn *in = fn->code[def[r]];
      if (ndef[r] != 1
          || !(in->op == OP_CONST || in->op == OP_LENGTHOF
               || (in->op == OP_INDEXOF && g->borrow && g->borrow[r])))
        return NULL;
      continue;
    }
    Insn *in = fn->code[def[r]];
    if (self[r]) {
      if (ndef[r] != 1 || !real_arith(in) || in->op == OP_NEG
          || nuse[r] != (in->args[0] == r) + (in->args[1] == r))
        return NULL;
      acc[r] = need[r] = true;
      nacc++;
    } else if (first[r] >= 0 && first[r] <= fdef[r]) {
      return NULL;              /* read before written: carried */
    }
  }
  if (!nacc) return NULL;
  /* the operations whose results reach an accumulator, backwards: a
   * write of a needed register is, and needs its operands */
  bool *reached = wyil_alloc((size_t)(e + 1));
  for (int k = e - 1; k > h; k--) {
    Insn *in = fn->code[k];
    int d = wyil_def_reg(in);
    if (d < 0 || !g->dbl[d] || !need[d]) continue;
    reached[k] = true;
    need[d] = false;
    for (int a = 0; a < in->nargs; a++)
      if (g->dbl[in->args[a]]) need[in->args[a]] = true;
  }
  for (int k = h + 1; k < e; k++)
    if (real_arith(fn->code[k]) && fn->code[k]->op != OP_NEG && !reached[k])
      return NULL;
  int *list = wyil_alloc(sizeof(int) * (size_t)(nacc + 1)), m = 0;
  for (int r = 0; r < fn->nregs; r++)
    if (acc[r]) list[m++] = r;
  list[m] = -1;
  return list;
}

void
cgen_defer_scan(Gen *g)
{
  Func *fn = g->fn;
  g->defer = NULL;
  if (!g->bd || !g->dbl || g->fl->has_try) return;
  struct Defer *df = NULL;
  for (int h = 0; h < fn->ncode; h++) {
    if (!cgen_versioned(g, h)) continue;
    g->fast = h;                /* what the fast copy would emit */
    int *acc = scan_loop(g, h, g->fl->match[h]);
    g->fast = -1;
    if (!acc) continue;
    if (!df) {
      df = wyil_alloc(sizeof *df);
      df->acc = wyil_alloc(sizeof(int *) * (size_t)(fn->ncode + 1));
    }
    df->acc[h] = acc;
  }
  g->defer = df;
}

static const int *
accs(Gen *g, int h)
{
  return g->defer && h >= 0 ? g->defer->acc[h] : NULL;
}

bool
cgen_defer_unchecked(Gen *g)
{
  return accs(g, g->fast) != NULL;
}

void
cgen_defer_decls(Gen *g)
{
  const char *t = g->m->real_mode == WYIL_REAL_FLOAT ? "float" : "double";
  if (!g->defer) return;
  for (int h = 0; h < g->fn->ncode; h++)
    for (const int *a = accs(g, h); a && *a >= 0; a++)
      cgen_emit(g, "%s wyc_sv%d_%d = 0.0;", t, h, *a);
}

void
cgen_defer_begin(Gen *g, int h)
{
  for (const int *a = accs(g, h); a && *a >= 0; a++)
    cgen_emit(g, "wyc_sv%d_%d = d%d;", h, *a, *a);
}

/* "if (<an accumulator is not finite>) { <their values back>; goto
 * wyc_redoH; }" */
void
cgen_defer_test(Gen *g, int h)
{
  const int *acc = accs(g, h);
  StrBuf c = {0};
  if (!acc) return;
  for (const int *a = acc; *a >= 0; a++)
    sb_printf(&c, "%s!__builtin_isfinite(d%d)", c.len ? " || " : "", *a);
  cgen_emit(g, "if (__builtin_expect(%s, 0)) {", c.s);
  for (const int *a = acc; *a >= 0; a++)
    cgen_emit(g, "  d%d = wyc_sv%d_%d;", *a, h, *a);
  cgen_emit(g, "  goto wyc_redo%d;", h);
  cgen_emit(g, "}");
  sb_free(&c);
}

void
cgen_defer_label(Gen *g, int h)
{
  if (accs(g, h)) cgen_emit(g, "wyc_redo%d:;", h);
}
