/* inject.c -- writes at computed indices, shown one-to-one on the host.
 *
 * `xs[e] = v` in a nest of range loops, where e is an affine function of
 * the loop variables with coefficients the nest does not change
 * (`mask[a + m + (b + m) * (2 * m + 1)]`, `xs[n - 1 - i]`, `xs[2 * i]`),
 * lets the iterations run in parallel exactly when e takes a different
 * value in every iteration of the nest.  Whether it does depends on
 * values known only when the nest starts, so this pass puts a test
 * before the outermost loop: with c_j the coefficient of the j-th loop's
 * variable and n_j its number of iterations, e is one-to-one over the
 * nest when, for some order of the loops,
 *
 *     sum over the loops i before j of |c_i| * (n_i - 1)  <  |c_j|
 *
 * for every loop j with n_j > 1 (the mixed-radix rule: two iterations
 * that differ first, from the last in that order, at loop j differ by
 * at least |c_j| in that term and by less in all earlier ones).  Ints
 * are exact here, so the test cannot overflow.  The test's result, 1 or
 * 0, is a register the kernel's `offload` reads (Kernel.guard): when it
 * is 0 the loop runs on the CPU as written.
 *
 * The pass only records what it proved (FltWrite); filter/depend.c
 * accepts the write for each loop of the recorded nest, the list being
 * read there only at the same index.  Indices the analysis already
 * accepts (the loop variable plus an invariant) are left to it.
 *
 * Contract (compiler/pipeline.c's table): Pass inject. Requires: induction.
 * Provides: a one-to-one test before each nest writing at a computed index
 * (guard registers, read by classify: Kernel.guarded), opt->writes.
 * Invalidates: the function's CFG.
 */
#include <string.h>

#include "filter_internal.h"

#define PERM_LOOPS 3   /* orders tried: m! for m loops, at most 6 */

typedef struct Nest {
  Func *fn;
  const Cfg *cfg;
  int first, end;              /* the outermost loop and its END */
  int n;                       /* loops from the outermost to the write */
  int loop[FLT_NEST_MAX];      /* their FORALLs */
  int var[FLT_NEST_MAX];       /* their variables */
  int *budget;                 /* nodes affine_vars may still visit (the
                                  test copies each expression it reads) */
} Nest;

/* Is r unchanged in the nest (no definition inside it)? */
static bool
outside(const Nest *t, int r)
{
  for (int i = t->first; i <= t->end; i++)
    if (wyil_def_reg(t->fn->code[i]) == r) return false;
  return true;
}

/* The only definition of r, inside the nest, or NULL. */
static Insn *
inner_def(const Nest *t, int r)
{
  if (r < 0 || t->cfg->ndefs[r] != 1) return NULL;
  int at = t->cfg->def_at[r];
  return at > t->first && at < t->end ? t->fn->code[at] : NULL;
}

static int
var_of(const Nest *t, int r)
{
  for (int j = 0; j < t->n; j++)
    if (t->var[j] == r) return j;
  return -1;
}

/* Which loop variables r depends on (a bit per loop), or -1 when r is
 * no affine function of them with invariant coefficients.  *plain: r is
 * one variable plus an invariant register (depend.c's own shape). */
static int
affine_vars(const Nest *t, int r, int depth, bool *plain)
{
  int j = var_of(t, r);
  if (j >= 0) {
    *plain = true;
    return 1 << j;
  }
  if (depth > 12 || --*t->budget < 0) return -1;
  if (outside(t, r)) return 0;
  Insn *d = inner_def(t, r);
  if (!d || (d->op != OP_LENGTHOF && d->type
             && ty_expand(d->type)->kind != TY_INT))
    return -1;
  bool p1 = false, p2 = false;
  int a, b;
  switch (d->op) {
  case OP_CONST:
    *plain = false;
    return d->cst->kind == C_INT ? 0 : -1;
  case OP_ASSIGN:
    return affine_vars(t, d->args[0], depth + 1, plain);
  case OP_LENGTHOF:   /* of a list the nest does not change */
    *plain = false;
    return outside(t, d->args[0]) ? 0 : -1;
  case OP_NEG:
    a = affine_vars(t, d->args[0], depth + 1, &p1);
    *plain = false;
    return a;
  case OP_ADD: case OP_SUB:
    a = affine_vars(t, d->args[0], depth + 1, &p1);
    b = affine_vars(t, d->args[1], depth + 1, &p2);
    if (a < 0 || b < 0) return -1;
    /* var + inv, inv + var, var - inv, with inv a register before */
    *plain = (a && !b && p1 && outside(t, d->args[1]))
             || (d->op == OP_ADD && b && !a && p2 && outside(t, d->args[0]));
    return a | b;
  case OP_MUL:
    a = affine_vars(t, d->args[0], depth + 1, &p1);
    b = affine_vars(t, d->args[1], depth + 1, &p2);
    *plain = false;
    if (a < 0 || b < 0 || (a && b)) return -1;   /* no product of vars */
    return a | b;
  default:
    return -1;
  }
}

/* Do registers a and b hold the same int, each defined once in fn by
 * the same int arithmetic on the same values (call with depth 0)? */
static bool
same_value(Func *fn, const Cfg *cfg, int a, int b, int depth)
{
  if (a == b) return true;
  if (a < 0 || b < 0 || depth > 12 || cfg->ndefs[a] != 1
      || cfg->ndefs[b] != 1)
    return false;
  Insn *x = fn->code[cfg->def_at[a]], *y = fn->code[cfg->def_at[b]];
  if (x->op != y->op || x->nargs != y->nargs) return false;
  switch (x->op) {
  case OP_CONST:
    return x->cst->kind == C_INT && y->cst->kind == C_INT
           && !strcmp(x->cst->text, y->cst->text);
  case OP_LENGTHOF:   /* the same list, not written between (callers) */
    return x->args[0] == y->args[0];
  case OP_ASSIGN: case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL:
    for (int i = 0; i < x->nargs; i++)
      if (!same_value(fn, cfg, x->args[i], y->args[i], depth + 1))
        return false;
    return ty_expand(x->type)->kind == TY_INT;
  default:
    return false;
  }
}

/* ---- the test, emitted before the nest ----------------------------- */

/* The value of invariant expression r before the nest. */
static int
copy_value(FltEmit *e, const Nest *t, int r)
{
  if (outside(t, r)) return r;
  Insn *d = inner_def(t, r);
  int x, y, dst = wyil_new_reg(e->fn, NULL);
  switch (d->op) {
  case OP_CONST:
    return flt_emit_const(e, dst, d->cst->text);
  case OP_ASSIGN:
    return copy_value(e, t, d->args[0]);
  case OP_LENGTHOF:   /* its type says what is measured */
    e->code[e->n++] = flt_new_insn(OP_LENGTHOF, d->type, dst, d->args[0], -1,
                                   e->pos);
    return dst;
  case OP_NEG:
    x = copy_value(e, t, d->args[0]);
    flt_emit(e, OP_NEG, dst, x, -1);
    return dst;
  default:   /* ADD SUB MUL */
    x = copy_value(e, t, d->args[0]);
    y = copy_value(e, t, d->args[1]);
    flt_emit(e, d->op, dst, x, y);
    return dst;
  }
}

/* The coefficient of loop j's variable in r, before the nest; -1: 0. */
static int
coefficient(FltEmit *e, const Nest *t, int r, int j)
{
  bool p = false;
  if (t->var[j] == r) return flt_emit_const(e, -1, "1");
  if (var_of(t, r) >= 0 || outside(t, r)) return -1;
  Insn *d = inner_def(t, r);
  int x, y, dst;
  switch (d->op) {
  case OP_ASSIGN:
    return coefficient(e, t, d->args[0], j);
  case OP_NEG:
    if ((x = coefficient(e, t, d->args[0], j)) < 0) return -1;
    flt_emit(e, OP_NEG, dst = wyil_new_reg(e->fn, NULL), x, -1);
    return dst;
  case OP_ADD: case OP_SUB:
    x = coefficient(e, t, d->args[0], j);
    y = coefficient(e, t, d->args[1], j);
    if (y < 0) return x;
    if (x < 0 && d->op == OP_ADD) return y;
    dst = wyil_new_reg(e->fn, NULL);
    if (x < 0) flt_emit(e, OP_NEG, dst, y, -1);
    else flt_emit(e, d->op, dst, x, y);
    return dst;
  case OP_MUL: {
    /* one side is invariant (affine_vars made sure) */
    int fresh = 48;
    Nest probe = *t;
    probe.budget = &fresh;
    bool left = affine_vars(&probe, d->args[0], 0, &p) == 0;
    int inv = d->args[left ? 0 : 1], var = d->args[left ? 1 : 0];
    if ((x = coefficient(e, t, var, j)) < 0) return -1;
    y = copy_value(e, t, inv);
    flt_emit(e, OP_MUL, dst = wyil_new_reg(e->fn, NULL), x, y);
    return dst;
  }
  default:
    return -1;
  }
}

/* dst = |x|. */
static void
emit_abs(FltEmit *e, int dst, int x, int zero)
{
  int done = wyil_new_label(e->fn);
  flt_emit(e, OP_ASSIGN, dst, x, -1);
  flt_emit_if(e, x, CMP_GE, zero, done);
  flt_emit(e, OP_NEG, dst, x, -1);
  flt_emit_label(e, done);
}

/* Emit the test for index register idx; its result register (1: one
 * to one over the nest, 0: not shown). */
static int
emit_test(FltEmit *e, const Nest *t, int idx)
{
  int m = t->n, zero = flt_emit_const(e, -1, "0");
  int one = flt_emit_const(e, -1, "1"), ok = wyil_new_reg(e->fn, NULL);
  int cnt[FLT_NEST_MAX], coef[FLT_NEST_MAX], span[FLT_NEST_MAX];
  for (int j = 0; j < m; j++) {
    Insn *rg = t->fn->code[t->cfg->def_at[t->fn->code[t->loop[j]]->args[0]]];
    int lo = copy_value(e, t, rg->args[0]), hi = copy_value(e, t, rg->args[1]);
    int diff = wyil_new_reg(e->fn, NULL), skip = wyil_new_label(e->fn);
    flt_emit(e, OP_SUB, diff, hi, lo);
    emit_abs(e, cnt[j] = wyil_new_reg(e->fn, NULL), diff, zero);
    int c = coefficient(e, t, idx, j);
    coef[j] = wyil_new_reg(e->fn, NULL);
    if (c < 0) flt_emit(e, OP_ASSIGN, coef[j], zero, -1);
    else emit_abs(e, coef[j], c, zero);
    /* span: |c| * (n - 1), 0 for a loop of at most one iteration */
    span[j] = wyil_new_reg(e->fn, NULL);
    flt_emit(e, OP_ASSIGN, span[j], zero, -1);
    flt_emit_if(e, cnt[j], CMP_LE, one, skip);
    int less = wyil_new_reg(e->fn, NULL);
    flt_emit(e, OP_SUB, less, cnt[j], one);
    flt_emit(e, OP_MUL, span[j], less, coef[j]);
    flt_emit_label(e, skip);
  }
  flt_emit(e, OP_ASSIGN, ok, zero, -1);
  int done = wyil_new_label(e->fn), sum = wyil_new_reg(e->fn, NULL);
  int order[PERM_LOOPS] = {0, 1, 2};
  for (;;) {   /* every order of the m loops, in lexicographic order */
    int next = wyil_new_label(e->fn);
    flt_emit(e, OP_ASSIGN, sum, zero, -1);
    for (int q = 0; q < m; q++) {
      int j = order[q], skip = wyil_new_label(e->fn);
      flt_emit_if(e, cnt[j], CMP_LE, one, skip);
      flt_emit_if(e, coef[j], CMP_LE, sum, next);
      flt_emit(e, OP_ADD, sum, sum, span[j]);
      flt_emit_label(e, skip);
    }
    flt_emit(e, OP_ASSIGN, ok, one, -1);
    Insn *go = flt_emit(e, OP_GOTO, -1, -1, -1);
    go->type = NULL;
    go->label = done;
    flt_emit_label(e, next);
    /* the next permutation of order[0 .. m) */
    int i = m - 2;
    while (i >= 0 && order[i] > order[i + 1]) i--;
    if (i < 0) break;
    int k = m - 1;
    while (order[k] < order[i]) k--;
    int s = order[i];
    order[i] = order[k];
    order[k] = s;
    for (int a = i + 1, b = m - 1; a < b; a++, b--) {
      s = order[a];
      order[a] = order[b];
      order[b] = s;
    }
  }
  flt_emit_label(e, done);
  return ok;
}

/* ---- finding the writes ------------------------------------------- */

/* The nest of range loops from code[first] to the UPDATE at code[u]:
 * every loop around u inside code[first] a FORALL over a RANGE made
 * once, whose ends are invariant expressions of the nest. */
static bool
find_nest(Func *fn, const Cfg *cfg, int first, int u, Nest *t)
{
  t->fn = fn;
  t->cfg = cfg;
  t->first = first;
  t->end = cfg->match[first];
  t->n = 0;
  int chain[FLT_NEST_MAX], n = 0;
  for (int h = cfg->encl[u]; h >= first; h = cfg->encl[h]) {
    if (n == FLT_NEST_MAX) return false;
    chain[n++] = h;
    if (h == first) break;
  }
  if (!n || chain[n - 1] != first) return false;
  /* a while loop between them: encl names FORALLs only */
  for (int i = first + 1; i < u; i++)
    if (fn->code[i]->op == OP_LOOP && cfg->match[i] > u) return false;
  for (int q = 0; q < n; q++) {
    int h = chain[n - 1 - q];
    t->loop[q] = h;
    t->var[q] = fn->code[h]->dst;
  }
  t->n = n;
  for (int q = 0; q < n; q++) {
    Insn *loop = fn->code[t->loop[q]];
    int rr = loop->args[0];
    if (rr < 0 || cfg->ndefs[rr] != 1
        || flt_written(fn, t->loop[q] + 1, cfg->match[t->loop[q]],
                       loop->dst))
      return false;
    Insn *rg = fn->code[cfg->def_at[rr]];
    bool p = false;
    if (rg->op != OP_RANGE) return false;
    if (q == 0 && (cfg->def_at[rr] > first || !outside(t, rg->args[0])
                   || !outside(t, rg->args[1])))
      return false;
    if (affine_vars(t, rg->args[0], 0, &p) != 0
        || affine_vars(t, rg->args[1], 0, &p) != 0)
      return false;
  }
  return true;
}

bool
flt_only_at_index(Func *fn, const Cfg *cfg, int from, int to, Insn *w)
{
  int L = w->dst, idx = w->args[0];
  for (int i = from + 1; i < to; i++) {
    Insn *in = fn->code[i];
    if (in != w && wyil_def_reg(in) == L) return false;
    for (int a = 0; a < in->nargs; a++) {
      if (in->args[a] != L) continue;
      if (in->op == OP_LENGTHOF) continue;
      if (in->op == OP_INDEXOF && a == 0
          && same_value(fn, cfg, in->args[1], idx, 0))
        continue;
      return false;
    }
  }
  return true;
}

static bool
recorded(const PtrVec *writes, Insn *w)
{
  for (int i = 0; i < writes->n; i++)
    if (((FltWrite *)writes->v[i])->update == w) return true;
  return false;
}

/* Put the test before the outermost loop t->loop[0] and record it. */
static void
rewrite(Func *fn, const Nest *t, int u, PtrVec *writes)
{
  /* each copied expression has at most 48 nodes (budget) */
  size_t room = (size_t)fn->ncode + 1024 + 512 * (size_t)t->n;
  FltEmit e = {fn, wyil_alloc(sizeof(Insn *) * room), 0,
               fn->code[u]->pos};
  int guard = -1;
  for (int i = 0; i < fn->ncode; i++) {
    if (i == t->first) guard = emit_test(&e, t, fn->code[u]->args[0]);
    if ((size_t)e.n + 1 >= room)
      internal_error("filter: the test of a computed index outgrew its room");
    e.code[e.n++] = fn->code[i];
  }
  FltWrite *w = wyil_alloc(sizeof(FltWrite));
  w->update = fn->code[u];
  w->nloops = t->n;
  for (int q = 0; q < t->n; q++) w->loops[q] = fn->code[t->loop[q]];
  w->guard = guard;
  vec_push(writes, w);
  flt_emit_install(&e);
}

int
flt_computed_writes(Func *fn, PtrVec *writes)
{
  int done = 0;
  for (bool again = true; again;) {
    again = false;
    Cfg *cfg = wyil_cfg(fn);
    for (int u = 0; u < fn->ncode && !again; u++) {
      Insn *w = fn->code[u];
      if (w->op != OP_UPDATE || w->nsteps != 1
          || w->steps[0].kind != UPD_INDEX || recorded(writes, w)
          || cfg->encl[u] < 0)
        continue;
      Type *lt = ty_list_elem(w->type);
      if (!lt || ty_list_elem(lt)) continue;   /* [T], T no list */
      /* the outermost loop around u that the write's index allows */
      for (int first = 0; first < u && !again; first++) {
        Nest t;
        bool plain = false;
        int budget = 48;
        t.budget = &budget;
        if (fn->code[first]->op != OP_FORALL || cfg->match[first] < u
            || !find_nest(fn, cfg, first, u, &t))
          continue;
        int vars = affine_vars(&t, w->args[0], 0, &plain);
        /* the outermost loop whose variable the index depends on */
        if (vars <= 0 || !(vars & 1) || plain || t.n > PERM_LOOPS
            || !flt_only_at_index(fn, cfg, t.first, t.end, w))
          continue;
        rewrite(fn, &t, u, writes);
        done++;
        again = true;
      }
    }
  }
  return done;
}
