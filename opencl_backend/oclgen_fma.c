/* oclgen_fma.c -- fused multiply-adds of device reals.
 *
 * A real product `t = a * b` whose one reader is a sum or difference
 * later in the same straight run of code (no label, loop or loop end
 * between, a and b not written between) is not computed on its own: the
 * sum computes fma(a, b, c) (`t + c`, `c + t`, `t - c`: fma(a, b, -c);
 * `c - t`: fma(-a, b, c)), rounding once where the two operations round
 * twice.
 *
 * wyc chooses what fuses, not the device's compiler: the program says
 * `#pragma OPENCL FP_CONTRACT OFF`, and OpenCL requires fma to be
 * correctly rounded, so a kernel's reals are the same on every device
 * that fuses.  Device reals differ from exact ones by rounding only (the
 * design's Types); a fused operation is one rounding fewer.
 *
 * Where (--fma): by default on a GPU only (wyc_fma, the prelude's macro: fma
 * under WYC_GPU, the product and the sum elsewhere).  On the H200 an fma is
 * one instruction where there were two: an escape-time loop over reals
 * 8192^2 (float) 5.04 -> 4.30 ms a kernel, a 2-D weighted stencil 4096^2
 * 75.8 -> 71.7, a dot-product nest 2048^2 1.09 -> 0.90. On PoCL (2 cores of
 * an AMD EPYC) a sum carried round a loop, `s = fma(a, b, s)`, waits for the
 * fma's longer latency at every step: the stencil at 200^2 took 239-265 ms
 * where it took 191-212 (the escape-time loop 262 where 293). `--fma=all`
 * fuses on every device (the tests use it on PoCL), `--fma=off` nowhere.
 *
 * Contract (compiler/pipeline.c's table): Part of pass emit-opencl
 * (ocl_plan_fma, before each body). Requires: the check plan (checks).
 * Provides: OclGen.fma. Invalidates nothing.
 */
#include <stdlib.h>

#include "oclgen_internal.h"

/* Does code[i] end a straight run (something jumps to it or loops)? */
static bool
breaks_run(Insn *in)
{
  return in->op == OP_LABEL || in->op == OP_LOOP || in->op == OP_FORALL
         || in->op == OP_END;
}

/* Is code[p] a product of reals? */
static bool
real_product(Insn *in)
{
  return in->op == OP_MUL && in->nargs == 2 && ocl_tag_of(in->type) == TAG_REAL;
}

/* The product that the sum at j can fuse as its operand k, or -1. */
static int
fusable(OclGen *g, const int *reads, int j, int k)
{
  const Func *fn = g->fn;
  int r = fn->code[j]->args[k];
  if (reads[r] != 1) return -1;
  for (int i = j - 1; i >= g->from; i--) {
    Insn *in = fn->code[i];
    if (breaks_run(in)) return -1;
    if (wyil_def_reg(in) != r) continue;
    if (!real_product(in) || g->fma[i] != OCL_FUSE_NONE) return -1;
    /* its operands still hold what they held at i */
    for (int p = i + 1; p < j; p++) {
      int d = wyil_def_reg(fn->code[p]);
      if (d >= 0 && (d == in->args[0] || d == in->args[1])) return -1;
    }
    return i;
  }
  return -1;
}

void
ocl_plan_fma(OclGen *g)
{
  const Func *fn = g->fn;
  g->fma = wyil_alloc(sizeof(int) * ((size_t)fn->ncode + 1));
  g->nfma = 0;
  for (int p = 0; p <= fn->ncode; p++) g->fma[p] = OCL_FUSE_NONE;
  if (g->o->fma == OCL_FMA_OFF) return;
  /* the reads of each register anywhere in the function */
  int *reads = wyil_alloc(sizeof(int) * ((size_t)fn->nregs + 1));
  for (int p = 0; p < fn->ncode; p++) {
    Insn *in = fn->code[p];
    for (int k = 0; k < in->nargs; k++)
      if (in->args[k] >= 0 && in->args[k] < fn->nregs) reads[in->args[k]]++;
    if (in->op == OP_UPDATE && in->dst >= 0) reads[in->dst]++;
  }
  for (int j = g->from; j < g->to; j++) {
    Insn *in = fn->code[j];
    if ((in->op != OP_ADD && in->op != OP_SUB) || in->nargs != 2
        || ocl_tag_of(in->type) != TAG_REAL
        || in->args[0] == in->args[1])
      continue;
    for (int k = 0; k < 2; k++) {
      int i = fusable(g, reads, j, k);
      if (i < 0) continue;
      g->fma[i] = OCL_FUSE_GONE;
      g->fma[j] = 2 * i + k;
      g->nfma++;
      break;
    }
  }
}

bool
ocl_emit_fma(OclGen *g, Insn *in)
{
  int f = g->fma ? g->fma[g->at] : OCL_FUSE_NONE;
  if (f == OCL_FUSE_GONE) return true;
  if (f < 0) return false;
  Insn *mul = g->fn->code[f / 2];
  int k = f % 2;
  const char *a = ocl_var(g, mul->args[0], TAG_REAL);
  const char *b = ocl_var(g, mul->args[1], TAG_REAL);
  const char *c = ocl_var(g, in->args[1 - k], TAG_REAL);
  const char *d = ocl_var(g, in->dst, TAG_REAL);
  const char *op = g->o->fma == OCL_FMA_ALL ? "fma" : "wyc_fma";
  if (in->op == OP_ADD)
    ocl_line(g, "%s = %s(%s, %s, %s);", d, op, a, b, c);
  else if (k == 0)     /* a * b - c */
    ocl_line(g, "%s = %s(%s, %s, -%s);", d, op, a, b, c);
  else                 /* c - a * b */
    ocl_line(g, "%s = %s(-%s, %s, %s);", d, op, a, b, c);
  return true;
}

void
ocl_fma_defines(StrBuf *sb)
{
  sb_puts(sb, "#ifdef WYC_GPU\n#define wyc_fma(a, b, c) fma(a, b, c)\n"
          "#else\n#define wyc_fma(a, b, c) ((a) * (b) + (c))\n#endif\n\n");
}
