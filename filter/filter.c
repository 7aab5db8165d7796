/* filter.c -- the filter's passes, in order, and `--explain`.
 *
 * For every function of the program's module: liveness (wyil/cfg.c),
 * then each loop from the outside in: the first loop on a path from the
 * root whose iterations are independent (depend.c) becomes a kernel
 * (GPU-implicit); the loops inside it are GPU-implicit-inner when they
 * are themselves parallel over bounds that do not depend on the kernel's
 * loop variable, GPU-explicit otherwise; every other loop stays on the
 * CPU with the reason depend.c gave.  The last pass, flt_split
 * (split.c), runs once the driver has settled the vetoes.
 *
 * Contract (compiler/pipeline.c's table): Passes consts and classify
 * (compiler/pipeline.c). consts requires lowered WYIL, provides scalar
 * constants at the function's entry, invalidates the CFG. classify requires
 * the rewrites (counted .. inject) and the vetoes so far, provides the
 * FilterResult (LoopInfo per loop, Kernel per GPU-implicit loop),
 * invalidates nothing: it rewrites no WYIL and runs again after a veto.
 */
#include <stdlib.h>
#include <string.h>

#include "filter_internal.h"

/* ORDER LoopClass */
const char *const flt_class_name[] = {
  "CPU", "GPU-implicit", "GPU-implicit-inner", "GPU-explicit"
};

static LoopInfo *
new_info(FilterResult *r, Func *fn, Insn *loop, LoopClass cls,
         const char *reason, Kernel *k)
{
  LoopInfo *li = wyil_alloc(sizeof(LoopInfo));
  li->fn = fn;
  li->loop = loop;
  li->cls = cls;
  li->reason = reason;
  li->kernel = k;
  li->pos = loop->pos;
  li->var = loop->op == OP_FORALL ? fn->regnames[loop->dst] : NULL;
  vec_push(&r->loops, li);
  return li;
}

bool
flt_written(Func *fn, int from, int to, int reg)
{
  for (int i = from; i < to; i++)
    if (wyil_def_reg(fn->code[i]) == reg) return true;
  return false;
}

bool
flt_try_near(Func *fn, int h, int e)
{
  Cfg *c = wyil_cfg(fn);
  if (!c->has_try) return false;
  if (c->try_in[h] >= 0) return true;
  for (int i = h + 1; i < e; i++)
    if (fn->code[i]->op == OP_TRY) return true;
  return false;
}

/* Does register reg, read at code[use] inside the loop at code[at], hold
 * the same value in every iteration: not written in the body before
 * `use`, or computed there from constants and such registers only? */
static bool
same_every_iteration(Func *fn, int at, int use, int reg, int loopvar,
                     int depth)
{
  if (reg == loopvar || depth > 8) return false;
  Insn *def = NULL;
  for (int i = at + 1; i < use; i++)
    if (wyil_def_reg(fn->code[i]) == reg) {
      if (def) return false;  /* several definitions: give up */
      def = fn->code[i];
    }
  if (!def) return !flt_written(fn, at + 1, wyil_loop_end(fn, at), reg);
  switch (def->op) {
  case OP_CONST:
    return true;
  case OP_ASSIGN: case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
  case OP_LENGTHOF:
    for (int a = 0; a < def->nargs; a++)
      if (!same_every_iteration(fn, at, use, def->args[a], loopvar, depth + 1))
        return false;
    return true;
  default:
    return false;
  }
}

/* ---- constant hoisting ------------------------------------------ */

/* A negative int literal is lowered as `neg` of a constant: fold each
 * such NEG (of an int CONST defined once, into a register defined once)
 * into a CONST, so that it is as loop-invariant as the literal. */
static void
fold_negated_consts(Func *fn)
{
  Cfg *cfg = wyil_cfg(fn);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_NEG || in->type != ty_int || in->dst < 0
        || cfg->ndefs[in->dst] != 1)
      continue;
    int src = in->args[0], d = cfg->def_at[src];
    if (cfg->ndefs[src] != 1 || d < 0 || fn->code[d]->op != OP_CONST
        || fn->code[d]->cst->kind != C_INT)
      continue;
    const char *t = fn->code[d]->cst->text;
    Insn *c = flt_new_insn(OP_CONST, ty_int, in->dst, -1, -1, in->pos);
    c->cst = wyil_alloc(sizeof(Const));
    *c->cst = *fn->code[d]->cst;
    c->cst->text = t[0] == '-' ? t + 1
                   : strcmp(t, "0") == 0 ? t : wyil_fmt("-%s", t);
    fn->code[i] = c;
  }
  wyil_cfg_drop(fn);
}

/* Move every scalar CONST whose register has no other definition to the
 * start of the function.  Safe: such a register holds that one value
 * wherever it is read.  It makes bounds such as the 0 of `0..size`
 * inside an outer loop readable before that loop, so that the nest can
 * become one NDRange. */
static void
hoist_consts(Func *fn)
{
  fold_negated_consts(fn);
  const int *ndefs = wyil_cfg(fn)->ndefs;
  Insn **code = malloc(sizeof(Insn *) * (size_t)(fn->ncode + 1));
  if (!code) internal_error("out of memory");
  int n = 0, depth = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < fn->ncode; i++) {
      Insn *in = fn->code[i];
      if (pass == 0) {
        if (in->op == OP_LOOP || in->op == OP_FORALL) depth++;
        if (in->op == OP_END) depth--;
      }
      ConstKind ck = in->op == OP_CONST ? in->cst->kind : C_LIST;
      bool scalar = ck == C_INT || ck == C_BOOL || ck == C_REAL
                    || ck == C_CHAR || ck == C_NULL || ck == C_BYTE;
      bool hoist = scalar && ndefs[in->dst] == 1 && in->dst >= fn->nparams;
      if ((pass == 0) == hoist) code[n++] = in;
    }
  memcpy(fn->code, code, sizeof(Insn *) * (size_t)fn->ncode);
  free(code);
  wyil_cfg_drop(fn);
}

/* ---- flattening --------------------------------------------------- */

/* The one loop directly inside the loop at `at`, when the rest of its
 * body is straight-line code that may run once per inner iteration
 * (private values only); else -1 and the reason. */
static int
sole_inner_loop(Func *fn, int at, const char **why)
{
  int end = wyil_loop_end(fn, at), inner = -1;
  bool any = false;
  for (int i = at + 1; i < end && !any; i++)
    any = fn->code[i]->op == OP_FORALL || fn->code[i]->op == OP_LOOP;
  if (!any) return -1;  /* nothing to flatten, nothing to explain */
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    switch (in->op) {
    case OP_LOOP:
      *why = "its body holds a while loop";
      return -1;
    case OP_FORALL:
      if (inner >= 0) {
        *why = "its body holds two loops";
        return -1;
      }
      inner = i;
      i = wyil_loop_end(fn, i);
      break;
    case OP_UPDATE:
      *why = wyil_fmt("it writes %s outside its inner loop",
                      fn->regnames[in->dst] ? fn->regnames[in->dst] : "a list");
      return -1;
    default:
      /* (labels alone are fine: the inner loop's exit label is one) */
      if (wyil_op_flags[in->op] & F_BRANCH) {
        *why = "code around its inner loop branches";
        return -1;
      }
      break;
    }
  }
  return inner;
}

/* Can nothing but the inner loop at `inner` fail in the body of the
 * loop at `outer` (a dimension of map kernel k)?  The precondition of a
 * triangle's rows: an item outside its row must be free to do nothing. */
static bool
rows_may_skip(Func *fn, int outer, int inner, const Kernel *k)
{
  int oend = wyil_loop_end(fn, outer), iend = wyil_loop_end(fn, inner);
  if (k->kind != KK_MAP || k->over_list || k->lo[0] < 0) return false;
  for (int i = outer + 1; i < oend; i++) {
    if (i == inner) i = iend;
    else if ((wyil_op_flags[fn->code[i]->op] & F_FAIL)
             || fn->code[i]->op == OP_INVOKE)
      return false;
  }
  return true;
}

/* Does the inner loop at `inner` (in the loop at `outer`, a dimension
 * of map kernel k; the nest at `at`) start its rows where the outer
 * loop's variable v is, lo = v or lo = v + c (c not written in the
 * nest), the rest of the outer body unable to fail?  Then the nest
 * flattens over a rectangle, the outer range's start .. the inner end,
 * each row's items before its start doing nothing: the triangle of a
 * symmetric product (for j2 in j1..m), the part right of a diagonal
 * (for j in (i + 1)..n), an upper-triangular update.  The kernel checks
 * per item that its row lies in that rectangle and ascends (else the
 * CPU runs the loop). */
static bool
row_start(Func *fn, int at, int outer, int inner, const Kernel *k, int lo)
{
  int v = fn->code[outer]->dst, end = wyil_loop_end(fn, at);
  if (!rows_may_skip(fn, outer, inner, k)) return false;
  if (lo == v) return true;
  Insn *d = NULL;
  for (int i = at; i < end; i++)
    if (wyil_def_reg(fn->code[i]) == lo) {
      if (d) return false;
      d = fn->code[i];
    }
  if (!d || d->op != OP_ADD || !ty_is(d->type, TY_INT)) return false;
  int c = d->args[0] == v ? d->args[1] : d->args[1] == v ? d->args[0] : -1;
  return c >= 0 && c != v && !flt_written(fn, at, end, c);
}

/* Does the inner loop at `inner` end its rows where the outer loop's
 * variable v is (hi = v), its start not written in the nest, the rest
 * of the outer body unable to fail?  Then the nest flattens over the
 * inner start .. the outer range's end (v < that end, so every row
 * lies inside), each row's items at or past its end doing nothing: a
 * lower triangle (for j in 0..i), the pairs j < i of a pairwise
 * interaction, a strictly lower-triangular update.  The kernel checks
 * per item that its row starts at the rectangle's start and ascends. */
static bool
row_end(Func *fn, int outer, int inner, const Kernel *k, int hi)
{
  return hi == fn->code[outer]->dst && rows_may_skip(fn, outer, inner, k);
}

/* -O2: add the nest's parallel inner loops to the kernel as further
 * NDRange dimensions, innermost first in dimension 0. */
static void
flatten(Func *fn, int at, Kernel *k, Live *lv, const FilterOptions *opt)
{
  int outer = at, end = wyil_loop_end(fn, at);
  while (k->ndims < 3) {
    const char *why = NULL;
    int inner = sole_inner_loop(fn, outer, &why);
    if (inner < 0) {
      k->not_flat = why;
      return;
    }
    if ((why = flt_red_outside(fn, outer, inner, k))) {
      k->not_flat = why;
      return;
    }
    Kernel probe = {0};
    if ((why = flt_parallel(fn, inner, lv, opt, &probe))) {
      k->not_flat = wyil_fmt("its inner loop %s", why);
      return;
    }
    if (probe.over_list) {
      k->not_flat = "its inner loop iterates over a list, not a range";
      return;
    }
    if (!flt_red_within(&probe, k)) {
      k->not_flat = "its inner loop is a reduction of its own";
      return;
    }
    uint8_t tri = KERNEL_RECT;
    bool lo_in = flt_written(fn, at, end, probe.lo[0]);
    bool hi_in = flt_written(fn, at, end, probe.hi[0]);
    if (lo_in && !hi_in && row_start(fn, at, outer, inner, k, probe.lo[0]))
      tri = KERNEL_ROW_START;
    else if (hi_in && !lo_in && row_end(fn, outer, inner, k, probe.hi[0]))
      tri = KERNEL_ROW_END;
    else if (lo_in || hi_in) {
      k->not_flat = "its inner loop's bounds are computed inside the nest";
      return;
    }
    for (int d = k->ndims; d > 0; d--) {
      k->loopvar[d] = k->loopvar[d - 1];
      k->lo[d] = k->lo[d - 1];
      k->hi[d] = k->hi[d - 1];
      k->loops[d] = k->loops[d - 1];
    }
    for (int d = k->ndims; d > 0; d--) k->tri[d] = k->tri[d - 1];
    k->loopvar[0] = probe.loopvar[0];
    /* a row that starts at the outer variable (plus c) runs over the
     * outer loop's start .. its end, its items before the row's start
     * skipping; one that ends at the outer variable over its start ..
     * the outer loop's end, its items from the row's end on skipping
     * (opencl_backend/oclgen_insn.c) */
    k->lo[0] = tri == KERNEL_ROW_START ? k->lo[1] : probe.lo[0];
    k->hi[0] = tri == KERNEL_ROW_END ? k->hi[1] : probe.hi[0];
    k->loops[0] = probe.loops[0];
    k->tri[0] = tri;
    k->ndims++;
    outer = inner;
  }
}

/* Does index register r follow loop variable v: v itself, or v plus or
 * minus something, through copies?  (A layout heuristic, not a proof.) */
static bool
follows(const Cfg *t, int r, int v, int depth)
{
  if (r == v) return true;
  if (depth > 6 || r < 0 || t->ndefs[r] != 1) return false;
  Insn *d = t->fn->code[t->def_at[r]];
  switch (d->op) {
  case OP_ASSIGN:
    return follows(t, d->args[0], v, depth + 1);
  case OP_ADD:
    return follows(t, d->args[0], v, depth + 1)
           || follows(t, d->args[1], v, depth + 1);
  case OP_SUB:
    return follows(t, d->args[0], v, depth + 1);
  default:
    return false;
  }
}

/* Give dimension 0 (the fastest varying work-item index, whose
 * neighbours share a memory transaction) to the loop whose variable
 * indexes the last level of the kernel's lists most often: in
 * `for x: for y: next[y][x] = ...` that is x, although y is innermost.
 * Ties keep the innermost loop. */
static void
choose_dim0(Func *fn, int at, Kernel *k, const Cfg *t)
{
  int end = wyil_loop_end(fn, at), score[3] = {0, 0, 0};
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    int idx = -1;
    if (in->op == OP_INDEXOF && ty_list_elem(in->type)
        && ty_expand(ty_list_elem(in->type))->kind != TY_LIST)
      idx = in->args[1];              /* an element of a row */
    if (in->op == OP_UPDATE && in->nsteps > 0
        && in->steps[in->nsteps - 1].kind == UPD_INDEX)
      idx = in->args[in->nsteps - 1];
    for (int d = 0; idx >= 0 && d < k->ndims; d++)
      if (follows(t, idx, k->loopvar[d], 0)) score[d]++;
  }
  int best = 0;
  for (int d = 1; d < k->ndims; d++)
    if (score[d] > score[best]) best = d;
  if (best == 0) return;
  /* move `best` to 0, the others up one, keeping their order */
  int lv = k->loopvar[best], lo = k->lo[best], hi = k->hi[best];
  uint8_t tri = k->tri[best];
  Insn *loop = k->loops[best];
  for (int d = best; d > 0; d--) {
    k->loopvar[d] = k->loopvar[d - 1];
    k->lo[d] = k->lo[d - 1];
    k->hi[d] = k->hi[d - 1];
    k->tri[d] = k->tri[d - 1];
    k->loops[d] = k->loops[d - 1];
  }
  k->loopvar[0] = lv;
  k->lo[0] = lo;
  k->hi[0] = hi;
  k->tri[0] = tri;
  k->loops[0] = loop;
}

/* k->outer_checks: may the code of the nest outside its innermost loop
 * fail?  With an empty inner range the NDRange has no work item, while
 * the sequential program still runs that code once per outer iteration
 * and raises its errors. */
static void
set_outer_checks(Func *fn, int at, Kernel *k)
{
  if (k->ndims < 2) return;
  Insn *inner = k->loops[k->nest[k->ndims - 1]];
  int end = wyil_loop_end(fn, at);
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (in == inner) {
      i = wyil_loop_end(fn, i);
      continue;
    }
    if ((wyil_op_flags[in->op] & F_FAIL) || in->op == OP_INVOKE)
      k->outer_checks = true;
  }
}

/* k->nest: the dimensions in the order of their loops in the code. */
static void
set_nest(Func *fn, Kernel *k)
{
  int pos[3];
  for (int d = 0; d < k->ndims; d++) {
    pos[d] = 0;
    while (pos[d] < fn->ncode && fn->code[pos[d]] != k->loops[d]) pos[d]++;
  }
  for (int j = 0; j < k->ndims; j++) {
    int rank = 0;  /* how many loops come before loop j */
    for (int d = 0; d < k->ndims; d++) rank += pos[d] < pos[j];
    k->nest[rank] = j;
  }
}

bool
flt_is_dimension(Kernel *k, Insn *loop)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->loops[d] == loop) return true;
  return false;
}

/* Classify the loops nested in the kernel loop at `at` (its body). */
static void
classify_inside(FilterResult *r, Func *fn, int at, Kernel *k,
                Live *lv, const FilterOptions *opt)
{
  int end = wyil_loop_end(fn, at);
  int depth = 0;
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_END) {
      depth--;
      continue;
    }
    if (in->op != OP_LOOP && in->op != OP_FORALL) continue;
    LoopClass cls = LC_GPU_EXPLICIT;
    if (flt_is_dimension(k, in)) {
      cls = LC_GPU_IMPLICIT_INNER;  /* flatten() proved it already */
    } else if (depth == 0 && in->op == OP_FORALL) {
      /* directly inside: parallel over bounds independent of the
       * kernel's loop variable? */
      Kernel probe = {0};
      const char *why = flt_parallel(fn, i, lv, opt, &probe);
      int v = k->loop->dst;  /* the kernel loop's variable */
      if (!why && !flt_red_within(&probe, k))
        why = "a reduction inside a work item";
      if (!why && probe.over_list
          && same_every_iteration(fn, at, i, probe.src, v, 0))
        cls = LC_GPU_IMPLICIT_INNER;
      if (!why && !probe.over_list
          && same_every_iteration(fn, at, i, probe.lo[0], v, 0)
          && same_every_iteration(fn, at, i, probe.hi[0], v, 0))
        cls = LC_GPU_IMPLICIT_INNER;
    }
    new_info(r, fn, in, cls, NULL, k);
    depth++;
  }
}

/* The reason a back end gave for not compiling the kernel of `loop`
 * (flt_veto), or NULL. */
static const char *
vetoed(const FilterOptions *opt, Insn *loop)
{
  for (int i = 0; opt->vetoes && i < opt->vetoes->n; i++) {
    FltVeto *v = opt->vetoes->v[i];
    if (v->loop == loop) return v->why;
  }
  return NULL;
}

/* A list of int|real travels as device reals, which cannot tell an int
 * from the real of the same value: write-back could not know which
 * elements the kernel turned into reals.  A write-only list (a window:
 * every element of the box written, so every one becomes a real) is
 * the exception. */
static const char *
union_writes(Kernel *k)
{
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    Type *e = ka->type;
    for (int l = 0; l < ka->depth && e; l++) e = ty_list_elem(e);
    if (ka->kind == KA_LIST_INOUT && e && flt_num_union(e))
      return wyil_fmt("writes %s, a list of int|real that it also reads "
                      "(a device real cannot tell which elements became "
                      "reals)", ka->name ? wyil_fmt("'%s'", ka->name)
                                         : "a list");
  }
  return NULL;
}

void
flt_veto(FilterOptions *opt, Insn *loop, const char *why)
{
  FltVeto *v = wyil_alloc(sizeof(FltVeto));
  v->loop = loop;
  v->why = why;
  if (!opt->vetoes) opt->vetoes = wyil_alloc(sizeof(PtrVec));
  vec_push(opt->vetoes, v);
}

/* ---- the rewrites, one entry point each ------------------------- */

bool
flt_own_func(Module *m, Func *fn)
{
  return !fn->is_native && !strcmp(fn->module, m->name);
}

void
flt_pass_consts(Func *fn, FilterOptions *opt)
{
  (void)opt;
  hoist_consts(fn);
}

/* opt->ivs, made when first needed */
static PtrVec *
ivs_of(FilterOptions *opt)
{
  if (!opt->ivs) opt->ivs = wyil_alloc(sizeof(PtrVec));
  return opt->ivs;
}

void
flt_pass_counted(Func *fn, FilterOptions *opt)
{
  flt_counted(fn, ivs_of(opt));
}

void
flt_pass_licm(Func *fn, FilterOptions *opt)
{
  (void)opt;
  flt_licm(fn);
}

void
flt_pass_range_ends(Func *fn, FilterOptions *opt)
{
  (void)opt;
  flt_hoist_range_ends(fn);
}

void
flt_pass_recur(Func *fn, FilterOptions *opt)
{
  flt_recurrences(fn, ivs_of(opt));
}

void
flt_pass_induction(Func *fn, FilterOptions *opt)
{
  flt_induction(fn, ivs_of(opt));
}

void
flt_pass_scalarize(Func *fn, FilterOptions *opt)
{
  (void)opt;
  flt_scalarize(fn);
}

void
flt_pass_distribute(Func *fn, FilterOptions *opt)
{
  ivs_of(opt);
  flt_distribute(fn, opt);
}

void
flt_pass_interchange(Func *fn, FilterOptions *opt)
{
  ivs_of(opt);
  flt_interchange(fn, opt);
}

void
flt_pass_inject(Func *fn, FilterOptions *opt)
{
  if (!opt->writes) opt->writes = wyil_alloc(sizeof(PtrVec));
  flt_computed_writes(fn, opt->writes);
}

/* ---- classification --------------------------------------------- */

FilterResult *
flt_new_result(const FilterOptions *opt)
{
  FilterResult *r = wyil_alloc(sizeof(FilterResult));
  r->gpu_real = opt->gpu_real;
  r->ivs = opt->ivs;
  return r;
}

void
flt_classify(FilterResult *r, Func *fn, FilterOptions *opt)
{
  r->ivs = opt->ivs;
  /* liveness only where a FORALL asks for it: its bit sets grow with
   * instructions times registers, too much for a long loop-free body */
  Live *lv = NULL;
  Cfg *tabs = wyil_cfg(fn);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_LOOP) {
      new_info(r, fn, in, LC_CPU, "a while loop that does not count an "
               "int by 1 to a bound it leaves unchanged (no break, no "
               "continue before the step): each iteration depends on the "
               "previous one's condition", NULL);
      continue;
    }
    if (in->op != OP_FORALL) continue;
    Kernel *k = wyil_alloc(sizeof(Kernel));
    const char *why = vetoed(opt, in);
    if (!why) {
      if (!lv) lv = wyil_cfg_live(fn);
      why = flt_parallel(fn, i, lv, opt, k);
    }
    if (!why) {
      if (opt->opt_level >= 2 && k->kind != KK_BUILD) {  /* build: 1-D */
        flatten(fn, i, k, lv, opt);
        choose_dim0(fn, i, k, tabs);
      }
      set_nest(fn, k);
      set_outer_checks(fn, i, k);
      flt_windows(fn, i, k, tabs);
      flt_build_windows(k);
      why = union_writes(k);
    }
    if (why) {
      new_info(r, fn, in, LC_CPU, why, NULL);
      continue;
    }
    k->id = r->kernels.n + 1;
    k->name = wyil_fmt("wyk_%d", k->id);
    vec_push(&r->kernels, k);
    new_info(r, fn, in, LC_GPU_IMPLICIT, NULL, k);
    classify_inside(r, fn, i, k, lv, opt);
    i = wyil_loop_end(fn, i);  /* its inner loops are classified */
  }
}

static int
cmp_pos(const void *a, const void *b)
{
  const LoopInfo *x = *(LoopInfo *const *)a, *y = *(LoopInfo *const *)b;
  if (x->pos.line != y->pos.line) return x->pos.line - y->pos.line;
  return x->pos.col - y->pos.col;
}

static const char *
var_name(Kernel *k, int d)
{
  const char *n = k->fn->regnames[k->loopvar[d]];
  return n ? n : "?";
}

/* How a kernel's reals run, after "reals as " (--gpu-real). */
static const char *
real_text(FltReal how)
{
  switch (how) {
  case FLT_REAL_FLOAT: return "float on the device";
  case FLT_REAL_DOUBLE: return "double on the device";
  default: return "double on the device (float where it has no double)";
  }
}

static void
explain_kernel(FILE *out, Kernel *k, FltReal how)
{
  int in = 0, outs = 0, wonly = 0, own = 0, scalars = 0;
  for (int i = 0; i < k->nargs; i++) {
    if (k->args[i].kind == KA_LIST_IN) in++;
    else if (k->args[i].kind == KA_SCALAR) scalars++;
    else if (k->args[i].kind == KA_REDUCE) continue;
    else outs++;
    wonly += k->args[i].kind == KA_LIST_OUT;
    own += wyil_own_index(&k->args[i]);
  }
  fprintf(out, " (kernel %d", k->id);
  if (flt_build_text(k)) fprintf(out, ", %s", flt_build_text(k));
  for (int i = 0, n = 0; i < k->nargs; i++)
    if (k->args[i].kind == KA_REDUCE)
      fprintf(out, "%s '%s' with %s", n++ ? "," : ", reduce",
              k->args[i].name ? k->args[i].name : "?",
              flt_red_name[k->red_op[i]]);
  fprintf(out, ", %d-D", k->ndims);
  if (k->ndims > 1) {
    /* the loops flattened into it, outermost first */
    for (int j = 0; j < k->ndims; j++)
      fprintf(out, "%s%s", j ? ", " : " (", var_name(k, k->nest[j]));
    fprintf(out, ")");
  }
  if (k->over_list)
    fprintf(out, " over the elements of %s",
            k->fn->regnames[k->src] ? k->fn->regnames[k->src] : "a list");
  fprintf(out, ", %d list%s in, %d out", in, in == 1 ? "" : "s", outs);
  if (wonly || own) {
    fprintf(out, " (");
    if (wonly) fprintf(out, "%d write-only%s", wonly, own ? ", " : "");
    /* read and written at its own index only (window.c, own_index) */
    if (own) fprintf(out, "%d at its own index", own);
    fprintf(out, ")");
  }
  if (scalars) fprintf(out, ", %d scalar%s", scalars, scalars == 1 ? "" : "s");
  if (k->ndims > 1 && k->nest[k->ndims - 1] != 0)
    fprintf(out, "; dimension 0 is %s, which indexes the last level of "
            "its lists", var_name(k, 0));
  for (int d = 0; d < k->ndims; d++)
    if (k->tri[d] == KERNEL_ROW_START)
      fprintf(out, "; %s runs over a triangle (each row from where the "
              "outer loop's variable is; the items before a row's start do "
              "nothing)", var_name(k, d));
    else if (k->tri[d] == KERNEL_ROW_END)
      fprintf(out, "; %s runs over a triangle (each row up to where the "
              "outer loop's variable is; the items from a row's end on do "
              "nothing)", var_name(k, d));
  if (k->not_flat && k->ndims < 3)
    fprintf(out, "; not flattened further: %s", k->not_flat);
  if (k->ascend_vars)
    fprintf(out, "; taken as ascending, as its dependence test needs (a "
            "descending run stays on the CPU): the range%s of %s",
            strchr(k->ascend_vars, ',') ? "s" : "", k->ascend_vars);
  if (k->guarded)
    fprintf(out, "; writes '%s' at an index computed from the loop "
            "variables, run here when a test before the loop shows that "
            "index different in every iteration (else on the CPU)",
            k->fn->regnames[k->guard_list] ? k->fn->regnames[k->guard_list]
                                           : "a list");
  if (k->uses_real) fprintf(out, "; reals as %s", real_text(how));
  fprintf(out, ")");
}

/* Is iv the unnamed update count that recur.c gave a recurrence's nest
 * (said by the recurrence's own text)? */
static bool
hidden_iv(const PtrVec *ivs, const FltIv *iv)
{
  if (iv->kind != FLT_IV_INDUCTION || iv->var) return false;
  for (int j = 0; j < ivs->n; j++) {
    const FltIv *o = ivs->v[j];
    if (o->loop == iv->loop && o->kind == FLT_IV_RECUR) return true;
  }
  return false;
}

/* What a rewrite made of the loop, after its class. */
static void
explain_iv(FILE *out, const FltIv *iv)
{
  const char *v = iv->var ? wyil_fmt("'%s'", iv->var) : NULL;
  switch (iv->kind) {
  case FLT_IV_INDUCTION:
    if (v)
      fprintf(out, "; %s is an induction variable (computed from the "
              "loop indices)", v);
    else
      fprintf(out, "; an induction variable is computed from the loop "
              "indices");
    break;
  case FLT_IV_COUNTED:
    fprintf(out, "; it counts %s by 1 to a bound it does not change: "
            "a range loop", v ? v : "an int");
    break;
  case FLT_IV_LENGTH:
    fprintf(out, "; it appends one element to %s per iteration until "
            "its length reaches a bound it does not change: a range "
            "loop", v ? v : "a list");
    break;
  case FLT_IV_RECUR:
    fprintf(out, "; %s, a recurrence s = (s * a + c) %% m, is computed "
            "from the loop indices by jump-ahead (for s >= 0, a >= 0, "
            "c >= 0, m > 0)", v ? v : "a value");
    break;
  case FLT_IV_RECUR_SEQ:
    fprintf(out, "; the sequential version of the loop, for the values "
            "of %s its jump-ahead does not cover (a negative value, a "
            "modulus <= 0)", v ? v : "a recurrence");
    break;
  case FLT_IV_JUMP:
    fprintf(out, "; the jump-ahead of %s (made by the compiler: "
            "O(log n) steps)", v ? v : "a recurrence");
    break;
  case FLT_IV_DIST:
    fprintf(out, "; the first part of the loop, distributed (run on the "
            "device only: else the loop as written runs)");
    break;
  case FLT_IV_DIST_LAST:
    fprintf(out, "; the rest of the loop, distributed (after its first "
            "part)");
    break;
  case FLT_IV_DIST_SEQ:
    fprintf(out, "; the loop as written, kept for when its distributed "
            "first part does not run on the device");
    break;
  case FLT_IV_SWAP:
    fprintf(out, "; the outer loop of its nest, interchanged (run on the "
            "device only: else the nest as written runs)");
    break;
  case FLT_IV_SWAP_SEQ:
    fprintf(out, "; the nest as written, kept for when its interchanged "
            "version does not run on the device");
    break;
  }
}

bool
flt_was_while(const FilterResult *r, const Insn *loop)
{
  if (loop->op == OP_LOOP) return true;
  for (int j = 0; r->ivs && j < r->ivs->n; j++) {
    const FltIv *iv = r->ivs->v[j];
    if (iv->loop == loop
        && (iv->kind == FLT_IV_COUNTED || iv->kind == FLT_IV_LENGTH
            || iv->kind == FLT_IV_JUMP))
      return true;
  }
  return false;
}

void
flt_explain(FILE *out, FilterResult *r)
{
  LoopInfo **v = (LoopInfo **)r->loops.v;
  if (r->loops.n > 1)   /* no loop: v is NULL, which qsort must not see */
    qsort(v, (size_t)r->loops.n, sizeof(LoopInfo *), cmp_pos);
  for (int i = 0; i < r->loops.n; i++) {
    LoopInfo *li = v[i];
    fprintf(out, "%s:%d: ", li->pos.file, li->pos.line);
    bool was_while = flt_was_while(r, li->loop) && li->loop->op != OP_LOOP,
         jump = false;
    for (int j = 0; r->ivs && j < r->ivs->n; j++) {
      FltIv *iv = r->ivs->v[j];
      jump = jump || (iv->loop == li->loop && iv->kind == FLT_IV_JUMP);
    }
    if (li->var && !was_while) fprintf(out, "for %s: ", li->var);
    else if (jump) fprintf(out, "jump-ahead loop: ");
    else fprintf(out, "while: ");
    fprintf(out, "%s", flt_class_name[li->cls]);
    switch (li->cls) {
    case LC_CPU:   /* a jump-ahead loop: sequential by design */
      if (!jump) fprintf(out, " — %s", li->reason);
      break;
    case LC_GPU_IMPLICIT:
      explain_kernel(out, li->kernel, r->gpu_real);
      break;
    case LC_GPU_IMPLICIT_INNER:
      if (flt_is_dimension(li->kernel, li->loop))
        fprintf(out, " (flattened into kernel %d)", li->kernel->id);
      else
        fprintf(out, " (in kernel %d)", li->kernel->id);
      break;
    case LC_GPU_EXPLICIT:
      fprintf(out, " (sequential in kernel %d)", li->kernel->id);
      break;
    }
    for (int j = 0; r->ivs && j < r->ivs->n; j++) {
      FltIv *iv = r->ivs->v[j];
      if (iv->loop != li->loop || hidden_iv(r->ivs, iv)) continue;
      explain_iv(out, iv);
    }
    fprintf(out, "\n");
  }
}
