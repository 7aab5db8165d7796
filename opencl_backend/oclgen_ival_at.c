/* oclgen_ival_at.c -- the interval of a register at a point of device
 * code (ocl_iv_at): its definition's, or the hull of its definitions,
 * narrowed by the comparisons on the straight path before the point,
 * directly or backwards through the values compared; with the memo that
 * bounds the work.  See oclgen_range.c for the whole analysis.
 *
 * Contract (compiler/pipeline.c's table): Part of pass checks (intervals at
 * a point). Requires: the check plan's definitions. Provides: ocl_iv_at's
 * answers, memoised per plan. Invalidates nothing.
 */
#include <stdint.h>
#include <string.h>

#include "oclgen_ival.h"

/* ---------------------------------------------------------------- */
/* Registers defined more than once, and comparisons of results        */

/* The hull of every definition of r in the code (a loop-carried
 * `zr = t`, its `zr = 0` before the loop), and of its value on entry
 * when it is a parameter.  A definition whose value depends on r again
 * meets the question being answered (ocl_iv_at's memo) and says top; the
 * comparisons at the use narrow that. */
static Ival
join_defs(OclGen *g, int r, int w, int depth, bool facts)
{
  Ival v = NONE;
  for (int j = g->defs_at[r]; j < g->defs_at[r + 1]; j++) {
    int i = g->defs[j];
    Insn *d = g->fn->code[i];
    if (d->op == OP_UPDATE) return top(w);
    v = hull(v, ocl_iv_def(g, d, i, w, depth, facts));
  }
  Ival b;
  if (!ocl_iv_before(g, r, w, depth, facts, &b)) return top(w);
  v = hull(v, b);
  return v.lo > v.hi ? top(w) : v;
}

bool
ocl_iv_before(OclGen *g, int r, int w, int depth, bool facts, Ival *v)
{
  *v = NONE;
  /* a kernel's loop variable, its range, its constants */
  for (int i = 0; i < g->from; i++) {
    Insn *d = g->fn->code[i];
    if (wyil_def_reg(d) != r) continue;
    int at;
    if (d->op == OP_UPDATE
        || (d->op != OP_CONST && ocl_iv_outer_def(g, r, &at) != d))
      return false;
    *v = hull(*v, ocl_iv_def(g, d, i, w, depth, facts));
  }
  for (int c = 0; g->k && c < g->k->consts.n; c++) {
    Insn *d = g->k->consts.v[c];
    long long x;
    if (d->dst != r) continue;
    if (!ocl_iv_const(d, &x)) return false;
    *v = hull(*v, (Ival){x, x});
  }
  if (r < g->fn->nparams) *v = hull(*v, ocl_iv_entry(g, r, w));
  return true;
}

/* floor(sqrt(x)) for 0 <= x <= BIG_INF */
static Big
isqrt(Big x)
{
  Big s = (Big)__builtin_sqrtl((long double)x);
  while (s > 0 && s * s > x) s--;
  while ((s + 1) * (s + 1) <= x) s++;
  return s;
}

/* d writes one of its own operands (`x = x + 1`: the old x is gone). */
static bool
overwrites_operand(Insn *d)
{
  for (int a = 0; a < d->nargs; a++)
    if (d->args[a] == d->dst) return true;
  return false;
}

bool
ocl_iv_kept_to(OclGen *g, int dp, int q)
{
  Insn *d = g->fn->code[dp];
  if (overwrites_operand(d)) return false;
  for (int s = dp + 1; s < q; s++) {
    Insn *in = g->fn->code[s];
    if (ocl_iv_path_stop(g, in)) return false;
    for (int a = 0; a < d->nargs; a++)
      if (ocl_iv_defines(in, d->args[a])) return false;
  }
  return true;
}

/* Is x computed from r as back_bound follows it (cheap: no intervals)? */
static bool
computed_from(OclGen *g, int x, int r, int q, int depth)
{
  if (x == r) return true;
  if (depth > IVAL_DEPTH || x < 0 || x >= g->fn->nregs) return false;
  int dp = g->def_at[x];
  if (dp < g->from || dp >= q) return false;
  Insn *d = g->fn->code[dp];
  if (overwrites_operand(d)) return false;
  switch (d->op) {
  case OP_ASSIGN: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    for (int a = 0; a < d->nargs && a < 2; a++)
      if (computed_from(g, d->args[a], r, q, depth + 1)) return true;
    return false;
  default: return false;
  }
}

/* x lies in t at q: what that says of r, when x was computed from r on
 * the straight path to q (through one definition each, whose operands
 * keep their values up to q), through copies, sums, differences,
 * squares, products and quotients by positive constants: x = y / 4096
 * <= 16384 gives y <= 67112959, and y = r * r then |r| <= 8192.  Top
 * when x is not so computed. */
static Ival
back_bound(OclGen *g, int x, Ival t, int r, int q, int w, int depth)
{
  if (x == r) return t;
  if (depth > IVAL_DEPTH || x < 0 || x >= g->fn->nregs || t.lo > t.hi)
    return top(w);
  int dp = g->def_at[x];
  if (dp < g->from || dp >= q || !ocl_iv_kept_to(g, dp, q)) return top(w);
  Insn *d = g->fn->code[dp];
  if (!ocl_iv_is_int(d) || d->nargs < 1) return top(w);
  int a = d->args[0], b = d->nargs > 1 ? d->args[1] : -1;
  if (d->op != OP_ASSIGN && b < 0) return top(w);
  switch (d->op) {
  case OP_ASSIGN: return back_bound(g, a, t, r, q, w, depth + 1);
  case OP_ADD: case OP_SUB: {
    Ival ia = ocl_iv_at(g, a, dp, w, depth + 1, false);
    Ival ib = ocl_iv_at(g, b, dp, w, depth + 1, false);
    Ival ta, tb;
    if (d->op == OP_ADD) {
      ta = (Ival){sat(t.lo - ib.hi), sat(t.hi - ib.lo)};
      tb = (Ival){sat(t.lo - ia.hi), sat(t.hi - ia.lo)};
    } else {
      ta = (Ival){sat(t.lo + ib.lo), sat(t.hi + ib.hi)};
      tb = (Ival){sat(ia.lo - t.hi), sat(ia.hi - t.lo)};
    }
    return meet(back_bound(g, a, ta, r, q, w, depth + 1),
                back_bound(g, b, tb, r, q, w, depth + 1));
  }
  case OP_MUL: {
    if (a == b) {
      if (t.hi < 0) return top(w);
      Big s = isqrt(bmin(t.hi, BIG_INF));
      return back_bound(g, a, (Ival){-s, s}, r, q, w, depth + 1);
    }
    Ival v = top(w);
    for (int k = 0; k < 2; k++) {
      Ival c = ocl_iv_at(g, d->args[k], dp, w, depth + 1, false);
      if (c.lo != c.hi || c.lo <= 0) continue;
      Big lo = t.lo >= 0 ? (t.lo + c.lo - 1) / c.lo : t.lo / c.lo;
      Big hi = t.hi >= 0 ? t.hi / c.lo : (t.hi - c.lo + 1) / c.lo;
      v = meet(v, back_bound(g, d->args[1 - k], (Ival){lo, hi}, r, q, w,
                             depth + 1));
    }
    return v;
  }
  case OP_DIV: {
    Ival c = ocl_iv_at(g, b, dp, w, depth + 1, false);
    if (c.lo != c.hi || c.lo <= 0) return top(w);
    /* y / c truncates towards 0 */
    Big lo = t.lo <= 0 ? sat(t.lo * c.lo - (c.lo - 1)) : sat(t.lo * c.lo);
    Big hi = t.hi >= 0 ? sat(t.hi * c.lo + (c.lo - 1)) : sat(t.hi * c.lo);
    return back_bound(g, a, (Ival){lo, hi}, r, q, w, depth + 1);
  }
  default: return top(w);
  }
}

/* ---------------------------------------------------------------- */
/* One question's intervals                                           */

/* Each interval is found once per question from the emitter: a memo
 * keyed by register, position, width and `facts`.  An entry being found
 * is BUSY; meeting it again (a loop-carried definition) answers top,
 * which is what makes the recursion end.  Every answer is sound whatever
 * was BUSY, but one found while another entry was BUSY may say less
 * than a fresh question would, so answers are kept for the question
 * only, until a plan (what the intervals depend on: the function and
 * its code's bounds, the plan's definitions, the call site's facts, the
 * narrow variant's assumptions, the calls' facts, the functions' return
 * bounds) has found MEMO_BUDGET entries: from then on its questions
 * share their answers, which bounds the work of registers defined again
 * and again in terms of each other (120 of them took 19 s without it). */
#define MEMO_BUDGET 50000

typedef struct IvalMemo {
  unsigned gen;        /* the plan; entries of others are free */
  unsigned question;   /* the question being answered */
  long work;           /* entries the plan has found */
  const void *plan[9]; /* what the plan's intervals depend on */
  int cap, n;
  struct IvalSlot {
    unsigned gen, question;
    bool busy;
    long long key;
    Ival v;
  } *slots;
  int nest;            /* ocl_iv_at calls open */
} IvalMemo;

static long long
memo_key(OclGen *g, int r, int p, int w, bool facts)
{
  return (((long long)r * (g->fn->ncode + 2) + (p + 1)) * 2 + (w == 64)) * 2
         + facts;
}

static struct IvalSlot *
memo_find(IvalMemo *m, long long key)
{
  unsigned long long h = (unsigned long long)key * 0x9E3779B97F4A7C15ull;
  for (int i = (int)(h >> 40) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    struct IvalSlot *s = &m->slots[i];
    if (s->gen != m->gen || s->key == key) return s;
  }
}

static void
memo_grow(IvalMemo *m)
{
  struct IvalSlot *old = m->slots;
  int oldcap = m->cap;
  m->cap = m->cap ? m->cap * 2 : 256;
  /* in the arena, with everything else of the back end (the old table
   * stays there: the tables' sum is twice the last at most) */
  m->slots = wyil_alloc(sizeof *m->slots * (size_t)m->cap);
  for (int i = 0; i < oldcap; i++)
    if (old[i].gen == m->gen) *memo_find(m, old[i].key) = old[i];
}

static Ival ival_find(OclGen *g, int r, int p, int w, int depth, bool facts);

void
ocl_iv_forget(OclGen *g)
{
  if (g->memo) memset(g->memo->plan, 0, sizeof g->memo->plan);
}

/* The interval of r at p; `facts`: narrowed by comparisons (those of
 * the compared values are not, which bounds the work). */
Ival
ocl_iv_at(OclGen *g, int r, int p, int w, int depth, bool facts)
{
  if (depth > IVAL_DEPTH || r < 0 || r >= g->fn->nregs) return top(w);
  if (!g->memo) g->memo = wyil_alloc(sizeof *g->memo);
  IvalMemo *m = g->memo;
  if (!m->nest++) {   /* a new question */
    const void *plan[9] = {g->fn, g->def_at, g->pmin, g->hyp, g->facts,
                           g->k, (void *)(intptr_t)g->rets.n,
                           (void *)(intptr_t)g->from, (void *)(intptr_t)g->to};
    if (memcmp(plan, m->plan, sizeof plan)) {   /* ... of a new plan */
      memcpy(m->plan, plan, sizeof plan);
      m->gen++;
      m->n = 0;
      m->work = 0;
    }
    m->question++;
  }
  if (2 * (m->n + 1) > m->cap) memo_grow(m);
  long long key = memo_key(g, r, p, w, facts);
  struct IvalSlot *s = memo_find(m, key);
  Ival v;
  if (s->gen == m->gen
      && (s->question == m->question || m->work > MEMO_BUDGET)) {
    v = s->busy ? top(w) : s->v;
  } else {
    if (s->gen != m->gen) m->n++;
    *s = (struct IvalSlot){m->gen, m->question, true, key, top(w)};
    m->work++;
    v = ival_find(g, r, p, w, depth, facts);
    s = memo_find(m, key);   /* the table may have grown */
    s->busy = false;
    s->v = v;
  }
  m->nest--;
  return v;
}

/* The definition of r (defined more than once) that reaches p along the
 * straight path back from it, without a join: its index, or -1. */
static int
straight_def(OclGen *g, int r, int p)
{
  for (int q = p - 1; q >= g->from; q--) {
    Insn *in = g->fn->code[q];
    if (ocl_iv_defines(in, r)) return q;
    if (ocl_iv_path_stop(g, in)) return -1;
  }
  return -1;
}

static Ival
ival_find(OclGen *g, int r, int p, int w, int depth, bool facts)
{
  Insn *d = ocl_iv_def_of(g, r);
  Ival v;
  int at;
  Insn *outer = d ? NULL : ocl_iv_outer_def(g, r, &at);
  if (d)
    v = ocl_iv_def(g, d, g->def_at[r] >= 0 ? g->def_at[r] : g->from, w,
                   depth, facts);
  else if (outer)   /* with what the narrow variant assumes of it */
    v = meet(ocl_iv_def(g, outer, at, w, depth, facts),
             ocl_iv_param(g, r, w));
  else if (g->def_at[r] == -1) {
    int q = straight_def(g, r, p);
    if (q >= 0)
      v = ocl_iv_def(g, g->fn->code[q], q, w, depth, facts);
    else if (!ocl_iv_sum(g, r, p, w, depth, facts, &v))
      v = join_defs(g, r, w, depth, facts);
  }
  else
    v = ocl_iv_entry(g, r, w);
  /* comparisons on the straight path back from p */
  for (int q = p - 1; facts && q >= g->from; q--) {
    Insn *in = g->fn->code[q];
    if (ocl_iv_defines(in, r) || ocl_iv_path_stop(g, in)) break;
    int a, b;
    Cmp cmp;
    if (!ocl_iv_fact_at(in, &a, &cmp, &b) || a == b) continue;
    /* `m < 0` where the range's lo is the same parameter */
    if (a != r && ocl_iv_same_param(g, a, r)) a = r;
    else if (b != r && ocl_iv_same_param(g, b, r)) b = r;
    if (a == b) continue;
    if (a != r && b != r) {   /* a comparison of values computed from r */
      if (!computed_from(g, a, r, q, depth + 1)
          && !computed_from(g, b, r, q, depth + 1))
        continue;
      Ival ia = ocl_iv_at(g, a, q, w, depth + 1, false);
      Ival ib = ocl_iv_at(g, b, q, w, depth + 1, false);
      Cmp mirror = cmp_mirror(cmp);
      v = meet(v, back_bound(g, a, ocl_iv_narrow(top(w), cmp, ib), r, q, w,
                             depth + 1));
      v = meet(v, back_bound(g, b, ocl_iv_narrow(top(w), mirror, ia), r, q,
                             w, depth + 1));
      continue;
    }
    int other = a == r ? b : a;
    bool moved = false;  /* the other operand redefined since q */
    for (int s = q + 1; s < p && !moved; s++)
      moved = ocl_iv_defines(g->fn->code[s], other);
    if (moved) continue;
    Ival o = ocl_iv_at(g, other, q, w, depth + 1, false);
    v = ocl_iv_narrow(v, a == r ? cmp : cmp_mirror(cmp), o);
  }
  if (v.lo > v.hi) return top(w);  /* unreachable: say nothing */
  return v;
}
