/* deptest.c -- dependence tests between two accesses of a list in a
 * loop nest (an analysis).
 *
 * Requires: an FltAffNest (affine.c) and two accesses of one list in
 * its loop's body, their indices as affine forms.  Provides: whether
 * the two may touch the same element in two different iterations of
 * the nest's loop (a dependence carried by that loop), and at what
 * distance.  Changes nothing.
 *
 * The question is a system over integers.  Each access gets its own
 * copy of the loop variables of the loops around it (the loop's own
 * variable i becomes i1 and i2); the loop-invariant symbols are shared
 * (unknown, but one value in both).  Constraints:
 *   - each index level where both forms are affine: A_l(x1) = B_l(x2)
 *     (a level that is not affine constrains nothing);
 *   - each loop around the access: its range lo..hi, where its bounds
 *     are affine (triangular `for j in i..n`, offset `1..(n - 1)`,
 *     bounds in symbols `for i in (k + 1)..n`), and the ranges of the
 *     loops around the nest whose variables are symbols (k in 0..n).  A
 *     range runs upwards, lo <= v < hi, or, where lo > hi, downwards,
 *     hi < v <= lo: where hi - lo is not a constant both cases are
 *     tried (up to CASES_MAX ranges; any further one constrains
 *     nothing), and a dependence found only in a downward case is
 *     reported as such;
 *   - every affine index >= 0: a negative index fails the kernel, whose
 *     loop the CPU then reruns, so such iterations never race; and every
 *     symbol that is a length >= 0;
 *   - an order: i1 < i2, then i1 > i2.
 * The equations are solved first: one whose coefficients' GCD does not
 * divide its constant has no integer solution (the GCD test:
 * a[2*i] and a[2*i + 1] never meet); one with a coefficient +-1 is
 * substituted into the rest.  The inequalities then go through
 * Fourier-Motzkin elimination (the bounds test, Banerjee's inequalities
 * for a single equation generalised to coupled subscripts and to
 * bounds that depend on outer variables), each derived row normalised
 * by its GCD with the constant rounded down, which keeps it exact for
 * the unit coefficients of ordinary nests.  A system that comes out
 * infeasible in every case and both orders means no dependence.  Where the rows
 * grow past a limit, or numbers past 2^40, the answer is "may depend".
 * The distance i2 - i1 is known when the substituted equations make it
 * a constant (a[i + 1] written, a[i] read: 1).
 */
#include <stdlib.h>
#include <string.h>

#include "filter_internal.h"

#define COLS (2 * FLT_AFF_VARS)
#define ROWS_MAX 256
#define BIG (1L << 40)

/* sum c[x] * x + cst, compared with 0 */
typedef struct Row {
  long c[COLS];
  long cst;
} Row;

typedef struct Sys {
  Row eq[8];                  /* == 0 */
  int neq;
  Row *ge;                    /* >= 0 */
  int nge;
  bool gave_up;               /* too large: assume a dependence */
} Sys;

static long
gcd(long a, long b)
{
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static long
floor_div(long a, long g)
{
  return a >= 0 ? a / g : -((-a + g - 1) / g);
}

/* Form f of access copy k (0, 1) into row r, times s. */
static void
put_form(FltAffNest *n, Row *r, const FltAff *f, int k, long s)
{
  for (int v = 0; v < n->nvars; v++) {
    if (!f->coef[v]) continue;
    int col = n->var[v].loop >= 0 ? v + k * FLT_AFF_VARS : v;
    r->c[col] += s * f->coef[v];
  }
  r->cst += s * f->cst;
}

static Row *
new_ge(Sys *s)
{
  if (s->nge == ROWS_MAX) {
    s->gave_up = true;
    return NULL;
  }
  Row *r = &s->ge[s->nge++];
  memset(r, 0, sizeof *r);
  return r;
}

/* A range bound to add: variable v of copy k (a symbol: k is 0). */
typedef struct Bound {
  int v, k;
  int dir;                    /* +1 ascending, -1 descending, 0 either */
} Bound;

/* The direction of v's range where its bounds tell (hi - lo constant). */
static int
direction(const FltAffVar *var)
{
  if (!var->lo.ok || !var->hi.ok) return 0;
  FltAff d = var->hi;
  for (int c = 0; c < FLT_AFF_VARS; c++)
    if (d.coef[c] != var->lo.coef[c]) return 0;
  return d.cst >= var->lo.cst ? 1 : -1;
}

/* The ranges of the loops around access x (copy k), and, once, those
 * of the loops around the nest whose variables are symbols. */
static int
list_bounds(FltAffNest *n, const FltAccess *x, int k, Bound *b, int nb)
{
  for (int v = 0; v < n->nvars; v++) {
    FltAffVar *var = &n->var[v];
    int h = var->loop;
    bool inner = h >= 0 && (v == 0 || (h < x->at && x->at < n->cfg->match[h]));
    bool outer = var->outer >= 0 && k == 0;
    if ((!inner && !outer) || (!var->lo.ok && !var->hi.ok)) continue;
    b[nb].v = v;
    b[nb].k = outer ? 0 : k;
    b[nb].dir = direction(var);
    nb++;
  }
  return nb;
}

/* lo <= v < hi (dir +1) or hi < v <= lo (dir -1) into s. */
static void
put_bound(FltAffNest *n, Sys *s, const Bound *b, int dir)
{
  FltAffVar *var = &n->var[b->v];
  int col = var->loop >= 0 ? b->v + b->k * FLT_AFF_VARS : b->v;
  Row *r;
  if (var->lo.ok && (r = new_ge(s))) {   /* dir * (v - lo) >= 0 */
    r->c[col] = dir;
    put_form(n, r, &var->lo, b->k, -dir);
  }
  if (var->hi.ok && (r = new_ge(s))) {   /* dir * (hi - v) - 1 >= 0 */
    r->c[col] = -dir;
    put_form(n, r, &var->hi, b->k, dir);
    r->cst -= 1;
  }
}

/* Divide by the GCD of the coefficients (an inequality: the constant
 * rounded down); false when the row cannot hold. */
static bool
normalise(Row *r, bool eq, bool *empty)
{
  long g = 0;
  for (int c = 0; c < COLS; c++) g = gcd(g, r->c[c]);
  *empty = g == 0;
  if (g == 0) return eq ? r->cst == 0 : r->cst >= 0;
  if (eq && r->cst % g) return false;   /* the GCD test */
  for (int c = 0; c < COLS; c++) r->c[c] /= g;
  r->cst = eq ? r->cst / g : floor_div(r->cst, g);
  return true;
}

/* r -= m * e */
static bool
sub_row(Row *r, const Row *e, long m)
{
  if (!m) return true;
  for (int c = 0; c < COLS; c++) {
    r->c[c] -= m * e->c[c];
    if (r->c[c] > BIG || r->c[c] < -BIG) return false;
  }
  r->cst -= m * e->cst;
  return r->cst <= BIG && r->cst >= -BIG;
}

/* Solve the equations (substituting unit pivots into the rest and into
 * t, the expression i2 - i1); false: no integer solution. */
static bool
solve_equations(Sys *s, Row *t)
{
  for (int e = 0; e < s->neq; e++) {
    Row *q = &s->eq[e];
    bool empty;
    if (!normalise(q, true, &empty)) return false;
    if (empty) continue;
    int p = -1;
    for (int c = 0; c < COLS && p < 0; c++)
      if (q->c[c] == 1 || q->c[c] == -1) p = c;
    if (p < 0) {   /* no unit pivot: both inequalities */
      Row *a = new_ge(s), *b = new_ge(s);
      if (!a || !b) return true;
      *a = *q;
      for (int c = 0; c < COLS; c++) b->c[c] = -q->c[c];
      b->cst = -q->cst;
      continue;
    }
    long sgn = q->c[p];   /* r - r[p] * sgn * q zeroes column p */
    bool ok = true;
    for (int f = e + 1; f < s->neq; f++)
      ok = ok && sub_row(&s->eq[f], q, s->eq[f].c[p] * sgn);
    for (int g = 0; g < s->nge; g++)
      ok = ok && sub_row(&s->ge[g], q, s->ge[g].c[p] * sgn);
    ok = ok && sub_row(t, q, t->c[p] * sgn);
    if (!ok) {
      s->gave_up = true;
      return true;
    }
  }
  return true;
}

/* Fourier-Motzkin: false when the inequalities have no solution
 * (tmp: room for ROWS_MAX rows). */
static bool
eliminate(Sys *s, Row *tmp)
{
  for (;;) {
    int n = 0;
    for (int g = 0; g < s->nge; g++) {   /* drop the constant rows */
      bool empty;
      if (!normalise(&s->ge[g], false, &empty)) return false;
      if (!empty) s->ge[n++] = s->ge[g];
    }
    s->nge = n;
    if (!n) return true;
    int best = -1;
    long cost = 0;
    for (int c = 0; c < COLS; c++) {
      long pos = 0, neg = 0;
      for (int g = 0; g < n; g++) {
        pos += s->ge[g].c[c] > 0;
        neg += s->ge[g].c[c] < 0;
      }
      if ((pos || neg) && (best < 0 || pos * neg < cost)) {
        best = c;
        cost = pos * neg;
      }
    }
    int m = 0;
    for (int g = 0; g < n; g++) {
      Row *p = &s->ge[g];
      if (p->c[best] == 0) {
        if (m == ROWS_MAX) return true;
        tmp[m++] = *p;
        continue;
      }
      if (p->c[best] < 0) continue;
      for (int h = 0; h < n; h++) {
        Row *q = &s->ge[h];
        if (q->c[best] >= 0) continue;
        if (m == ROWS_MAX) return true;   /* too many: may depend */
        Row *r = &tmp[m++];
        long a = p->c[best], b = -q->c[best];
        for (int c = 0; c < COLS; c++) {
          r->c[c] = b * p->c[c] + a * q->c[c];
          if (r->c[c] > BIG || r->c[c] < -BIG) return true;
        }
        r->cst = b * p->cst + a * q->cst;
        if (r->cst > BIG || r->cst < -BIG) return true;
      }
    }
    memcpy(s->ge, tmp, sizeof(Row) * (size_t)m);
    s->nge = m;
  }
}

static bool
feasible(Sys *s)
{
  Row *tmp = malloc(sizeof(Row) * ROWS_MAX);
  bool ok = !tmp || eliminate(s, tmp);   /* no memory: may depend */
  free(tmp);
  return ok;
}

#define CASES_MAX 6    /* ranges of unknown direction tried both ways */

/* The equations, the indices' signs (an index below 0 fails the
 * kernel, which the CPU then reruns) and the order of the iterations
 * (dir +1: a's before b's) into s; *t: i2 - i1. */
static void
put_base(FltAffNest *n, Sys *s, const FltAccess *a, const FltAccess *b,
         int dir, Row *t)
{
  int levels = a->n < b->n ? a->n : b->n;
  for (int l = 0; l < levels && s->neq < 8; l++) {
    if (!a->idx[l].ok || !b->idx[l].ok) continue;
    Row *q = &s->eq[s->neq++];
    put_form(n, q, &a->idx[l], 0, 1);
    put_form(n, q, &b->idx[l], 1, -1);
  }
  Row *r;
  for (int k = 0; k < 2; k++) {
    const FltAccess *x = k ? b : a;
    for (int l = 0; l < x->n; l++)
      if (x->idx[l].ok && (r = new_ge(s))) put_form(n, r, &x->idx[l], k, 1);
  }
  for (int v = 0; v < n->nvars; v++)
    if (n->var[v].nonneg && (r = new_ge(s))) r->c[v] = 1;   /* |xs| >= 0 */
  Row *d = new_ge(s);
  if (d) {   /* dir * (i2 - i1) - 1 >= 0 */
    d->c[FLT_AFF_VARS] = dir;
    d->c[0] = -dir;
    d->cst = -1;
  }
  memset(t, 0, sizeof *t);
  t->c[FLT_AFF_VARS] = 1;
  t->c[0] = -1;
}

/* May a solution exist with the ranges of unknown direction taken as
 * `mask` says (bit set: descending), those of the nest variables in
 * `up` as ascending?  *t: i2 - i1 after the equations. */
static bool
may_meet(FltAffNest *n, const FltAccess *a, const FltAccess *b, int dir,
         const Bound *bd, int nb, unsigned mask, uint32_t up, int rev,
         Row *ge, Row *t)
{
  Sys s = {0};
  s.ge = ge;
  put_base(n, &s, a, b, dir, t);
  Row *r;
  if (rev > 0 && (r = new_ge(&s))) {   /* v1 - v2 - 1 >= 0: v1 > v2 */
    r->c[rev] = 1;
    r->c[rev + FLT_AFF_VARS] = -1;
    r->cst = -1;
  }
  for (int i = 0, u = 0; i < nb; i++) {
    int d = bd[i].dir;
    if (d == 0 && up >> bd[i].v & 1) d = 1;
    if (d == 0 && u >= CASES_MAX) continue;   /* left unbounded */
    if (d == 0) d = mask >> u++ & 1 ? -1 : 1;
    put_bound(n, &s, &bd[i], d);
  }
  if (s.gave_up) return true;
  if (!solve_equations(&s, t)) return false;
  if (s.gave_up) return true;
  return feasible(&s) || s.gave_up;
}

/* Do a and b meet, the ranges of unknown direction of the variables in
 * `up` taken as ascending and every other one tried both ways?  order
 * +1: only with a's iteration before b's; 0: in either order. */
static bool
meet_in(FltAffNest *n, const FltAccess *a, const FltAccess *b,
        const Bound *bd, int nb, uint32_t up, int order, int rev, Row *ge,
        Row *t, bool *upward)
{
  int unknown = 0;
  for (int i = 0; i < nb; i++)
    unknown += bd[i].dir == 0 && !(up >> bd[i].v & 1);
  if (unknown > CASES_MAX) unknown = CASES_MAX;
  bool meet = false;
  *upward = false;
  for (unsigned mask = 0; !meet && mask < 1u << unknown; mask++)
    for (int dir = order ? order : -1; dir <= 1 && !meet; dir += 2) {
      meet = may_meet(n, a, b, dir, bd, nb, mask, up, rev, ge, t);
      *upward = meet && mask == 0;
    }
  return meet;
}

FltDepKind
flt_dep_carried(FltAffNest *n, const FltAccess *a, const FltAccess *b,
                long *dist, bool *downward, uint32_t *ascend)
{
  Bound bd[4 * FLT_AFF_VARS];
  int nb = list_bounds(n, a, 0, bd, 0);
  nb = list_bounds(n, b, 1, bd, nb);
  /* the nest's own ranges of unknown direction: a kernel can refuse to
   * run them descending (its loop's and flattened loops' on the host,
   * the loops in a work item's body in the kernel) */
  uint32_t own = 0;
  for (int i = 0; i < nb; i++)
    if (bd[i].dir == 0 && n->var[bd[i].v].loop >= 0
        && n->var[bd[i].v].outer < 0)
      own |= 1u << bd[i].v;
  Row *ge = malloc(sizeof(Row) * ROWS_MAX), t;
  if (!ge) return FLT_DEP_UNKNOWN;   /* no memory: may depend */
  bool up = false;
  bool meet = meet_in(n, a, b, bd, nb, 0, 0, -1, ge, &t, &up);
  if (meet && !up && own
      && !meet_in(n, a, b, bd, nb, own, 0, -1, ge, &t, &up)) {
    free(ge);
    *ascend |= own;
    return FLT_DEP_NONE;
  }
  free(ge);
  *downward = meet && !up;
  if (!meet) return FLT_DEP_NONE;
  for (int c = 0; c < COLS; c++)
    if (t.c[c]) return FLT_DEP_UNKNOWN;
  if (t.cst == 0) return FLT_DEP_UNKNOWN;   /* not expected: same iteration */
  *dist = t.cst < 0 ? -t.cst : t.cst;
  return FLT_DEP_DIST;
}

/* a in an iteration of the nest's loop, b in a later one; where rev is
 * a loop variable of the nest (> 0), a's value of it above b's. */
static bool
meet_ordered(FltAffNest *n, const FltAccess *a, const FltAccess *b, int rev)
{
  Bound bd[4 * FLT_AFF_VARS];
  int nb = list_bounds(n, a, 0, bd, 0);
  nb = list_bounds(n, b, 1, bd, nb);
  Row *ge = malloc(sizeof(Row) * ROWS_MAX), t;
  if (!ge) return true;   /* no memory: may depend */
  bool up = false, meet = meet_in(n, a, b, bd, nb, 0, 1, rev, ge, &t, &up);
  free(ge);
  return meet;
}

bool
flt_dep_before(FltAffNest *n, const FltAccess *a, const FltAccess *b)
{
  return meet_ordered(n, a, b, -1);
}

bool
flt_dep_crossed(FltAffNest *n, const FltAccess *a, const FltAccess *b,
                int v)
{
  if (v <= 0 || v >= n->nvars || n->var[v].loop < 0) return true;
  return meet_ordered(n, a, b, v);
}
