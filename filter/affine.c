/* affine.c -- affine access functions of a loop nest (an analysis).
 *
 * Requires: the Cfg of the function (wyil/cfg.c).  Input: a FORALL over
 * a range at fn->code[at], the loop whose iterations depend.c asks
 * about, and the definitions inside its body.  Output: an FltAffNest,
 * the nest's variables (the loop variables of that loop and of every
 * range loop in its body, with their bounds, and the loop-invariant
 * symbols: registers the body does not write, whose values are unknown
 * but the same in every iteration), and, on request, each int register
 * read at an instruction of the body as an affine form
 *
 *     c + a1*v1 + ... + an*vn      (integer c, ai; vi variables)
 *
 * or "not affine".  Invalidates nothing: it changes no code.
 *
 * A register is looked through where its one value at the point of use
 * is known: a loop variable is that of the innermost loop around the
 * use defining it; a register the body defines once by add, sub, neg,
 * a copy, or a multiplication by a constant, at an instruction that
 * runs before the use in every iteration of the innermost loop holding
 * both (it dominates the use there), is the form of its operands at
 * that instruction, when the loop variables in it belong to loops
 * around the use.  A register the body does not write is a symbol, or
 * (when its value is made before the loop from constants, parameters
 * the function never writes and the variables of loops around the loop,
 * by definitions that run before the loop in every iteration of the
 * loops around both) the form of that: so `for i in (k + 1)..n` gives
 * i >= k + 1 for the symbol k.  Anything else is a symbol (invariant)
 * or not affine (written in the body).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "filter_internal.h"

#define AFF_LIMIT (1L << 40)   /* coefficients beyond: not affine */
#define DOM_REGION_MAX 20000   /* instructions a dominance search visits */

static FltAff
aff_none(void)
{
  FltAff f;
  memset(&f, 0, sizeof f);
  return f;
}

static FltAff
aff_const(long c)
{
  FltAff f = aff_none();
  f.ok = true;
  f.cst = c;
  return f;
}

static FltAff
aff_var(int v)
{
  FltAff f = aff_const(0);
  f.coef[v] = 1;
  return f;
}

static bool
too_big(long x)
{
  return x > AFF_LIMIT || x < -AFF_LIMIT;
}

/* a + s * b */
static FltAff
aff_add(FltAff a, FltAff b, long s)
{
  if (!a.ok || !b.ok) return aff_none();
  a.cst += s * b.cst;
  if (too_big(a.cst)) return aff_none();
  for (int v = 0; v < FLT_AFF_VARS; v++) {
    a.coef[v] += s * b.coef[v];
    if (too_big(a.coef[v])) return aff_none();
  }
  return a;
}

static FltAff
aff_scale(FltAff a, long k)
{
  return aff_add(aff_const(0), a, k);
}

bool
flt_aff_is_const(const FltAff *f)
{
  for (int v = 0; v < FLT_AFF_VARS; v++)
    if (f->coef[v]) return false;
  return f->ok;
}

/* ---- positions ---------------------------------------------------- */

static int
loop_end(FltAffNest *n, int h)
{
  return n->cfg->match[h];
}

/* The innermost loop around both code[p] and code[q] (p <= q), or -1. */
static int
loop_around_both(FltAffNest *n, int p, int q)
{
  int h = flt_loop_around(n->fn, n->cfg, p);
  while (h >= 0 && loop_end(n, h) <= q) h = flt_loop_around(n->fn, n->cfg, h);
  return h;
}

/* Does every path from the top of an iteration of the innermost loop
 * around code[p] and code[q] (or from the function's start) to q pass
 * through p, which no loop holds without q?  A search from that top
 * that never enters p. */
static bool
dominates(FltAffNest *n, int p, int q)
{
  if (p == q) return true;
  if (p > q) return false;
  int h = loop_around_both(n, p, q);
  /* p in a loop that q is not in: a later iteration of that loop (a
   * while loop that leaves by a break) may have changed what p read */
  if (h != flt_loop_around(n->fn, n->cfg, p)) return false;
  int from = h + 1, to = h >= 0 ? loop_end(n, h) : n->fn->ncode;
  if (p == from) return true;
  if (to - from > DOM_REGION_MAX) return false;  /* not worth the search */
  /* scratch, freed at once: the search may run once per index */
  uint8_t *seen = calloc((size_t)(to - from + 1), 1);
  int *stack = malloc(sizeof(int) * (size_t)(to - from + 1));
  bool dom = seen && stack;   /* no memory: not known to dominate */
  int sp = 0;
  if (dom) {
    stack[sp++] = from;
    seen[0] = 1;
  }
  while (sp && dom) {
    int i = stack[--sp];
    if (i == q) dom = false;
    for (int s = n->cfg->succ_at[i]; s < n->cfg->succ_at[i + 1]; s++) {
      int j = n->cfg->succ[s];
      if (j < from || j >= to || j == p || seen[j - from]) continue;
      seen[j - from] = 1;
      stack[sp++] = j;
    }
  }
  free(seen);
  free(stack);
  return dom;
}

/* ---- variables ---------------------------------------------------- */

static int
add_var(FltAffNest *n, int reg, int loop)
{
  for (int v = 0; v < n->nvars; v++)
    if (n->var[v].reg == reg && n->var[v].loop == loop) return v;
  if (n->nvars == FLT_AFF_VARS) return -1;
  FltAffVar *x = &n->var[n->nvars];
  x->reg = reg;
  x->loop = loop;
  x->outer = -1;
  x->lo = x->hi = aff_none();
  return n->nvars++;
}

static FltAff
aff_sym(FltAffNest *n, int reg)
{
  int v = add_var(n, reg, -1);
  if (v < 0) return aff_none();
  const Cfg *t = n->cfg;   /* a length made once: never negative */
  n->var[v].nonneg = t->ndefs[reg] == 1
                     && n->fn->code[t->def_at[reg]]->op == OP_LENGTHOF;
  return aff_var(v);
}

/* The int constant of a CONST, if small. */
static bool
const_value(Insn *d, long *out)
{
  if (d->op != OP_CONST || d->cst->kind != C_INT) return false;
  errno = 0;
  char *end;
  long long x = strtoll(d->cst->text, &end, 10);
  if (errno || *end || too_big((long)x)) return false;
  *out = (long)x;
  return true;
}

static bool
is_int(Insn *d)
{
  return d->type && ty_expand(d->type)->kind == TY_INT;
}

/* The form of arithmetic instruction d from its operands' forms. */
static FltAff
combine(Insn *d, FltAff a, FltAff b)
{
  switch (d->op) {
  case OP_ASSIGN: return a;
  case OP_NEG: return aff_scale(a, -1);
  case OP_ADD: return aff_add(a, b, 1);
  case OP_SUB: return aff_add(a, b, -1);
  case OP_MUL:
    if (flt_aff_is_const(&a)) return aff_scale(b, a.cst);
    if (flt_aff_is_const(&b)) return aff_scale(a, b.cst);
    return aff_none();
  default: return aff_none();
  }
}

static bool
arith(Insn *d)
{
  return (d->op == OP_ASSIGN || d->op == OP_NEG || d->op == OP_ADD
          || d->op == OP_SUB || d->op == OP_MUL) && is_int(d);
}

static FltAff outer_expand(FltAffNest *n, int r, int before, int depth);

/* The variable r of the loop at code[h] around the nest: a symbol, with
 * the bounds of its range where they are stable forms (range made once,
 * before h, on every path there). */
static FltAff
outer_var(FltAffNest *n, int r, int h, int depth)
{
  int known = n->nvars;
  FltAff f = aff_sym(n, r);
  if (!f.ok || n->nvars == known) return f;   /* full, or seen before */
  int v = known, src = n->fn->code[h]->args[0];
  n->var[v].outer = h;
  if (n->cfg->ndefs[src] != 1) return f;
  int p = n->cfg->def_at[src];
  Insn *d = n->fn->code[p];
  if (d->op != OP_RANGE || p >= h || !dominates(n, p, h)) return f;
  FltAff lo = outer_expand(n, d->args[0], p, depth + 1);
  FltAff hi = outer_expand(n, d->args[1], p, depth + 1);
  n->var[v].lo = lo;
  n->var[v].hi = hi;
  return f;
}

/* The value of register r (not written in the body) read at code[before]
 * (before <= at), from stable leaves only; ok false when it is none. */
static FltAff
outer_expand(FltAffNest *n, int r, int before, int depth)
{
  const Cfg *t = n->cfg;
  Func *fn = n->fn;
  if (depth > 8 || r < 0) return aff_none();
  if (r < fn->nparams && t->ndefs[r] == 0) return aff_sym(n, r);
  if (t->ndefs[r] != 1) return aff_none();
  int p = t->def_at[r];
  Insn *d = fn->code[p];
  long c;
  if (const_value(d, &c)) return aff_const(c);
  if (d->op == OP_FORALL)   /* a loop around the loop: fixed in it */
    return p < before && loop_end(n, p) > n->at ? outer_var(n, r, p, depth)
                                                : aff_none();
  if (p >= before || !dominates(n, p, n->at)) return aff_none();
  if (!arith(d)) return aff_sym(n, r);   /* made once, before: fixed */
  FltAff a = outer_expand(n, d->args[0], p, depth + 1);
  FltAff b = d->nargs > 1 ? outer_expand(n, d->args[1], p, depth + 1)
                          : aff_const(0);
  return combine(d, a, b);
}

/* A register the body does not write: its form, else a symbol. */
static FltAff
invariant_form(FltAffNest *n, int r)
{
  FltAff f = outer_expand(n, r, n->at, 0);
  return f.ok ? f : aff_sym(n, r);
}

/* The loop variable v's FORALL encloses code[i]? */
static bool
var_encloses(FltAffNest *n, int v, int i)
{
  int h = n->var[v].loop;
  return h >= 0 && h < i && i < loop_end(n, h);
}

static FltAff
body_form(FltAffNest *n, int r, int use, int depth)
{
  Func *fn = n->fn;
  if (depth > 8 || r < 0) return aff_none();
  if (n->ndefs[r] == 0) {
    if (r == fn->code[n->at]->dst) return aff_var(0);
    return invariant_form(n, r);
  }
  /* a loop variable: every definition of r in the body is a FORALL */
  int nforall = 0, h = -1, p = -1;
  for (int i = n->at + 1; i < n->end; i++) {
    if (wyil_def_reg(fn->code[i]) != r) continue;
    p = i;
    if (fn->code[i]->op != OP_FORALL) continue;
    nforall++;
    if (i < use && use < loop_end(n, i)) h = i;   /* innermost so far */
  }
  if (nforall == n->ndefs[r]) {
    for (int v = 0; h >= 0 && v < n->nvars; v++)
      if (n->var[v].loop == h) return aff_var(v);
    return aff_none();
  }
  if (n->ndefs[r] != 1 || !dominates(n, p, use)) return aff_none();
  Insn *d = fn->code[p];
  long c;
  if (const_value(d, &c)) return aff_const(c);
  if (!arith(d)) return aff_none();
  FltAff a = body_form(n, d->args[0], p, depth + 1);
  FltAff b = d->nargs > 1 ? body_form(n, d->args[1], p, depth + 1)
                          : aff_const(0);
  FltAff f = combine(d, a, b);
  for (int v = 0; f.ok && v < n->nvars; v++)
    if (f.coef[v] && n->var[v].loop >= 0 && v > 0 && !var_encloses(n, v, use))
      return aff_none();
  return f;
}

FltAff
flt_aff_at(FltAffNest *n, int r, int use)
{
  return body_form(n, r, use, 0);
}

/* The bounds of the range loop at code[h] in the body: lo <= v < hi. */
static void
inner_bounds(FltAffNest *n, int v, int h)
{
  int src = n->fn->code[h]->args[0];
  FltAffVar *x = &n->var[v];
  if (n->ndefs[src] == 1) {
    int p = -1;
    for (int i = n->at + 1; i < h; i++)
      if (wyil_def_reg(n->fn->code[i]) == src) p = i;
    if (p < 0 || n->fn->code[p]->op != OP_RANGE || !dominates(n, p, h))
      return;
    x->lo = body_form(n, n->fn->code[p]->args[0], p, 0);
    x->hi = body_form(n, n->fn->code[p]->args[1], p, 0);
  } else if (n->ndefs[src] == 0 && n->cfg->ndefs[src] == 1) {
    int p = n->cfg->def_at[src];
    Insn *d = n->fn->code[p];
    if (d->op != OP_RANGE || p >= n->at || !dominates(n, p, n->at)) return;
    x->lo = outer_expand(n, d->args[0], p, 0);
    x->hi = outer_expand(n, d->args[1], p, 0);
  }
}

FltAffNest *
flt_aff_nest(Func *fn, int at, const int *ndefs, int lo, int hi)
{
  FltAffNest *n = wyil_alloc(sizeof(FltAffNest));
  n->fn = fn;
  n->cfg = wyil_cfg(fn);
  n->at = at;
  n->end = loop_end(n, at);
  n->ndefs = ndefs;
  add_var(n, fn->code[at]->dst, at);     /* variable 0 */
  n->var[0].lo = invariant_form(n, lo);  /* check_bounds: unchanged */
  n->var[0].hi = invariant_form(n, hi);
  for (int h = at + 1; h < n->end; h++) {
    if (fn->code[h]->op != OP_FORALL) continue;
    int v = add_var(n, fn->code[h]->dst, h);
    if (v >= 0) inner_bounds(n, v, h);
  }
  return n;
}

/* ---- printing ----------------------------------------------------- */

static const char *
var_text(FltAffNest *n, int v)
{
  int r = n->var[v].reg;
  const char *nm = n->fn->regnames[r];
  if (nm) return nm;
  const Cfg *t = n->cfg;
  if (t->ndefs[r] == 1) {   /* |xs| */
    Insn *d = n->fn->code[t->def_at[r]];
    const char *of = d->nargs ? n->fn->regnames[d->args[0]] : NULL;
    if (d->op == OP_LENGTHOF && of) return wyil_fmt("|%s|", of);
  }
  return "?";
}

const char *
flt_aff_str(FltAffNest *n, const FltAff *f)
{
  if (!f->ok) return "?";
  StrBuf sb = {0};
  bool first = true;
  for (int v = 0; v < n->nvars; v++) {
    long a = f->coef[v];
    if (!a) continue;
    if (!first) sb_puts(&sb, a < 0 ? " - " : " + ");
    else if (a < 0) sb_puts(&sb, "-");
    long m = a < 0 ? -a : a;
    if (m != 1) sb_printf(&sb, "%ld*", m);
    sb_puts(&sb, var_text(n, v));
    first = false;
  }
  if (first) sb_printf(&sb, "%ld", f->cst);
  else if (f->cst) sb_printf(&sb, " %c %ld", f->cst < 0 ? '-' : '+',
                             f->cst < 0 ? -f->cst : f->cst);
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}
