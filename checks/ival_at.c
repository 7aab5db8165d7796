/* ival_at.c -- the interval of a register at a point of device
 * code (chk_iv_at): its definition's, or the hull of its definitions,
 * narrowed by the comparisons on the straight path before the point,
 * directly or backwards through the values compared; with the memo that
 * bounds the work.  See range.c for the whole analysis.
 *
 * Contract (compiler/pipeline.c's table): part of the analysis of
 * passes narrow, store32 and checks (intervals at a point).  Requires:
 * the check plan's definitions (range.c).  Provides: chk_iv_at's
 * answers, memoised per plan (ChkPlan.memo).  Invalidates nothing.
 */
#include <stdint.h>
#include <string.h>

#include "checks_internal.h"

/* ---------------------------------------------------------------- */
/* Registers defined more than once, and comparisons of results        */

/* The hull of every definition of r in the code (a loop-carried
 * `zr = t`, its `zr = 0` before the loop), and of its value on entry
 * when it is a parameter.  A definition whose value depends on r again
 * meets the question being answered (chk_iv_at's memo) and says top; the
 * comparisons at the use narrow that. */
static Ival
join_defs(ChkFunc *cf, int r, int w, int depth, bool facts)
{
  Ival v = NONE;
  for (int j = cf->defs_at[r]; j < cf->defs_at[r + 1]; j++) {
    int i = cf->defs[j];
    Insn *d = cf->fn->code[i];
    if (d->op == OP_UPDATE) return top(w);
    v = hull(v, chk_iv_def(cf, d, i, w, depth, facts));
  }
  Ival b;
  if (!chk_iv_before(cf, r, w, depth, facts, &b)) return top(w);
  v = hull(v, b);
  return v.lo > v.hi ? top(w) : v;
}

bool
chk_iv_before(ChkFunc *cf, int r, int w, int depth, bool facts, Ival *v)
{
  *v = NONE;
  /* a kernel's loop variable, its range, its constants */
  for (int i = 0; i < cf->from; i++) {
    Insn *d = cf->fn->code[i];
    if (wyil_def_reg(d) != r) continue;
    int at;
    if (d->op == OP_UPDATE
        || (d->op != OP_CONST && chk_iv_outer_def(cf, r, &at) != d))
      return false;
    *v = hull(*v, chk_iv_def(cf, d, i, w, depth, facts));
  }
  for (int c = 0; cf->k && c < cf->k->consts.n; c++) {
    Insn *d = cf->k->consts.v[c];
    long long x;
    if (d->dst != r) continue;
    if (!chk_iv_const(d, &x, cf->bits[0])) return false;
    *v = hull(*v, (Ival){x, x});
  }
  if (r < cf->fn->nparams) *v = hull(*v, chk_iv_entry(cf, r, w));
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
overwrites_operand(const Insn *d)
{
  for (int a = 0; a < d->nargs; a++)
    if (d->args[a] == d->dst) return true;
  return false;
}

bool
chk_iv_kept_to(const ChkFunc *cf, int dp, int q)
{
  Insn *d = cf->fn->code[dp];
  if (overwrites_operand(d)) return false;
  for (int s = dp + 1; s < q; s++) {
    Insn *in = cf->fn->code[s];
    if (chk_iv_path_stop(cf, in)) return false;
    for (int a = 0; a < d->nargs; a++)
      if (chk_iv_defines(in, d->args[a])) return false;
  }
  return true;
}

/* Is x computed from r as back_bound follows it (cheap: no intervals)? */
static bool
computed_from(const ChkFunc *cf, int x, int r, int q, int depth)
{
  if (x == r) return true;
  if (depth > IVAL_DEPTH || x < 0 || x >= cf->fn->nregs) return false;
  int dp = cf->def_at[x];
  if (dp < cf->from || dp >= q) return false;
  Insn *d = cf->fn->code[dp];
  if (overwrites_operand(d)) return false;
  switch (d->op) {
  case OP_ASSIGN: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    for (int a = 0; a < d->nargs && a < 2; a++)
      if (computed_from(cf, d->args[a], r, q, depth + 1)) return true;
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
back_bound(ChkFunc *cf, int x, Ival t, int r, int q, int w, int depth)
{
  if (x == r) return t;
  if (depth > IVAL_DEPTH || x < 0 || x >= cf->fn->nregs || t.lo > t.hi)
    return top(w);
  int dp = cf->def_at[x];
  if (dp < cf->from || dp >= q || !chk_iv_kept_to(cf, dp, q)) return top(w);
  Insn *d = cf->fn->code[dp];
  if (!chk_iv_is_int(d) || d->nargs < 1) return top(w);
  int a = d->args[0], b = d->nargs > 1 ? d->args[1] : -1;
  if (d->op != OP_ASSIGN && b < 0) return top(w);
  switch (d->op) {
  case OP_ASSIGN: return back_bound(cf, a, t, r, q, w, depth + 1);
  case OP_ADD: case OP_SUB: {
    Ival ia = chk_iv_at(cf, a, dp, w, depth + 1, false);
    Ival ib = chk_iv_at(cf, b, dp, w, depth + 1, false);
    Ival ta, tb;
    if (d->op == OP_ADD) {
      ta = (Ival){sat(t.lo - ib.hi), sat(t.hi - ib.lo)};
      tb = (Ival){sat(t.lo - ia.hi), sat(t.hi - ia.lo)};
    } else {
      ta = (Ival){sat(t.lo + ib.lo), sat(t.hi + ib.hi)};
      tb = (Ival){sat(ia.lo - t.hi), sat(ia.hi - t.lo)};
    }
    return meet(back_bound(cf, a, ta, r, q, w, depth + 1),
                back_bound(cf, b, tb, r, q, w, depth + 1));
  }
  case OP_MUL: {
    if (a == b) {
      if (t.hi < 0) return top(w);
      Big s = isqrt(bmin(t.hi, BIG_INF));
      return back_bound(cf, a, (Ival){-s, s}, r, q, w, depth + 1);
    }
    Ival v = top(w);
    for (int k = 0; k < 2; k++) {
      Ival c = chk_iv_at(cf, d->args[k], dp, w, depth + 1, false);
      if (c.lo != c.hi || c.lo <= 0) continue;
      Big lo = t.lo >= 0 ? (t.lo + c.lo - 1) / c.lo : t.lo / c.lo;
      Big hi = t.hi >= 0 ? t.hi / c.lo : (t.hi - c.lo + 1) / c.lo;
      v = meet(v, back_bound(cf, d->args[1 - k], (Ival){lo, hi}, r, q, w,
                             depth + 1));
    }
    return v;
  }
  case OP_DIV: {
    Ival c = chk_iv_at(cf, b, dp, w, depth + 1, false);
    if (c.lo != c.hi || c.lo <= 0) return top(w);
    /* y / c truncates towards 0 */
    Big lo = t.lo <= 0 ? sat(t.lo * c.lo - (c.lo - 1)) : sat(t.lo * c.lo);
    Big hi = t.hi >= 0 ? sat(t.hi * c.lo + (c.lo - 1)) : sat(t.hi * c.lo);
    return back_bound(cf, a, (Ival){lo, hi}, r, q, w, depth + 1);
  }
  default: return top(w);
  }
}

/* ---------------------------------------------------------------- */
/* One question's intervals                                           */

/* Each interval is found once per question (of a plan, of the narrow
 * choice, of the printer's answers): a memo
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
  const ChkFunc *plan; /* the plan whose intervals it holds (its inputs
                          fixed when made), or NULL: a new session */
  int nrets;           /* ... and the return facts known */
  int cap, n;
  struct IvalSlot {
    unsigned gen, question;
    bool busy;
    long long key;
    Ival v;
  } *slots;
  int nest;            /* chk_iv_at calls open */
} IvalMemo;

static long long
memo_key(const ChkFunc *cf, int r, int p, int w, bool facts)
{
  return (((long long)r * (cf->fn->ncode + 2) + (p + 1)) * 2
          + width_at(cf, w)) * 2 + facts;
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

static Ival ival_find(ChkFunc *cf, int r, int p, int w, int depth, bool facts);

void
chk_iv_forget(ChkPlan *pl)
{
  if (pl->memo) pl->memo->plan = NULL;
}

/* The interval of r at p; `facts`: narrowed by comparisons (those of
 * the compared values are not, which bounds the work). */
Ival
chk_iv_at(ChkFunc *cf, int r, int p, int w, int depth, bool facts)
{
  if (depth > IVAL_DEPTH || r < 0 || r >= cf->fn->nregs) return top(w);
  ChkPlan *pl = cf->pl;
  if (!pl->memo) pl->memo = wyil_alloc(sizeof *pl->memo);
  IvalMemo *m = pl->memo;
  if (!m->nest++) {   /* a new question */
    if (m->plan != cf || m->nrets != pl->rets.n) {   /* ... of a new plan */
      m->plan = cf;
      m->nrets = pl->rets.n;
      m->gen++;
      m->n = 0;
      m->work = 0;
    }
    m->question++;
  }
  if (2 * (m->n + 1) > m->cap) memo_grow(m);
  long long key = memo_key(cf, r, p, w, facts);
  struct IvalSlot *s = memo_find(m, key);
  Ival v;
  if (s->gen == m->gen
      && (s->question == m->question || m->work > MEMO_BUDGET)) {
    v = s->busy ? top(w) : s->v;
  } else {
    if (s->gen != m->gen) m->n++;
    *s = (struct IvalSlot){m->gen, m->question, true, key, top(w)};
    m->work++;
    v = ival_find(cf, r, p, w, depth, facts);
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
straight_def(const ChkFunc *cf, int r, int p)
{
  for (int q = p - 1; q >= cf->from; q--) {
    Insn *in = cf->fn->code[q];
    if (chk_iv_defines(in, r)) return q;
    if (chk_iv_path_stop(cf, in)) return -1;
  }
  return -1;
}

static Ival
ival_find(ChkFunc *cf, int r, int p, int w, int depth, bool facts)
{
  Insn *d = chk_iv_def_of(cf, r);
  Ival v;
  int at;
  Insn *outer = d ? NULL : chk_iv_outer_def(cf, r, &at);
  if (d)
    v = chk_iv_def(cf, d, cf->def_at[r] >= 0 ? cf->def_at[r] : cf->from, w,
                   depth, facts);
  else if (outer)   /* with what the narrow variant assumes of it */
    v = meet(chk_iv_def(cf, outer, at, w, depth, facts),
             chk_iv_param(cf, r, w));
  else if (cf->def_at[r] == -1) {
    int q = straight_def(cf, r, p);
    if (q >= 0)
      v = chk_iv_def(cf, cf->fn->code[q], q, w, depth, facts);
    else if (!chk_iv_sum(cf, r, p, w, depth, facts, &v))
      v = join_defs(cf, r, w, depth, facts);
  }
  else
    v = chk_iv_entry(cf, r, w);
  /* comparisons on the straight path back from p */
  for (int q = p - 1; facts && q >= cf->from; q--) {
    Insn *in = cf->fn->code[q];
    if (chk_iv_defines(in, r) || chk_iv_path_stop(cf, in)) break;
    int a, b;
    Cmp cmp;
    if (!chk_iv_fact_at(in, &a, &cmp, &b) || a == b) continue;
    /* `m < 0` where the range's lo is the same parameter */
    if (a != r && chk_iv_same_param(cf, a, r)) a = r;
    else if (b != r && chk_iv_same_param(cf, b, r)) b = r;
    if (a == b) continue;
    if (a != r && b != r) {   /* a comparison of values computed from r */
      if (!computed_from(cf, a, r, q, depth + 1)
          && !computed_from(cf, b, r, q, depth + 1))
        continue;
      Ival ia = chk_iv_at(cf, a, q, w, depth + 1, false);
      Ival ib = chk_iv_at(cf, b, q, w, depth + 1, false);
      Cmp mirror = cmp_mirror(cmp);
      v = meet(v, back_bound(cf, a, chk_iv_narrow(top(w), cmp, ib), r, q, w,
                             depth + 1));
      v = meet(v, back_bound(cf, b, chk_iv_narrow(top(w), mirror, ia), r, q,
                             w, depth + 1));
      continue;
    }
    int other = a == r ? b : a;
    bool moved = false;  /* the other operand redefined since q */
    for (int s = q + 1; s < p && !moved; s++)
      moved = chk_iv_defines(cf->fn->code[s], other);
    if (moved) continue;
    Ival o = chk_iv_at(cf, other, q, w, depth + 1, false);
    v = chk_iv_narrow(v, a == r ? cmp : cmp_mirror(cmp), o);
  }
  if (v.lo > v.hi) return top(w);  /* unreachable: say nothing */
  return v;
}
