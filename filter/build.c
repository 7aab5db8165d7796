/* build.c -- build loops: a list made by appending one element per
 * iteration of a range loop becomes a kernel of kind `build`.
 *
 *     xs = []
 *     for i in lo..hi:
 *         ...                 (what any kernel may compute)
 *         xs = xs + [e]       (once, unconditionally, in every iteration)
 *
 * Iteration i appends the (i-lo)-th element, so the device can allocate
 * max(0, hi-lo) elements and let work item j write element j: xs is a
 * KA_LIST_OUT argument whose every level is written whole (win -2, the
 * runtime's WY_OCL_WIN_WHOLE).  The rest of the body obeys the rules of
 * depend.c, which asks flt_build_find first and then treats the append
 * as that write; xs itself must not be read or written otherwise in the
 * body.  What the static analysis cannot see the host checks at run
 * time before offloading (c_backend/cgen_offload.c): xs is empty when
 * the loop starts and the range is ascending (a descending range, whose
 * first element comes from the last work item, runs on the CPU, as any
 * non-empty xs does).
 *
 * Elements are scalars (int, bool, real), or rows built by an inner
 * loop, which makes a 2-D build of a rectangular [[T]]:
 *
 *     rows = []
 *     for y in lo1..hi1:
 *         row = []              (private scalars may be computed here)
 *         for x in lo0..hi0:    (bounds unchanged in the nest)
 *             row = row + [e]   (once, unconditionally)
 *         rows = rows + [row]
 *
 * Work item (x, y) writes rows[y-lo1][x-lo0] (dimension 0 is x); the
 * nest writes no other list and the inner loop carries nothing.  An
 * inner build on its own (a row per outer iteration, one launch each)
 * stays on the CPU.
 *
 * A row made before the loop and appended in every iteration
 *
 *     for y in lo..hi:
 *         rows = rows + [row]   (row: [int] or [bool])
 *
 * is a 1-D build of copies (k->build_copies): work item y copies row
 * into rows[y-lo].  The host would only share row; on the device the
 * result is born resident, so the kernels that read or write it next
 * need no upload, and the host gets storage for a row only when it
 * reads or writes it (runtime/ocl_build.c, ocl_resident.c).  row is an
 * ordinary read-only list argument.  A row of reals stays shared on
 * the host: the device would round them.
 *
 * Contract (compiler/pipeline.c's table): Part of pass classify (through
 * depend.c). Requires: liveness of the function. Provides: Kernel.kind
 * KK_BUILD and its build_* fields; split.c maps them to the kernel function
 * (flt_build_map). Invalidates nothing.
 */
#include "filter_internal.h"

static const char *
quoted(Func *fn, int r)
{
  const char *n = r >= 0 ? fn->regnames[r] : NULL;
  return n ? wyil_fmt("'%s'", n) : "a list";
}

/* Does instruction in grow its own destination (d = d + ..., d = [..] + d)? */
static bool
grows(Insn *in)
{
  if (in->op != OP_APPEND && in->op != OP_APPENDL) return false;
  return in->dst >= 0 && (in->args[0] == in->dst
                          || (in->op == OP_APPEND && in->args[1] == in->dst));
}

/* Can some branch before code[app] in the body skip it? */
static bool
conditional(Func *fn, int at, int app)
{
  const int *label_at = wyil_cfg(fn)->label_at;
  for (int j = at + 1; j < app; j++) {
    Insn *in = fn->code[j];
    if (!(wyil_op_flags[in->op] & F_BRANCH)) continue;
    if (in->label >= 0 && label_at[in->label] > app) return true;
    for (int c = 0; c < in->ncases; c++)
      if (label_at[in->cases[c].label] > app) return true;
  }
  return false;
}

/* Can control go from code[from] to code[to] within one iteration of
 * the loop at code[at] (never through its END)? */
static bool
reaches(Func *fn, int at, int from, int to)
{
  Cfg *cfg = wyil_cfg(fn);
  int end = cfg->match[at];
  uint8_t *seen = wyil_alloc((size_t)(end - at + 1));
  int *stack = wyil_alloc(sizeof(int) * (size_t)(end - at + 1)), sp = 0;
  stack[sp++] = from;
  while (sp) {
    int i = stack[--sp];
    if (i == to) return true;
    for (int s = cfg->succ_at[i]; s < cfg->succ_at[i + 1]; s++) {
      int j = cfg->succ[s];
      if (j <= at || j >= end || seen[j - at]) continue;
      seen[j - at] = 1;
      stack[sp++] = j;
    }
  }
  return false;
}

/* "the row 'r'", or "the row" when it has no name. */
static const char *
row_text(Func *fn, int r)
{
  const char *n = r >= 0 ? fn->regnames[r] : NULL;
  return n ? wyil_fmt("the row '%s'", n) : "the row";
}

/* Loop depth of code[i] inside the body of the loop at code[at]. */
static int
depth_in(Func *fn, int at, int i)
{
  int depth = 0;
  for (int j = at + 1; j < i; j++) {
    Op op = fn->code[j]->op;
    if (op == OP_LOOP || op == OP_FORALL) depth++;
    if (op == OP_END) depth--;
  }
  return depth;
}

/* `rows = rows + [row]` at code[app], row made before the loop: a
 * build of copies of row, NULL if its elements are ints or bools,
 * else why not. */
static const char *
copies(Func *fn, Kernel *k, int app)
{
  Insn *ap = fn->code[app];
  Type *e = ty_list_elem(ty_list_elem(ap->type));
  TypeKind ek = e ? ty_expand(e)->kind : TY_ANY;
  /* reals: a copy through the device would round exact values that
   * nothing computed */
  if (ek != TY_INT && ek != TY_BOOL)
    return wyil_fmt("appends %s, made before the loop, to %s in every "
                    "iteration, and %s (the host shares one row)",
                    quoted(fn, ap->args[1]), quoted(fn, ap->dst),
                    ek == TY_REAL ? "a copy on the device would round its "
                    "reals" : wyil_fmt("its elements (%s) have no device "
                                       "representation",
                                       e ? ty_str(e) : "?"));
  k->kind = KK_BUILD;
  k->build_list = ap->dst;
  k->build_append = ap;
  k->build_copies = true;
  return NULL;
}

/* `rows = rows + [row]` at code[app] of the loop at code[at]: is row
 * built by an inner loop as the header says?  NULL and k set up as a
 * 2-D build if so, else why not. */
static const char *
nested(Func *fn, int at, Live *lv, Kernel *k, int app)
{
  int end = wyil_loop_end(fn, at), row = fn->code[app]->args[1];
  int inner = -1, iend = -1, iapp = -1;
  Insn *nw = NULL;
  const char *nm = quoted(fn, fn->code[app]->dst), *rn = row_text(fn, row);
  const char *rq = fn->regnames[row] ? quoted(fn, row) : "the row";
  const int *label_at = wyil_cfg(fn)->label_at;
  if (!flt_written(fn, at + 1, end, row))
    return copies(fn, k, app);
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    int dep = depth_in(fn, at, i);
    if ((in->op == OP_FORALL || in->op == OP_LOOP) && dep == 0) {
      if (inner >= 0 || in->op == OP_LOOP)
        return wyil_fmt("appends rows to %s from more than one inner "
                        "loop, or a while loop", nm);
      inner = i;
      iend = wyil_loop_end(fn, i);
    }
    if (in->op == OP_UPDATE)
      return wyil_fmt("writes %s while building %s",
                      quoted(fn, in->dst), nm);
    if (wyil_def_reg(in) == row) {
      if (in->op == OP_NEWLIST && in->nargs == 0 && dep == 0 && !nw
          && inner < 0)
        nw = in;
      else if (in->op == OP_APPENDL && in->args[0] == row && dep == 1
               && iapp < 0 && inner >= 0 && i < iend && nw)
        iapp = i;
      else
        return wyil_fmt("appends rows to %s, but %s is not made "
                        "by `row = []` and one append per iteration of "
                        "an inner loop", nm, rn);
    }
  }
  if (!nw || iapp < 0 || app < iend)
    return wyil_fmt("appends rows to %s that no inner loop builds from "
                    "[] (a list of lists is built on the host)", nm);
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == row && !(i == iapp && a == 0)
          && !(i == app && a == 1))
        return wyil_fmt("reads %s while building it", rn);
  }
  /* every iteration appends: nothing skips the appends or leaves the
   * inner loop early */
  if (conditional(fn, at, app) || conditional(fn, inner, iapp))
    return wyil_fmt("appends rows to %s or elements to %s only in some "
                    "iterations", nm, rq);
  for (int i = inner + 1; i < iend; i++) {
    Insn *in = fn->code[i];
    if (!(wyil_op_flags[in->op] & F_BRANCH)) continue;
    bool out = in->label >= 0 && label_at[in->label] > iend;
    for (int c = 0; c < in->ncases; c++)
      out |= label_at[in->cases[c].label] > iend;
    if (out) return wyil_fmt("leaves the loop building %s early", rq);
  }
  /* the inner loop: over a range made in the outer body from bounds
   * the nest does not change; its iterations carry nothing */
  Insn *il = fn->code[inner];
  Cfg *cfg = wyil_cfg(fn);
  int src = il->args[0];
  Insn *rg = cfg->ndefs[src] == 1 ? fn->code[cfg->def_at[src]] : NULL;
  if (!rg || rg->op != OP_RANGE || cfg->def_at[src] < at
      || cfg->def_at[src] > inner)
    return wyil_fmt("builds %s over a list, not a range", rn);
  if (flt_written(fn, at + 1, end, rg->args[0])
      || flt_written(fn, at + 1, end, rg->args[1]))
    return wyil_fmt("builds %s over a range computed inside the "
                    "nest", rn);
  for (int i = inner + 1; i < iend; i++) {
    int r = wyil_def_reg(fn->code[i]);
    if (r < 0 || r == row) continue;
    if (r == il->dst)
      return wyil_fmt("changes the loop variable of the loop building %s",
                      rq);
    if (wyil_live_in(lv, inner + 1, r) || wyil_live_in(lv, iend + 1, r))
      return wyil_fmt("carries %s from one element of %s to the next",
                      quoted(fn, r), rq);
  }
  Type *e = ty_list_elem(fn->code[iapp]->type);
  TypeKind ek = e ? ty_expand(e)->kind : TY_ANY;
  if (ek != TY_INT && ek != TY_BOOL && ek != TY_REAL)
    return wyil_fmt("builds rows of %s (no device representation)",
                    e ? ty_str(e) : "?");
  /* dimension 0: the inner loop; 1: this one */
  k->kind = KK_BUILD;
  k->build_list = fn->code[app]->dst;
  k->build_append = fn->code[app];
  k->build_inner = fn->code[iapp];
  k->build_new = nw;
  k->ndims = 2;
  k->loopvar[1] = k->loopvar[0];
  k->lo[1] = k->lo[0];
  k->hi[1] = k->hi[0];
  k->loops[1] = k->loops[0];
  k->loopvar[0] = il->dst;
  k->lo[0] = rg->args[0];
  k->hi[0] = rg->args[1];
  k->loops[0] = il;
  return NULL;
}

const char *
flt_build_find(Func *fn, int at, Live *lv, Kernel *k)
{
  int end = wyil_loop_end(fn, at), app = -1, L = -1;
  /* the list the body grows itself (inner loops' own lists are theirs) */
  for (int i = at + 1; i < end && L < 0; i++)
    if (grows(fn->code[i]) && depth_in(fn, at, i) == 0) L = fn->code[i]->dst;
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (!grows(in) || (depth_in(fn, at, i) > 0 && in->dst != L)) continue;
    const char *nm = quoted(fn, in->dst);
    if (L >= 0 && in->dst != L)
      return wyil_fmt("grows two lists (%s and %s)", quoted(fn, L), nm);
    L = in->dst;
    if (in->op == OP_APPEND && in->args[0] != L)
      return wyil_fmt("puts elements in front of %s (xs = [e] + xs: a "
                      "build appends at the end)", nm);
    if (in->op == OP_APPEND)
      return wyil_fmt("appends a list to %s (a build appends one element "
                      "per iteration)", nm);
    if (app >= 0 && !reaches(fn, at, app, i))   /* if/else */
      return wyil_fmt("appends to %s in two branches (one append per "
                      "iteration, but a build takes a single unconditional "
                      "append)", nm);
    if (app >= 0)
      return wyil_fmt("appends to %s twice in one iteration", nm);
    app = i;
  }
  if (app < 0) return NULL;   /* no build: depend.c's rules alone */
  Insn *ap = fn->code[app];
  const char *nm = quoted(fn, L);
  if (k->over_list)
    return wyil_fmt("grows %s in a loop over a list's elements (a build "
                    "runs over a range)", nm);
  if (wyil_cfg(fn)->encl[at] >= 0)
    return wyil_fmt("grows %s inside another loop (one kernel per row; "
                    "rows are built on the host)", nm);
  if (depth_in(fn, at, app) > 0)
    return wyil_fmt("grows %s in an inner loop (not once per iteration)",
                    nm);
  if (conditional(fn, at, app))
    return wyil_fmt("grows %s only in some iterations (a conditional "
                    "append)", nm);
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (i == app) continue;
    if (wyil_def_reg(in) == L)
      return wyil_fmt("assigns %s besides appending to it", nm);
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == L)
        return wyil_fmt("reads %s while building it", nm);
  }
  if (ap->args[1] == L)
    return wyil_fmt("appends %s to itself", nm);
  Type *e = ty_list_elem(ap->type);
  TypeKind ek = e ? ty_expand(e)->kind : TY_ANY;
  if (ek == TY_LIST) return nested(fn, at, lv, k, app);
  if (ek != TY_INT && ek != TY_BOOL && ek != TY_REAL)
    return wyil_fmt("grows %s, a list of %s (no device representation)", nm,
                    e ? ty_str(e) : "?");
  k->kind = KK_BUILD;
  k->build_list = L;
  k->build_append = ap;
  return NULL;
}

void
flt_build_windows(Kernel *k)
{
  for (int a = 0; k->kind == KK_BUILD && a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->reg != k->build_list) continue;
    ka->kind = KA_LIST_OUT;
    for (int l = 0; l < 3; l++) ka->win[l] = l < ka->depth ? -2 : -1;
  }
}

void
flt_build_map(Kernel *k, Kernel *kk, Insn *in, Insn *c)
{
  if (in == k->build_append) kk->build_append = c;
  if (in == k->build_inner) kk->build_inner = c;
  if (in == k->build_new) kk->build_new = c;
}

const char *
flt_build_text(Kernel *k)
{
  if (k->kind != KK_BUILD) return NULL;
  if (k->build_copies)
    return wyil_fmt("build of %s, each row a copy of %s",
                    quoted(k->fn, k->build_list),
                    quoted(k->fn, k->build_append->args[1]));
  return wyil_fmt("build of %s", quoted(k->fn, k->build_list));
}
