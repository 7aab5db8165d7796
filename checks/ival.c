/* ival.c -- intervals of device code's ints from their definitions
 * (constants, list lengths, a loop's variable, sums, products,
 * quotients, calls' results, what the narrow variant assumes), and the
 * comparisons the code makes (see range.c for the whole analysis).
 *
 * Contract (compiler/pipeline.c's table): part of the analysis of
 * passes narrow, store32 and checks (intervals).  Requires: the check
 * plan's definitions (range.c).  Provides: intervals, to the check plan
 * and the narrow choice.  Invalidates nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "checks_internal.h"

/* ---------------------------------------------------------------- */
/* Definitions                                                        */

/* The instruction that defines r, once, in the code planned or among a
 * kernel's constants; NULL otherwise. */
Insn *
chk_iv_def_of(const ChkFunc *cf, int r)
{
  if (r < 0 || r >= cf->fn->nregs) return NULL;
  if (cf->def_at[r] >= 0) return cf->fn->code[cf->def_at[r]];
  return cf->def_at[r] == -2 ? cf->const_def[r] : NULL;
}

/* The int that CONST d writes, within w bits (64: the wide kernel's
 * constants; narrower: strictly inside that range). */
bool
chk_iv_const(const Insn *d, long long *v, int w)
{
  if (!d || d->op != OP_CONST || !d->cst || d->cst->kind != C_INT)
    return false;
  char *end;
  errno = 0;
  *v = strtoll(d->cst->text, &end, 10);
  if (*end || errno) return false;
  return w >= 64 || (*v > -wmax(w) - 1 && *v < wmax(w));
}

/* The kernel's loop (a FORALL just before the code planned, its work
 * items) defines its variable, and the RANGE before it the range: for
 * intervals only (cf->def_at counts what is in the code).  The range's
 * ends are the kernel's parameters lo, hi, from which the runtime
 * launches the work items. */
Insn *
chk_iv_outer_def(const ChkFunc *cf, int r, int *at)
{
  Kernel *k = cf->k;
  if (!k || !k->loop || k->loop->op != OP_FORALL || cf->from < 1
      || cf->fn->code[cf->from - 1] != k->loop)
    return NULL;
  *at = cf->from - 1;
  if (r == k->loop->dst) return k->loop;
  Insn *rg = cf->from >= 2 ? cf->fn->code[cf->from - 2] : NULL;
  *at = cf->from - 2;
  if (rg && rg->op == OP_RANGE && rg->dst == r && r == k->loop->args[0])
    return rg;
  return NULL;
}

bool
chk_iv_int_const(const ChkFunc *cf, int r, long long *v)
{
  return chk_iv_const(chk_iv_def_of(cf, r), v, cf->bits[0]);
}

bool
chk_int_type(Type *t)
{
  return t && ty_expand(t)->kind == TY_INT;
}

bool
chk_iv_is_int(const Insn *in)
{
  return chk_int_type(in->type);
}

/* The length of level `lvl` of list register x as the length of level
 * *level of list parameter *list (lists are rectangular, so every row
 * of a level has the same): false when it is none. */
static bool
lens_of(const ChkFunc *cf, int x, int lvl, int depth, int *list, int *level)
{
  if (x < 0 || x >= cf->fn->nregs || lvl > 2 || depth > DEPTH) return false;
  if (cf->list_depth[x]) {
    *list = x;
    *level = lvl;
    return lvl < cf->list_depth[x];
  }
  Insn *d = chk_iv_def_of(cf, x);
  if (d && d->op == OP_INDEXOF)
    return lens_of(cf, d->args[0], lvl + 1, depth + 1, list, level);
  if (d && d->op == OP_ASSIGN)
    return lens_of(cf, d->args[0], lvl, depth + 1, list, level);
  return false;
}

bool
chk_len_of(const ChkFunc *cf, int x, int *list, int *level)
{
  return lens_of(cf, x, 0, 0, list, level);
}

/* r and s are kernel parameters, never assigned, to which the call
 * site passes the same host register. */
bool
chk_iv_same_param(const ChkFunc *cf, int r, int s)
{
  return cf->palias && r >= 0 && s >= 0 && r < cf->fn->nparams
         && s < cf->fn->nparams && cf->def_at[r] == DEF_NONE
         && cf->def_at[s] == DEF_NONE && cf->palias[r] == cf->palias[s];
}

/* r and s hold the same value wherever both are defined. */
bool
chk_iv_same_value(const ChkFunc *cf, int r, int s)
{
  if (r == s) return true;
  long long a, b;
  if (chk_iv_int_const(cf, r, &a) && chk_iv_int_const(cf, s, &b)) return a == b;
  if (chk_iv_same_param(cf, r, s)) return true;
  Insn *dr = chk_iv_def_of(cf, r), *ds = chk_iv_def_of(cf, s);
  if (!dr || !ds || dr->op != OP_LENGTHOF || ds->op != OP_LENGTHOF)
    return false;
  int xl, xv, yl, yv;
  return chk_len_of(cf, dr->args[0], &xl, &xv)
         && chk_len_of(cf, ds->args[0], &yl, &yv) && xl == yl && xv == yv;
}

/* ---------------------------------------------------------------- */
/* Intervals                                                          */

Ival
chk_iv_arith(Op op, Ival a, Ival b)
{
  switch (op) {
  case OP_ADD: return (Ival){sat(a.lo + b.lo), sat(a.hi + b.hi)};
  case OP_SUB: return (Ival){sat(a.lo - b.hi), sat(a.hi - b.lo)};
  case OP_NEG: return (Ival){sat(-a.hi), sat(-a.lo)};
  case OP_MUL: {
    Big p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    Ival v = {p[0], p[0]};
    for (int i = 1; i < 4; i++) {
      v.lo = bmin(v.lo, p[i]);
      v.hi = bmax(v.hi, p[i]);
    }
    return (Ival){sat(v.lo), sat(v.hi)};
  }
  default: return (Ival){-BIG_INF, BIG_INF};
  }
}

/* x * x for x in a: never negative. */
static Ival
square(Ival a)
{
  Ival v = chk_iv_arith(OP_MUL, a, a);
  v.lo = a.lo <= 0 && a.hi >= 0 ? 0 : bmin(sat(a.lo * a.lo), sat(a.hi * a.hi));
  return v;
}

/* [-2^b, 2^b - 1]: what the narrow variant assumes (narrow.c). */
static Ival
bits_ival(int b)
{
  return (Ival){-((Big)1 << b), ((Big)1 << b) - 1};
}

/* The interval of a called function's parameter r on entry, from the
 * kernels' calls (ChkCallFacts), when the body never assigns it. */
Ival
chk_iv_param(const ChkFunc *cf, int r, int w)
{
  ChkCallFacts *f = cf->facts;
  /* an int argument or a loop index the narrow variant assumes small */
  if (cf->k && cf->hyp && r >= 0 && r < cf->fn->nregs && cf->hyp[r] > 0
      && cf->def_at[r] == DEF_NONE)
    return bits_ival(cf->hyp[r]);
  if (!f || cf->k || r >= cf->fn->nparams || !f->seen || f->open
      || cf->def_at[r] != DEF_NONE)
    return top(w);
  return (Ival){f->lo[r][width_at(cf, w)], f->hi[r][width_at(cf, w)]};
}

Ival
chk_iv_entry(const ChkFunc *cf, int r, int w)
{
  Ival v = chk_iv_param(cf, r, w);
  if (cf->pmin && r < cf->fn->nparams) {
    v.lo = bmax(v.lo, cf->pmin[r]);   /* from the call site */
    v.hi = bmin(v.hi, cf->pmax[r]);
  }
  return v;
}

/* Does `in` (an INDEXOF or FORALL, typed by its list) take an int from
 * a list of ints? */
static bool
int_elems(const Insn *in)
{
  return in->type && chk_int_type(ty_list_elem(in->type));
}

/* The list argument whose elements list register x holds (x itself, a
 * row of it, or a copy of either), or -1. */
static int
list_root(const ChkFunc *cf, int x, int depth)
{
  while (depth++ <= DEPTH && x >= 0 && x < cf->fn->nregs) {
    if (cf->def_at[x] == DEF_NONE) return x;
    Insn *d = chk_iv_def_of(cf, x);
    if (!d || (d->op != OP_INDEXOF && d->op != OP_ASSIGN)) return -1;
    x = d->args[0];
  }
  return -1;
}

/* The interval the narrow variant assumes of an element of list
 * register x (narrow.c), or top. */
static Ival
elem_ival(const ChkFunc *cf, int x, int w)
{
  int root = cf->hyp ? list_root(cf, x, 0) : -1;
  return root < 0 || cf->hyp[root] <= 0 ? top(w) : bits_ival(cf->hyp[root]);
}

ChkRetFacts *
chk_ret_facts(const ChkFunc *cf, const Func *fn)
{
  for (int i = 0; i < cf->pl->rets.n; i++) {
    ChkRetFacts *f = cf->pl->rets.v[i];
    if (f->fn == fn) return f;
  }
  return NULL;
}

/* What a call of fn returns: what chk_note_returns recorded (only of
 * functions that return ints), or top. */
static Ival
ret_ival(const ChkFunc *cf, const Func *fn, int w)
{
  ChkRetFacts *f = fn ? chk_ret_facts(cf, fn) : NULL;
  return f ? (Ival){f->lo[width_at(cf, w)], f->hi[width_at(cf, w)]} : top(w);
}

/* Term t of a bound of what call d returns, as an interval at p. */
static Ival
term_ival(ChkFunc *cf, Insn *d, ChkTerm t, int p, int w, int depth,
          bool facts)
{
  if (t.par < 0) return (Ival){t.c, t.c};
  if (t.par >= d->nargs) return top(w);
  return chk_iv_at(cf, d->args[t.par], p, w, depth + 1, facts);
}

/* What call d (at p) returns: what any call of its function returns,
 * narrowed by the bounds of each return in terms of this call's
 * arguments (retbound.c): `max2(y - 1, 0)` is at least 0,
 * whatever y is.  Every lower bound of a return holds, so the greatest
 * of them does; the call returns through one of them. */
static Ival
call_ival(ChkFunc *cf, Insn *d, int p, int w, int depth, bool facts)
{
  Ival v = ret_ival(cf, d->callee, w);
  ChkRetFacts *rf = chk_call_terms(cf, d);
  if (!rf) return v;
  Ival by = NONE;
  for (int i = 0; i < rf->nret; i++) {
    const ChkRetBound *b = &rf->ret[i];
    Ival r = top(w);
    for (int j = 0; j < b->nlo; j++)
      r.lo = bmax(r.lo, term_ival(cf, d, b->lo[j], p, w, depth, facts).lo);
    for (int j = 0; j < b->nhi; j++)
      r.hi = bmin(r.hi, term_ival(cf, d, b->hi[j], p, w, depth, facts).hi);
    by = hull(by, r);
  }
  return meet(v, by);
}

/* The one definition of r, in the code planned or (the kernel's loop
 * and its range) just before it, or NULL. */
static Insn *
def_or_outer(const ChkFunc *cf, int r)
{
  int at;
  Insn *d = chk_iv_def_of(cf, r);
  return d ? d : chk_iv_outer_def(cf, r, &at);
}

/* The RANGE a FORALL runs over, or NULL (a list's elements). */
static Insn *
range_of(const ChkFunc *cf, const Insn *forall)
{
  Insn *rg = def_or_outer(cf, forall->args[0]);
  return rg && rg->op == OP_RANGE ? rg : NULL;
}

/* Register v is the variable of a loop over lo..hi that ascends from
 * lo >= 0, and hi is n: 0 <= v < n. */
static bool
below(ChkFunc *cf, int v, int n, int p, int w, int depth, bool facts)
{
  Insn *d = def_or_outer(cf, v);
  Insn *rg = d && d->op == OP_FORALL ? range_of(cf, d) : NULL;
  if (!rg || !chk_iv_same_value(cf, rg->args[1], n)) return false;
  /* n's value where the range was made is its value at p */
  if (!(n < cf->fn->nparams && cf->def_at[n] == DEF_NONE)
      && cf->def_at[n] != -2)
    return false;
  Ival lo = chk_iv_at(cf, rg->args[0], p, w, depth + 1, facts);
  Ival hi = chk_iv_at(cf, rg->args[1], p, w, depth + 1, facts);
  return lo.lo >= 0 && lo.hi <= hi.lo;
}

/* y / n with n >= 1: no further from 0 than y; and c * v / n with
 * 0 <= v < n and a constant c >= 0 (a loop index scaled to [0, c),
 * `(3 * ONE * x) / size`) lies in [0, c - 1]. */
static Ival
quotient(ChkFunc *cf, Insn *d, int p, int w, int depth, bool facts)
{
  Ival n = chk_iv_at(cf, d->args[1], p, w, depth + 1, facts);
  if (n.lo < 1) return top(w);
  Ival y = chk_iv_at(cf, d->args[0], p, w, depth + 1, facts);
  Ival v = {bmin(y.lo, 0), bmax(y.hi, 0)};
  Insn *m = chk_iv_def_of(cf, d->args[0]);
  if (!m || m->op != OP_MUL || !chk_iv_is_int(m)) return v;
  int pm = cf->def_at[d->args[0]] >= 0 ? cf->def_at[d->args[0]] : cf->from;
  for (int s = 0; s < 2; s++) {
    Ival c = chk_iv_at(cf, m->args[s], pm, w, depth + 1, facts);
    if (c.lo != c.hi || c.lo < 0
        || !below(cf, m->args[1 - s], d->args[1], p, w, depth, facts))
      continue;
    v.lo = bmax(v.lo, 0);
    v.hi = bmin(v.hi, c.lo > 0 ? c.lo - 1 : 0);
    break;
  }
  return v;
}

/* y % n (truncated: the sign of y, |y % n| < |n| and <= |y|), for any
 * divisor (0 fails before the result is used). */
static Ival
rem_ival(ChkFunc *cf, Insn *d, int p, int w, int depth, bool facts)
{
  Ival y = chk_iv_at(cf, d->args[0], p, w, depth + 1, facts);
  Ival n = chk_iv_at(cf, d->args[1], p, w, depth + 1, facts);
  Big big = bmax(n.hi, -n.lo);   /* the largest |n| */
  if (big < 1) return top(w);
  return (Ival){y.lo >= 0 ? 0 : bmax(y.lo, -(big - 1)),
                y.hi <= 0 ? 0 : bmin(y.hi, big - 1)};
}

/* The interval of r from its one definition d (at index p in the code,
 * or a constant outside it). */
Ival
chk_iv_def(ChkFunc *cf, Insn *d, int p, int w, int depth, bool facts)
{
  long long c;
  switch (d->op) {
  case OP_CONST:
    if (chk_iv_const(d, &c, w)) return (Ival){c, c};
    return top(w);
  case OP_LENGTHOF: return (Ival){0, wmax(w)};
  case OP_ASSIGN:
    if (!chk_iv_is_int(d)) return top(w);
    return chk_iv_at(cf, d->args[0], p, w, depth + 1, facts);
  case OP_INDEXOF:
    return int_elems(d) ? elem_ival(cf, d->args[0], w) : top(w);
  case OP_INVOKE:
    return fit(call_ival(cf, d, p, w, depth, facts), w);
  case OP_FORALL: {
    Insn *rg = range_of(cf, d);
    if (!rg) return int_elems(d) ? elem_ival(cf, d->args[0], w) : top(w);
    Ival lo = chk_iv_at(cf, rg->args[0], p, w, depth + 1, facts);
    Ival hi = chk_iv_at(cf, rg->args[1], p, w, depth + 1, facts);
    return (Ival){bmin(lo.lo, hi.lo + 1), bmax(lo.hi, hi.hi - 1)};
  }
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: {
    if (!chk_iv_is_int(d)) return top(w);
    Ival a = chk_iv_at(cf, d->args[0], p, w, depth + 1, facts);
    Ival b = d->nargs > 1 ? chk_iv_at(cf, d->args[1], p, w, depth + 1, facts)
                          : a;
    if (d->op == OP_MUL && d->args[0] == d->args[1])
      return fit(square(a), w);
    return fit(chk_iv_arith(d->op, a, b), w);
  }
  case OP_REM:
    if (!chk_iv_is_int(d)) return top(w);
    return rem_ival(cf, d, p, w, depth, facts);
  case OP_DIV: {
    if (!chk_iv_is_int(d)) return top(w);
    if (!chk_iv_int_const(cf, d->args[1], &c))
      return quotient(cf, d, p, w, depth, facts);
    if (c <= 0) return top(w);
    Ival a = chk_iv_at(cf, d->args[0], p, w, depth + 1, facts);
    return (Ival){a.lo / c, a.hi / c};
  }
  default: return top(w);
  }
}

/* Narrow v, the value of a register r, by `r cmp b`. */
Ival
chk_iv_narrow(Ival v, Cmp cmp, Ival b)
{
  switch (cmp) {
  case CMP_LT: v.hi = bmin(v.hi, b.hi - 1); break;
  case CMP_LE: v.hi = bmin(v.hi, b.hi); break;
  case CMP_GT: v.lo = bmax(v.lo, b.lo + 1); break;
  case CMP_GE: v.lo = bmax(v.lo, b.lo); break;
  case CMP_EQ: v.lo = bmax(v.lo, b.lo); v.hi = bmin(v.hi, b.hi); break;
  default: break;
  }
  return v;
}

static Cmp
negate(Cmp c)
{
  static const Cmp neg[] = {CMP_NE, CMP_EQ, CMP_GE, CMP_GT, CMP_LE, CMP_LT};
  return neg[c];
}

/* Instruction q ends a straight path backwards: control may enter
 * after it from elsewhere, or it is a loop's boundary. */
bool
chk_iv_path_stop(const ChkFunc *cf, const Insn *in)
{
  return (in->op == OP_LABEL && cf->label_used[in->label])
         || in->op == OP_LOOP || in->op == OP_FORALL || in->op == OP_END;
}

/* The comparison known to hold right after instruction q (an `if`
 * fallen through, an assert passed): false when none. */
bool
chk_iv_fact_at(const Insn *in, int *a, Cmp *cmp, int *b)
{
  if ((in->op != OP_IF && in->op != OP_ASSERT) || in->cmp > CMP_GE
      || !chk_iv_is_int(in))
    return false;
  *a = in->args[0];
  *b = in->args[1];
  *cmp = in->op == OP_IF ? negate(in->cmp) : in->cmp;
  return true;
}

bool
chk_iv_defines(const Insn *in, int r)
{
  return wyil_def_reg(in) == r;
}
