/* oclgen.h -- the public interface of opencl_backend/: the kernel
 * functions of a module (WYIL functions with Func.kernel set: filter/
 * outlined them), as one OpenCL C program.
 *
 * Each kernel function becomes one __kernel function in the ABI of
 * runtime/ocl.h (its head comment); each function a kernel calls becomes
 * an OpenCL C function named after Func->cname.  The program compiles in
 * two variants: wy_int is int, or long when built with -DWYC_INT64 (the
 * runtime retries with that one when a kernel reports an overflow); and
 * wy_real is float, or double when built with -DWYC_REAL_DOUBLE (the
 * runtime's choice for the device, see WyOclReal in runtime/ocl.h).
 */
#ifndef OCLGEN_H
#define OCLGEN_H

#include <stdbool.h>
#include <stdio.h>

#include "../wyil/wyil.h"

/* Where kernels read through tiles in local memory.  ORDER
 * compiler/main.c's where_names. */
typedef enum OclTile {
  OCL_TILE_GPU,      /* on a GPU (the default) */
  OCL_TILE_OFF,
  OCL_TILE_ALL       /* on every device but PoCL's (runtime/ocl.h, pocl) */
} OclTile;

/* Where a real product and the sum that reads it are one fma.  ORDER
 * compiler/main.c's where_names. */
typedef enum OclFma {
  OCL_FMA_GPU,       /* on a GPU (the default) */
  OCL_FMA_OFF,
  OCL_FMA_ALL        /* on every device */
} OclFma;

typedef struct OclOptions {
  FltReal real;      /* --gpu-real: how the kernels that compute with
                        reals are built (the source is the same: the
                        runtime chooses the type, runtime/ocl.h) */
  bool int64_only;   /* --gpu-int=64: the runtime builds only the 64-bit
                        variant (the source is the same) */
  int jam;           /* --jam: the most iterations of a dimension one
                        work item runs (filter/jam.c): 1 none (-O1), 0
                        the default, OCL_JAM_DEFAULT for 2-D kernels
                        only; given (2, 4, 8): 1-D kernels too */
  OclTile tile;      /* --tile: tiles in local memory (filter/tile.c) */
  OclFma fma;        /* --fma: where a real product is computed with the
                        sum that reads it as one fma (oclgen_fma.c) */
  int unroll;        /* --unroll: steps a GPU runs between a loop's exit
                        tests (oclgen_spec.c): 0 the default,
                        OCL_UNROLL_DEFAULT; 1 none (-O1) */
} OclOptions;

enum { OCL_JAM_DEFAULT = 8, OCL_UNROLL_DEFAULT = 16 };

/* The planning passes (oclgen_plan.c), run by the driver before either
 * back end prints; they rewrite no WYIL.  The plan keeps the range
 * analysis's answers for the printer. */
typedef struct OclPlan OclPlan;
/* Pass narrow: the plan of m's kernel functions (after split), and which
 * get a narrow variant (Kernel.narrow_name, narrow_dims;
 * KernelArg.narrow, index_dim). */
OclPlan *ocl_plan_new(const Module *m, const OclOptions *o);
void ocl_plan_narrow(OclPlan *pl);
/* Pass store32: the bounds of what each kernel stores (KernelArg.
 * out_bits, out_arg) and the lists it writes as 32-bit ints (store32). */
void ocl_plan_store32(OclPlan *pl);
/* NULL when kernel function k (planned) and the functions it calls can
 * be written as OpenCL C, in every variant the program would hold;
 * otherwise why not, in source terms (the driver then keeps the loop on
 * the CPU: compiler/pipeline.c, veto).  k need not be in m.  Nothing is
 * emitted. */
const char *ocl_check_kernel(const Module *m, Func *k, const OclOptions *o);
/* `wyc --explain`: per kernel of pl (planned: narrow, store32) and per
 * function kernels call, how it is jammed, tiled, computed with fma or
 * unrolled; with checks (`--explain=checks`) also how many checks are
 * tested where they are, tested once before their loop, proved
 * unnecessary (opencl_backend/oclgen_range.c). */
void ocl_explain_checks(FILE *out, OclPlan *pl, bool checks);
/* How many check plans the range analysis (ocl_plan_checks) has
 * computed in this process, and in *for_narrow (unless NULL) how many of
 * them were hypotheses tried by the narrow choice (for `wyc -v`). */
int ocl_range_runs(int *for_narrow);
/* Pass emit-opencl: the OpenCL C program holding every kernel function
 * of plan pl, as planned (malloc'd string).  Reads the plan and the
 * module; decides nothing that another part reads. */
char *ocl_emit_planned(OclPlan *pl);
/* The passes narrow, store32 and emit-opencl in one call, for a caller
 * without the driver's pipeline (the unit tests): the program of every
 * kernel function of m (m NULL: the prelude alone). */
char *ocl_emit_program(const Module *m, const OclOptions *o);

#endif
