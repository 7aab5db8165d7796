/* oclgen_range.c -- which checks of a function's device code can go, and
 * which can move: a range analysis of its ints, run before its body is
 * emitted (ocl_plan_checks), whose answers oclgen_insn.c asks.
 *
 * Intervals.  A register defined once in the emitted code (or a
 * kernel's constant) has an interval from its definition: constants,
 * list lengths (>= 0), the variable of a loop over lo..hi (between lo
 * and hi, either direction), sums, differences, products and quotients
 * of intervals.  At a use, comparisons that dominate it on a straight
 * path (an `if` fallen through, an assert passed, no branch target nor
 * loop boundary between, neither operand redefined since) narrow it.
 * Ints are 32 or 64 bits wide on the device (one source serves both,
 * the runtime picks): an unknown int is the width's whole range, so each
 * question is answered for both widths and a check goes only when both
 * prove it cannot fail.  A value a checked operation produced fits the
 * width (else the check failed), so results are clamped to it: that is
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
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

typedef __int128 Big;  /* exact sums and products of two 64-bit ends */

#define BIG_INF ((Big)1 << 100)

typedef struct Ival {
  Big lo, hi;
} Ival;

/* How deep list questions recurse through definitions. */
#define DEPTH 4
/* ... and interval questions (a bound for the stack: the memo bounds
 * the work) */
#define IVAL_DEPTH 64

/* g->def_at of a register no instruction of the code defines (a
 * parameter the body never assigns) */
#define DEF_NONE (-3)

static Big
wmax(int w)
{
  return w == 32 ? (Big)INT32_MAX : (Big)INT64_MAX;
}

static Ival
top(int w)
{
  return (Ival){-wmax(w) - 1, wmax(w)};
}

static Big
bmin(Big a, Big b)
{
  return a < b ? a : b;
}

static Big
bmax(Big a, Big b)
{
  return a > b ? a : b;
}

/* Clamp to [-BIG_INF, BIG_INF] so that products of ends stay exact. */
static Big
sat(Big x)
{
  return x > BIG_INF ? BIG_INF : x < -BIG_INF ? -BIG_INF : x;
}

/* The values a checked operation may produce: those that fit. */
static Ival
fit(Ival v, int w)
{
  Ival t = top(w);
  v.lo = bmax(v.lo, t.lo);
  v.hi = bmin(v.hi, t.hi);
  if (v.lo > v.hi) return t;  /* always overflows: never produced */
  return v;
}

static bool
fits(Ival v, int w)
{
  Ival t = top(w);
  return v.lo >= t.lo && v.hi <= t.hi;
}

/* ---------------------------------------------------------------- */
/* Definitions                                                        */

/* The instruction that defines r, once, in the emitted code or among a
 * kernel's constants; NULL otherwise. */
static Insn *
def_of(OclGen *g, int r)
{
  if (r < 0 || r >= g->fn->nregs) return NULL;
  if (g->def_at[r] >= 0) return g->fn->code[g->def_at[r]];
  return g->def_at[r] == -2 ? g->const_def[r] : NULL;
}

/* The int that CONST d writes, within 32 bits. */
static bool
const_value(Insn *d, long long *v)
{
  if (!d || d->op != OP_CONST || !d->cst || d->cst->kind != C_INT)
    return false;
  char *end;
  *v = strtoll(d->cst->text, &end, 10);
  return *end == 0 && *v > INT32_MIN && *v < INT32_MAX;
}

/* The kernel's loop (a FORALL just before the code emitted, its work
 * items) defines its variable, and the RANGE before it the range: for
 * intervals only (g->def_at counts what is in the code).  The range's
 * ends are the kernel's parameters lo, hi, from which the runtime
 * launches the work items. */
static Insn *
outer_def(OclGen *g, int r, int *at)
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

static bool
int_const(OclGen *g, int r, long long *v)
{
  return const_value(def_of(g, r), v);
}

bool
ocl_int_type(Type *t)
{
  return t && ocl_tag_of(t) == TAG_INT && ty_expand(t)->kind == TY_INT;
}

static bool
is_int(Insn *in)
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
  Insn *d = def_of(g, x);
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
static bool
same_param(OclGen *g, int r, int s)
{
  return g->palias && r >= 0 && s >= 0 && r < g->fn->nparams
         && s < g->fn->nparams && g->def_at[r] == DEF_NONE
         && g->def_at[s] == DEF_NONE && g->palias[r] == g->palias[s];
}

/* r and s hold the same value wherever both are defined. */
static bool
same_value(OclGen *g, int r, int s)
{
  if (r == s) return true;
  long long a, b;
  if (int_const(g, r, &a) && int_const(g, s, &b)) return a == b;
  if (same_param(g, r, s)) return true;
  Insn *dr = def_of(g, r), *ds = def_of(g, s);
  if (!dr || !ds || dr->op != OP_LENGTHOF || ds->op != OP_LENGTHOF)
    return false;
  const char *x = lens_text(g, dr->args[0], 0, 0);
  const char *y = lens_text(g, ds->args[0], 0, 0);
  return x && y && !strcmp(x, y);
}

/* ---------------------------------------------------------------- */
/* Intervals                                                          */

static Ival ival_at(OclGen *g, int r, int p, int w, int depth, bool facts);

static Ival
arith(Op op, Ival a, Ival b)
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
  Ival v = arith(OP_MUL, a, a);
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
static Ival
param_ival(OclGen *g, int r, int w)
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
    Insn *d = def_of(g, x);
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

/* Register v is the variable of a loop over lo..hi that ascends from
 * lo >= 0, and hi is n: 0 <= v < n. */
static bool
below(OclGen *g, int v, int n, int p, int w, int depth, bool facts)
{
  int at;
  Insn *d = def_of(g, v);
  if (!d) d = outer_def(g, v, &at);
  Insn *rg = d && d->op == OP_FORALL ? def_of(g, d->args[0]) : NULL;
  if (d && d->op == OP_FORALL && !rg) rg = outer_def(g, d->args[0], &at);
  if (!rg || rg->op != OP_RANGE || !same_value(g, rg->args[1], n))
    return false;
  /* n's value where the range was made is its value at p */
  if (!(n < g->fn->nparams && g->def_at[n] == DEF_NONE)
      && g->def_at[n] != -2)
    return false;
  Ival lo = ival_at(g, rg->args[0], p, w, depth + 1, facts);
  Ival hi = ival_at(g, rg->args[1], p, w, depth + 1, facts);
  return lo.lo >= 0 && lo.hi <= hi.lo;
}

/* y / n with n >= 1: no further from 0 than y; and c * v / n with
 * 0 <= v < n and a constant c >= 0 (a loop index scaled to [0, c),
 * `(3 * ONE * x) / size`) lies in [0, c - 1]. */
static Ival
quotient(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  Ival n = ival_at(g, d->args[1], p, w, depth + 1, facts);
  if (n.lo < 1) return top(w);
  Ival y = ival_at(g, d->args[0], p, w, depth + 1, facts);
  Ival v = {bmin(y.lo, 0), bmax(y.hi, 0)};
  Insn *m = def_of(g, d->args[0]);
  if (!m || m->op != OP_MUL || !is_int(m)) return v;
  int pm = g->def_at[d->args[0]] >= 0 ? g->def_at[d->args[0]] : g->from;
  for (int s = 0; s < 2; s++) {
    Ival c = ival_at(g, m->args[s], pm, w, depth + 1, facts);
    if (c.lo != c.hi || c.lo < 0
        || !below(g, m->args[1 - s], d->args[1], p, w, depth, facts))
      continue;
    v.lo = bmax(v.lo, 0);
    v.hi = bmin(v.hi, c.lo > 0 ? c.lo - 1 : 0);
    break;
  }
  return v;
}

/* The interval of r from its one definition d (at index p in the code,
 * or a constant outside it). */
static Ival
ival_def(OclGen *g, Insn *d, int p, int w, int depth, bool facts)
{
  long long c;
  switch (d->op) {
  case OP_CONST:
    if (const_value(d, &c)) return (Ival){c, c};
    return top(w);
  case OP_LENGTHOF: return (Ival){0, wmax(w)};
  case OP_ASSIGN:
    if (!is_int(d)) return top(w);
    return ival_at(g, d->args[0], p, w, depth + 1, facts);
  case OP_INDEXOF:
    return int_elems(d) ? elem_ival(g, d->args[0], w) : top(w);
  case OP_INVOKE:
    return fit(ret_ival(g, d->callee, w), w);
  case OP_FORALL: {
    int at;
    Insn *rg = def_of(g, d->args[0]);
    if (!rg) rg = outer_def(g, d->args[0], &at);
    if (!rg || rg->op != OP_RANGE)
      return int_elems(d) ? elem_ival(g, d->args[0], w) : top(w);
    Ival lo = ival_at(g, rg->args[0], p, w, depth + 1, facts);
    Ival hi = ival_at(g, rg->args[1], p, w, depth + 1, facts);
    return (Ival){bmin(lo.lo, hi.lo + 1), bmax(lo.hi, hi.hi - 1)};
  }
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: {
    if (!is_int(d)) return top(w);
    Ival a = ival_at(g, d->args[0], p, w, depth + 1, facts);
    Ival b = d->nargs > 1 ? ival_at(g, d->args[1], p, w, depth + 1, facts) : a;
    if (d->op == OP_MUL && d->args[0] == d->args[1])
      return fit(square(a), w);
    return fit(arith(d->op, a, b), w);
  }
  case OP_DIV: case OP_REM: {
    if (is_int(d) && d->op == OP_DIV && !int_const(g, d->args[1], &c))
      return quotient(g, d, p, w, depth, facts);
    if (!is_int(d) || !int_const(g, d->args[1], &c) || c <= 0) return top(w);
    Ival a = ival_at(g, d->args[0], p, w, depth + 1, facts);
    if (d->op == OP_DIV) return (Ival){a.lo / c, a.hi / c};
    return (Ival){a.lo >= 0 ? 0 : -(c - 1), a.hi <= 0 ? 0 : c - 1};
  }
  default: return top(w);
  }
}

/* Narrow v, the value of a register r, by `r cmp b`. */
static Ival
narrow(Ival v, Cmp cmp, Ival b)
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
static bool
path_stop(OclGen *g, Insn *in)
{
  return (in->op == OP_LABEL && g->label_used[in->label])
         || in->op == OP_LOOP || in->op == OP_FORALL || in->op == OP_END;
}

/* The comparison known to hold right after instruction q (an `if`
 * fallen through, an assert passed): false when none. */
static bool
fact_at(Insn *in, int *a, Cmp *cmp, int *b)
{
  if ((in->op != OP_IF && in->op != OP_ASSERT) || in->cmp > CMP_GE
      || !is_int(in))
    return false;
  *a = in->args[0];
  *b = in->args[1];
  *cmp = in->op == OP_IF ? negate(in->cmp) : in->cmp;
  return true;
}

static bool
defines(Insn *in, int r)
{
  return wyil_def_reg(in) == r;
}

/* The one definition of r in fn, or NULL. */
static Insn *
only_def(Func *fn, int r)
{
  Insn *d = NULL;
  for (int q = 0; q < fn->ncode; q++) {
    if (wyil_def_reg(fn->code[q]) != r) continue;
    if (d) return NULL;
    d = fn->code[q];
  }
  return d;
}

/* Host register h of function fn holds the int constant *c wherever it
 * is defined (once, by a CONST). */
static bool
host_const(Func *fn, int h, long long *c)
{
  Insn *d = only_def(fn, h);
  char *end;
  if (!d || d->op != OP_CONST || !d->cst || d->cst->kind != C_INT)
    return false;
  *c = strtoll(d->cst->text, &end, 10);
  return !*end && *c > INT32_MIN && *c < INT32_MAX;
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
      if (off->args[p] == off->args[hi] && g->pmin[p] < (Big)c + 1) {
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
/* Registers defined more than once, and comparisons of results        */

/* The hull of every definition of r in the code (a loop-carried
 * `zr = t`, its `zr = 0` before the loop), and of its value on entry
 * when it is a parameter.  A definition whose value depends on r again
 * meets the question being answered (ival_at's memo) and says top; the
 * comparisons at the use narrow that. */
static Ival
join_defs(OclGen *g, int r, int w, int depth, bool facts)
{
  Ival v = top(w);
  bool any = false;
  for (int j = g->defs_at[r]; j < g->defs_at[r + 1]; j++) {
    int i = g->defs[j];
    Insn *d = g->fn->code[i];
    if (d->op == OP_UPDATE) return top(w);
    Ival x = ival_def(g, d, i, w, depth, facts);
    v = any ? (Ival){bmin(v.lo, x.lo), bmax(v.hi, x.hi)} : x;
    any = true;
  }
  /* and what the code before the emitted code leaves in it: a kernel's
   * loop variable, its range, its constants */
  for (int i = 0; i < g->from; i++) {
    Insn *d = g->fn->code[i];
    if (wyil_def_reg(d) != r) continue;
    int at;
    if (d->op == OP_UPDATE
        || (d->op != OP_CONST && outer_def(g, r, &at) != d))
      return top(w);
    Ival x = ival_def(g, d, i, w, depth, facts);
    v = any ? (Ival){bmin(v.lo, x.lo), bmax(v.hi, x.hi)} : x;
    any = true;
  }
  for (int c = 0; g->k && c < g->k->consts.n; c++) {
    Insn *d = g->k->consts.v[c];
    long long x;
    if (d->dst != r) continue;
    if (!const_value(d, &x)) return top(w);
    v = any ? (Ival){bmin(v.lo, x), bmax(v.hi, x)} : (Ival){x, x};
    any = true;
  }
  if (r < g->fn->nparams) {
    Ival x = param_ival(g, r, w);
    if (g->pmin) {
      x.lo = bmax(x.lo, g->pmin[r]);
      x.hi = bmin(x.hi, g->pmax[r]);
    }
    v = any ? (Ival){bmin(v.lo, x.lo), bmax(v.hi, x.hi)} : x;
    any = true;
  }
  return any ? v : top(w);
}

static Ival
meet(Ival a, Ival b)
{
  return (Ival){bmax(a.lo, b.lo), bmin(a.hi, b.hi)};
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

/* No instruction strictly between dp and q ends the straight path or
 * writes an operand of code[dp]: the operands hold at q the values
 * code[dp] read. */
static bool
kept_to(OclGen *g, int dp, int q)
{
  Insn *d = g->fn->code[dp];
  for (int a = 0; a < d->nargs; a++)   /* `x = x + 1`: the old x is gone */
    if (d->args[a] == d->dst) return false;
  for (int s = dp + 1; s < q; s++) {
    Insn *in = g->fn->code[s];
    if (path_stop(g, in)) return false;
    for (int a = 0; a < d->nargs; a++)
      if (defines(in, d->args[a])) return false;
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
  for (int a = 0; a < d->nargs; a++)
    if (d->args[a] == d->dst) return false;
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
  if (dp < g->from || dp >= q || !kept_to(g, dp, q)) return top(w);
  Insn *d = g->fn->code[dp];
  if (!is_int(d) || d->nargs < 1) return top(w);
  int a = d->args[0], b = d->nargs > 1 ? d->args[1] : -1;
  if (d->op != OP_ASSIGN && b < 0) return top(w);
  switch (d->op) {
  case OP_ASSIGN: return back_bound(g, a, t, r, q, w, depth + 1);
  case OP_ADD: case OP_SUB: {
    Ival ia = ival_at(g, a, dp, w, depth + 1, false);
    Ival ib = ival_at(g, b, dp, w, depth + 1, false);
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
      Ival c = ival_at(g, d->args[k], dp, w, depth + 1, false);
      if (c.lo != c.hi || c.lo <= 0) continue;
      Big lo = t.lo >= 0 ? (t.lo + c.lo - 1) / c.lo : t.lo / c.lo;
      Big hi = t.hi >= 0 ? t.hi / c.lo : (t.hi - c.lo + 1) / c.lo;
      v = meet(v, back_bound(g, d->args[1 - k], (Ival){lo, hi}, r, q, w,
                             depth + 1));
    }
    return v;
  }
  case OP_DIV: {
    Ival c = ival_at(g, b, dp, w, depth + 1, false);
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
  int nest;            /* ival_at calls open */
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

/* The interval of r at p; `facts`: narrowed by comparisons (those of
 * the compared values are not, which bounds the work). */
static Ival
ival_at(OclGen *g, int r, int p, int w, int depth, bool facts)
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

static Ival
ival_find(OclGen *g, int r, int p, int w, int depth, bool facts)
{
  Insn *d = def_of(g, r);
  Ival v;
  int at;
  Insn *outer = d ? NULL : outer_def(g, r, &at);
  if (d)
    v = ival_def(g, d, g->def_at[r] >= 0 ? g->def_at[r] : g->from, w, depth,
                 facts);
  else if (outer)   /* with what the narrow variant assumes of it */
    v = meet(ival_def(g, outer, at, w, depth, facts), param_ival(g, r, w));
  else if (g->def_at[r] == -1)
    v = join_defs(g, r, w, depth, facts);
  else
    v = param_ival(g, r, w);
  if (!d && g->pmin && r < g->fn->nparams && g->def_at[r] == DEF_NONE) {
    v.lo = bmax(v.lo, g->pmin[r]);   /* from the call site */
    v.hi = bmin(v.hi, g->pmax[r]);
  }
  /* comparisons on the straight path back from p */
  for (int q = p - 1; facts && q >= g->from; q--) {
    Insn *in = g->fn->code[q];
    if (defines(in, r) || path_stop(g, in)) break;
    int a, b;
    Cmp cmp;
    if (!fact_at(in, &a, &cmp, &b) || a == b) continue;
    if (a != r && same_param(g, a, r)) a = r;  /* `m < 0`, lo the same */
    else if (b != r && same_param(g, b, r)) b = r;
    if (a == b) continue;
    if (a != r && b != r) {
      /* a comparison of values computed from r */
      if (!computed_from(g, a, r, q, depth + 1)
          && !computed_from(g, b, r, q, depth + 1))
        continue;
      Ival ia = ival_at(g, a, q, w, depth + 1, false);
      Ival ib = ival_at(g, b, q, w, depth + 1, false);
      v = meet(v, back_bound(g, a, narrow(top(w), cmp, ib), r, q, w,
                             depth + 1));
      v = meet(v, back_bound(g, b, narrow(top(w), cmp_mirror(cmp), ia), r,
                             q, w, depth + 1));
      continue;
    }
    int other = a == r ? b : a;
    bool moved = false;  /* the other operand redefined since q */
    for (int s = q + 1; s < p && !moved; s++)
      moved = defines(g->fn->code[s], other);
    if (moved) continue;
    Ival o = ival_at(g, other, q, w, depth + 1, false);
    v = narrow(v, a == r ? cmp : cmp_mirror(cmp), o);
  }
  if (v.lo > v.hi) return top(w);  /* unreachable: say nothing */
  return v;
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
    if (defines(in, a) || defines(in, b) || path_stop(g, in)) return false;
    int x, y;
    Cmp fc;
    if (!fact_at(in, &x, &fc, &y)) continue;
    bool moved = false;
    for (int s = q + 1; s < p && !moved; s++)
      moved = defines(g->fn->code[s], x) || defines(g->fn->code[s], y);
    if (moved) continue;
    if (same_value(g, x, a) && same_value(g, y, b) && implies(fc, cmp))
      return true;
    if (same_value(g, x, b) && same_value(g, y, a)
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
  if (in->cmp > CMP_GE || !is_int(in)) return false;
  int a = in->args[0], b = in->args[1];
  if (implied(g, a, in->cmp, b, p)) return true;
  for (int w = 32; w <= 64; w += 32)
    if (!decided(ival_at(g, a, p, w, 0, true), in->cmp,
                 ival_at(g, b, p, w, 0, true)))
      return false;
  return true;
}

bool
ocl_no_overflow(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  if (!g->def_at || !is_int(in)) return false;
  for (int w = 32; w <= 64; w += 32) {
    Ival a = ival_at(g, in->args[0], p, w, 0, true);
    Ival b = in->nargs > 1 ? ival_at(g, in->args[1], p, w, 0, true) : a;
    if (!fits(arith(in->op, a, b), w)) return false;
  }
  return true;
}

bool
ocl_excludes(OclGen *g, int p, int r, long long c)
{
  if (!g->def_at || r < 0) return false;
  for (int w = 32; w <= 64; w += 32) {
    Ival v = ival_at(g, r, p, w, 0, true);
    if (v.lo <= c && c <= v.hi) return false;
  }
  return true;
}

bool
ocl_excludes_min(OclGen *g, int p, int r)
{
  if (!g->def_at || r < 0) return false;
  for (int w = 32; w <= 64; w += 32)
    if (ival_at(g, r, p, w, 0, true).lo <= top(w).lo) return false;
  return true;
}

int
ocl_sign(OclGen *g, int p, int r)
{
  if (!g->def_at || r < 0) return 0;
  int s = 2;
  for (int w = 32; w <= 64; w += 32) {
    Ival v = ival_at(g, r, p, w, 0, true);
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
    Ival l = ival_at(g, lo, p, w, 0, true), h = ival_at(g, hi, p, w, 0, true);
    up = up && l.hi <= h.lo;
    down = down && l.lo >= h.hi;
  }
  return up ? 1 : down ? -1 : 0;
}

bool
ocl_int_const(OclGen *g, int r, long long *v)
{
  return g->def_at && int_const(g, r, v);
}

long
ocl_proved_weight(OclGen *g)
{
  long sum = 0;
  int depth = 0;
  for (int p = g->from; p < g->to; p++) {
    Insn *in = g->fn->code[p];
    long w = 1L << (4 * (depth < 4 ? depth : 4));
    switch (in->op) {
    case OP_FORALL: case OP_LOOP: depth++; break;
    case OP_END: depth -= depth > 0; break;
    case OP_ASSERT: sum += g->chk[p] == CHK_PROVED ? w : 0; break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
      sum += ocl_no_overflow(g, p) ? w : 0;
      break;
    case OP_DIV: case OP_REM:
      if (!is_int(in)) break;
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
  Ival a = ival_at(g, r, p, 32, 0, true), b = ival_at(g, r, p, 64, 0, true);
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
        && in->args[0] == lt->args[0] && int_const(g, in->args[1], &zero)
        && zero == 0 && ocl_assert_code(in->name) == 2) {
      g->chk[q] = CHK_FUSED;
      g->chk[p] = CHK_UNSIGNED;
      return;
    }
    if (in->op != OP_LENGTHOF && in->op != OP_NOP) return;
  }
}

void
ocl_plan_checks(OclGen *g)
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
  g->defs_at = wyil_alloc(sizeof(int) * (nr + 1));
  g->defs = wyil_alloc(sizeof(int) * ((size_t)(g->to - g->from) + 1));
  for (int r = 0; r < fn->nregs; r++) g->defs_at[r + 1] = g->defs_at[r] + ndefs[r];
  for (int i = g->from, *fill = wyil_alloc(sizeof(int) * nr); i < g->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0 && d < fn->nregs) g->defs[g->defs_at[d] + fill[d]++] = i;
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
        Ival v = isint ? ival_at(g, in->args[a], p, w, 0, true) : top(w);
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
  Ival v[2];
  bool any = false;
  for (int p = g->from; p < g->to; p++) {
    Insn *in = fn->code[p];
    if (in->op != OP_RETURN || in->nargs < 1) continue;
    for (int k = 0; k < 2; k++) {
      Ival r = ival_at(g, in->args[0], p, k ? 64 : 32, 0, true);
      v[k] = any ? (Ival){bmin(v[k].lo, r.lo), bmax(v[k].hi, r.hi)} : r;
    }
    any = true;
  }
  if (!any) return;
  OclRetFacts *f = wyil_alloc(sizeof *f);
  f->fn = fn;
  for (int k = 0; k < 2; k++) {
    f->lo[k] = v[k].lo;
    f->hi[k] = v[k].hi;
  }
  ocl_ret_terms(fn, f);
  vec_push(&g->rets, f);
}
