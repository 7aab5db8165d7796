/* cgen.h -- the public interface of c_backend/: WYIL to C.
 *
 * The C file written includes only "wyrt.h" and is compiled with the
 * system cc against build/libwyrt.a.  One C function per WYIL Func; see
 * cgen_internal.h for the conventions of the generated code.
 *
 * With offloading on, the file also includes "ocl.h" (runtime/) and must
 * be linked with build/libwyrt_ocl.a and -lOpenCL: each `offload`
 * instruction calls wy_ocl_offload, the loop after it being the CPU path
 * (cgen_offload.c).
 */
#ifndef CGEN_H
#define CGEN_H

#include <stdio.h>

#include "../wyil/wyil.h"

/* Offloading: the module's kernel functions run through the runtime. */
typedef struct CgenOffload {
  const char *cl_source; /* the OpenCL C program of the module's kernel
                            functions (opencl_backend/) */
  FltReal real;          /* --gpu-real: the runtime picks the real type
                            of kernels that compute with reals */
  bool int64_only;       /* build only its 64-bit int variant */
} CgenOffload;

/* Write the C translation of module m to out.  off == NULL: no
 * offloading (an `offload` instruction does nothing: its loop runs).
 * Kernel functions are not translated (opencl_backend/ does). */
void cgen_module(FILE *out, Module *m, const CgenOffload *off);

#endif
