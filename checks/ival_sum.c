/* ival_sum.c -- intervals of running sums: `alive = alive +
 * board[ny][nx]` over a neighbourhood, `s = s - x[j]` over a row.
 *
 * A register r whose definitions include running ones (`r = r + e`,
 * `r = e + r`, `r = r - e`, ints, e not r) has at a point p the value of
 * the last other definition before p (or what r held when the code
 * began) plus the increments of the running definitions run since.  So
 * r lies within the hull of the other definitions that reach p with
 * only running ones between (a backward search from p over the control
 * flow, through running definitions, stopping at the others), widened
 * by each running definition's count times its increment's interval.
 * The count is the product of the trip counts of the range loops
 * around the definition within the code (one work item's body runs
 * once); a `while` loop, or a loop over a list, around it leaves the
 * sum unbounded (the rule does not apply).
 *
 * A loop's trip count is hi - lo for an ascending range lo..hi, bounded
 * relationally where intervals cannot: a neighbourhood's `max2(y - 1, 0)
 * .. min2(y + 1, last) + 1` runs at most (y + 1 + 1) - (y - 1) = 3
 * times whatever y and last are, through the bounds retbound.c
 * gives the two calls' results in terms of their arguments and the
 * constant offsets of single definitions on the straight path to the
 * range.  A range that runs downwards (hi < lo) runs lo - hi times: a
 * loop whose direction the analysis cannot tell and around which a
 * sum's bound counts iterations is taken as ascending on every device
 * (its descending run reruns the loop on the CPU, as a GPU does with
 * every such loop: ChkAt.ascend_all, cf->sum_loop), so hi - lo bounds
 * it.
 * The directions are found first in the plan (cf->sum_dir): a question
 * asked later may find less (the memo), never more, so the printer's
 * guard is there whenever a bound here assumed one.
 *
 * Contract (compiler/pipeline.c's table): part of the analysis of
 * passes narrow, store32 and checks (running sums).  Requires: the check
 * plan's definitions (range.c).  Provides: ChkFunc.pred, sum_*.
 * Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "checks_internal.h"

/* How deep and how wide a relational bound searches. */
#define DIFF_DEPTH 12
#define DIFF_BUDGET 256

/* d is `r = r + e`, `r = e + r` or `r = r - e` on ints (e not r): e's
 * register into *e, and whether it is subtracted into *neg. */
static bool
running(const Insn *d, int *e, bool *neg)
{
  if ((d->op != OP_ADD && d->op != OP_SUB) || d->nargs != 2
      || !chk_iv_is_int(d))
    return false;
  int r = d->dst;
  if (d->args[0] == r && d->args[1] != r) {
    *e = d->args[1];
    *neg = d->op == OP_SUB;
    return true;
  }
  if (d->op == OP_ADD && d->args[1] == r && d->args[0] != r) {
    *e = d->args[0];
    *neg = false;
    return true;
  }
  return false;
}

void
chk_iv_sum_plan(ChkFunc *cf)
{
  Func *fn = cf->fn;
  int n = cf->to - cf->from;
  cf->pred_at = cf->pred = NULL;
  cf->sum_reg = wyil_alloc(sizeof(bool) * ((size_t)fn->nregs + 1));
  cf->sum_loop = wyil_alloc(sizeof(bool) * ((size_t)fn->ncode + 1));
  cf->sum_dir = wyil_alloc((size_t)fn->ncode + 1);
  if (n <= 0) return;
  int *open = wyil_alloc(sizeof(int) * ((size_t)n + 1)), depth = 0;
  bool any = false;
  for (int i = cf->from; i < cf->to; i++) {
    Insn *in = fn->code[i];
    int e;
    bool neg;
    if (in->op == OP_END && depth > 0) depth--;
    if ((in->op == OP_FORALL || in->op == OP_LOOP) && cf->match[i] > i)
      open[depth++] = i;
    if (!running(in, &e, &neg) || in->dst < 0 || in->dst >= fn->nregs)
      continue;
    cf->sum_reg[in->dst] = any = true;
    for (int k = 0; k < depth; k++) cf->sum_loop[open[k]] = true;
  }
  if (!any) return;
  /* predecessors within the code, of code[from .. to] */
  Cfg *c = wyil_cfg(fn);
  cf->pred_at = wyil_alloc(sizeof(int) * ((size_t)n + 3));
  for (int i = cf->from; i < cf->to; i++)
    for (int s = c->succ_at[i]; s < c->succ_at[i + 1]; s++)
      if (c->succ[s] >= cf->from && c->succ[s] <= cf->to)
        cf->pred_at[c->succ[s] - cf->from + 1]++;
  for (int i = 0; i <= n; i++) cf->pred_at[i + 1] += cf->pred_at[i];
  cf->pred = wyil_alloc(sizeof(int) * ((size_t)cf->pred_at[n + 1] + 1));
  int *fill = wyil_alloc(sizeof(int) * ((size_t)n + 2));
  for (int i = cf->from; i < cf->to; i++)
    for (int s = c->succ_at[i]; s < c->succ_at[i + 1]; s++) {
      int t = c->succ[s] - cf->from;
      if (t >= 0 && t <= n) cf->pred[cf->pred_at[t] + fill[t]++] = i;
    }
  cf->sum_seen = wyil_alloc(sizeof(int) * ((size_t)n + 2));
  cf->sum_stamp = 0;
  /* the directions, each a question of its own (see above) */
  for (int h = cf->from; h < cf->to; h++) cf->sum_dir[h] = 2;
  for (int h = cf->from; h < cf->to; h++)
    if (cf->sum_loop[h] && fn->code[h]->op == OP_FORALL)
      cf->sum_dir[h] = (signed char)chk_find_direction(cf, h);
}

/* x * y, saturated at +-BIG_INF. */
static Big
mul_sat(Big x, Big y)
{
  if (x == 0 || y == 0) return 0;
  Big ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
  if (ax > BIG_INF / ay) return (x < 0) != (y < 0) ? -BIG_INF : BIG_INF;
  return x * y;
}

/* ---------------------------------------------------------------- */
/* x - y, relationally                                                */

/* A register plus a constant (reg -1: the constant alone). */
typedef struct Lin {
  int reg;
  Big c;
} Lin;

/* x is b + k by its one definition on the straight path to q (a copy,
 * or a sum or difference with a constant). */
static bool
offset_of(const ChkFunc *cf, int x, int q, Lin *b)
{
  int dp = x >= 0 && x < cf->fn->nregs ? cf->def_at[x] : -1;
  if (dp < cf->from || dp >= q || !chk_iv_kept_to(cf, dp, q)) return false;
  Insn *d = cf->fn->code[dp];
  long long c;
  if (!chk_iv_is_int(d) || d->nargs < 1) return false;
  if (d->op == OP_ASSIGN) {
    *b = (Lin){d->args[0], 0};
    return true;
  }
  if ((d->op != OP_ADD && d->op != OP_SUB) || d->nargs != 2) return false;
  if (chk_iv_int_const(cf, d->args[1], &c)) {
    *b = (Lin){d->args[0], d->op == OP_ADD ? c : -(Big)c};
    return true;
  }
  if (d->op == OP_ADD && chk_iv_int_const(cf, d->args[0], &c)) {
    *b = (Lin){d->args[1], c};
    return true;
  }
  return false;
}

/* x is the result of a call on the straight path to q whose returns
 * retbound.c bounds by its arguments (into *rf). */
static Insn *
bounded_call(const ChkFunc *cf, int x, int q, ChkRetFacts **rf)
{
  int dp = x >= 0 && x < cf->fn->nregs ? cf->def_at[x] : -1;
  if (dp < cf->from || dp >= q || !chk_iv_kept_to(cf, dp, q)) return NULL;
  Insn *d = cf->fn->code[dp];
  return (*rf = chk_call_terms(cf, d)) ? d : NULL;
}

/* A term of a call's bound as a Lin at the call site, plus off. */
static bool
term_lin(const Insn *call, ChkTerm t, Big off, Lin *l)
{
  if (t.par >= call->nargs) return false;
  *l = (Lin){t.par < 0 ? -1 : call->args[t.par], (Big)t.c + off};
  return true;
}

typedef struct Diff {
  ChkFunc *cf;
  int q, w, depth, budget;
} Diff;

static Big diff_hi(Diff *s, Lin x, Lin y, int depth);

/* Through a call defining x (upper: x's side of x - y) or y: at most
 * the greatest over its returns of the least over that return's bounds
 * (the result is below one upper bound of each return, above one lower
 * bound of each). */
static Big
through_call(Diff *s, Insn *call, ChkRetFacts *rf, Lin x, Lin y, bool upper,
             int depth)
{
  Big worst = -BIG_INF;
  for (int i = 0; i < rf->nret; i++) {
    const ChkRetBound *b = &rf->ret[i];
    Big best = BIG_INF;
    int nt = upper ? b->nhi : b->nlo;
    for (int j = 0; j < nt; j++) {
      Lin t;
      if (!term_lin(call, upper ? b->hi[j] : b->lo[j], upper ? x.c : y.c,
                    &t))
        continue;
      best = bmin(best, upper ? diff_hi(s, t, y, depth + 1)
                              : diff_hi(s, x, t, depth + 1));
    }
    worst = bmax(worst, best);
  }
  return worst;
}

/* An upper bound of x - y at s->q: from the intervals, or from how x
 * and y were computed (constant offsets, calls' bounds) down to a
 * register they share. */
static Big
diff_hi(Diff *s, Lin x, Lin y, int depth)
{
  ChkFunc *cf = s->cf;
  if (x.reg >= 0 && y.reg >= 0 && chk_iv_same_value(cf, x.reg, y.reg))
    return x.c - y.c;
  Big xh = x.reg < 0 ? 0
           : chk_iv_at(cf, x.reg, s->q, s->w, s->depth + 1, true).hi;
  Big yl = y.reg < 0 ? 0
           : chk_iv_at(cf, y.reg, s->q, s->w, s->depth + 1, true).lo;
  Big best = sat(sat(xh + x.c) - sat(yl + y.c));
  if (depth > DIFF_DEPTH || s->budget-- <= 0) return best;
  Lin b;
  ChkRetFacts *rf;
  Insn *call;
  if (x.reg >= 0 && offset_of(cf, x.reg, s->q, &b))
    best = bmin(best, diff_hi(s, (Lin){b.reg, b.c + x.c}, y, depth + 1));
  else if (x.reg >= 0 && (call = bounded_call(cf, x.reg, s->q, &rf)))
    best = bmin(best, through_call(s, call, rf, x, y, true, depth));
  if (y.reg >= 0 && offset_of(cf, y.reg, s->q, &b))
    best = bmin(best, diff_hi(s, x, (Lin){b.reg, b.c + y.c}, depth + 1));
  else if (y.reg >= 0 && (call = bounded_call(cf, y.reg, s->q, &rf)))
    best = bmin(best, through_call(s, call, rf, x, y, false, depth));
  return best;
}

/* ---------------------------------------------------------------- */
/* Trip counts                                                        */

/* At most *t iterations of loop h per run of it. */
static bool
trip_bound(ChkFunc *cf, int h, int w, int depth, Big *t)
{
  Insn *in = cf->fn->code[h];
  if (in->op != OP_FORALL || in->nargs < 1) return false;
  if (wyil_kernel_dim(cf->k, in) >= 0) {   /* a dimension: one item's */
    *t = 1;
    return true;
  }
  int r = in->args[0];
  int at = r >= 0 && r < cf->fn->nregs ? cf->range_at[r] : -1;
  if (at < cf->from || at > h) return false;
  Insn *rg = cf->fn->code[at];
  Lin lo = {rg->args[0], 0}, hi = {rg->args[1], 0};
  Diff s = {cf, at, w, depth, DIFF_BUDGET};
  int dir = cf->sum_dir[h];
  Big up = dir >= 0 ? diff_hi(&s, hi, lo, 0) : -BIG_INF;
  /* not yet known: either way */
  if (dir < 0 || dir == 2) up = bmax(up, diff_hi(&s, lo, hi, 0));
  *t = bmax(up, 0);
  return *t < BIG_INF;
}

/* How many times code[a] runs at most between a definition that
 * starts the sum and the point asked about: at most once per iteration
 * of each loop around it whose back edge lies between them (crossed[h -
 * from]), once for each of the others. */
static bool
exec_bound(ChkFunc *cf, int a, const bool *crossed, int w, int depth, Big *n)
{
  *n = 1;
  for (int h = a - 1; h >= cf->from; h--) {
    Insn *in = cf->fn->code[h];
    if ((in->op != OP_FORALL && in->op != OP_LOOP) || cf->match[h] <= a
        || !crossed[h - cf->from])
      continue;
    Big t;
    if (!trip_bound(cf, h, w, depth, &t)) return false;
    *n = mul_sat(*n, t);
  }
  return *n < BIG_INF;
}

/* ---------------------------------------------------------------- */
/* The rule                                                           */

/* Mark the definitions of r that reach p through running ones only
 * (reached[j] for r's j-th), whether the code's start does, and the
 * loops whose back edges lie on the way (crossed[h - from]: branches go
 * forward, so an edge to an earlier instruction is a loop's). */
static void
reaching(ChkFunc *cf, int r, int p, bool *reached, bool *entry, bool *crossed)
{
  int n = cf->to - cf->from, sp = 0;
  int *stack = malloc(sizeof(int) * ((size_t)n + 2));
  int stamp = ++cf->sum_stamp;
  *entry = p == cf->from;
  if (!stack) internal_error("out of memory");
  /* p itself only once reached from a predecessor (around a loop) */
  stack[sp++] = p;
  for (bool first = true; sp > 0; first = false) {
    int q = stack[--sp];
    if (!first) {
      Insn *in = cf->fn->code[q];
      if (wyil_def_reg(in) == r) {
        int e;
        bool neg;
        for (int j = cf->defs_at[r]; j < cf->defs_at[r + 1]; j++)
          if (cf->defs[j] == q) reached[j - cf->defs_at[r]] = true;
        if (!running(in, &e, &neg)) continue;   /* r's value starts here */
      }
      if (q == cf->from) *entry = true;
    }
    for (int k = cf->pred_at[q - cf->from]; k < cf->pred_at[q - cf->from + 1];
         k++) {
      int t = cf->pred[k];
      if (t >= q && cf->match[t] >= cf->from && cf->match[t] < t)
        crossed[cf->match[t] - cf->from] = true;
      if (cf->sum_seen[t - cf->from] == stamp) continue;
      cf->sum_seen[t - cf->from] = stamp;
      stack[sp++] = t;
    }
  }
  free(stack);
}

/* The interval of the sum from the definitions reaching p (see above):
 * false when the rule does not apply. */
static bool
sum_from(ChkFunc *cf, int r, int w, int depth, bool facts, const bool *reached,
         bool entry, const bool *crossed, Ival *v)
{
  int nd = cf->defs_at[r + 1] - cf->defs_at[r];
  Ival base = NONE;
  Big lo = 0, hi = 0;
  bool sums = false;
  for (int j = 0; j < nd; j++) {
    if (!reached[j]) continue;
    int i = cf->defs[cf->defs_at[r] + j], e;
    bool neg;
    Insn *d = cf->fn->code[i];
    if (d->op == OP_UPDATE) return false;
    if (!running(d, &e, &neg)) {
      base = hull(base, chk_iv_def(cf, d, i, w, depth, facts));
      continue;
    }
    Big n;
    if (!exec_bound(cf, i, crossed, w, depth, &n)) return false;
    Ival inc = chk_iv_at(cf, e, i, w, depth + 1, facts);
    if (neg) inc = (Ival){sat(-inc.hi), sat(-inc.lo)};
    lo = sat(lo + mul_sat(n, bmin(inc.lo, 0)));
    hi = sat(hi + mul_sat(n, bmax(inc.hi, 0)));
    sums = true;
  }
  if (!sums) return false;
  if (entry) {
    Ival b;
    if (!chk_iv_before(cf, r, w, depth, facts, &b) || b.lo > b.hi)
      return false;
    base = hull(base, b);
  }
  if (base.lo > base.hi) return false;
  *v = fit((Ival){sat(base.lo + lo), sat(base.hi + hi)}, w);
  return true;
}

bool
chk_iv_sum(ChkFunc *cf, int r, int p, int w, int depth, bool facts, Ival *v)
{
  if (cf->sums_off || !cf->pred_at || r < 0 || r >= cf->fn->nregs
      || !cf->sum_reg[r] || p < cf->from || p > cf->to || depth > IVAL_DEPTH)
    return false;
  /* the search's results: freed here, not kept in the arena (a plan
   * asks many questions) */
  int nd = cf->defs_at[r + 1] - cf->defs_at[r];
  bool *reached = calloc((size_t)nd + 1, sizeof(bool)), entry;
  bool *crossed = calloc((size_t)(cf->to - cf->from) + 1, sizeof(bool));
  if (!reached || !crossed) internal_error("out of memory");
  reaching(cf, r, p, reached, &entry, crossed);
  bool ok = sum_from(cf, r, w, depth, facts, reached, entry, crossed, v);
  free(reached);
  free(crossed);
  return ok;
}
