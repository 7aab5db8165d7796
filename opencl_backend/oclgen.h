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

/* NULL when kernel function k and the functions it calls can be
 * written as OpenCL C; otherwise why not, in source terms (the driver
 * then vetoes the loop: filter.h, flt_veto).  k need not be in m. */
const char *ocl_check_kernel(Module *m, Func *k, const OclOptions *o);
/* flt_run, keeping only kernels this back end can express: a kernel it
 * cannot is vetoed (its loop stays on the CPU, --explain gives the
 * reason) and the filter runs again, since the loops inside a vetoed
 * one may be kernels themselves.  Used by the driver and the fuzzing
 * harness. */
/* `wyc --explain`: per kernel of m (split) and per function kernels
 * call, how many checks are tested where they are, tested once before
 * their loop, proved unnecessary (opencl_backend/oclgen_range.c). */
void ocl_explain_checks(FILE *out, Module *m, const OclOptions *o);
FilterResult *ocl_filter(Module *m, FilterOptions *fopt, const OclOptions *o);
/* The OpenCL C program holding every kernel function of m (malloc'd
 * string; m NULL: the prelude alone). */
char *ocl_emit_program(Module *m, const OclOptions *o);

#endif
