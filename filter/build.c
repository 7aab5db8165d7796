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
 * Elements are scalars (int, bool, real); a list of rows built row by
 * row in a loop nest stays on the CPU (the inner loop is not built as a
 * kernel per row: each would be a launch of one row).
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

const char *
flt_build_find(Func *fn, int at, Kernel *k)
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
  if (ek == TY_LIST)
    return wyil_fmt("appends rows to %s (a list of lists is built on the "
                    "host)", nm);
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

const char *
flt_build_text(Kernel *k)
{
  if (k->kind != KK_BUILD) return NULL;
  return wyil_fmt("build of %s", quoted(k->fn, k->build_list));
}
