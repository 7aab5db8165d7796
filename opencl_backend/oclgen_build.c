/* oclgen_build.c -- the append of a build kernel (filter/build.c).
 *
 * `xs = xs + [e]` in the loop of a kernel of kind build: xs is the
 * kernel's write-only list argument, exactly as long as the loop's
 * range (runtime/ocl_build.c made it), and work item j of the loop's
 * dimension writes its element j.  No bounds check: gid < n is the
 * prologue's test and n the list's length.
 */
#include "../wyil/wyil.h"
#include "oclgen_internal.h"

void
ocl_emit_build_append(OclGen *g, Insn *in)
{
  Kernel *k = g->k;
  if (!k || k->kind != KK_BUILD || in != k->build_append)
    ocl_cannot("an append that is not the loop's build");
  View *v = in->dst >= 0 && in->dst < g->fn->nregs ? g->views[in->dst] : NULL;
  if (!v || v->depth != 1 || in->dst != k->build_list)
    ocl_cannot("a build whose list is not the kernel's argument");
  int d = 0;
  while (d < k->ndims && k->loops[d] != k->loop) d++;
  if (d == k->ndims) ocl_cannot("a build outside the kernel's loop");
  ocl_line(g, "%s[gid%d] = %s;", v->base, d,
           ocl_var(g, in->args[1], v->elem));
}
