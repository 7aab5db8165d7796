/* oclgen_range.c -- which checks of a function's device code can go, and
 * which can move: a range analysis of its ints, run before its body is
 * emitted (ocl_plan_checks), whose answers oclgen_insn.c asks.
 *
 * Intervals (oclgen_ival.c, oclgen_ival_at.c).  A register defined once
 * in the emitted code (or a kernel's constant) has an interval from its
 * definition: constants, list lengths (>= 0), the variable of a loop
 * over lo..hi (between lo and hi, either direction; the kernel's own
 * loop too), sums, differences, products and quotients of intervals (c
 * * x / n in [0, c) for a loop's 0 <= x < n).  One defined more than
 * once has the hull of its definitions.  At a use, comparisons that
 * dominate it on a straight path (an `if` fallen through, an assert
 * passed, no branch target nor loop boundary between, neither operand
 * redefined since) narrow it, directly or backwards through the values
 * they compare (`x * x / 4096 <= 16384` bounds x).
 * Ints are 32 or 64 bits wide on the device (one source serves both,
 * the runtime picks): an unknown int is the width's whole range, so each
 * question is answered for both widths and a check goes only when both
 * prove it cannot fail.  A value a checked operation produced fits the
 * width (else the check failed), so results are cut to it: that is
 * how `n < maxIter` proves that `n + 1` cannot overflow.
 *
 * Proved: an assert whose comparison always holds (also one a
 * dominating comparison of the same values implies: `if i < |xs|`
 * before `xs[i]`), an add, sub, mul or neg whose result fits, a
 * division's zero and overflow tests.
 *
 * Hoisted: an assert in the body of a loop over a range, met in every
 * iteration (no branch before it in the body may skip it, nor leave the
 * loop), comparing loop-invariant values, or the loop variable plus an
 * invariant offset with an invariant value (`x[j]`, `a[i][k]`,
 * `board[ny][nx - 1]`), becomes one test before the loop, on the first
 * or last value of the variable: it fails exactly when one of the
 * iterations' checks would.  The failure sets the error flag before the
 * loop runs: the device results are discarded and the CPU reruns the
 * whole loop, raising the exact error at the exact iteration (or an
 * earlier one, in program order), so moving a check never changes what
 * a program prints.
 *
 * Contract (compiler/pipeline.c's table): Pass checks (ocl_plan_checks),
 * asked by narrow, store32 and emit-opencl (and veto's trial). Requires:
 * a function of device code and its variant's hypotheses. Provides: the
 * check plan (OclGen's def_at, chk, hoist_to, ...), computed once per
 * function, variant and hypothesis and kept in OclGen.plans (RangePlan),
 * which the plan (OclPlan, oclgen_plan.c) carries from narrow to the
 * printer; ocl_range_runs counts the plans computed. Invalidates
 * nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "oclgen_ival.h"

/* Host register h of function fn holds the int constant *c wherever it
 * is defined (once, by a CONST). */
static bool
host_const(Func *fn, int h, long long *c)
{
  return ocl_iv_const(wyil_only_def(fn, h), c);
}

/* What the one call site of kernel g->k (the OFFLOAD of g->fn in its host
 * function) passes: a parameter from a host constant is that constant,
 * and one from the host register of a dimension's hi, whose lo comes
 * from a constant c, is above c when the dimension ascends.  The runtime
 * launches only non-empty dimensions, but a range lo..hi with hi < lo
 * runs downwards (the host launches it as hi+1 .. lo+1), so the kernel
 * tests hi > c on entry (ocl_emit_call_site_tests) and a descending
 * call runs on the CPU (OCL_FLAG_DESCENDING). */
static void
call_site_facts(OclGen *g)
{
  Kernel *k = g->k;
  Func *host = k ? k->host : NULL;
  Insn *off = NULL;
  int n = g->fn->nparams;
  g->pmin = g->pmax = NULL;
  g->pdim = NULL;
  g->palias = NULL;
  if (!host || g->fn == host || n <= 0) return;
  for (int q = 0; q < host->ncode; q++) {
    Insn *in = host->code[q];
    if (in->op != OP_OFFLOAD || in->callee != g->fn) continue;
    if (off) return;
    off = in;
  }
  if (!off || off->nargs != n) return;
  g->pmin = wyil_alloc(sizeof(Big) * (size_t)n);
  g->pmax = wyil_alloc(sizeof(Big) * (size_t)n);
  g->pdim = wyil_alloc(sizeof(bool) * (size_t)n);
  g->palias = wyil_alloc(sizeof(int) * (size_t)n);
  for (int p = 0; p < n; p++) {
    g->palias[p] = p;
    for (int e = 0; e < p && g->palias[p] == p; e++)
      if (off->args[e] == off->args[p]) g->palias[p] = e;
    long long c;
    g->pmin[p] = -BIG_INF;
    g->pmax[p] = BIG_INF;
    if (host_const(host, off->args[p], &c)) g->pmin[p] = g->pmax[p] = c;
  }
  for (int d = 0; d < k->ndims && d < 3; d++) {
    long long c;
    int lo = k->lo[d], hi = k->hi[d];
    if (lo < 0 || hi < 0 || lo >= n || hi >= n
        || !host_const(host, off->args[lo], &c))
      continue;
    for (int p = 0; p < n; p++)
      if (g->palias[p] == g->palias[hi] && g->pmin[p] < (Big)c + 1) {
        g->pmin[p] = (Big)c + 1;
        g->pdim[p] = true;
      }
  }
}

/* Some instruction of the emitted code reads register r (a parameter
 * read nowhere is no argument of the kernel: nothing to test). */
static bool
read_in_code(OclGen *g, int r)
{
  for (int i = g->from; i < g->to; i++)
    if (ocl_reads(g->fn->code[i], r)) return true;
  return false;
}

void
ocl_emit_call_site_tests(OclGen *g)
{
  for (int p = 0; g->pdim && p < g->fn->nparams; p++)
    if (g->pdim[p] && read_in_code(g, p))
      ocl_line(g, "if (%s < %lld) %s", ocl_var(g, p, TAG_INT),
               (long long)g->pmin[p], ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
}

/* ---------------------------------------------------------------- */
/* Questions from the emitter                                         */

/* `a cmp b` holds whatever the intervals' values. */
static bool
decided(Ival a, Cmp cmp, Ival b)
{
  switch (cmp) {
  case CMP_LT: return a.hi < b.lo;
  case CMP_LE: return a.hi <= b.lo;
  case CMP_GT: return a.lo > b.hi;
  case CMP_GE: return a.lo >= b.hi;
  case CMP_EQ: return a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
  case CMP_NE: return a.hi < b.lo || b.hi < a.lo;
  default: return false;
  }
}

/* Fact `x fc y` implies `x cmp y`. */
static bool
implies(Cmp fc, Cmp cmp)
{
  if (fc == cmp) return true;
  switch (fc) {
  case CMP_LT: return cmp == CMP_LE || cmp == CMP_NE;
  case CMP_GT: return cmp == CMP_GE || cmp == CMP_NE;
  case CMP_EQ: return cmp == CMP_LE || cmp == CMP_GE;
  default: return false;
  }
}

/* A comparison on the straight path back from p of the same values
 * implies `a cmp b`. */
static bool
implied(OclGen *g, int a, Cmp cmp, int b, int p)
{
  for (int q = p - 1; q >= g->from; q--) {
    Insn *in = g->fn->code[q];
    if (ocl_iv_defines(in, a) || ocl_iv_defines(in, b)
        || ocl_iv_path_stop(g, in))
      return false;
    int x, y;
    Cmp fc;
    if (!ocl_iv_fact_at(in, &x, &fc, &y)) continue;
    bool moved = false;
    for (int s = q + 1; s < p && !moved; s++)
      moved = ocl_iv_defines(g->fn->code[s], x)
              || ocl_iv_defines(g->fn->code[s], y);
    if (moved) continue;
    if (ocl_iv_same_value(g, x, a) && ocl_iv_same_value(g, y, b)
        && implies(fc, cmp))
      return true;
    if (ocl_iv_same_value(g, x, b) && ocl_iv_same_value(g, y, a)
        && implies(cmp_mirror(fc), cmp))
      return true;
  }
  return false;
}

/* The assert at p cannot fail. */
static bool
assert_proved(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (in->cmp > CMP_GE || !ocl_iv_is_int(in)) return false;
  int a = in->args[0], b = in->args[1];
  if (implied(g, a, in->cmp, b, p)) return true;
  /* the narrow variant's indices within their lists (oclgen_narrow.c) */
  Insn *lb = ocl_iv_def_of(g, b);
  long long c;
  if (in->cmp == CMP_LT && lb && lb->op == OP_LENGTHOF
      && ocl_index_known(g, a, ocl_len_text(g, lb->args[0])))
    return true;
  if (in->cmp == CMP_GE && ocl_iv_int_const(g, b, &c) && c <= 0
      && ocl_index_nonneg(g, a))
    return true;
  for (int w = 32; w <= 64; w += 32)
    if (!decided(ocl_iv_at(g, a, p, w, 0, true), in->cmp,
                 ocl_iv_at(g, b, p, w, 0, true)))
      return false;
  return true;
}

bool
ocl_no_overflow(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (!g->def_at || !ocl_iv_is_int(in)) return false;
  for (int w = 32; w <= 64; w += 32) {
    Ival a = ocl_iv_at(g, in->args[0], p, w, 0, true);
    Ival b = in->nargs > 1 ? ocl_iv_at(g, in->args[1], p, w, 0, true) : a;
    if (!fits(ocl_iv_arith(in->op, a, b), w)) return false;
  }
  return true;
}

bool
ocl_excludes(OclGen *g, int p, int r, long long c)
{
  if (!g->def_at || r < 0) return false;
  for (int w = 32; w <= 64; w += 32) {
    Ival v = ocl_iv_at(g, r, p, w, 0, true);
    if (v.lo <= c && c <= v.hi) return false;
  }
  return true;
}

bool
ocl_excludes_min(OclGen *g, int p, int r)
{
  if (!g->def_at || r < 0) return false;
  for (int w = 32; w <= 64; w += 32)
    if (ocl_iv_at(g, r, p, w, 0, true).lo <= top(w).lo) return false;
  return true;
}

int
ocl_sign(OclGen *g, int p, int r)
{
  if (!g->def_at || r < 0) return 0;
  int s = 2;
  for (int w = 32; w <= 64; w += 32) {
    Ival v = ocl_iv_at(g, r, p, w, 0, true);
    int t = v.lo >= 0 ? 1 : v.hi < 0 ? -1 : 0;
    if (s != 2 && t != s) return 0;
    s = t;
  }
  return s;
}

int
ocl_direction(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (!g->def_at || in->op != OP_FORALL || in->nargs < 1) return 0;
  int r = in->args[0], at = g->range_at[r];
  if (at < 0) return 0;
  Insn *rg = g->fn->code[at];
  int lo = rg->args[0], hi = rg->args[1];
  /* a comparison of the ends that dominates the loop: `if lo >= hi` */
  if (implied(g, lo, CMP_LE, hi, p)) return 1;
  if (implied(g, lo, CMP_GE, hi, p)) return -1;
  bool up = true, down = true;
  for (int w = 32; w <= 64; w += 32) {
    Ival l = ocl_iv_at(g, lo, p, w, 0, true);
    Ival h = ocl_iv_at(g, hi, p, w, 0, true);
    up = up && l.hi <= h.lo;
    down = down && l.lo >= h.hi;
  }
  return up ? 1 : down ? -1 : 0;
}

bool
ocl_int_const(OclGen *g, int r, long long *v)
{
  return g->def_at && ocl_iv_int_const(g, r, v);
}

long
ocl_proved_weight(OclGen *g)
{
  long sum = 0;
  int depth = 0;
  for (int p = g->from; p < g->to; p++) {
    Insn *in = g->fn->code[p];
    long w = 1L << (4 * (depth < 4 ? depth : 4));
    int d, c;
    switch (in->op) {
    case OP_FORALL: case OP_LOOP:   /* a copy's index is no loop */
      depth += !wyil_jam_copy(g->k, in, &d, &c);
      break;
    case OP_END:
      if (g->match[p] < 0
          || !wyil_jam_copy(g->k, g->fn->code[g->match[p]], &d, &c))
        depth -= depth > 0;
      break;
    case OP_ASSERT: sum += g->chk[p] == CHK_PROVED ? w : 0; break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
      sum += ocl_no_overflow(g, p) ? w : 0;
      break;
    case OP_DIV: case OP_REM:
      if (!ocl_iv_is_int(in)) break;
      sum += ocl_excludes(g, p, in->args[1], 0) ? w : 0;
      sum += ocl_excludes(g, p, in->args[1], -1)
             || ocl_excludes_min(g, p, in->args[0]) ? w : 0;
      break;
    default: break;
    }
  }
  return sum;
}

int
ocl_value_bits(OclGen *g, int p, int r)
{
  if (!g->def_at || r < 0) return -1;
  Ival a = ocl_iv_at(g, r, p, 32, 0, true);
  Ival b = ocl_iv_at(g, r, p, 64, 0, true);
  Big lo = bmin(a.lo, b.lo), hi = bmax(a.hi, b.hi);
  for (int bits = 0; bits < 63; bits++)
    if (lo >= -((Big)1 << bits) && hi < ((Big)1 << bits)) return bits;
  return -1;
}

/* ---------------------------------------------------------------- */
/* The plan                                                           */

/* The assert at p is `i >= 0` followed by `i < |xs|` (index checks):
 * the pair becomes one unsigned comparison at the second. */
static void
fuse_bounds(OclGen *g, int p)
{
  Insn *lt = g->fn->code[p];
  long long zero;
  if (lt->cmp != CMP_LT || ocl_assert_code(lt->name) != 2) return;
  for (int q = p - 1; q >= g->from && q >= p - 3; q--) {
    Insn *in = g->fn->code[q];
    if (in->op == OP_ASSERT && in->cmp == CMP_GE && g->chk[q] == CHK_EMIT
        && in->args[0] == lt->args[0]
        && ocl_iv_int_const(g, in->args[1], &zero)
        && zero == 0 && ocl_assert_code(in->name) == 2) {
      g->chk[q] = CHK_FUSED;
      g->chk[p] = CHK_UNSIGNED;
      return;
    }
    if (in->op != OP_LENGTHOF && in->op != OP_NOP) return;
  }
}

/* ---------------------------------------------------------------- */
/* Plans kept                                                         */

/* One check plan: what it was made for (the key) and what it found.
 * A kernel is planned several times per variant (for its calls' facts,
 * its stores' bounds, its code), always with the same inputs: the plan
 * is computed once and the later questions get a copy of its answers.
 * The narrow choice's hypotheses are keys of their own.  Called
 * functions planned with their calls' facts (which grow as kernels are
 * noted) are not kept. */
typedef struct RangePlan {
  Func *fn;
  Kernel *k;
  int from, to, ncode, nregs, variant, nrets;
  bool sums_off;
  int *hyp;                 /* a copy of g->hyp, or NULL */
  /* the answers (oclgen_range.c, oclgen_hoist.c, oclgen_ival_sum.c) */
  int *def_at, *defs_at, *defs, *palias, *pred_at, *pred, sum_stamp;
  Insn **const_def;
  Big *pmin, *pmax;
  bool *pdim;
  /* ... and those the emitter changes: copied each time */
  uint8_t *chk;
  int *hoist_to, *lift_from, *move_to, *sum_seen;
  bool *ends_declared, *sum_reg, *sum_loop;
  signed char *sum_dir;
} RangePlan;

static int range_runs;   /* plans computed (ocl_range_runs) */
static int narrow_runs;  /* ... of them for the narrow choice's hypotheses */

int
ocl_range_runs(int *for_narrow)
{
  if (for_narrow) *for_narrow = narrow_runs;
  return range_runs;
}

static void *
copy_of(const void *p, size_t n)
{
  if (!p || !n) return NULL;
  void *c = wyil_alloc(n);
  memcpy(c, p, n);
  return c;
}

static bool
same_hyp(const int *a, const int *b, int n)
{
  if (!a || !b) return a == b;
  return !memcmp(a, b, sizeof(int) * (size_t)n);
}

/* The plan kept for g's question, or NULL. */
static RangePlan *
kept_plan(OclGen *g)
{
  Func *fn = g->fn;
  for (int i = 0; i < g->plans.n; i++) {
    RangePlan *rp = g->plans.v[i];
    if (rp->fn == fn && rp->k == g->k && rp->from == g->from
        && rp->to == g->to && rp->ncode == fn->ncode
        && rp->nregs == fn->nregs && rp->variant == g->variant
        && rp->nrets == g->rets.n && rp->sums_off == g->sums_off
        && same_hyp(rp->hyp, g->hyp, fn->nregs))
      return rp;
  }
  return NULL;
}

/* Per instruction (n = ncode + 1) and per register (r = nregs + 1)
 * sizes of the answers the emitter changes. */
#define PLAN_ARRAYS(X, n, r, span) \
  X(chk, (n)) X(hoist_to, sizeof(int) * (n)) X(lift_from, sizeof(int) * (n)) \
  X(move_to, sizeof(int) * (n)) X(ends_declared, sizeof(bool) * (n)) \
  X(sum_reg, sizeof(bool) * (r)) X(sum_loop, sizeof(bool) * (n)) \
  X(sum_dir, (n)) X(sum_seen, g->pred_at ? sizeof(int) * (span) : 0)

static void
keep_plan(OclGen *g)
{
  Func *fn = g->fn;
  size_t n = (size_t)fn->ncode + 1, r = (size_t)fn->nregs + 1;
  size_t span = (size_t)(g->to - g->from) + 2;
  RangePlan *rp = wyil_alloc(sizeof *rp);
  *rp = (RangePlan){.fn = fn, .k = g->k, .from = g->from, .to = g->to,
                    .ncode = fn->ncode, .nregs = fn->nregs,
                    .variant = g->variant, .nrets = g->rets.n,
                    .sums_off = g->sums_off,
                    .hyp = copy_of(g->hyp, sizeof(int) * r),
                    .def_at = g->def_at, .defs_at = g->defs_at,
                    .defs = g->defs, .palias = g->palias,
                    .pred_at = g->pred_at, .pred = g->pred,
                    .sum_stamp = g->sum_stamp, .const_def = g->const_def,
                    .pmin = g->pmin, .pmax = g->pmax, .pdim = g->pdim};
#define KEEP(f, size) rp->f = copy_of(g->f, size);
  PLAN_ARRAYS(KEEP, n, r, span)
#undef KEEP
  vec_push(&g->plans, rp);
}

static void
restore_plan(OclGen *g, const RangePlan *rp)
{
  Func *fn = g->fn;
  size_t n = (size_t)fn->ncode + 1, r = (size_t)fn->nregs + 1;
  size_t span = (size_t)(g->to - g->from) + 2;
  g->def_at = rp->def_at;
  g->defs_at = rp->defs_at;
  g->defs = rp->defs;
  g->palias = rp->palias;
  g->pred_at = rp->pred_at;
  g->pred = rp->pred;
  g->sum_stamp = rp->sum_stamp;
  g->const_def = rp->const_def;
  g->pmin = rp->pmin;
  g->pmax = rp->pmax;
  g->pdim = rp->pdim;
#define RESTORE(f, size) g->f = copy_of(rp->f, size);
  PLAN_ARRAYS(RESTORE, n, r, span)
#undef RESTORE
  ocl_iv_forget(g);   /* the intervals' memo starts afresh, as after a plan */
}

static void plan_checks(OclGen *g);

void
ocl_plan_checks(OclGen *g)
{
  RangePlan *rp = g->facts ? NULL : kept_plan(g);
  if (rp) {
    restore_plan(g, rp);
    return;
  }
  range_runs++;
  narrow_runs += g->narrow_search;
  plan_checks(g);
  if (!g->facts) keep_plan(g);
}

static void
plan_checks(OclGen *g)
{
  Func *fn = g->fn;
  size_t nr = (size_t)fn->nregs + 1;
  int *ndefs = wyil_alloc(sizeof(int) * nr);
  g->def_at = wyil_alloc(sizeof(int) * nr);
  g->const_def = wyil_alloc(sizeof(Insn *) * nr);
  g->chk = wyil_alloc((size_t)fn->ncode + 1);
  g->hoist_to = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  g->lift_from = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  g->ends_declared = wyil_alloc(sizeof(bool) * ((size_t)fn->ncode + 1));
  for (int p = 0; p <= fn->ncode; p++) g->lift_from[p] = -1;
  call_site_facts(g);
  for (int r = 0; r < fn->nregs; r++) g->def_at[r] = DEF_NONE;
  for (int i = g->from; i < g->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d < 0 || d >= fn->nregs) continue;
    g->def_at[d] = ndefs[d]++ ? -1 : i;
  }
  /* each register's definitions, in order: defs[defs_at[r] ..] */
  g->defs_at = wyil_alloc(sizeof(int) * (nr + 1));
  g->defs = wyil_alloc(sizeof(int) * ((size_t)(g->to - g->from) + 1));
  int *filled = wyil_alloc(sizeof(int) * nr);
  for (int r = 0; r < fn->nregs; r++)
    g->defs_at[r + 1] = g->defs_at[r] + ndefs[r];
  for (int i = g->from; i < g->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0 && d < fn->nregs) g->defs[g->defs_at[d] + filled[d]++] = i;
  }
  for (int c = 0; g->k && c < g->k->consts.n; c++) {
    Insn *in = g->k->consts.v[c];
    if (in->dst < 0 || in->dst >= fn->nregs || ndefs[in->dst]++) {
      if (in->dst >= 0 && in->dst < fn->nregs) g->def_at[in->dst] = -1;
      continue;
    }
    g->def_at[in->dst] = -2;
    g->const_def[in->dst] = in;
  }
  ocl_iv_sum_plan(g);
  ocl_plan_moves(g);
  for (int p = g->from; p < g->to; p++) {
    Op op = fn->code[p]->op;
    if ((op == OP_ADD || op == OP_SUB) && g->move_to[p] < 0
        && !ocl_no_overflow(g, p)) {
      if ((g->hoist_to[p] = ocl_hoist_target(g, p)) >= 0)
        g->chk[p] = CHK_HOISTED;
      else if ((g->hoist_to[p] = ocl_wide_target(g, p)) >= 0)
        g->chk[p] = CHK_WIDE;
    }
    if (op != OP_ASSERT) continue;
    if (assert_proved(g, p)) g->chk[p] = CHK_PROVED;
    else if ((g->hoist_to[p] = ocl_hoist_target(g, p)) >= 0) {
      g->chk[p] = CHK_HOISTED;
      int up = ocl_lift_target(g, p);
      if (up >= 0) {
        g->lift_from[p] = g->hoist_to[p];
        g->hoist_to[p] = up;
      }
    } else if ((g->hoist_to[p] = ocl_bound_target(g, p)) >= 0)
      g->chk[p] = CHK_BOUNDED;
    else fuse_bounds(g, p);
  }
}

/* ---------------------------------------------------------------- */
/* Calls                                                              */

OclCallFacts *
ocl_call_facts(OclGen *g, Func *fn)
{
  PtrVec *v = &g->call_facts[g->variant];
  for (int i = 0; i < v->n; i++) {
    OclCallFacts *f = v->v[i];
    if (f->fn == fn) return f;
  }
  return NULL;
}

static OclCallFacts *
make_facts(OclGen *g, Func *fn)
{
  OclCallFacts *f = ocl_call_facts(g, fn);
  if (f) return f;
  f = wyil_alloc(sizeof *f);
  f->fn = fn;
  int n = fn->nparams > 0 ? fn->nparams : 1;
  f->lo = wyil_alloc(sizeof *f->lo * (size_t)n);
  f->hi = wyil_alloc(sizeof *f->hi * (size_t)n);
  vec_push(&g->call_facts[g->variant], f);
  return f;
}

void
ocl_open_calls(OclGen *g, Func *fn)
{
  make_facts(g, fn)->open = true;
}

void
ocl_note_calls(OclGen *g)
{
  for (int p = g->from; p < g->to; p++) {
    Insn *in = g->fn->code[p];
    Func *fn = in->callee;
    if (in->op != OP_INVOKE || !fn || fn->is_native) continue;
    OclCallFacts *f = make_facts(g, fn);
    bool first = !f->seen;
    f->seen = true;
    for (int a = 0; a < in->nargs && a < fn->nparams; a++) {
      Type *pt = fn->type && a < fn->type->n ? fn->type->elems[a] : NULL;
      bool isint = ocl_int_type(pt);
      for (int w = 32, k = 0; w <= 64; w += 32, k++) {
        Ival v = isint ? ocl_iv_at(g, in->args[a], p, w, 0, true) : top(w);
        f->lo[a][k] = first ? v.lo : bmin(f->lo[a][k], v.lo);
        f->hi[a][k] = first ? v.hi : bmax(f->hi[a][k], v.hi);
      }
    }
  }
}

void
ocl_note_returns(OclGen *g)
{
  Func *fn = g->fn;
  if (!fn->type || !ocl_int_type(fn->type->ret)) return;
  if (ocl_ret_facts(g, fn)) return;   /* made once, before any is used */
  Ival v[2] = {NONE, NONE};
  for (int p = g->from; p < g->to; p++) {
    Insn *in = fn->code[p];
    if (in->op != OP_RETURN || in->nargs < 1) continue;
    for (int k = 0; k < 2; k++)
      v[k] = hull(v[k], ocl_iv_at(g, in->args[0], p, k ? 64 : 32, 0, true));
  }
  if (v[0].lo > v[0].hi) return;   /* no return of a value */
  OclRetFacts *f = wyil_alloc(sizeof *f);
  f->fn = fn;
  for (int k = 0; k < 2; k++) {
    f->lo[k] = v[k].lo;
    f->hi[k] = v[k].hi;
  }
  ocl_ret_terms(fn, f);
  vec_push(&g->rets, f);
}
