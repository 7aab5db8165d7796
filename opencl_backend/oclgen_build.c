/* oclgen_build.c -- the appends of a build kernel (filter/build.c).
 *
 * `xs = xs + [e]` in the loop of a kernel of kind build: xs is the
 * kernel's write-only list argument, exactly as long as the loop's
 * range (runtime/ocl_build.c made it), and work item j of the loop's
 * dimension writes its element j.  In a 2-D build the inner loop's
 * `row = row + [e]` writes element [y][x] of the rows argument (y, x
 * the work item's ids in the outer and inner loops' dimensions), and
 * `row = []` and `rows = rows + [row]` do nothing.  In a build of
 * copies, work item y copies the row argument into row y.  No bounds
 * check:
 * gid < n is the prologue's test and n the level's length.  A real is
 * checked as every store of one is (ocl_emit_store).
 *
 * Contract (compiler/pipeline.c's table): Part of pass emit-opencl.
 * Requires: a kernel of kind build (filter/build.c). Provides: OpenCL C
 * text. Invalidates nothing.
 */
#include "../wyil/wyil.h"
#include "oclgen_internal.h"

/* The NDRange dimension of the FORALL `loop` of k. */
static int
dim_of_loop(const Kernel *k, const Insn *loop)
{
  for (int d = 0; d < k->ndims; d++)
    if (k->loops[d] == loop) return d;
  ocl_cannot("a build whose loop is no dimension of its kernel");
}

bool
ocl_emit_build(OclGen *g, Insn *in)
{
  const Kernel *k = g->k;
  if (!k || k->kind != KK_BUILD
      || (in != k->build_append && in != k->build_inner
          && in != k->build_new))
    return false;
  View *v = k->build_list >= 0 && k->build_list < g->fn->nregs
            ? g->views[k->build_list] : NULL;
  if (!v) ocl_cannot("a build whose list is not the kernel's argument");
  int outer = dim_of_loop(k, k->loop);
  if (in == k->build_new || (in == k->build_append && k->build_inner))
    return true;   /* the row is written in place, element by element */
  if (in == k->build_append && v->depth == 1) {
    ocl_emit_store(g, wyil_fmt("%s[gid%d]", v->base, outer),
                   ocl_var(g, in->args[1], v->elem), v->elem);
    return true;
  }
  if (in == k->build_append && k->build_copies && v->depth == 2) {
    /* a build of copies: row y is the row argument, whose length the
     * host gave every row of the result */
    View *r = in->args[1] >= 0 && in->args[1] < g->fn->nregs
              ? g->views[in->args[1]] : NULL;
    if (!r || r->depth != 1 || r->elem != v->elem)
      ocl_cannot("a build of copies of a row that is not the kernel's "
                 "argument");
    /* on a GPU the work group copies its rows together, each item
     * striding through a row, so that neighbouring items write
     * neighbouring elements (coalesced), not one row each; the items
     * still running (gid < n: the prologue returned the rest) are the
     * first `act`.  A CPU (PoCL runs a group's items one after another)
     * copies a row per item: half the time there. */
    ocl_line(g, "#ifndef WYC_GPU");
    ocl_line(g, "for (long x = 0; x < %s; x++)", r->lens[0]);
    ocl_line(g, "  %s[(long)gid%d * %s + x] = %s[%s + x];", v->base, outer,
             v->lens[1], r->base, r->off);
    ocl_line(g, "#else");
    ocl_line(g, "{");
    ocl_line(g, "  long g0 = (long)gid%d - (long)get_local_id(%d);", outer,
             outer);
    ocl_line(g, "  long act = min((long)get_local_size(%d), (long)n%d - g0);",
             outer, outer);
    ocl_line(g, "  for (long y = g0; y < g0 + act; y++)");
    ocl_line(g, "    for (long x = (long)get_local_id(%d); x < %s; x += act)",
             outer, r->lens[0]);
    ocl_line(g, "      %s[y * %s + x] = %s[%s + x];", v->base, v->lens[1],
             r->base, r->off);
    ocl_line(g, "}");
    ocl_line(g, "#endif");
    return true;
  }
  if (in == k->build_inner && v->depth == 2) {
    ocl_emit_store(g, wyil_fmt("%s[(long)gid%d * %s + gid%d]", v->base,
                               outer, v->lens[1],
                               dim_of_loop(k, k->loops[0])),
                   ocl_var(g, in->args[1], v->elem), v->elem);
    return true;
  }
  ocl_cannot("a build of a list whose shape is not the kernel's");
}
