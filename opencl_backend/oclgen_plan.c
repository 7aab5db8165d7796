/* oclgen_plan.c -- the OpenCL back end's planning passes, run by the
 * driver before either back end prints: which kernels get a narrow
 * variant (pass narrow) and which lists a kernel writes as 32-bit ints
 * (pass store32).  Input: a verified module after split and chain (or,
 * for veto's trial, one planned kernel function).  Output: the Kernel
 * and KernelArg fields below, which the OpenCL printer (oclgen.c) and
 * the C back end's descriptors (c_backend/cgen_offload.c) only read;
 * and the plan (OclPlan), which keeps the range analysis's answers
 * (oclgen_range.c, RangePlan) for the printer, so that each kernel
 * function is analysed once per variant.
 *
 * Both decisions come from the range analysis of the device's ints,
 * which is this back end's (ints are 32 or 64 bits wide on the device):
 * that is why the passes live here and not in filter/.  They rewrite
 * no WYIL.
 *
 * Contract (compiler/pipeline.c's table):
 *   narrow (ocl_plan_new, ocl_plan_narrow).  Requires: chain, a verified
 *     module.  Provides: the plan (the kernel functions, the functions
 *     they call, the bounds of what those return), Kernel.narrow_name,
 *     narrow_dims, KernelArg.narrow, index_dim (oclgen_narrow.c).
 *     Invalidates nothing.
 *   store32 (ocl_plan_store32).  Requires: narrow.  Provides:
 *     KernelArg.out_bits, out_arg, store32.  Invalidates nothing.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

/* Add fn to the called functions (once), natives aside. */
static void
add_callee(PtrVec *callees, Func *fn)
{
  if (!fn || fn->is_native) return;
  for (int j = 0; j < callees->n; j++)
    if (callees->v[j] == fn) return;
  vec_push(callees, fn);
}

/* The functions called by code[from..to) of fn. */
static void
add_calls(PtrVec *callees, Func *fn, int from, int to)
{
  for (int i = from; i < to; i++)
    if (fn->code[i]->op == OP_INVOKE) add_callee(callees, fn->code[i]->callee);
}

static const OclOptions defaults = {.real = FLT_REAL_AUTO,
                                    .tile = OCL_TILE_GPU};

void
ocl_plan_init(OclPlan *pl, const Module *m, Func **ks, int n,
              const OclOptions *o)
{
  OclGen *g = &pl->g;
  *pl = (OclPlan){0};
  g->m = m;
  g->o = o ? o : &defaults;
  for (int i = 0; i < n; i++) vec_push(&pl->ks, ks[i]);
  PtrVec *callees = &pl->callees;
  for (int i = 0; i < n; i++) {
    Kernel *k = ks[i]->kernel;
    /* a hand-built 1-D kernel (the unit tests) names no dimension loop */
    if (k->ndims == 1 && !k->loops[0]) k->loops[0] = k->loop;
    for (int c = 0; c < k->callees.n; c++)
      add_callee(callees, k->callees.v[c]);
    int at = wyil_insn_index(k->fn, k->loop);
    add_calls(callees, k->fn, at + 1, wyil_loop_end(k->fn, at));
  }
  for (int i = 0; i < callees->n; i++) {
    Func *fn = callees->v[i];
    add_calls(callees, fn, 0, fn->ncode);
  }
  /* what each called function returns, callees of callees first */
  for (int i = callees->n - 1; i >= 0; i--) {
    Func *fn = callees->v[i];
    /* a hand-built function's parameters are registers too */
    if (fn->nregs < fn->nparams) fn->nregs = fn->nparams;
    ocl_begin_func(g, fn, NULL, 0, fn->ncode);
    g->facts = NULL;
    ocl_plan_checks(g);
    ocl_note_returns(g);
  }
}

OclPlan *
ocl_plan_new(const Module *m, const OclOptions *o)
{
  OclPlan *pl = wyil_alloc(sizeof *pl);
  PtrVec ks = {0};
  for (int i = 0; m && i < m->funcs.n; i++)
    if (((Func *)m->funcs.v[i])->kernel) vec_push(&ks, m->funcs.v[i]);
  ocl_plan_init(pl, m, (Func **)ks.v, ks.n, o);
  return pl;
}

void
ocl_plan_narrow(OclPlan *pl)
{
  OclGen *g = &pl->g;
  for (int i = 0; i < pl->ks.n; i++) {
    Func *fn = pl->ks.v[i];
    Kernel *k = fn->kernel;
    k->narrow_name = NULL;
    k->narrow_dims = 0;
    for (int a = 0; a < k->nargs; a++) {
      k->args[a].narrow = 0;
      k->args[a].out_bits = -1;
      k->args[a].out_arg = -1;
      for (int l = 0; l < 3; l++) k->args[a].index_dim[l] = 0;
      k->args[a].store32 = false;
    }
    /* the choice (oclgen_narrow.c), with the views of the kernel's
     * lists set up */
    StrBuf params = {0};
    ocl_begin_kernel(g, fn);
    ocl_kernel_params(g, &params, k);
    sb_free(&params);
    ocl_choose_narrow(g, k);
  }
}

/* The bounds of what each kernel stores (KernelArg.out_bits), and which
 * lists it writes as 32-bit ints in both widths: those it only writes,
 * of ints the range analysis bounds within 32 bits (a 64-bit run then
 * writes half the bytes, and leaves a list that 32-bit runs use as it
 * is).  Decided without the narrow variant's hypotheses (g->variant is
 * 0), so that both variants declare the same parameters. */
void
ocl_plan_store32(OclPlan *pl)
{
  OclGen *g = &pl->g;
  g->variant = 0;
  for (int i = 0; i < pl->ks.n; i++) {
    Func *fn = pl->ks.v[i];
    Kernel *k = fn->kernel;
    ocl_plan_kernel(g, fn);
    ocl_out_bits(g, k);
    for (int a = 0; a < k->nargs; a++) {
      KernelArg *ka = &k->args[a];
      View *v = ka->kind == KA_LIST_OUT ? g->views[ka->reg] : NULL;
      ka->store32 = v && v->elem == TAG_INT && ka->out_bits >= 0
                    && ka->out_bits <= 31;
    }
  }
}
