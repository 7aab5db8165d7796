/* oclgen_hoist.c -- code and checks moved out of loops (see
 * oclgen_range.c's head comment for why that keeps the program's
 * meaning): which operations of a loop over a range compute the same
 * value in every iteration and run once before it, which of its checks
 * can be tested once before it, and those tests.
 *
 * A loop `forall v in lo..hi` runs v = lo, lo+1, ..., hi-1 when lo <= hi
 * and lo, lo-1, ..., hi+1 otherwise (oclgen_insn.c, emit_forall): its
 * least value is wyc_mnK, its greatest wyc_mxK.  An assert met in every
 * iteration compares
 *   invariant  cmp invariant    tested as it is,
 *   v + off    cmp invariant    tested at the end of v's range that
 *   invariant  cmp v + off      could fail it (least for >, >=; ...),
 * and an add or sub met in every iteration that computes v + off has
 * its overflow tested at both ends, where an invariant is a register
 * the loop does not define (or defines by a moved operation), a
 * constant, or a list's length (a parameter, even for rows made in the
 * loop), and off is a chain of adds and subs of invariants (`j - 1`,
 * `k * block + j - 1` with `k * block` moved), or nothing: v itself.
 * Each step of such a chain is monotone in v, so its value and its
 * overflow at an end of v's range decide it for every iteration.
 *
 * Contract (compiler/pipeline.c's table): Part of pass checks
 * (ocl_plan_moves, ocl_hoist_target, ...). Requires: the function's
 * definitions (oclgen_range.c). Provides: OclGen.move_to and the hoisting
 * targets of checks. Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

/* The innermost loop whose body holds p, when it is a loop over a range
 * made before it (not an NDRange dimension); -1 otherwise. */
static int
range_loop_of(OclGen *g, int p)
{
  for (int q = p - 1; q >= g->from; q--) {
    Insn *in = g->fn->code[q];
    if (in->op == OP_END && g->match[q] >= g->from) {
      q = g->match[q];
      continue;
    }
    if (in->op != OP_LOOP && in->op != OP_FORALL) continue;
    if (g->match[q] < p) continue;
    if (in->op != OP_FORALL || wyil_kernel_dim(g->k, in) >= 0) return -1;
    int r = in->args[0];
    return g->range_at[r] >= g->from && g->range_at[r] < q ? q : -1;
  }
  return -1;
}

static int
label_index(OclGen *g, int l)
{
  return l >= 0 && l < g->fn->nlabels ? g->label_at[l] : -1;
}

/* Every iteration of the loop at h that reaches q's position also meets
 * p: each branch in between lands after it and no later than p. */
static bool
straight(OclGen *g, int h, int p)
{
  for (int q = h + 1; q < p; q++) {
    Insn *in = g->fn->code[q];
    switch (in->op) {
    case OP_IF: case OP_GOTO: {
      int t = label_index(g, in->label);
      if (t <= q || t > p) return false;
      break;
    }
    case OP_SWITCH: {
      int t = label_index(g, in->label);
      if (t <= q || t > p) return false;
      for (int c = 0; c < in->ncases; c++) {
        t = label_index(g, in->cases[c].label);
        if (t <= q || t > p) return false;
      }
      break;
    }
    case OP_RETURN: case OP_IFIS: case OP_TRY: case OP_THROW:
      return false;
    default: break;
    }
  }
  return true;
}

/* The loop at h ends only at its END (no return, no branch out). */
static bool
no_exit(OclGen *g, int h, int e)
{
  for (int q = h + 1; q < e; q++) {
    Insn *in = g->fn->code[q];
    if (in->op == OP_RETURN || in->op == OP_THROW) return false;
    if ((in->op == OP_IF || in->op == OP_GOTO)
        && (label_index(g, in->label) <= h
            || label_index(g, in->label) >= e))
      return false;
    if (in->op == OP_SWITCH) return false;
  }
  return true;
}

/* The definitions of r in (h, e): their count, the last at *at. */
static int
defs_in(OclGen *g, int r, int h, int e, int *at)
{
  int n = 0;
  for (int q = h + 1; q < e; q++)
    if (wyil_def_reg(g->fn->code[q]) == r) {
      n++;
      *at = q;
    }
  return n;
}

static bool
is_int_reg_insn(Insn *in)
{
  return in->type && ty_expand(in->type)->kind == TY_INT;
}

/* Register r as text whose value is r's throughout the loop (h, e), or
 * NULL. */
static const char *
invariant(OclGen *g, int h, int e, int r)
{
  int at = -1;
  if (r == g->fn->code[h]->dst) return NULL;  /* the loop's variable */
  int n = defs_in(g, r, h, e, &at);
  if (n == 0) return ocl_var(g, r, TAG_INT);
  if (n > 1) return NULL;
  Insn *d = g->fn->code[at];
  if (d->op == OP_CONST && d->cst && d->cst->kind == C_INT) {
    char *end;
    long long v = strtoll(d->cst->text, &end, 10);
    if (*end || v <= INT32_MIN || v >= INT32_MAX) return NULL;
    return wyil_fmt("%lld", v);
  }
  if (d->op == OP_LENGTHOF) return ocl_len_text(g, d->args[0]);
  if (g->move_to && g->move_to[at] == h) return ocl_var(g, r, TAG_INT);
  return NULL;
}

/* Longest chain of offsets followed from a loop's variable. */
#define CHAIN 4

/* r = v + o1 - o2 ...: the adds and subs of invariants that make r from
 * the loop's variable v, in order. */
typedef struct Chain {
  int n;
  bool sub[CHAIN];
  const char *off[CHAIN];
  int reg[CHAIN];       /* the register of each offset */
} Chain;

/* r is v plus or minus invariants (at most CHAIN of them, each a
 * straight add or sub in the loop before p) in every iteration of the
 * loop (h, e) at p (v its variable); the steps into *c (none: v
 * itself). */
static bool
chain_of(OclGen *g, int h, int e, int p, int r, Chain *c, int depth)
{
  int v = g->fn->code[h]->dst, at = -1;
  if (r == v) return true;
  if (depth >= CHAIN || defs_in(g, r, h, e, &at) != 1 || at > p
      || !straight(g, h, at))
    return false;
  Insn *d = g->fn->code[at];
  if ((d->op != OP_ADD && d->op != OP_SUB) || !is_int_reg_insn(d))
    return false;
  int x = d->args[0], o = d->args[1];
  const char *off = invariant(g, h, e, o);
  if (!off && d->op == OP_ADD) {    /* off + x */
    x = d->args[1];
    o = d->args[0];
    off = invariant(g, h, e, o);
  }
  if (!off || !chain_of(g, h, e, at, x, c, depth + 1)) return false;
  c->sub[c->n] = d->op == OP_SUB;
  c->reg[c->n] = o;
  c->off[c->n++] = off;
  return true;
}

static bool
affine(OclGen *g, int h, int e, int p, int r, Chain *c)
{
  int at = -1;
  c->n = 0;
  return defs_in(g, g->fn->code[h]->dst, h, e, &at) == 0
         && chain_of(g, h, e, p, r, c, 0);
}

/* A call of a function of the program from ints to an int. */
static bool
int_call(Insn *in)
{
  Func *fn = in->callee;
  Type *ft = fn ? fn->type : NULL;
  if (!fn || fn->is_native || fn->is_method || !ft || in->dst < 0
      || !ocl_int_type(ft->ret) || ft->n != in->nargs)
    return false;
  for (int k = 0; k < ft->n; k++)
    if (!ocl_int_type(ft->elems[k])) return false;
  return true;
}

/* Operations that may run before their loop: pure, and on ints (a
 * failed check of one fails the call, as in the loop's first
 * iteration, which would have run it on the same operands); calls too
 * (functions are pure: a neighbourhood's `max2(x - 1, 0)` in the loop
 * over its neighbours' rows). */
static bool
movable(Insn *in)
{
  switch (in->op) {
  case OP_CONST: return in->cst && in->cst->kind == C_INT;
  case OP_LENGTHOF: return true;
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_DIV:
  case OP_REM:
    return is_int_reg_insn(in);
  case OP_INVOKE: return int_call(in);
  default: return false;
  }
}

/* Register r holds, throughout the loop (h, e), a value it has before
 * the body's code at h + 1 runs: no definition in the loop, or one
 * moved before it. */
static bool
ready_before(OclGen *g, int h, int e, int r)
{
  int at = -1;
  if (r == g->fn->code[h]->dst) return false;
  int n = defs_in(g, r, h, e, &at);
  return n == 0 || (n == 1 && g->move_to[at] == h);
}

bool
ocl_reads(Insn *in, int r)
{
  for (int k = 0; k < in->nargs; k++)
    if (in->args[k] == r) return true;
  return false;
}

void
ocl_plan_moves(OclGen *g)
{
  Func *fn = g->fn;
  g->move_to = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  for (int p = 0; p <= fn->ncode; p++) g->move_to[p] = -1;
  /* in code order, so that an operand moved is known by its user */
  for (int p = g->from; p < g->to; p++) {
    Insn *in = fn->code[p];
    if (!movable(in) || in->dst < 0 || in->dst >= fn->nregs
        || g->def_at[in->dst] != p)
      continue;
    int h = range_loop_of(g, p);
    if (h < 0) continue;
    int e = g->match[h];
    /* every iteration computes it, none reads the register before */
    if (!straight(g, h, p) || !no_exit(g, h, e)) continue;
    bool ok = true;
    for (int k = 0; k < in->nargs && ok; k++)
      ok = ready_before(g, h, e, in->args[k]);
    for (int q = h + 1; q < p && ok; q++) ok = !ocl_reads(fn->code[q], in->dst);
    if (ok) g->move_to[p] = h;
  }
}

int
ocl_hoist_target(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (in->op == OP_ADD || in->op == OP_SUB) {
    /* the overflow tests of v + off ...: at both ends of v's range */
    int h = range_loop_of(g, p);
    Chain c;
    if (h < 0 || !is_int_reg_insn(in)) return -1;
    int e = g->match[h];
    if (!no_exit(g, h, e) || !affine(g, h, e, p, in->dst, &c)) return -1;
    return h;
  }
  if (in->op != OP_ASSERT || in->cmp > CMP_GE || !is_int_reg_insn(in))
    return -1;
  int h = range_loop_of(g, p);
  if (h < 0) return -1;
  int e = g->match[h];
  if (!straight(g, h, p) || !no_exit(g, h, e)) return -1;
  int a = in->args[0], b = in->args[1];
  Chain c;
  bool ia = invariant(g, h, e, a), ib = invariant(g, h, e, b);
  if (ia && ib) return h;
  if (in->cmp == CMP_EQ || in->cmp == CMP_NE) return -1;
  if (ib && affine(g, h, e, p, a, &c)) return h;
  if (ia && affine(g, h, e, p, b, &c)) return h;
  return -1;
}

/* ---------------------------------------------------------------- */
/* Lifting a hoisted check out of the enclosing loop                  */

/* A check hoisted out of loop h, inside a loop H over a range that
 * meets h in every iteration, moves before H too when h's range does
 * not change in H and its operands, seen from H, are:
 *   - unchanged in H (OP_INV);
 *   - unchanged in h, and H's variable plus or minus invariants of H
 *     (OP_OUTER: tested at the ends of H's range);
 *   - h's variable plus or minus invariants of H (OP_INNER: tested at
 *     the ends of h's range, computed from its bounds before H),
 * at most one of them not OP_INV.  Before H, inside its non-empty test
 * and h's own (the same in every iteration of H), the test fails
 * exactly when the check fails in some iteration of h in some iteration
 * of H.  A 2-D stencil: the tests of `grid[ny][nx]` once per cell, not
 * once per row of neighbours (an H200: its kernel 2.03 -> 1.92 ms). */
typedef enum { OP_NONE, OP_INV, OP_OUTER, OP_INNER } LiftKind;

/* How operand x of the check at p (hoisted out of h, in H) is seen
 * from H; its chain into *c for OP_OUTER and OP_INNER. */
static LiftKind
lift_kind(OclGen *g, int H, int h, int p, int x, Chain *c)
{
  int eH = g->match[H], e = g->match[h];
  if (invariant(g, H, eH, x)) return OP_INV;
  if (invariant(g, h, e, x))
    return affine(g, H, eH, p, x, c) ? OP_OUTER : OP_NONE;
  if (!affine(g, h, e, p, x, c)) return OP_NONE;
  for (int k = 0; k < c->n; k++) {   /* the offsets, as known before H */
    c->off[k] = invariant(g, H, eH, c->reg[k]);
    if (!c->off[k]) return OP_NONE;
  }
  return OP_INNER;
}

/* The bounds of h's range as text valid before H, or false. */
static bool
inner_bounds(OclGen *g, int H, int h, const char **lo, const char **hi)
{
  int r = g->fn->code[h]->args[0], at = g->range_at[r];
  if (at < 0) return false;
  Insn *rg = g->fn->code[at];
  *lo = invariant(g, H, g->match[H], rg->args[0]);
  *hi = invariant(g, H, g->match[H], rg->args[1]);
  return *lo && *hi;
}

int
ocl_lift_target(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  int h = g->hoist_to[p];
  if (in->op != OP_ASSERT || h < 0 || g->chk[p] != CHK_HOISTED) return -1;
  int H = range_loop_of(g, h);
  if (H < 0 || !straight(g, H, h) || !no_exit(g, H, g->match[H]))
    return -1;
  const char *lo, *hi;
  if (!inner_bounds(g, H, h, &lo, &hi)) return -1;
  Chain c;
  LiftKind a = lift_kind(g, H, h, p, in->args[0], &c);
  LiftKind b = lift_kind(g, H, h, p, in->args[1], &c);
  if (a == OP_NONE || b == OP_NONE || (a != OP_INV && b != OP_INV))
    return -1;
  if ((a != OP_INV || b != OP_INV)
      && (in->cmp == CMP_EQ || in->cmp == CMP_NE))
    return -1;
  return H;
}

bool
ocl_ascending_everywhere(OclGen *g, int h)
{
  return g->sum_loop && g->sum_loop[h];
}

bool
ocl_must_ascend(OclGen *g, int h)
{
  return ocl_ascending_everywhere(g, h) || g->fn->code[h]->ascends;
}

int
ocl_upward_target(OclGen *g, int h)
{
  Insn *in = g->fn->code[h];
  const char *lo, *hi;
  if (in->op != OP_FORALL || wyil_kernel_dim(g->k, in) >= 0
      || g->range_at[in->args[0]] < 0 || ocl_direction(g, h) != 0)
    return -1;
  int H = range_loop_of(g, h);
  return H >= 0 && straight(g, H, h) && no_exit(g, H, g->match[H])
         && inner_bounds(g, H, h, &lo, &hi) ? H : -1;
}

/* Declare loop h's ends and scratch once. */
static void
declare_ends(OclGen *g, int h)
{
  if (g->ends_declared[h]) return;
  g->ends_declared[h] = true;
  sb_printf(&g->decls, "  wy_int wyc_mn%d = 0, wyc_mx%d = 0, wyc_t%d = 0;\n",
            h, h, h);
}

/* Open the test of the checks lifted out of h, before H: h's range is
 * not empty, and its ends. */
static void
open_lifted(OclGen *g, int H, int h)
{
  const char *lo, *hi;
  inner_bounds(g, H, h, &lo, &hi);
  declare_ends(g, h);
  ocl_line(g, "if (%s != %s) {  /* checks of the loop at line %d */", lo, hi,
           g->fn->code[h]->pos.line);
  g->indent++;
  ocl_line(g, "wyc_mn%d = %s < %s ? %s : %s + 1;", h, lo, hi, lo, hi);
  ocl_line(g, "wyc_mx%d = %s < %s ? %s - 1 : %s;", h, lo, hi, hi, lo);
}

/* ---------------------------------------------------------------- */
/* Bounds of a call's result (CHK_BOUNDED)                            */

/* The call that defines r, once and before p, in the loop (h, e), when
 * oclgen_retbound.c bounds what it returns (into *rf); NULL otherwise. */
static Insn *
bounded_call(OclGen *g, int h, int e, int p, int r, OclRetFacts **rf)
{
  int at = -1;
  if (r < 0 || r >= g->fn->nregs || g->def_at[r] < 0
      || defs_in(g, r, h, e, &at) != 1 || at > p)
    return NULL;
  Insn *d = g->fn->code[at];
  return (*rf = ocl_call_terms(g, d)) ? d : NULL;
}

/* Term t of a call's bound as text valid before the loop (h, e), or
 * NULL. */
static const char *
term_text(OclGen *g, int h, int e, Insn *call, OclTerm t)
{
  if (t.par < 0) return wyil_fmt("%lld", t.c);
  return t.par < call->nargs ? invariant(g, h, e, call->args[t.par]) : NULL;
}

/* The assert at p as `call's result cmp other` with `other` invariant in
 * the loop (h, e), and the terms that bound the result on the side that
 * could fail it (one per return of the callee), as text valid before
 * the loop (into t[0..*n)). */
static bool
bound_test(OclGen *g, int h, int e, int p, Cmp *cmp, const char **other,
           const char **t, int *n)
{
  Insn *in = g->fn->code[p], *call = NULL;
  OclRetFacts *rf = NULL;
  int x = in->args[0];
  *cmp = in->cmp;
  *other = invariant(g, h, e, in->args[1]);
  if (*other) call = bounded_call(g, h, e, p, x, &rf);
  if (!call) {   /* other cmp x: x mirror(cmp) other */
    x = in->args[1];
    *other = invariant(g, h, e, in->args[0]);
    *cmp = cmp_mirror(*cmp);
    if (*other) call = bounded_call(g, h, e, p, x, &rf);
  }
  if (!call) return false;
  bool low = *cmp == CMP_GT || *cmp == CMP_GE;
  *n = 0;
  for (int i = 0; i < rf->nret; i++) {
    const OclRetBound *b = &rf->ret[i];
    const char *s = NULL;
    for (int j = 0; !s && j < (low ? b->nlo : b->nhi); j++)
      s = term_text(g, h, e, call, low ? b->lo[j] : b->hi[j]);
    if (!s) return false;
    /* a bound that is `other` itself: `x < x` never holds (the test
     * would always send the loop to the CPU: keep the checks), `x <= x`
     * always does (no test) */
    if (!strcmp(s, *other)) {
      if (*cmp == CMP_LT || *cmp == CMP_GT) return false;
      continue;
    }
    bool seen = false;   /* the same text for another return */
    for (int k = 0; k < *n && !seen; k++) seen = strcmp(t[k], s) == 0;
    if (!seen) t[(*n)++] = s;
  }
  return true;
}

int
ocl_bound_target(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (in->op != OP_ASSERT || in->cmp < CMP_LT || in->cmp > CMP_GE
      || !is_int_reg_insn(in))
    return -1;
  int h = range_loop_of(g, p);
  if (h < 0) return -1;
  Cmp cmp;
  const char *other, *t[OCL_RETS];
  int n;
  return bound_test(g, h, g->match[h], p, &cmp, &other, t, &n) ? h : -1;
}

/* The test of the bounds for the assert at p, before loop h. */
static void
emit_bound_test(OclGen *g, int h, int p)
{
  static const char *const rel[] = {"==", "!=", "<", "<=", ">", ">="};
  Cmp cmp;
  const char *other, *t[OCL_RETS], *all = "";
  int n;
  bound_test(g, h, g->match[h], p, &cmp, &other, t, &n);
  if (n == 0) return;
  for (int i = 0; i < n; i++)
    all = wyil_fmt("%s%s%s %s %s", all, i ? " && " : "", t[i], rel[cmp],
                   other);
  ocl_line(g, "if (!(%s)) %s", all, ocl_fail_stmt(g, OCL_FLAG_BOUND));
}

/* The chain's value at the end `end` ("wyc_mn" or "wyc_mx") of loop
 * h's variable into wyc_tH: the test's first part (an overflow of any
 * step fails it too, each ending in " || "), and the value. */
static const char *
at_end(int h, const char *end, const Chain *c, const char **val)
{
  const char *pre = "", *from = wyil_fmt("%s%d", end, h);
  *val = c->n ? wyil_fmt("wyc_t%d", h) : from;
  for (int i = 0; i < c->n; i++) {
    pre = wyil_fmt("%swyc_%s(%s, %s, &wyc_t%d) || ", pre,
                   c->sub[i] ? "sub" : "add", from, c->off[i], h);
    from = *val;
  }
  return pre;
}

/* A sum `s = s + t` (or `s - t`, `t + s`) of a loop over a range that
 * reads and writes s nowhere else and runs it at most once per
 * iteration (not in an inner loop; no branch back) can carry s in 64
 * bits, unchecked, and test once after the loop that it fits 32: the
 * loop runs at most 2^32 - 1 times, adding a 32-bit t to a 32-bit
 * start, so the 64-bit sum cannot overflow; a sum that leaves 32 bits
 * and comes back is the exact one.  With 64-bit ints (WYC_INT64) every
 * add is tested as before.  In a loop that another loop of the code
 * holds, the test after it runs as often as the adds it saves where the
 * inner loop is short, which a CPU feels (a stencil's 3 neighbours:
 * 18% slower on PoCL) and a GPU does not (its kernel 12% faster on an
 * H200): there the 64-bit sum is a GPU's only (wide_guard). */
int
ocl_wide_target(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  int s = in->dst;
  if (s < 0 || in->nargs != 2 || !is_int_reg_insn(in)) return -1;
  bool first = in->args[0] == s, second = in->args[1] == s;
  if (first == second || (in->op == OP_SUB && !first)) return -1;
  int h = range_loop_of(g, p);
  if (h < 0 || g->fn->code[h]->dst == s) return -1;
  int e = g->match[h];
  if (!no_exit(g, h, e)) return -1;
  for (int q = h + 1; q < e; q++) {
    Insn *o = g->fn->code[q];
    if ((o->op == OP_IF || o->op == OP_GOTO) && label_index(g, o->label) <= q)
      return -1;
    if (q != p && (ocl_reads(o, s) || wyil_def_reg(o) == s)) return -1;
  }
  return h;
}

/* The register a CHK_WIDE sum at p adds to. */
static const char *
wide_sum_var(OclGen *g, int p)
{
  return ocl_var(g, g->fn->code[p]->dst, TAG_INT);
}

/* The preprocessor test under which the CHK_WIDE sums of the loop at h
 * are 64-bit: with 32-bit ints, and on a GPU only where another loop
 * of the code holds h (ocl_wide_target); elsewhere each add is tested. */
static const char *
wide_guard(OclGen *g, int h)
{
  for (int q = g->from; q < h; q++) {
    Insn *o = g->fn->code[q];
    if ((o->op == OP_LOOP || o->op == OP_FORALL) && g->match[q] > h
        && wyil_kernel_dim(g->k, o) < 0)
      return "#if defined(WYC_GPU) && !defined(WYC_INT64)";
  }
  return "#ifndef WYC_INT64";
}

void
ocl_emit_wide_sum(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  bool add = in->op == OP_ADD;
  const char *s = wide_sum_var(g, p);
  const char *t = ocl_var(g, in->args[in->args[0] == in->dst], TAG_INT);
  ocl_line(g, "%s", wide_guard(g, g->hoist_to[p]));
  ocl_line(g, "wyc_w%d %c= %s;", p, add ? '+' : '-', t);
  ocl_line(g, "#else");
  ocl_line(g, "if (wyc_%s(%s, %s, &%s)) %s", add ? "add" : "sub", s, t, s,
           ocl_fail_stmt(g, 1));
  ocl_line(g, "#endif");
}

void
ocl_emit_wide_exit(OclGen *g, int h)
{
  int e = g->match[h];
  for (int p = h + 1; p < e; p++) {
    if (g->chk[p] != CHK_WIDE || g->hoist_to[p] != h) continue;
    ocl_line(g, "%s", wide_guard(g, h));
    ocl_line(g, "if (wyc_w%d != (long)(int)wyc_w%d) %s", p, p,
             ocl_fail_stmt(g, 1));
    ocl_line(g, "%s = (wy_int)wyc_w%d;", wide_sum_var(g, p), p);
    ocl_line(g, "#endif");
  }
}

static const char *const rel[] = {"==", "!=", "<", "<=", ">", ">="};

/* The check at p, lifted out of loop h to before H (ocl_lift_target). */
static void
emit_lifted(OclGen *g, int H, int h, int p)
{
  Insn *in = g->fn->code[p];
  int a = in->args[0], b = in->args[1], eH = g->match[H];
  Chain ca, cb;
  LiftKind ka = lift_kind(g, H, h, p, a, &ca);
  LiftKind kb = lift_kind(g, H, h, p, b, &cb);
  bool low = in->cmp == CMP_GT || in->cmp == CMP_GE;
  const char *ta = ka == OP_INV ? invariant(g, H, eH, a) : NULL;
  const char *tb = kb == OP_INV ? invariant(g, H, eH, b) : NULL;
  const char *pre = "";
  if (ka != OP_INV)        /* v + off cmp b: the end that could fail it */
    pre = at_end(ka == OP_OUTER ? H : h, low ? "wyc_mn" : "wyc_mx", &ca, &ta);
  else if (kb != OP_INV)   /* a cmp v + off */
    pre = at_end(kb == OP_OUTER ? H : h, low ? "wyc_mx" : "wyc_mn", &cb, &tb);
  ocl_line(g, "if (%s!(%s %s %s)) %s", pre, ta, rel[in->cmp], tb,
           ocl_fail_stmt(g, ocl_assert_code(in->name)));
}

void
ocl_emit_hoisted(OclGen *g, int h)
{
  int e = g->match[h], open = -1;   /* open: the inner loop being lifted */
  bool any = false;
  for (int p = h + 1; p < e; p++) {
    bool moved = g->move_to[p] == h;
    /* an inner loop's test that it ascends, the same in every iteration */
    bool upward = ocl_upward_target(g, p) == h;
    if (!moved && !upward
        && ((g->chk[p] != CHK_HOISTED && g->chk[p] != CHK_BOUNDED)
            || g->hoist_to[p] != h))
      continue;
    if (!any) {
      declare_ends(g, h);
      ocl_line(g, "if (wyc_i%d != wyc_n%d) {  /* checks of every iteration */",
               h, h);
      g->indent++;
      ocl_line(g, "wyc_mn%d = wyc_i%d < wyc_n%d ? wyc_i%d : wyc_n%d + 1;", h,
               h, h, h, h);
      ocl_line(g, "wyc_mx%d = wyc_i%d < wyc_n%d ? wyc_n%d - 1 : wyc_i%d;", h,
               h, h, h, h);
      any = true;
    }
    int from = moved || upward ? -1 : g->lift_from[p];
    if (open >= 0 && from != open) {
      g->indent--;
      ocl_line(g, "}");
      open = -1;
    }
    if (upward) {
      const char *lo, *hi;
      bool all = ocl_must_ascend(g, p);
      inner_bounds(g, h, p, &lo, &hi);
      if (!all) ocl_line(g, "#ifdef WYC_GPU");
      ocl_line(g, "if (%s > %s) %s", lo, hi,
               ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
      if (!all) ocl_line(g, "#endif");
      continue;
    }
    if (from >= 0) {
      if (open != from) open_lifted(g, h, from);
      open = from;
      emit_lifted(g, h, from, p);
      continue;
    }
    if (moved) {      /* a constant too: no operands */
      ocl_emit_moved(g, p);
      continue;
    }
    Insn *in = g->fn->code[p];
    int a = in->args[0], b = in->args[1];
    Chain c;
    const char *val;
    if (g->chk[p] == CHK_BOUNDED) {
      emit_bound_test(g, h, p);
      continue;
    }
    if (in->op == OP_ADD || in->op == OP_SUB) {
      affine(g, h, e, p, in->dst, &c);
      const char *both = wyil_fmt("%s%s", at_end(h, "wyc_mn", &c, &val),
                                  at_end(h, "wyc_mx", &c, &val));
      ocl_line(g, "if (%.*s) %s", (int)strlen(both) - 4, both,
               ocl_fail_stmt(g, 1));   /* less the last " || " */
      continue;
    }
    const char *ta = invariant(g, h, e, a), *tb = invariant(g, h, e, b);
    const char *pre = "";
    bool low = in->cmp == CMP_GT || in->cmp == CMP_GE;
    if (!ta) {        /* v + off cmp b: the end that could fail it */
      affine(g, h, e, p, a, &c);
      pre = at_end(h, low ? "wyc_mn" : "wyc_mx", &c, &ta);
    } else if (!tb) { /* a cmp v + off */
      affine(g, h, e, p, b, &c);
      pre = at_end(h, low ? "wyc_mx" : "wyc_mn", &c, &tb);
    }
    ocl_line(g, "if (%s!(%s %s %s)) %s", pre, ta, rel[in->cmp], tb,
             ocl_fail_stmt(g, ocl_assert_code(in->name)));
  }
  if (open >= 0) {
    g->indent--;
    ocl_line(g, "}");
  }
  if (any) {
    g->indent--;
    ocl_line(g, "}");
  }
  for (int p = h + 1; p < e; p++) {
    if (g->chk[p] != CHK_WIDE || g->hoist_to[p] != h) continue;
    sb_printf(&g->decls, "  long wyc_w%d = 0;\n", p);
    ocl_line(g, "%s", wide_guard(g, h));
    ocl_line(g, "wyc_w%d = %s;", p, wide_sum_var(g, p));
    ocl_line(g, "#endif");
  }
}
