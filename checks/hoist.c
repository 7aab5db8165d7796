/* hoist.c -- code and checks moved out of loops (see range.c's head
 * comment for why that keeps the program's meaning): which operations
 * of a loop over a range compute the same value in every iteration and
 * run once before it, which of its checks can be tested once before it,
 * and what those tests compare (the printer writes them:
 * opencl_backend/oclgen_hoist.c).
 *
 * A loop `forall v in lo..hi` runs v = lo, lo+1, ..., hi-1 when lo <= hi
 * and lo, lo-1, ..., hi+1 otherwise: its least and greatest values
 * bound v.  An assert met in every iteration compares
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
 * Contract (compiler/pipeline.c's table): part of pass checks
 * (chk_plan_moves, chk_hoist_target, ..., from range.c's plan).
 * Requires: the function's definitions (range.c).  Provides:
 * ChkFunc.move_to, the hoisting targets of checks, and the questions
 * the printer asks to write the tests (chk_invariant, chk_chain, ...).
 * Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "checks_internal.h"

/* The innermost loop whose body holds p, when it is a loop over a range
 * made before it (not an NDRange dimension); -1 otherwise. */
static int
range_loop_of(const ChkFunc *cf, int p)
{
  for (int q = p - 1; q >= cf->from; q--) {
    Insn *in = cf->fn->code[q];
    if (in->op == OP_END && cf->match[q] >= cf->from) {
      q = cf->match[q];
      continue;
    }
    if (in->op != OP_LOOP && in->op != OP_FORALL) continue;
    if (cf->match[q] < p) continue;
    if (in->op != OP_FORALL || wyil_kernel_dim(cf->k, in) >= 0) return -1;
    int r = in->args[0];
    return cf->range_at[r] >= cf->from && cf->range_at[r] < q ? q : -1;
  }
  return -1;
}

static int
label_index(const ChkFunc *cf, int l)
{
  return l >= 0 && l < cf->fn->nlabels ? cf->label_at[l] : -1;
}

/* Every iteration of the loop at h that reaches q's position also meets
 * p: each branch in between lands after it and no later than p. */
static bool
straight(const ChkFunc *cf, int h, int p)
{
  for (int q = h + 1; q < p; q++) {
    Insn *in = cf->fn->code[q];
    switch (in->op) {
    case OP_IF: case OP_GOTO: {
      int t = label_index(cf, in->label);
      if (t <= q || t > p) return false;
      break;
    }
    case OP_SWITCH: {
      int t = label_index(cf, in->label);
      if (t <= q || t > p) return false;
      for (int c = 0; c < in->ncases; c++) {
        t = label_index(cf, in->cases[c].label);
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
no_exit(const ChkFunc *cf, int h, int e)
{
  for (int q = h + 1; q < e; q++) {
    Insn *in = cf->fn->code[q];
    if (in->op == OP_RETURN || in->op == OP_THROW) return false;
    if ((in->op == OP_IF || in->op == OP_GOTO)
        && (label_index(cf, in->label) <= h
            || label_index(cf, in->label) >= e))
      return false;
    if (in->op == OP_SWITCH) return false;
  }
  return true;
}

/* The definitions of r in (h, e): their count, the last at *at. */
static int
defs_in(const ChkFunc *cf, int r, int h, int e, int *at)
{
  int n = 0;
  for (int q = h + 1; q < e; q++)
    if (wyil_def_reg(cf->fn->code[q]) == r) {
      n++;
      *at = q;
    }
  return n;
}

static bool
is_int_reg_insn(const Insn *in)
{
  return in->type && ty_expand(in->type)->kind == TY_INT;
}

/* Register r as a value that is r's throughout the loop (h, e), into
 * *v: false when it is none. */
static bool
invariant(const ChkFunc *cf, int h, int e, int r, ChkVal *v)
{
  int at = -1;
  if (r == cf->fn->code[h]->dst) return false;  /* the loop's variable */
  int n = defs_in(cf, r, h, e, &at);
  if (n == 0) {
    *v = (ChkVal){CHK_VAL_REG, r, 0, 0};
    return true;
  }
  if (n > 1) return false;
  Insn *d = cf->fn->code[at];
  if (d->op == OP_CONST && d->cst && d->cst->kind == C_INT) {
    char *end;
    long long c = strtoll(d->cst->text, &end, 10);
    if (*end || c <= -wmax(cf->bits[0]) - 1 || c >= wmax(cf->bits[0]))
      return false;
    *v = (ChkVal){CHK_VAL_INT, -1, 0, c};
    return true;
  }
  if (d->op == OP_LENGTHOF) {
    *v = (ChkVal){CHK_VAL_LEN, -1, 0, 0};
    return chk_len_of(cf, d->args[0], &v->reg, &v->level);
  }
  if (cf->move_to && cf->move_to[at] == h) {
    *v = (ChkVal){CHK_VAL_REG, r, 0, 0};
    return true;
  }
  return false;
}

/* Is r invariant in the loop (h, e)? */
static bool
is_invariant(const ChkFunc *cf, int h, int e, int r)
{
  ChkVal v;
  return invariant(cf, h, e, r, &v);
}

bool
chk_invariant(const ChkFunc *cf, int h, int r, ChkVal *v)
{
  return invariant(cf, h, cf->match[h], r, v);
}

/* r is v plus or minus invariants (at most CHK_CHAIN of them, each a
 * straight add or sub in the loop before p) in every iteration of the
 * loop (h, e) at p (v its variable); the steps into *c (none: v
 * itself). */
static bool
chain_of(const ChkFunc *cf, int h, int e, int p, int r, ChkChain *c,
         int depth)
{
  int v = cf->fn->code[h]->dst, at = -1;
  if (r == v) return true;
  if (depth >= CHK_CHAIN || defs_in(cf, r, h, e, &at) != 1 || at > p
      || !straight(cf, h, at))
    return false;
  Insn *d = cf->fn->code[at];
  if ((d->op != OP_ADD && d->op != OP_SUB) || !is_int_reg_insn(d))
    return false;
  int x = d->args[0], o = d->args[1];
  ChkVal off;
  bool known = invariant(cf, h, e, o, &off);
  if (!known && d->op == OP_ADD) {    /* off + x */
    x = d->args[1];
    o = d->args[0];
    known = invariant(cf, h, e, o, &off);
  }
  if (!known || !chain_of(cf, h, e, at, x, c, depth + 1)) return false;
  c->sub[c->n] = d->op == OP_SUB;
  c->reg[c->n] = o;
  c->off[c->n++] = off;
  return true;
}

static bool
affine(const ChkFunc *cf, int h, int e, int p, int r, ChkChain *c)
{
  int at = -1;
  c->n = 0;
  return defs_in(cf, cf->fn->code[h]->dst, h, e, &at) == 0
         && chain_of(cf, h, e, p, r, c, 0);
}

bool
chk_chain(const ChkFunc *cf, int h, int p, int r, ChkChain *c)
{
  return affine(cf, h, cf->match[h], p, r, c);
}

/* A call of a function of the program from ints to an int. */
static bool
int_call(const Insn *in)
{
  Func *fn = in->callee;
  Type *ft = fn ? fn->type : NULL;
  if (!fn || fn->is_native || fn->is_method || !ft || in->dst < 0
      || !chk_int_type(ft->ret) || ft->n != in->nargs)
    return false;
  for (int k = 0; k < ft->n; k++)
    if (!chk_int_type(ft->elems[k])) return false;
  return true;
}

/* Operations that may run before their loop: pure, and on ints (a
 * failed check of one fails the call, as in the loop's first
 * iteration, which would have run it on the same operands); calls too
 * (functions are pure: a neighbourhood's `max2(x - 1, 0)` in the loop
 * over its neighbours' rows). */
static bool
movable(const Insn *in)
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
ready_before(const ChkFunc *cf, int h, int e, int r)
{
  int at = -1;
  if (r == cf->fn->code[h]->dst) return false;
  int n = defs_in(cf, r, h, e, &at);
  return n == 0 || (n == 1 && cf->move_to[at] == h);
}

bool
chk_reads(const Insn *in, int r)
{
  for (int k = 0; k < in->nargs; k++)
    if (in->args[k] == r) return true;
  return false;
}

void
chk_plan_moves(ChkFunc *cf)
{
  Func *fn = cf->fn;
  cf->move_to = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  for (int p = 0; p <= fn->ncode; p++) cf->move_to[p] = -1;
  /* in code order, so that an operand moved is known by its user */
  for (int p = cf->from; p < cf->to; p++) {
    Insn *in = fn->code[p];
    if (!movable(in) || in->dst < 0 || in->dst >= fn->nregs
        || cf->def_at[in->dst] != p)
      continue;
    int h = range_loop_of(cf, p);
    if (h < 0) continue;
    int e = cf->match[h];
    /* every iteration computes it, none reads the register before */
    if (!straight(cf, h, p) || !no_exit(cf, h, e)) continue;
    bool ok = true;
    for (int k = 0; k < in->nargs && ok; k++)
      ok = ready_before(cf, h, e, in->args[k]);
    for (int q = h + 1; q < p && ok; q++) ok = !chk_reads(fn->code[q], in->dst);
    if (ok) cf->move_to[p] = h;
  }
}

int
chk_hoist_target(const ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  if (in->op == OP_ADD || in->op == OP_SUB) {
    /* the overflow tests of v + off ...: at both ends of v's range */
    int h = range_loop_of(cf, p);
    ChkChain c;
    if (h < 0 || !is_int_reg_insn(in)) return -1;
    int e = cf->match[h];
    if (!no_exit(cf, h, e) || !affine(cf, h, e, p, in->dst, &c)) return -1;
    return h;
  }
  if (in->op != OP_ASSERT || in->cmp > CMP_GE || !is_int_reg_insn(in))
    return -1;
  int h = range_loop_of(cf, p);
  if (h < 0) return -1;
  int e = cf->match[h];
  if (!straight(cf, h, p) || !no_exit(cf, h, e)) return -1;
  int a = in->args[0], b = in->args[1];
  ChkChain c;
  bool ia = is_invariant(cf, h, e, a), ib = is_invariant(cf, h, e, b);
  if (ia && ib) return h;
  if (in->cmp == CMP_EQ || in->cmp == CMP_NE) return -1;
  if (ib && affine(cf, h, e, p, a, &c)) return h;
  if (ia && affine(cf, h, e, p, b, &c)) return h;
  return -1;
}

/* ---------------------------------------------------------------- */
/* Lifting a hoisted check out of the enclosing loop                  */

/* A check hoisted out of loop h, inside a loop H over a range that
 * meets h in every iteration, moves before H too when h's range does
 * not change in H and its operands, seen from H, are:
 *   - unchanged in H (CHK_LIFT_INV);
 *   - unchanged in h, and H's variable plus or minus invariants of H
 *     (CHK_LIFT_OUTER: tested at the ends of H's range);
 *   - h's variable plus or minus invariants of H (CHK_LIFT_INNER: tested at
 *     the ends of h's range, computed from its bounds before H),
 * at most one of them not CHK_LIFT_INV.  Before H, inside its non-empty test
 * and h's own (the same in every iteration of H), the test fails
 * exactly when the check fails in some iteration of h in some iteration
 * of H.  A 2-D stencil: the tests of `grid[ny][nx]` once per cell, not
 * once per row of neighbours (an H200: its kernel 2.03 -> 1.92 ms). */
/* How operand x of the check at p (hoisted out of h, in H) is seen
 * from H; its chain into *c for CHK_LIFT_OUTER and CHK_LIFT_INNER. */
ChkLift
chk_lift_operand(const ChkFunc *cf, int H, int h, int p, int x, ChkChain *c)
{
  int eH = cf->match[H], e = cf->match[h];
  if (is_invariant(cf, H, eH, x)) return CHK_LIFT_INV;
  if (is_invariant(cf, h, e, x))
    return affine(cf, H, eH, p, x, c) ? CHK_LIFT_OUTER : CHK_LIFT_NONE;
  if (!affine(cf, h, e, p, x, c)) return CHK_LIFT_NONE;
  for (int k = 0; k < c->n; k++)   /* the offsets, as known before H */
    if (!invariant(cf, H, eH, c->reg[k], &c->off[k])) return CHK_LIFT_NONE;
  return CHK_LIFT_INNER;
}

bool
chk_inner_bounds(const ChkFunc *cf, int H, int h, ChkVal *lo, ChkVal *hi)
{
  int r = cf->fn->code[h]->args[0], at = cf->range_at[r];
  if (at < 0) return false;
  Insn *rg = cf->fn->code[at];
  bool l = invariant(cf, H, cf->match[H], rg->args[0], lo);
  bool u = invariant(cf, H, cf->match[H], rg->args[1], hi);
  return l && u;
}

int
chk_lift_target(const ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  int h = cf->hoist_to[p];
  if (in->op != OP_ASSERT || h < 0 || cf->chk[p] != CHK_HOISTED) return -1;
  int H = range_loop_of(cf, h);
  if (H < 0 || !straight(cf, H, h) || !no_exit(cf, H, cf->match[H]))
    return -1;
  ChkVal lo, hi;
  if (!chk_inner_bounds(cf, H, h, &lo, &hi)) return -1;
  ChkChain c;
  ChkLift a = chk_lift_operand(cf, H, h, p, in->args[0], &c);
  ChkLift b = chk_lift_operand(cf, H, h, p, in->args[1], &c);
  if (a == CHK_LIFT_NONE || b == CHK_LIFT_NONE
      || (a != CHK_LIFT_INV && b != CHK_LIFT_INV))
    return -1;
  if ((a != CHK_LIFT_INV || b != CHK_LIFT_INV)
      && (in->cmp == CMP_EQ || in->cmp == CMP_NE))
    return -1;
  return H;
}

bool
chk_ascending_everywhere(const ChkFunc *cf, int h)
{
  return cf->sum_loop && cf->sum_loop[h];
}

bool
chk_must_ascend(const ChkFunc *cf, int h)
{
  return chk_ascending_everywhere(cf, h) || cf->fn->code[h]->ascends;
}

int
chk_find_upward(ChkFunc *cf, int h)
{
  Insn *in = cf->fn->code[h];
  ChkVal lo, hi;
  if (in->op != OP_FORALL || wyil_kernel_dim(cf->k, in) >= 0
      || cf->range_at[in->args[0]] < 0 || chk_find_direction(cf, h) != 0)
    return -1;
  int H = range_loop_of(cf, h);
  return H >= 0 && straight(cf, H, h) && no_exit(cf, H, cf->match[H])
         && chk_inner_bounds(cf, H, h, &lo, &hi) ? H : -1;
}

/* ---------------------------------------------------------------- */
/* Bounds of a call's result (CHK_BOUNDED)                            */

/* The call that defines r, once and before p, in the loop (h, e), when
 * retbound.c bounds what it returns (into *rf); NULL otherwise. */
static Insn *
bounded_call(const ChkFunc *cf, int h, int e, int p, int r, ChkRetFacts **rf)
{
  int at = -1;
  if (r < 0 || r >= cf->fn->nregs || cf->def_at[r] < 0
      || defs_in(cf, r, h, e, &at) != 1 || at > p)
    return NULL;
  Insn *d = cf->fn->code[at];
  return (*rf = chk_call_terms(cf, d)) ? d : NULL;
}

/* Term t of a call's bound as a value known before the loop (h, e). */
static bool
term_val(const ChkFunc *cf, int h, int e, const Insn *call, ChkTerm t,
         ChkVal *v)
{
  if (t.par < 0) {
    *v = (ChkVal){CHK_VAL_INT, -1, 0, t.c};
    return true;
  }
  return t.par < call->nargs && invariant(cf, h, e, call->args[t.par], v);
}

/* a and b are the same value (the same text when printed). */
static bool
same_val(ChkVal a, ChkVal b)
{
  if (a.kind != b.kind) return false;
  switch (a.kind) {
  case CHK_VAL_REG: return a.reg == b.reg;
  case CHK_VAL_INT: return a.c == b.c;
  default: return a.reg == b.reg && a.level == b.level;
  }
}

/* The assert at p as `call's result cmp other` with `other` invariant in
 * the loop (h, e), and the terms that bound the result on the side that
 * could fail it (one per return of the callee), as values known before
 * the loop (into t[0..*n)). */
static bool
bound_test(const ChkFunc *cf, int h, int e, int p, Cmp *cmp, ChkVal *other,
           ChkVal *t, int *n)
{
  Insn *in = cf->fn->code[p], *call = NULL;
  ChkRetFacts *rf = NULL;
  int x = in->args[0];
  *cmp = in->cmp;
  if (invariant(cf, h, e, in->args[1], other))
    call = bounded_call(cf, h, e, p, x, &rf);
  if (!call) {   /* other cmp x: x mirror(cmp) other */
    x = in->args[1];
    *cmp = cmp_mirror(in->cmp);
    if (invariant(cf, h, e, in->args[0], other))
      call = bounded_call(cf, h, e, p, x, &rf);
  }
  if (!call) return false;
  bool low = *cmp == CMP_GT || *cmp == CMP_GE;
  *n = 0;
  for (int i = 0; i < rf->nret; i++) {
    const ChkRetBound *b = &rf->ret[i];
    ChkVal s;
    bool found = false;
    for (int j = 0; !found && j < (low ? b->nlo : b->nhi); j++)
      found = term_val(cf, h, e, call, low ? b->lo[j] : b->hi[j], &s);
    if (!found) return false;
    /* a bound that is `other` itself: `x < x` never holds (the test
     * would always send the loop to the CPU: keep the checks), `x <= x`
     * always does (no test) */
    if (same_val(s, *other)) {
      if (*cmp == CMP_LT || *cmp == CMP_GT) return false;
      continue;
    }
    bool seen = false;   /* the same value for another return */
    for (int k = 0; k < *n && !seen; k++) seen = same_val(t[k], s);
    if (!seen) t[(*n)++] = s;
  }
  return true;
}

bool
chk_bound_test(const ChkFunc *cf, int h, int p, Cmp *cmp, ChkVal *other,
               ChkVal *t, int *n)
{
  return bound_test(cf, h, cf->match[h], p, cmp, other, t, n);
}

int
chk_bound_target(const ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  if (in->op != OP_ASSERT || in->cmp < CMP_LT || in->cmp > CMP_GE
      || !is_int_reg_insn(in))
    return -1;
  int h = range_loop_of(cf, p);
  if (h < 0) return -1;
  Cmp cmp;
  ChkVal other, t[CHK_RETS];
  int n;
  return bound_test(cf, h, cf->match[h], p, &cmp, &other, t, &n) ? h : -1;
}

/* ---------------------------------------------------------------- */
/* Sums carried in the wider int (CHK_WIDE)                           */

/* A sum `s = s + t` (or `s - t`, `t + s`) of a loop over a range that
 * reads and writes s nowhere else and runs it at most once per
 * iteration (not in an inner loop; no branch back) can carry s in the
 * wider int, unchecked, and test once after the loop that it fits the
 * narrower: the loop runs at most 2^32 - 1 times, adding a 32-bit t to
 * a 32-bit start, so the 64-bit sum cannot overflow; a sum that leaves
 * 32 bits and comes back is the exact one.  With 64-bit ints every add
 * is tested as before.  In a loop that another loop of the code holds
 * (chk_wide_inner), the test after it runs as often as the adds it
 * saves where the inner loop is short, which a CPU feels (a stencil's 3
 * neighbours: 18% slower on PoCL) and a GPU does not (its kernel 12%
 * faster on an H200): there the wide sum is a GPU's only (the
 * printer's choice, opencl_backend/oclgen_hoist.c). */
int
chk_wide_target(const ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  int s = in->dst;
  if (s < 0 || in->nargs != 2 || !is_int_reg_insn(in)) return -1;
  bool first = in->args[0] == s, second = in->args[1] == s;
  if (first == second || (in->op == OP_SUB && !first)) return -1;
  int h = range_loop_of(cf, p);
  if (h < 0 || cf->fn->code[h]->dst == s) return -1;
  int e = cf->match[h];
  if (!no_exit(cf, h, e)) return -1;
  for (int q = h + 1; q < e; q++) {
    Insn *o = cf->fn->code[q];
    if ((o->op == OP_IF || o->op == OP_GOTO)
        && label_index(cf, o->label) <= q)
      return -1;
    if (q != p && (chk_reads(o, s) || wyil_def_reg(o) == s)) return -1;
  }
  return h;
}

bool
chk_wide_inner(const ChkFunc *cf, int h)
{
  for (int q = cf->from; q < h; q++) {
    Insn *o = cf->fn->code[q];
    if ((o->op == OP_LOOP || o->op == OP_FORALL) && cf->match[q] > h
        && wyil_kernel_dim(cf->k, o) < 0)
      return true;
  }
  return false;
}
