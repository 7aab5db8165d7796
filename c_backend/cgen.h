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

/* A large program goes to several translation units instead, so that
 * the C compiler's time and memory stay linear in it: each compiled
 * alone costs it what its functions do, and gcc's cost over one file
 * grows faster than the file (c_backend/cgen_units.c). */
typedef struct CgenOut {
  const char *stem;      /* the files are STEM.h (the header every unit
                            includes), STEM.c (the data and main) and
                            STEM-1.c, STEM-2.c, ... (the functions) */
  FILE *(*open)(const char *path);              /* the driver's: they */
  void (*close)(FILE *f, const char *path);     /* end the run on error */
  PtrVec files;          /* const char *: every file written, the header
                            first, then STEM.c, then the others */
} CgenOut;
/* Does m go to several units (cgen_module_units), not one file? */
bool cgen_module_is_large(Module *m);
void cgen_module_units(CgenOut *o, Module *m, const CgenOffload *off);

#endif
