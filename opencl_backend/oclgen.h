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

#include "../filter/filter.h"
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
                        work item runs (oclgen_jam.c): 1 none (-O1), 0
                        the default, OCL_JAM_DEFAULT for 2-D kernels
                        only; given (2, 4, 8): 1-D kernels too */
  OclTile tile;      /* --tile: tiles in local memory (oclgen_tile.c) */
  OclFma fma;        /* --fma: where a real product is computed with the
                        sum that reads it as one fma (oclgen_fma.c) */
  int unroll;        /* --unroll: steps a GPU runs between a loop's exit
                        tests (oclgen_spec.c): 0 the default,
                        OCL_UNROLL_DEFAULT; 1 none (-O1) */
} OclOptions;

enum { OCL_JAM_DEFAULT = 8, OCL_UNROLL_DEFAULT = 16 };

/* The back end's planning steps, run by the driver on each kernel
 * function before it is judged (ocl_check_kernel) and before the last
 * verification (compiler/pipeline.c); each rewrites kfn's WYIL once.
 * Register blocking (oclgen_jam.c): --jam's factor per dimension. */
void ocl_plan_jam(Func *kfn, const OclOptions *o);
/* Tiles in local memory for a register-blocked loop (oclgen_tile.c). */
void ocl_plan_tile(Func *kfn, const OclOptions *o);
/* NULL when kernel function k (planned) and the functions it calls can
 * be written as OpenCL C, in every variant the program would hold;
 * otherwise why not, in source terms (the driver then keeps the loop on
 * the CPU: compiler/pipeline.c, veto).  k need not be in m.  Nothing is
 * emitted. */
const char *ocl_check_kernel(Module *m, Func *k, const OclOptions *o);
/* `wyc --explain`: per kernel of m (split) and per function kernels
 * call, how it is jammed, tiled, computed with fma or unrolled; with
 * checks (`--explain=checks`) also how many checks are tested where
 * they are, tested once before their loop, proved unnecessary
 * (opencl_backend/oclgen_range.c). */
void ocl_explain_checks(FILE *out, Module *m, const OclOptions *o,
                        bool checks);
/* How many check plans the range analysis (ocl_plan_checks) has
 * computed in this process, and in *for_narrow (unless NULL) how many of
 * them were hypotheses tried by the narrow choice (for `wyc -v`). */
int ocl_range_runs(int *for_narrow);
/* The OpenCL C program holding every kernel function of m (malloc'd
 * string; m NULL: the prelude alone). */
char *ocl_emit_program(Module *m, const OclOptions *o);

#endif
