/* range.c -- which checks of a function's device code can go, and
 * which can move: a range analysis of its ints (chk_plan_checks), the
 * questions the planning passes ask of it, the facts of calls and
 * returns between the functions, and the answers the printer reads
 * (chk_answer, chk_at).
 *
 * Intervals (ival.c, ival_at.c, ival_sum.c).  A register defined once
 * in the code planned (or a kernel's constant) has an interval from its
 * definition: constants, list lengths (>= 0), the variable of a loop
 * over lo..hi (between lo and hi, either direction; the kernel's own
 * loop too), sums, differences, products and quotients of intervals (c
 * * x / n in [0, c) for a loop's 0 <= x < n).  One defined more than
 * once has the hull of its definitions.  At a use, comparisons that
 * dominate it on a straight path (an `if` fallen through, an assert
 * passed, no branch target nor loop boundary between, neither operand
 * redefined since) narrow it, directly or backwards through the values
 * they compare (`x * x / 4096 <= 16384` bounds x).
 * Ints have one of the target's two widths on the device (ChkTarget:
 * 32 or 64 bits, one source serving both, the runtime picking): an
 * unknown int is the width's whole range, so each question is answered
 * for both widths and a check goes only when both prove it cannot
 * fail.  A value a checked operation produced fits the width (else the
 * check failed), so results are cut to it: that is how `n < maxIter`
 * proves that `n + 1` cannot overflow.
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
 * Contract (compiler/pipeline.c's table): the analysis of passes
 * narrow, store32 and checks (plan.c asks for a plan: chk_plan_func).
 * Requires: a function of device code, its variant's hypotheses, the
 * return facts of the functions it calls.  Provides: the check plan
 * (ChkFunc's def_at, chk, hoist_to, ...), made once per function,
 * variant and hypothesis; the call and return facts (ChkPlan); the
 * printer's answers (ChkFunc.at).  Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "checks_internal.h"

/* Host register h of function fn holds the int constant *c wherever it
 * is defined (once, by a CONST). */
static bool
host_const(const Func *fn, int h, long long *c, int bits)
{
  return chk_iv_const(wyil_only_def(fn, h), c, bits);
}

/* What the one call site of kernel cf->k (the OFFLOAD of cf->fn in its host
 * function) passes: a parameter from a host constant is that constant,
 * and one from the host register of a dimension's hi, whose lo comes
 * from a constant c, is above c when the dimension ascends.  The runtime
 * launches only non-empty dimensions, but a range lo..hi with hi < lo
 * runs downwards (the host launches it as hi+1 .. lo+1), so the kernel
 * tests hi > c on entry (chk_entry_min: the printer writes the test)
 * and a descending call runs on the CPU. */
static void
call_site_facts(ChkFunc *cf)
{
  Kernel *k = cf->k;
  Func *host = k ? k->host : NULL;
  Insn *off = NULL;
  int n = cf->fn->nparams;
  cf->pmin = cf->pmax = NULL;
  cf->pdim = NULL;
  cf->palias = NULL;
  if (!host || cf->fn == host || n <= 0) return;
  for (int q = 0; q < host->ncode; q++) {
    Insn *in = host->code[q];
    if (in->op != OP_OFFLOAD || in->callee != cf->fn) continue;
    if (off) return;
    off = in;
  }
  if (!off || off->nargs != n) return;
  cf->pmin = wyil_alloc(sizeof(Big) * (size_t)n);
  cf->pmax = wyil_alloc(sizeof(Big) * (size_t)n);
  cf->pdim = wyil_alloc(sizeof(bool) * (size_t)n);
  cf->palias = wyil_alloc(sizeof(int) * (size_t)n);
  for (int p = 0; p < n; p++) {
    cf->palias[p] = p;
    for (int e = 0; e < p && cf->palias[p] == p; e++)
      if (off->args[e] == off->args[p]) cf->palias[p] = e;
    long long c;
    cf->pmin[p] = -BIG_INF;
    cf->pmax[p] = BIG_INF;
    if (host_const(host, off->args[p], &c, cf->bits[0]))
      cf->pmin[p] = cf->pmax[p] = c;
  }
  for (int d = 0; d < k->ndims && d < 3; d++) {
    long long c;
    int lo = k->lo[d], hi = k->hi[d];
    if (lo < 0 || hi < 0 || lo >= n || hi >= n
        || !host_const(host, off->args[lo], &c, cf->bits[0]))
      continue;
    for (int p = 0; p < n; p++)
      if (cf->palias[p] == cf->palias[hi] && cf->pmin[p] < (Big)c + 1) {
        cf->pmin[p] = (Big)c + 1;
        cf->pdim[p] = true;
      }
  }
}

/* Some instruction of the code reads register r (a parameter read
 * nowhere is no argument of the kernel: nothing to test). */
static bool
read_in_code(const ChkFunc *cf, int r)
{
  for (int i = cf->from; i < cf->to; i++)
    if (chk_reads(cf->fn->code[i], r)) return true;
  return false;
}

bool
chk_entry_min(const ChkFunc *cf, int p, long long *min)
{
  if (!cf->pdim || p < 0 || p >= cf->fn->nparams || !cf->pdim[p]
      || !read_in_code(cf, p))
    return false;
  *min = (long long)cf->pmin[p];
  return true;
}

/* ---------------------------------------------------------------- */
/* Questions                                                          */

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
implied(const ChkFunc *cf, int a, Cmp cmp, int b, int p)
{
  for (int q = p - 1; q >= cf->from; q--) {
    Insn *in = cf->fn->code[q];
    if (chk_iv_defines(in, a) || chk_iv_defines(in, b)
        || chk_iv_path_stop(cf, in))
      return false;
    int x, y;
    Cmp fc;
    if (!chk_iv_fact_at(in, &x, &fc, &y)) continue;
    bool moved = false;
    for (int s = q + 1; s < p && !moved; s++)
      moved = chk_iv_defines(cf->fn->code[s], x)
              || chk_iv_defines(cf->fn->code[s], y);
    if (moved) continue;
    if (chk_iv_same_value(cf, x, a) && chk_iv_same_value(cf, y, b)
        && implies(fc, cmp))
      return true;
    if (chk_iv_same_value(cf, x, b) && chk_iv_same_value(cf, y, a)
        && implies(cmp_mirror(fc), cmp))
      return true;
  }
  return false;
}

/* The assert at p cannot fail. */
static bool
assert_proved(ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  if (in->cmp > CMP_GE || !chk_iv_is_int(in)) return false;
  int a = in->args[0], b = in->args[1];
  if (implied(cf, a, in->cmp, b, p)) return true;
  /* the narrow variant's indices within their lists (narrow.c) */
  Insn *lb = chk_iv_def_of(cf, b);
  long long c;
  int list, level;
  if (in->cmp == CMP_LT && lb && lb->op == OP_LENGTHOF
      && chk_len_of(cf, lb->args[0], &list, &level)
      && chk_index_known(cf, a, list, level))
    return true;
  if (in->cmp == CMP_GE && chk_iv_int_const(cf, b, &c) && c <= 0
      && chk_index_nonneg(cf, a))
    return true;
  for (int w = cf->bits[0]; w; w = wider(cf, w))
    if (!decided(chk_iv_at(cf, a, p, w, 0, true), in->cmp,
                 chk_iv_at(cf, b, p, w, 0, true)))
      return false;
  return true;
}

static bool
no_overflow(ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  if (!cf->def_at || !chk_iv_is_int(in)) return false;
  for (int w = cf->bits[0]; w; w = wider(cf, w)) {
    Ival a = chk_iv_at(cf, in->args[0], p, w, 0, true);
    Ival b = in->nargs > 1 ? chk_iv_at(cf, in->args[1], p, w, 0, true) : a;
    if (!fits(chk_iv_arith(in->op, a, b), w)) return false;
  }
  return true;
}

/* Register r never holds c at p. */
static bool
excludes(ChkFunc *cf, int p, int r, long long c)
{
  if (!cf->def_at || r < 0) return false;
  for (int w = cf->bits[0]; w; w = wider(cf, w)) {
    Ival v = chk_iv_at(cf, r, p, w, 0, true);
    if (v.lo <= c && c <= v.hi) return false;
  }
  return true;
}

/* ... nor the least int of a width. */
static bool
excludes_min(ChkFunc *cf, int p, int r)
{
  if (!cf->def_at || r < 0) return false;
  for (int w = cf->bits[0]; w; w = wider(cf, w))
    if (chk_iv_at(cf, r, p, w, 0, true).lo <= top(w).lo) return false;
  return true;
}

/* The sign of every value of int register r at p (see chk_sign). */
static int
sign_at(ChkFunc *cf, int p, int r)
{
  if (!cf->def_at || r < 0) return 0;
  int s = 2;
  for (int w = cf->bits[0]; w; w = wider(cf, w)) {
    Ival v = chk_iv_at(cf, r, p, w, 0, true);
    int t = v.lo >= 0 ? 1 : v.hi < 0 ? -1 : 0;
    if (s != 2 && t != s) return 0;
    s = t;
  }
  return s;
}

int
chk_find_direction(ChkFunc *cf, int p)
{
  Insn *in = cf->fn->code[p];
  if (!cf->def_at || in->op != OP_FORALL || in->nargs < 1) return 0;
  int r = in->args[0], at = cf->range_at[r];
  if (at < 0) return 0;
  Insn *rg = cf->fn->code[at];
  int lo = rg->args[0], hi = rg->args[1];
  /* a comparison of the ends that dominates the loop: `if lo >= hi` */
  if (implied(cf, lo, CMP_LE, hi, p)) return 1;
  if (implied(cf, lo, CMP_GE, hi, p)) return -1;
  bool up = true, down = true;
  for (int w = cf->bits[0]; w; w = wider(cf, w)) {
    Ival l = chk_iv_at(cf, lo, p, w, 0, true);
    Ival h = chk_iv_at(cf, hi, p, w, 0, true);
    up = up && l.hi <= h.lo;
    down = down && l.lo >= h.hi;
  }
  return up ? 1 : down ? -1 : 0;
}

bool
chk_int_const(const ChkFunc *cf, int r, long long *v)
{
  return cf->def_at && chk_iv_int_const(cf, r, v);
}

long
chk_proved_weight(ChkFunc *cf)
{
  long sum = 0;
  int depth = 0;
  for (int p = cf->from; p < cf->to; p++) {
    Insn *in = cf->fn->code[p];
    long w = 1L << (4 * (depth < 4 ? depth : 4));
    int d, c;
    switch (in->op) {
    case OP_FORALL: case OP_LOOP:   /* a copy's index is no loop */
      depth += !wyil_jam_copy(cf->k, in, &d, &c);
      break;
    case OP_END:
      if (cf->match[p] < 0
          || !wyil_jam_copy(cf->k, cf->fn->code[cf->match[p]], &d, &c))
        depth -= depth > 0;
      break;
    case OP_ASSERT: sum += cf->chk[p] == CHK_PROVED ? w : 0; break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
      sum += no_overflow(cf, p) ? w : 0;
      break;
    case OP_DIV: case OP_REM:
      if (!chk_iv_is_int(in)) break;
      sum += excludes(cf, p, in->args[1], 0) ? w : 0;
      sum += excludes(cf, p, in->args[1], -1)
             || excludes_min(cf, p, in->args[0]) ? w : 0;
      break;
    default: break;
    }
  }
  return sum;
}

int
chk_value_bits(ChkFunc *cf, int p, int r)
{
  if (!cf->def_at || r < 0) return -1;
  Ival a = chk_iv_at(cf, r, p, cf->bits[0], 0, true);
  Ival b = chk_iv_at(cf, r, p, cf->bits[1], 0, true);
  Big lo = bmin(a.lo, b.lo), hi = bmax(a.hi, b.hi);
  for (int bits = 0; bits < 63; bits++)
    if (lo >= -((Big)1 << bits) && hi < ((Big)1 << bits)) return bits;
  return -1;
}

/* ---------------------------------------------------------------- */
/* The plan                                                           */

/* An index check (the front end's message for it). */
static bool
index_check(const Insn *in)
{
  return in->name && !strncmp(in->name, "index out of bounds", 19);
}

/* The assert at p is `i >= 0` followed by `i < |xs|` (index checks):
 * the pair becomes one unsigned comparison at the second. */
static void
fuse_bounds(ChkFunc *cf, int p)
{
  Insn *lt = cf->fn->code[p];
  long long zero;
  if (lt->cmp != CMP_LT || !index_check(lt)) return;
  for (int q = p - 1; q >= cf->from && q >= p - 3; q--) {
    Insn *in = cf->fn->code[q];
    if (in->op == OP_ASSERT && in->cmp == CMP_GE && cf->chk[q] == CHK_EMIT
        && in->args[0] == lt->args[0]
        && chk_iv_int_const(cf, in->args[1], &zero)
        && zero == 0 && index_check(in)) {
      cf->chk[q] = CHK_FUSED;
      cf->chk[p] = CHK_UNSIGNED;
      return;
    }
    if (in->op != OP_LENGTHOF && in->op != OP_NOP) return;
  }
}

void
chk_plan_checks(ChkFunc *cf)
{
  Func *fn = cf->fn;
  size_t nr = (size_t)fn->nregs + 1;
  int *ndefs = wyil_alloc(sizeof(int) * nr);
  cf->def_at = wyil_alloc(sizeof(int) * nr);
  cf->const_def = wyil_alloc(sizeof(Insn *) * nr);
  cf->chk = wyil_alloc((size_t)fn->ncode + 1);
  cf->hoist_to = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  cf->lift_from = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  for (int p = 0; p <= fn->ncode; p++) cf->lift_from[p] = -1;
  call_site_facts(cf);
  for (int r = 0; r < fn->nregs; r++) cf->def_at[r] = DEF_NONE;
  for (int i = cf->from; i < cf->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d < 0 || d >= fn->nregs) continue;
    cf->def_at[d] = ndefs[d]++ ? -1 : i;
  }
  /* each register's definitions, in order: defs[defs_at[r] ..] */
  cf->defs_at = wyil_alloc(sizeof(int) * (nr + 1));
  cf->defs = wyil_alloc(sizeof(int) * ((size_t)(cf->to - cf->from) + 1));
  int *filled = wyil_alloc(sizeof(int) * nr);
  for (int r = 0; r < fn->nregs; r++)
    cf->defs_at[r + 1] = cf->defs_at[r] + ndefs[r];
  for (int i = cf->from; i < cf->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0 && d < fn->nregs) cf->defs[cf->defs_at[d] + filled[d]++] = i;
  }
  for (int c = 0; cf->k && c < cf->k->consts.n; c++) {
    Insn *in = cf->k->consts.v[c];
    if (in->dst < 0 || in->dst >= fn->nregs || ndefs[in->dst]++) {
      if (in->dst >= 0 && in->dst < fn->nregs) cf->def_at[in->dst] = -1;
      continue;
    }
    cf->def_at[in->dst] = -2;
    cf->const_def[in->dst] = in;
  }
  chk_iv_sum_plan(cf);
  chk_plan_moves(cf);
  for (int p = cf->from; p < cf->to; p++) {
    Op op = fn->code[p]->op;
    if ((op == OP_ADD || op == OP_SUB) && cf->move_to[p] < 0
        && !no_overflow(cf, p)) {
      if ((cf->hoist_to[p] = chk_hoist_target(cf, p)) >= 0)
        cf->chk[p] = CHK_HOISTED;
      else if ((cf->hoist_to[p] = chk_wide_target(cf, p)) >= 0)
        cf->chk[p] = CHK_WIDE;
    }
    if (op != OP_ASSERT) continue;
    if (assert_proved(cf, p)) cf->chk[p] = CHK_PROVED;
    else if ((cf->hoist_to[p] = chk_hoist_target(cf, p)) >= 0) {
      cf->chk[p] = CHK_HOISTED;
      int up = chk_lift_target(cf, p);
      if (up >= 0) {
        cf->lift_from[p] = cf->hoist_to[p];
        cf->hoist_to[p] = up;
      }
    } else if ((cf->hoist_to[p] = chk_bound_target(cf, p)) >= 0)
      cf->chk[p] = CHK_BOUNDED;
    else fuse_bounds(cf, p);
  }
}

/* ---------------------------------------------------------------- */
/* Calls                                                              */

ChkCallFacts *
chk_call_facts(ChkPlan *pl, int variant, const Func *fn)
{
  PtrVec *v = &pl->call_facts[variant];
  for (int i = 0; i < v->n; i++) {
    ChkCallFacts *f = v->v[i];
    if (f->fn == fn) return f;
  }
  return NULL;
}

static ChkCallFacts *
make_facts(ChkPlan *pl, int variant, Func *fn)
{
  ChkCallFacts *f = chk_call_facts(pl, variant, fn);
  if (f) return f;
  f = wyil_alloc(sizeof *f);
  f->fn = fn;
  int n = fn->nparams > 0 ? fn->nparams : 1;
  f->lo = wyil_alloc(sizeof *f->lo * (size_t)n);
  f->hi = wyil_alloc(sizeof *f->hi * (size_t)n);
  vec_push(&pl->call_facts[variant], f);
  return f;
}

void
chk_open_calls(ChkPlan *pl, int variant, Func *fn)
{
  make_facts(pl, variant, fn)->open = true;
}

void
chk_note_calls(ChkFunc *cf)
{
  for (int p = cf->from; p < cf->to; p++) {
    Insn *in = cf->fn->code[p];
    Func *fn = in->callee;
    if (in->op != OP_INVOKE || !fn || fn->is_native) continue;
    ChkCallFacts *f = make_facts(cf->pl, cf->variant, fn);
    bool first = !f->seen;
    f->seen = true;
    for (int a = 0; a < in->nargs && a < fn->nparams; a++) {
      Type *pt = fn->type && a < fn->type->n ? fn->type->elems[a] : NULL;
      bool isint = chk_int_type(pt);
      for (int w = cf->bits[0], k = 0; w; w = wider(cf, w), k++) {
        Ival v = isint ? chk_iv_at(cf, in->args[a], p, w, 0, true) : top(w);
        f->lo[a][k] = first ? v.lo : bmin(f->lo[a][k], v.lo);
        f->hi[a][k] = first ? v.hi : bmax(f->hi[a][k], v.hi);
      }
    }
  }
}

void
chk_note_returns(ChkFunc *cf)
{
  Func *fn = cf->fn;
  if (!fn->type || !chk_int_type(fn->type->ret)) return;
  if (chk_ret_facts(cf, fn)) return;   /* made once, before any is used */
  Ival v[2] = {NONE, NONE};
  for (int p = cf->from; p < cf->to; p++) {
    Insn *in = fn->code[p];
    if (in->op != OP_RETURN || in->nargs < 1) continue;
    for (int k = 0; k < 2; k++)
      v[k] = hull(v[k], chk_iv_at(cf, in->args[0], p, cf->bits[k], 0, true));
  }
  if (v[0].lo > v[0].hi) return;   /* no return of a value */
  ChkRetFacts *f = wyil_alloc(sizeof *f);
  f->fn = fn;
  for (int k = 0; k < 2; k++) {
    f->lo[k] = v[k].lo;
    f->hi[k] = v[k].hi;
  }
  chk_ret_terms(fn, f, cf->bits[0]);
  vec_push(&cf->pl->rets, f);
}

/* ---------------------------------------------------------------- */
/* What the printer reads                                             */

void
chk_answer(ChkFunc *cf)
{
  Func *fn = cf->fn;
  cf->at = wyil_alloc(sizeof(ChkAt) * ((size_t)fn->ncode + 1));
  for (int p = 0; p <= fn->ncode; p++) {
    ChkAt *at = &cf->at[p];
    Insn *in = p < fn->ncode ? fn->code[p] : NULL;
    *at = (ChkAt){.kind = cf->chk[p], .hoist_to = cf->hoist_to[p],
                  .lift_from = cf->lift_from[p], .move_to = cf->move_to[p],
                  .upward = -1};
    if (p < cf->from || p >= cf->to) continue;
    switch (in->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_DIV:
    case OP_REM:
      if (!chk_iv_is_int(in)) break;
      at->no_overflow = no_overflow(cf, p);
      if (in->op == OP_ADD || in->op == OP_SUB)
        for (int k = 0; k < 2; k++)
          at->sign[k] = (signed char)sign_at(cf, p, in->args[k]);
      if (in->op != OP_DIV && in->op != OP_REM) break;
      at->nonzero = excludes(cf, p, in->args[1], 0);
      at->not_m1 = excludes(cf, p, in->args[1], -1);
      at->not_min = excludes_min(cf, p, in->args[0]);
      break;
    case OP_FORALL:
      at->dir = (signed char)chk_find_direction(cf, p);
      at->upward = chk_find_upward(cf, p);
      at->ascend_all = chk_ascending_everywhere(cf, p);
      at->must_ascend = chk_must_ascend(cf, p);
      break;
    default: break;
    }
  }
}

const ChkAt *
chk_at(const ChkFunc *cf, int p)
{
  if (!cf || !cf->at || p < 0 || p > cf->fn->ncode)
    internal_error("checks: a question of a plan not made for the "
                   "printer");
  return &cf->at[p];
}

int
chk_range_at(const ChkFunc *cf, int r)
{
  return r >= 0 && r < cf->fn->nregs ? cf->range_at[r] : -1;
}
