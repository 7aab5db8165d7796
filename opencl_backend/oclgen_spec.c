/* oclgen_spec.c -- on a GPU, a device loop runs K steps between its exit
 * tests, and redoes them one by one when one of them says leave.
 *
 * A `while` loop inside a kernel (WYIL LOOP ... END) whose steps only
 * compute with reals, convert ints to reals, copy scalars, test scalars
 * (exits: IFs that leave the loop; checks of reals) and count with one
 * int register (`c = c + s`, s a positive constant, left by `if c >= N`,
 * N not written in the loop) gets a block before it, inside
 * `#ifdef WYC_GPU` (with `--unroll=K` given, on every device):
 *
 *   w = 0
 *   for (;;) {                            (the loop as it is, once more,
 *     if (++w > K) goto spec;              and K passes at most)
 *     the steps, leaving by their exits
 *   }
 *   spec:
 *   for (;;) {
 *     if (!(c < N && N - c >= K * s)) break;   (none without a counter;
 *                                  `>`: the test after the add)
 *     saved = every register the steps write, c too
 *     ok = 1
 *     K copies of a step: each exit test and check `ok &= its outcome`,
 *       the counter test left out (the guard proves it false), the rest
 *       as it is (the counter's add unchecked: the guard proves it fits)
 *     if (!ok) { registers = saved; break; }
 *   }
 *   #endif
 *   the loop as it was
 *
 * A loop that leaves within K passes leaves from the copy and never
 * speculates (a Newton iteration that converges in 6 steps would
 * otherwise compute K + 6); the copy keeps the block out of the loop,
 * whose passes then test nothing more (a test of a pass counter at the
 * top of every pass cost that iteration 35% on the H200).
 *
 * Why it is the same program: while ok holds, the K copies did what K
 * passes of the loop do (same operations on the same values, each test
 * passed); once a test fails, its values are discarded and the loop,
 * as it was, redoes those steps from the saved registers (the block
 * starts where a pass starts), leaving at the same test with the same
 * registers (every register the steps write is restored, so one the
 * exit keeps holds what it held).  A step after the failing one may
 * compute an infinity or a NaN: reals do not trap, and nothing of it
 * survives.  Nothing here can fail or write memory, which is why ints
 * other than the counter, list reads, calls and divisions of ints (a
 * trap on a CPU) keep a loop out.
 *
 * Why only on a GPU: each test is a compare and a branch that the
 * warp's lanes issue together; a pass of an escape-time loop's step is about
 * 12
 * instructions of which the counter's test and add and the exit branch
 * are 4.  An escape-time loop over reals, 8192^2 (float) on an H200,
 * the kernel's ms
 * (2026-11-29): 5.04 as it was, 4.21 with K = 8, 4.30 with fused
 * multiply-adds alone (oclgen_fma.c), 3.57 with both, 3.28 with both,
 * K = 16 (the default) and the plain copy first (28.9 TFLOP/s at 8
 * operations a step).  PoCL's vectorised work items got slower (19.8 ->
 * 21.5 ms at 512^2 on 2 cores), so a CPU device runs the loop as it was.
 *
 * Contract (compiler/pipeline.c's table): Part of pass emit-opencl.
 * Requires: the check plan (checks). Provides: OpenCL C text of speculative
 * steps. Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "oclgen_internal.h"

/* The most copies of a step's instructions the block may hold. */
enum { SPEC_BUDGET = 256 };

typedef struct Spec {
  int counter;     /* the counting register, -1 none */
  int inc_at;      /* its `c = c + s`, -1 */
  int test_at;     /* its `if c >= N`, -1 */
  long long step;  /* s */
  int limit;       /* N */
  int steps;       /* K */
} Spec;

/* Is the assert at p tested elsewhere (before its loop) or not at all? */
static bool
check_elsewhere(OclGen *g, int p)
{
  ChkKind c = chk_at(g->cf, p)->kind;
  return c == CHK_PROVED || c == CHK_HOISTED || c == CHK_BOUNDED;
}

/* The register code[i] writes and the type of the value it writes. */
static int
written(Insn *in, Tag *t)
{
  int d = wyil_def_reg(in);
  if (d >= 0)
    *t = ocl_tag_of(in->op == OP_CONVERT ? in->type2 : in->type);
  return d;
}

static bool
writes_in(OclGen *g, int h, int e, int r)
{
  Tag t;
  for (int p = h + 1; p < e; p++)
    if (written(g->fn->code[p], &t) == r) return true;
  return false;
}

/* Is code[p] an exit: a branch to a label after the loop's END at e? */
static bool
exit_branch(OclGen *g, int p, int e)
{
  Insn *in = g->fn->code[p];
  if (in->op != OP_IF || in->cmp > CMP_GE) return false;
  int l = in->label;
  int at = l >= 0 && l < g->fn->nlabels ? g->label_at[l] : -1;
  return at > e && at < g->to;
}

/* Is code[p] the counter's add: `c = c + s` or `c = s + c`, s a small
 * positive int constant? */
static bool
counter_add(OclGen *g, int p, int *c, long long *s)
{
  Insn *in = g->fn->code[p];
  if (in->op != OP_ADD || ocl_tag_of(in->type) != TAG_INT || in->nargs != 2)
    return false;
  for (int k = 0; k < 2; k++)
    if (in->args[k] == in->dst && chk_int_const(g->cf, in->args[1 - k], s)
        && *s > 0 && *s <= (1 << 20)) {
      *c = in->dst;
      return true;
    }
  return false;
}

/* May loop h (END at e) run speculatively?  The plan into *s. */
static bool
plan(OclGen *g, int h, int e, Spec *s)
{
  const Func *fn = g->fn;
  int size = 0, exits = 0;
  *s = (Spec){-1, -1, -1, 0, -1, 0};
  for (int p = h + 1; p < e; p++) {
    Insn *in = fn->code[p];
    if (chk_at(g->cf, p)->move_to >= 0) continue;
    Tag t = ocl_tag_of(in->type);
    switch (in->op) {
    case OP_NOP: continue;
    case OP_CONST:
      if (ocl_tag_of(in->type) == TAG_NONE) return false;
      break;
    case OP_ASSIGN:
      if (t == TAG_NONE) return false;
      break;
    case OP_CONVERT:
      if (t != TAG_INT && t != TAG_REAL) return false;
      if (ocl_tag_of(in->type2) != TAG_REAL) return false;
      break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_NEG:
      if (t == TAG_REAL) break;
      if (s->inc_at < 0 && counter_add(g, p, &s->counter, &s->step)) {
        s->inc_at = p;
        break;
      }
      return false;
    case OP_IF:
      if (!exit_branch(g, p, e)) return false;
      if (t == TAG_NONE) return false;
      exits++;
      break;
    case OP_ASSERT:
      if (check_elsewhere(g, p)) continue;
      if (t != TAG_REAL || in->cmp > CMP_GE) return false;
      break;
    default:
      return false;
    }
    size++;
  }
  if (exits == 0 || size == 0) return false;
  /* the counter: one add, one test `c >= N` against an N the loop does
   * not write, and no other write of c */
  if (s->counter >= 0) {
    for (int p = h + 1; p < e; p++) {
      Insn *in = fn->code[p];
      Tag t;
      if (p != s->inc_at && written(in, &t) == s->counter) return false;
      if (in->op == OP_IF && in->cmp == CMP_GE && in->args[0] == s->counter
          && s->test_at < 0 && !writes_in(g, h, e, in->args[1]))
        s->test_at = p, s->limit = in->args[1];
    }
    if (s->test_at < 0) return false;
  }
  /* no int the loop writes but the counter (and constants) */
  for (int p = h + 1; p < e; p++) {
    Insn *in = fn->code[p];
    Tag t;
    int d = written(in, &t);
    if (d >= 0 && t == TAG_INT && d != s->counter && in->op != OP_CONST
        && in->op != OP_ASSIGN)
      return false;
  }
  int k = g->o->unroll ? g->o->unroll : OCL_UNROLL_DEFAULT;
  while (k > 1 && k * size > SPEC_BUDGET) k /= 2;
  if (k < 2) return false;
  s->steps = k;
  return true;
}

/* Registers (with their types) the steps write, c included. */
typedef struct Saved {
  int n;
  int *reg;
  Tag *tag;
} Saved;

static Saved
saved_regs(OclGen *g, int h, int e)
{
  Saved v = {0, wyil_alloc(sizeof(int) * (size_t)(e - h)),
             wyil_alloc(sizeof(Tag) * (size_t)(e - h))};
  for (int p = h + 1; p < e; p++) {
    Tag t = TAG_NONE;
    int d = written(g->fn->code[p], &t);
    if (d < 0 || t == TAG_NONE) continue;
    bool seen = false;
    for (int j = 0; j < v.n && !seen; j++)
      seen = v.reg[j] == d && v.tag[j] == t;
    if (!seen) {
      v.reg[v.n] = d;
      v.tag[v.n++] = t;
    }
  }
  return v;
}

/* One copy of the steps' code. */
static void
emit_copy(OclGen *g, int h, int e, const Spec *s)
{
  for (int p = h + 1; p < e; p++) {
    Insn *in = g->fn->code[p];
    if (chk_at(g->cf, p)->move_to >= 0) continue;
    if (p == s->test_at || in->op == OP_NOP) continue;
    if (p == s->inc_at) {
      const char *c = ocl_var(g, s->counter, TAG_INT);
      ocl_line(g, "%s = %s + %lld;", c, c, s->step);
      continue;
    }
    if (in->op == OP_IF) {
      ocl_line(g, "wyc_ok = wyc_ok & !(%s);", ocl_cond_expr(g, in));
      continue;
    }
    if (in->op == OP_ASSERT) {
      if (!check_elsewhere(g, p))
        ocl_line(g, "wyc_ok = wyc_ok & (%s);", ocl_cond_expr(g, in));
      continue;
    }
    ocl_emit_moved(g, p);
  }
}

/* What follows, to gpu_only_end, only on a GPU (by default) or on every
 * device (--unroll=K given). */
static void
gpu_only_begin(OclGen *g)
{
  if (g->o->unroll <= 1) ocl_line(g, "#ifdef WYC_GPU");
}

static void
gpu_only_end(OclGen *g)
{
  if (g->o->unroll <= 1) ocl_line(g, "#endif");
}

void
ocl_spec_loop(OclGen *g, int h)
{
  int e = g->match[h];
  Spec s;
  if (e < 0 || !plan(g, h, e, &s)) return;
  int keep[CHK_NKINDS];
  memcpy(keep, g->nchk, sizeof keep);
  Saved v = saved_regs(g, h, e);
  sb_printf(&g->decls, "  int wyc_w%d = 0;\n", h);
  gpu_only_begin(g);
  ocl_line(g, "/* %d passes as they are, then %d steps at a time between "
           "exit tests, redone one by one when one says leave "
           "(oclgen_spec.c) */", s.steps, s.steps);
  ocl_line(g, "wyc_w%d = 0;", h);
  ocl_line(g, "for (;;) {");
  g->indent++;
  ocl_line(g, "if (++wyc_w%d > %d) goto wyc_sp%d;", h, s.steps, h);
  for (int p = h + 1; p < e; p++) ocl_emit_insn(g, p);
  g->indent--;
  ocl_line(g, "}");
  g->indent--;
  ocl_line(g, "wyc_sp%d:", h);
  g->indent++;
  ocl_line(g, "for (;;) {");
  g->indent++;
  if (s.counter >= 0) {
    /* the K tests of `c >= N` are false: before its add (a while loop)
     * c + (K - 1)s < N; after it (a do-while) c + Ks < N.  c < N first,
     * so that N - c, in (0, 2^32), is the unsigned difference */
    const char *c = ocl_var(g, s.counter, TAG_INT);
    const char *n = ocl_var(g, s.limit, TAG_INT);
    ocl_line(g, "if (!(%s < %s && (wy_uint)%s - (wy_uint)%s %s (wy_uint)%lld))"
             " break;", c, n, n, c, s.test_at < s.inc_at ? ">=" : ">",
             s.steps * s.step);
  }
  for (int j = 0; j < v.n; j++)
    ocl_line(g, "%s wyc_s%d_%d = %s;", ocl_tag_ctype(v.tag[j]), h, j,
             ocl_var(g, v.reg[j], v.tag[j]));
  ocl_line(g, "uchar wyc_ok = 1;");
  for (int k = 0; k < s.steps; k++) emit_copy(g, h, e, &s);
  ocl_line(g, "if (!wyc_ok) {");
  g->indent++;
  for (int j = 0; j < v.n; j++)
    ocl_line(g, "%s = wyc_s%d_%d;", ocl_var(g, v.reg[j], v.tag[j]), h, j);
  ocl_line(g, "break;");
  g->indent--;
  ocl_line(g, "}");
  g->indent--;
  ocl_line(g, "}");
  gpu_only_end(g);
  memcpy(g->nchk, keep, sizeof keep);
  g->nspec++;
  g->at = h;
}
