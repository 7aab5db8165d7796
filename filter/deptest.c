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
 *   - each loop around the access: lo <= v < hi, where its bounds are
 *     affine (triangular `for j in i..n`, offset `1..(n - 1)`, bounds
 *     in symbols `for i in (k + 1)..n`);
 *   - a direction: i1 < i2, then i1 > i2.
 * The equations are solved first: one whose coefficients' GCD does not
 * divide its constant has no integer solution (the GCD test:
 * a[2*i] and a[2*i + 1] never meet); one with a coefficient +-1 is
 * substituted into the rest.  The inequalities then go through
 * Fourier-Motzkin elimination (the bounds test, Banerjee's inequalities
 * for a single equation generalised to coupled subscripts and to
 * bounds that depend on outer variables), each derived row normalised
 * by its GCD with the constant rounded down, which keeps it exact for
 * the unit coefficients of ordinary nests.  A system that comes out
 * infeasible in both directions means no dependence.  Where the rows
 * grow past a limit, or numbers past 2^40, the answer is "may depend".
 * The distance i2 - i1 is known when the substituted equations make it
 * a constant (a[i + 1] written, a[i] read: 1).
 */
#include <string.h>

#include "filter_internal.h"

#define COLS (2 * FLT_AFF_VARS)
#define ROWS_MAX 400
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

/* The bounds of the loops around access x (copy k). */
static void
put_bounds(FltAffNest *n, Sys *s, const FltAccess *x, int k)
{
  for (int v = 0; v < n->nvars; v++) {
    FltAffVar *var = &n->var[v];
    int h = var->loop;
    if (h < 0 || (v > 0 && !(h < x->at && x->at < n->cfg->match[h])))
      continue;
    Row *r;
    if (var->lo.ok && (r = new_ge(s))) {      /* v - lo >= 0 */
      r->c[v + k * FLT_AFF_VARS] = 1;
      put_form(n, r, &var->lo, k, -1);
    }
    if (var->hi.ok && (r = new_ge(s))) {      /* hi - 1 - v >= 0 */
      r->c[v + k * FLT_AFF_VARS] = -1;
      put_form(n, r, &var->hi, k, 1);
      r->cst -= 1;
    }
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

/* Fourier-Motzkin: false when the inequalities have no solution. */
static bool
feasible(Sys *s)
{
  Row *tmp = wyil_alloc(sizeof(Row) * ROWS_MAX);
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

/* The system for direction dir (+1: a's iteration before b's); may a
 * solution exist?  *t: i2 - i1 after the equations. */
static bool
may_meet(FltAffNest *n, const FltAccess *a, const FltAccess *b, int dir,
         Row *t)
{
  Sys s = {0};
  s.ge = wyil_alloc(sizeof(Row) * ROWS_MAX);
  int levels = a->n < b->n ? a->n : b->n;
  for (int l = 0; l < levels && l < 8; l++) {
    if (!a->idx[l].ok || !b->idx[l].ok) continue;
    Row *q = &s.eq[s.neq++];
    put_form(n, q, &a->idx[l], 0, 1);
    put_form(n, q, &b->idx[l], 1, -1);
  }
  put_bounds(n, &s, a, 0);
  put_bounds(n, &s, b, 1);
  Row *d = new_ge(&s);
  if (d) {   /* dir * (i2 - i1) - 1 >= 0 */
    d->c[FLT_AFF_VARS] = dir;
    d->c[0] = -dir;
    d->cst = -1;
  }
  memset(t, 0, sizeof *t);
  t->c[FLT_AFF_VARS] = 1;
  t->c[0] = -1;
  if (s.gave_up) return true;
  if (!solve_equations(&s, t)) return false;
  if (s.gave_up) return true;
  return feasible(&s) || s.gave_up;
}

FltDepKind
flt_dep_carried(FltAffNest *n, const FltAccess *a, const FltAccess *b,
                long *dist)
{
  Row t;
  bool fwd = may_meet(n, a, b, 1, &t);
  bool back = may_meet(n, a, b, -1, &t);
  if (!fwd && !back) return FLT_DEP_NONE;
  for (int c = 0; c < COLS; c++)
    if (t.c[c]) return FLT_DEP_UNKNOWN;
  if (t.cst == 0) return FLT_DEP_UNKNOWN;   /* not expected: same iteration */
  *dist = t.cst < 0 ? -t.cst : t.cst;
  return FLT_DEP_DIST;
}
