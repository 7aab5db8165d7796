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

#include "../checks/checks.h"
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

/* The device's ints: 32 or 64 bits wide (wy_int, WYC_INT64), one source
 * for both.  The driver passes it to the planning passes (checks/),
 * whose range analysis answers for both widths. */
extern const ChkTarget ocl_target;

/* NULL when the kernel function of trial plan pl (chk_plan_trial: the
 * driver ran narrow, store32 and checks on it) and the functions it
 * calls can be written as OpenCL C, in every variant the program would
 * hold; otherwise why not, in source terms (the driver then keeps the
 * loop on the CPU: compiler/pipeline.c, veto).  Nothing is kept. */
const char *ocl_check_kernel(const ChkPlan *pl, const OclOptions *o);
/* `wyc --explain`: per kernel of pl (planned: narrow, store32, checks)
 * and per function kernels call, how it is jammed, tiled, computed with
 * fma or unrolled; with checks (`--explain=checks`) also how many checks
 * are tested where they are, tested once before their loop, proved
 * unnecessary (checks/range.c). */
void ocl_explain_checks(FILE *out, const ChkPlan *pl, const OclOptions *o,
                        bool checks);
/* Pass emit-opencl: the OpenCL C program holding every kernel function
 * of plan pl, as planned (malloc'd string; pl NULL: the prelude alone).
 * Reads the plan and the module; decides nothing that another part
 * reads, and changes neither. */
char *ocl_emit_planned(const ChkPlan *pl, const OclOptions *o);

#endif
