/* oclgen_ival_sum.c -- intervals of running sums: `alive = alive +
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
 * times whatever y and last are, through the bounds oclgen_retbound.c
 * gives the two calls' results in terms of their arguments and the
 * constant offsets of single definitions on the straight path to the
 * range.  A range that runs downwards (hi < lo) runs lo - hi times: a
 * loop whose direction the analysis cannot tell and around which a
 * sum's bound counts iterations is taken as ascending on every device
 * (its descending run reruns the loop on the CPU, as a GPU does with
 * every such loop: oclgen_insn.c, g->sum_loop), so hi - lo bounds it.
 * The directions are found first in the plan (g->sum_dir): a question
 * asked later may find less (the memo), never more, so the emitter's
 * guard is there whenever a bound here assumed one.
 *
 * Contract (compiler/pipeline.c's table): Part of pass checks (running
 * sums). Requires: the check plan's definitions. Provides: OclGen.sum_*.
 * Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "oclgen_ival.h"

/* How deep and how wide a relational bound searches. */
#define DIFF_DEPTH 12
#define DIFF_BUDGET 256

/* d is `r = r + e`, `r = e + r` or `r = r - e` on ints (e not r): e's
 * register into *e, and whether it is subtracted into *neg. */
static bool
running(Insn *d, int *e, bool *neg)
{
  if ((d->op != OP_ADD && d->op != OP_SUB) || d->nargs != 2
      || !ocl_iv_is_int(d))
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
ocl_iv_sum_plan(OclGen *g)
{
  Func *fn = g->fn;
  int n = g->to - g->from;
  g->pred_at = g->pred = NULL;
  g->sum_reg = wyil_alloc(sizeof(bool) * ((size_t)fn->nregs + 1));
  g->sum_loop = wyil_alloc(sizeof(bool) * ((size_t)fn->ncode + 1));
  g->sum_dir = wyil_alloc((size_t)fn->ncode + 1);
  if (n <= 0) return;
  int *open = wyil_alloc(sizeof(int) * ((size_t)n + 1)), depth = 0;
  bool any = false;
  for (int i = g->from; i < g->to; i++) {
    Insn *in = fn->code[i];
    int e;
    bool neg;
    if (in->op == OP_END && depth > 0) depth--;
    if ((in->op == OP_FORALL || in->op == OP_LOOP) && g->match[i] > i)
      open[depth++] = i;
    if (!running(in, &e, &neg) || in->dst < 0 || in->dst >= fn->nregs)
      continue;
    g->sum_reg[in->dst] = any = true;
    for (int k = 0; k < depth; k++) g->sum_loop[open[k]] = true;
  }
  if (!any) return;
  /* predecessors within the code, of code[from .. to] */
  Cfg *c = wyil_cfg(fn);
  g->pred_at = wyil_alloc(sizeof(int) * ((size_t)n + 3));
  for (int i = g->from; i < g->to; i++)
    for (int s = c->succ_at[i]; s < c->succ_at[i + 1]; s++)
      if (c->succ[s] >= g->from && c->succ[s] <= g->to)
        g->pred_at[c->succ[s] - g->from + 1]++;
  for (int i = 0; i <= n; i++) g->pred_at[i + 1] += g->pred_at[i];
  g->pred = wyil_alloc(sizeof(int) * ((size_t)g->pred_at[n + 1] + 1));
  int *fill = wyil_alloc(sizeof(int) * ((size_t)n + 2));
  for (int i = g->from; i < g->to; i++)
    for (int s = c->succ_at[i]; s < c->succ_at[i + 1]; s++) {
      int t = c->succ[s] - g->from;
      if (t >= 0 && t <= n) g->pred[g->pred_at[t] + fill[t]++] = i;
    }
  g->sum_seen = wyil_alloc(sizeof(int) * ((size_t)n + 2));
  g->sum_stamp = 0;
  /* the directions, each a question of its own (see above) */
  for (int h = g->from; h < g->to; h++) g->sum_dir[h] = 2;
  for (int h = g->from; h < g->to; h++)
    if (g->sum_loop[h] && fn->code[h]->op == OP_FORALL)
      g->sum_dir[h] = (signed char)ocl_direction(g, h);
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
offset_of(OclGen *g, int x, int q, Lin *b)
{
  int dp = x >= 0 && x < g->fn->nregs ? g->def_at[x] : -1;
  if (dp < g->from || dp >= q || !ocl_iv_kept_to(g, dp, q)) return false;
  Insn *d = g->fn->code[dp];
  long long c;
  if (!ocl_iv_is_int(d) || d->nargs < 1) return false;
  if (d->op == OP_ASSIGN) {
    *b = (Lin){d->args[0], 0};
    return true;
  }
  if ((d->op != OP_ADD && d->op != OP_SUB) || d->nargs != 2) return false;
  if (ocl_iv_int_const(g, d->args[1], &c)) {
    *b = (Lin){d->args[0], d->op == OP_ADD ? c : -(Big)c};
    return true;
  }
  if (d->op == OP_ADD && ocl_iv_int_const(g, d->args[0], &c)) {
    *b = (Lin){d->args[1], c};
    return true;
  }
  return false;
}

/* x is the result of a call on the straight path to q whose returns
 * oclgen_retbound.c bounds by its arguments (into *rf). */
static Insn *
bounded_call(OclGen *g, int x, int q, OclRetFacts **rf)
{
  int dp = x >= 0 && x < g->fn->nregs ? g->def_at[x] : -1;
  if (dp < g->from || dp >= q || !ocl_iv_kept_to(g, dp, q)) return NULL;
  Insn *d = g->fn->code[dp];
  return (*rf = ocl_call_terms(g, d)) ? d : NULL;
}

/* A term of a call's bound as a Lin at the call site, plus off. */
static bool
term_lin(Insn *call, OclTerm t, Big off, Lin *l)
{
  if (t.par >= call->nargs) return false;
  *l = (Lin){t.par < 0 ? -1 : call->args[t.par], (Big)t.c + off};
  return true;
}

typedef struct Diff {
  OclGen *g;
  int q, w, depth, budget;
} Diff;

static Big diff_hi(Diff *s, Lin x, Lin y, int depth);

/* Through a call defining x (upper: x's side of x - y) or y: at most
 * the greatest over its returns of the least over that return's bounds
 * (the result is below one upper bound of each return, above one lower
 * bound of each). */
static Big
through_call(Diff *s, Insn *call, OclRetFacts *rf, Lin x, Lin y, bool upper,
             int depth)
{
  Big worst = -BIG_INF;
  for (int i = 0; i < rf->nret; i++) {
    const OclRetBound *b = &rf->ret[i];
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
  OclGen *g = s->g;
  if (x.reg >= 0 && y.reg >= 0 && ocl_iv_same_value(g, x.reg, y.reg))
    return x.c - y.c;
  Big xh = x.reg < 0 ? 0
           : ocl_iv_at(g, x.reg, s->q, s->w, s->depth + 1, true).hi;
  Big yl = y.reg < 0 ? 0
           : ocl_iv_at(g, y.reg, s->q, s->w, s->depth + 1, true).lo;
  Big best = sat(sat(xh + x.c) - sat(yl + y.c));
  if (depth > DIFF_DEPTH || s->budget-- <= 0) return best;
  Lin b;
  OclRetFacts *rf;
  Insn *call;
  if (x.reg >= 0 && offset_of(g, x.reg, s->q, &b))
    best = bmin(best, diff_hi(s, (Lin){b.reg, b.c + x.c}, y, depth + 1));
  else if (x.reg >= 0 && (call = bounded_call(g, x.reg, s->q, &rf)))
    best = bmin(best, through_call(s, call, rf, x, y, true, depth));
  if (y.reg >= 0 && offset_of(g, y.reg, s->q, &b))
    best = bmin(best, diff_hi(s, x, (Lin){b.reg, b.c + y.c}, depth + 1));
  else if (y.reg >= 0 && (call = bounded_call(g, y.reg, s->q, &rf)))
    best = bmin(best, through_call(s, call, rf, x, y, false, depth));
  return best;
}

/* ---------------------------------------------------------------- */
/* Trip counts                                                        */

/* At most *t iterations of loop h per run of it. */
static bool
trip_bound(OclGen *g, int h, int w, int depth, Big *t)
{
  Insn *in = g->fn->code[h];
  if (in->op != OP_FORALL || in->nargs < 1) return false;
  if (wyil_kernel_dim(g->k, in) >= 0) {   /* an NDRange dimension: one item's */
    *t = 1;
    return true;
  }
  int r = in->args[0];
  int at = r >= 0 && r < g->fn->nregs ? g->range_at[r] : -1;
  if (at < g->from || at > h) return false;
  Insn *rg = g->fn->code[at];
  Lin lo = {rg->args[0], 0}, hi = {rg->args[1], 0};
  Diff s = {g, at, w, depth, DIFF_BUDGET};
  int dir = g->sum_dir[h];
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
exec_bound(OclGen *g, int a, const bool *crossed, int w, int depth, Big *n)
{
  *n = 1;
  for (int h = a - 1; h >= g->from; h--) {
    Insn *in = g->fn->code[h];
    if ((in->op != OP_FORALL && in->op != OP_LOOP) || g->match[h] <= a
        || !crossed[h - g->from])
      continue;
    Big t;
    if (!trip_bound(g, h, w, depth, &t)) return false;
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
reaching(OclGen *g, int r, int p, bool *reached, bool *entry, bool *crossed)
{
  int n = g->to - g->from, sp = 0;
  int *stack = malloc(sizeof(int) * ((size_t)n + 2));
  int stamp = ++g->sum_stamp;
  *entry = p == g->from;
  if (!stack) internal_error("out of memory");
  /* p itself only once reached from a predecessor (around a loop) */
  stack[sp++] = p;
  for (bool first = true; sp > 0; first = false) {
    int q = stack[--sp];
    if (!first) {
      Insn *in = g->fn->code[q];
      if (wyil_def_reg(in) == r) {
        int e;
        bool neg;
        for (int j = g->defs_at[r]; j < g->defs_at[r + 1]; j++)
          if (g->defs[j] == q) reached[j - g->defs_at[r]] = true;
        if (!running(in, &e, &neg)) continue;   /* r's value starts here */
      }
      if (q == g->from) *entry = true;
    }
    for (int k = g->pred_at[q - g->from]; k < g->pred_at[q - g->from + 1];
         k++) {
      int t = g->pred[k];
      if (t >= q && g->match[t] >= g->from && g->match[t] < t)
        crossed[g->match[t] - g->from] = true;
      if (g->sum_seen[t - g->from] == stamp) continue;
      g->sum_seen[t - g->from] = stamp;
      stack[sp++] = t;
    }
  }
  free(stack);
}

/* The interval of the sum from the definitions reaching p (see above):
 * false when the rule does not apply. */
static bool
sum_from(OclGen *g, int r, int w, int depth, bool facts, const bool *reached,
         bool entry, const bool *crossed, Ival *v)
{
  int nd = g->defs_at[r + 1] - g->defs_at[r];
  Ival base = NONE;
  Big lo = 0, hi = 0;
  bool sums = false;
  for (int j = 0; j < nd; j++) {
    if (!reached[j]) continue;
    int i = g->defs[g->defs_at[r] + j], e;
    bool neg;
    Insn *d = g->fn->code[i];
    if (d->op == OP_UPDATE) return false;
    if (!running(d, &e, &neg)) {
      base = hull(base, ocl_iv_def(g, d, i, w, depth, facts));
      continue;
    }
    Big n;
    if (!exec_bound(g, i, crossed, w, depth, &n)) return false;
    Ival inc = ocl_iv_at(g, e, i, w, depth + 1, facts);
    if (neg) inc = (Ival){sat(-inc.hi), sat(-inc.lo)};
    lo = sat(lo + mul_sat(n, bmin(inc.lo, 0)));
    hi = sat(hi + mul_sat(n, bmax(inc.hi, 0)));
    sums = true;
  }
  if (!sums) return false;
  if (entry) {
    Ival b;
    if (!ocl_iv_before(g, r, w, depth, facts, &b) || b.lo > b.hi)
      return false;
    base = hull(base, b);
  }
  if (base.lo > base.hi) return false;
  *v = fit((Ival){sat(base.lo + lo), sat(base.hi + hi)}, w);
  return true;
}

bool
ocl_iv_sum(OclGen *g, int r, int p, int w, int depth, bool facts, Ival *v)
{
  if (g->sums_off || !g->pred_at || r < 0 || r >= g->fn->nregs
      || !g->sum_reg[r] || p < g->from || p > g->to || depth > IVAL_DEPTH)
    return false;
  /* the search's results: freed here, not kept in the arena (a plan
   * asks many questions) */
  int nd = g->defs_at[r + 1] - g->defs_at[r];
  bool *reached = calloc((size_t)nd + 1, sizeof(bool)), entry;
  bool *crossed = calloc((size_t)(g->to - g->from) + 1, sizeof(bool));
  if (!reached || !crossed) internal_error("out of memory");
  reaching(g, r, p, reached, &entry, crossed);
  bool ok = sum_from(g, r, w, depth, facts, reached, entry, crossed, v);
  free(reached);
  free(crossed);
  return ok;
}
