/* oclgen_ival.c -- intervals of device code's ints from their
 * definitions (constants, list lengths, a loop's variable, sums,
 * products, quotients, calls' results, what the narrow variant assumes),
 * and the comparisons the code makes (see oclgen_range.c for the whole
 * analysis).
 *
 * Contract (compiler/pipeline.c's table): Part of pass checks (intervals).
 * Requires: the check plan's definitions. Provides: intervals, to the checks
 * plan and the narrow choice. Invalidates nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "oclgen_ival.h"

/* ---------------------------------------------------------------- */
/* Definitions                                                        */

/* The instruction that defines r, once, in the emitted code or among a
 * kernel's constants; NULL otherwise. */
Insn *
ocl_iv_def_of(OclGen *g, int r)
{
  if (r < 0 || r >= g->fn->nregs) return NULL;
  if (g->def_at[r] >= 0) return g->fn->code[g->def_at[r]];
  return g->def_at[r] == -2 ? g->const_def[r] : NULL;
}

/* The int that CONST d writes, within w bits (64: the 64-bit kernel's
 * constants; otherwise strictly inside the 32-bit range). */
static bool
const_within(Insn *d, long long *v, int w)
{
  if (!d || d->op != OP_CONST || !d->cst || d->cst->kind != C_INT)
    return false;
  char *end;
  errno = 0;
  *v = strtoll(d->cst->text, &end, 10);
  if (*end || errno) return false;
  return w == 64 || (*v > INT32_MIN && *v < INT32_MAX);
}

/* The int that CONST d writes, within 32 bits. */
bool
ocl_iv_const(Insn *d, long long *v)
{
  return const_within(d, v, 32);
}

/* The kernel's loop (a FORALL just before the code emitted, its work
 * items) defines its variable, and the RANGE before it the range: for
 * intervals only (g->def_at counts what is in the code).  The range's
 * ends are the kernel's parameters lo, hi, from which the runtime
 * launches the work items. */
Insn *
ocl_iv_outer_def(OclGen *g, int r, int *at)
{
  Kernel *k = g->k;
  if (!k || !k->loop || k->loop->op != OP_FORALL || g->from < 1
      || g->fn->code[g->from - 1] != k->loop)
    return NULL;
  *at = g->from - 1;
  if (r == k->loop->dst) return k->loop;
  Insn *rg = g->from >= 2 ? g->fn->code[g->from - 2] : NULL;
  *at = g->from - 2;
  if (rg && rg->op == OP_RANGE && rg->dst == r && r == k->loop->args[0])
    return rg;
  return NULL;
}

bool
ocl_iv_int_const(OclGen *g, int r, long long *v)
{
  return ocl_iv_const(ocl_iv_def_of(g, r), v);
}

bool
ocl_int_type(Type *t)
{
  return t && ocl_tag_of(t) == TAG_INT && ty_expand(t)->kind == TY_INT;
}

bool
ocl_iv_is_int(Insn *in)
{
  return ocl_int_type(in->type);
}

/* The length of level `lvl` of list register x as text (a parameter:
 * lists are rectangular, so every row of a level has the same), or
 * NULL. */
static const char *
lens_text(OclGen *g, int x, int lvl, int depth)
{
  if (x < 0 || x >= g->fn->nregs || lvl > 2 || depth > DEPTH) return NULL;
  View *v = g->views[x];
  if (v) return lvl < v->depth ? v->lens[lvl] : NULL;
  Insn *d = ocl_iv_def_of(g, x);
  if (d && d->op == OP_INDEXOF)
    return lens_text(g, d->args[0], lvl + 1, depth + 1);
  if (d && d->op == OP_ASSIGN) return lens_text(g, d->args[0], lvl, depth + 1);
  return NULL;
}

const char *
ocl_len_text(OclGen *g, int x)
{
  return lens_text(g, x, 0, 0);
}

/* r and s are kernel parameters, never assigned, to which the call
 * site passes the same host register. */
bool
ocl_iv_same_param(OclGen *g, int r, int s)
{
  return g->palias && r >= 0 && s >= 0 && r < g->fn->nparams
         && s < g->fn->nparams && g->def_at[r] == DEF_NONE
         && g->def_at[s] == DEF_NONE && g->palias[r] == g->palias[s];
}

/* r and s hold the same value wherever both are defined. */
bool
ocl_iv_same_value(OclGen *g, int r, int s)
{
  if (r == s) return true;
  long long a, b;
  if (ocl_iv_int_const(g, r, &a) && ocl_iv_int_const(g, s, &b)) return a == b;
  if (ocl_iv_same_param(g, r, s)) return true;
  Insn *dr = ocl_iv_def_of(g, r), *ds = ocl_iv_def_of(g, s);
  if (!dr || !ds || dr->op != OP_LENGTHOF || ds->op != OP_LENGTHOF)
    return false;
  const char *x = lens_text(g, dr->args[0], 0, 0);
  const char *y = lens_text(g, ds->args[0], 0, 0);
  return x && y && !strcmp(x, y);
}

/* ---------------------------------------------------------------- */
/* Intervals                                                          */

Ival
ocl_iv_arith(Op op, Ival a, Ival b)
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
  Ival v = ocl_iv_arith(OP_MUL, a, a);
  v.lo = a.lo <= 0 && a.hi >= 0 ? 0 : bmin(sat(a.lo * a.lo), sat(a.hi * a.hi));
  return v;
}

/* [-2^b, 2^b - 1]: what the narrow variant assumes (oclgen_narrow.c). */
static Ival
bits_ival(int b)
{
  return (Ival){-((Big)1 << b), ((Big)1 << b) - 1};
}

/* The interval of a called function's parameter r on entry, from the
 * kernels' calls (OclCallFacts), when the body never assigns it. */
Ival
ocl_iv_param(OclGen *g, int r, int w)
{
  OclCallFacts *f = g->facts;
  /* an int argument or a loop index the narrow variant assumes small */
  if (g->k && g->hyp && r >= 0 && r < g->fn->nregs && g->hyp[r] > 0
      && g->def_at[r] == DEF_NONE)
    return bits_ival(g->hyp[r]);
  if (!f || g->k || r >= g->fn->nparams || !f->seen || f->open
      || g->def_at[r] != DEF_NONE)
    return top(w);
  return (Ival){f->lo[r][w == 64], f->hi[r][w == 64]};
}

Ival
ocl_iv_entry(OclGen *g, int r, int w)
{
  Ival v = ocl_iv_param(g, r, w);
  if (g->pmin && r < g->fn->nparams) {
    v.lo = bmax(v.lo, g->pmin[r]);   /* from the call site */
    v.hi = bmin(v.hi, g->pmax[r]);
  }
  return v;
}

/* Does `in` (an INDEXOF or FORALL, typed by its list) take an int from
 * a list of ints? */
static bool
int_elems(Insn *in)
{
  return in->type && ocl_int_type(ty_list_elem(in->type));
}

/* The list argument whose elements list register x holds (x itself, a
 * row of it, or a copy of either), or -1. */
static int
list_root(OclGen *g, int x, int depth)
{
  while (depth++ <= DEPTH && x >= 0 && x < g->fn->nregs) {
    if (g->def_at[x] == DEF_NONE) return x;
    Insn *d = ocl_iv_def_of(g, x);
    if (!d || (d->op != OP_INDEXOF && d->op != OP_ASSIGN)) return -1;
    x = d->args[0];
  }
  return -1;
}

/* The interval the narrow variant assumes of an element of list
 * register x (oclgen_narrow.c), or top. */
static Ival
elem_ival(OclGen *g, int x, int w)
{
  int root = g->hyp ? list_root(g, x, 0) : -1;
  return root < 0 || g->hyp[root] <= 0 ? top(w) : bits_ival(g->hyp[root]);
}

OclRetFacts *
ocl_ret_facts(OclGen *g, Func *fn)
{
  for (int i = 0; i < g->rets.n; i++) {
    OclRetFacts *f = g->rets.v[i];
    if (f->fn == fn) return f;
  }
  return NULL;
}

/* What a call of fn returns: what ocl_note_returns recorded (only of
 * functions that return ints), or top. */
static Ival
ret_ival(OclGen *g, Func *fn, int w)
{
  OclRetFacts *f = fn ? ocl_ret_facts(g, fn) : NULL;
  return f ? (Ival){f->lo[w == 64], f->hi[w == 64]} : top(w);
}

/* Term t of a bound of what call d returns, as an interval at p. */
static Ival
term_ival(OclGen *g, Insn *d, OclTerm t, int p, int w, int depth,
          bool facts)
{
  if (t.par < 0) return (Ival){t.c, t.c};
  if (t.par >= d->nargs) return top(w);
  return ocl_iv_at(g, d->args[t.par], p, w, depth + 1, facts);
}

/* What call d (at p) returns: what any call of its function returns,
 * narrowed by the bounds of each return in terms of this call's
 * arguments (oclgen_retbound.c): `max2(y - 1, 0)` is at least 0,
 * whatever y is.  Every lower bound of a return holds, so the greatest
 * of them does; the call returns through one of them. */
static Ival
call_ival(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  Ival v = ret_ival(g, d->callee, w);
  OclRetFacts *rf = ocl_call_terms(g, d);
  if (!rf) return v;
  Ival by = NONE;
  for (int i = 0; i < rf->nret; i++) {
    const OclRetBound *b = &rf->ret[i];
    Ival r = top(w);
    for (int j = 0; j < b->nlo; j++)
      r.lo = bmax(r.lo, term_ival(g, d, b->lo[j], p, w, depth, facts).lo);
    for (int j = 0; j < b->nhi; j++)
      r.hi = bmin(r.hi, term_ival(g, d, b->hi[j], p, w, depth, facts).hi);
    by = hull(by, r);
  }
  return meet(v, by);
}

/* The one definition of r, in the emitted code or (the kernel's loop
 * and its range) just before it, or NULL. */
static Insn *
def_or_outer(OclGen *g, int r)
{
  int at;
  Insn *d = ocl_iv_def_of(g, r);
  return d ? d : ocl_iv_outer_def(g, r, &at);
}

/* The RANGE a FORALL runs over, or NULL (a list's elements). */
static Insn *
range_of(OclGen *g, Insn *forall)
{
  Insn *rg = def_or_outer(g, forall->args[0]);
  return rg && rg->op == OP_RANGE ? rg : NULL;
}

/* Register v is the variable of a loop over lo..hi that ascends from
 * lo >= 0, and hi is n: 0 <= v < n. */
static bool
below(OclGen *g, int v, int n, int p, int w, int depth, bool facts)
{
  Insn *d = def_or_outer(g, v);
  Insn *rg = d && d->op == OP_FORALL ? range_of(g, d) : NULL;
  if (!rg || !ocl_iv_same_value(g, rg->args[1], n)) return false;
  /* n's value where the range was made is its value at p */
  if (!(n < g->fn->nparams && g->def_at[n] == DEF_NONE)
      && g->def_at[n] != -2)
    return false;
  Ival lo = ocl_iv_at(g, rg->args[0], p, w, depth + 1, facts);
  Ival hi = ocl_iv_at(g, rg->args[1], p, w, depth + 1, facts);
  return lo.lo >= 0 && lo.hi <= hi.lo;
}

/* y / n with n >= 1: no further from 0 than y; and c * v / n with
 * 0 <= v < n and a constant c >= 0 (a loop index scaled to [0, c),
 * `(3 * ONE * x) / size`) lies in [0, c - 1]. */
static Ival
quotient(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  Ival n = ocl_iv_at(g, d->args[1], p, w, depth + 1, facts);
  if (n.lo < 1) return top(w);
  Ival y = ocl_iv_at(g, d->args[0], p, w, depth + 1, facts);
  Ival v = {bmin(y.lo, 0), bmax(y.hi, 0)};
  Insn *m = ocl_iv_def_of(g, d->args[0]);
  if (!m || m->op != OP_MUL || !ocl_iv_is_int(m)) return v;
  int pm = g->def_at[d->args[0]] >= 0 ? g->def_at[d->args[0]] : g->from;
  for (int s = 0; s < 2; s++) {
    Ival c = ocl_iv_at(g, m->args[s], pm, w, depth + 1, facts);
    if (c.lo != c.hi || c.lo < 0
        || !below(g, m->args[1 - s], d->args[1], p, w, depth, facts))
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
rem_ival(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  Ival y = ocl_iv_at(g, d->args[0], p, w, depth + 1, facts);
  Ival n = ocl_iv_at(g, d->args[1], p, w, depth + 1, facts);
  Big big = bmax(n.hi, -n.lo);   /* the largest |n| */
  if (big < 1) return top(w);
  return (Ival){y.lo >= 0 ? 0 : bmax(y.lo, -(big - 1)),
                y.hi <= 0 ? 0 : bmin(y.hi, big - 1)};
}

/* The interval of r from its one definition d (at index p in the code,
 * or a constant outside it). */
Ival
ocl_iv_def(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  long long c;
  switch (d->op) {
  case OP_CONST:
    if (const_within(d, &c, w)) return (Ival){c, c};
    return top(w);
  case OP_LENGTHOF: return (Ival){0, wmax(w)};
  case OP_ASSIGN:
    if (!ocl_iv_is_int(d)) return top(w);
    return ocl_iv_at(g, d->args[0], p, w, depth + 1, facts);
  case OP_INDEXOF:
    return int_elems(d) ? elem_ival(g, d->args[0], w) : top(w);
  case OP_INVOKE:
    return fit(call_ival(g, d, p, w, depth, facts), w);
  case OP_FORALL: {
    Insn *rg = range_of(g, d);
    if (!rg) return int_elems(d) ? elem_ival(g, d->args[0], w) : top(w);
    Ival lo = ocl_iv_at(g, rg->args[0], p, w, depth + 1, facts);
    Ival hi = ocl_iv_at(g, rg->args[1], p, w, depth + 1, facts);
    return (Ival){bmin(lo.lo, hi.lo + 1), bmax(lo.hi, hi.hi - 1)};
  }
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: {
    if (!ocl_iv_is_int(d)) return top(w);
    Ival a = ocl_iv_at(g, d->args[0], p, w, depth + 1, facts);
    Ival b = d->nargs > 1 ? ocl_iv_at(g, d->args[1], p, w, depth + 1, facts)
                          : a;
    if (d->op == OP_MUL && d->args[0] == d->args[1])
      return fit(square(a), w);
    return fit(ocl_iv_arith(d->op, a, b), w);
  }
  case OP_REM:
    if (!ocl_iv_is_int(d)) return top(w);
    return rem_ival(g, d, p, w, depth, facts);
  case OP_DIV: {
    if (!ocl_iv_is_int(d)) return top(w);
    if (!ocl_iv_int_const(g, d->args[1], &c))
      return quotient(g, d, p, w, depth, facts);
    if (c <= 0) return top(w);
    Ival a = ocl_iv_at(g, d->args[0], p, w, depth + 1, facts);
    return (Ival){a.lo / c, a.hi / c};
  }
  default: return top(w);
  }
}

/* Narrow v, the value of a register r, by `r cmp b`. */
Ival
ocl_iv_narrow(Ival v, Cmp cmp, Ival b)
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
ocl_iv_path_stop(OclGen *g, Insn *in)
{
  return (in->op == OP_LABEL && g->label_used[in->label])
         || in->op == OP_LOOP || in->op == OP_FORALL || in->op == OP_END;
}

/* The comparison known to hold right after instruction q (an `if`
 * fallen through, an assert passed): false when none. */
bool
ocl_iv_fact_at(Insn *in, int *a, Cmp *cmp, int *b)
{
  if ((in->op != OP_IF && in->op != OP_ASSERT) || in->cmp > CMP_GE
      || !ocl_iv_is_int(in))
    return false;
  *a = in->args[0];
  *b = in->args[1];
  *cmp = in->op == OP_IF ? negate(in->cmp) : in->cmp;
  return true;
}

bool
ocl_iv_defines(Insn *in, int r)
{
  return wyil_def_reg(in) == r;
}
