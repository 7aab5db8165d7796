/* cgen.h -- the public interface of c_backend/: WYIL to C.
 *
 * The C file written includes only "wyrt.h" and is compiled with the
 * system cc against build/libwyrt.a.  One C function per WYIL Func; see
 * cgen_internal.h for the conventions of the generated code.
 *
 * With a FilterResult that has kernels, the file also includes "ocl.h"
 * (runtime/) and must be linked with build/libwyrt_ocl.a and -lOpenCL:
 * each kernel's loop first tries wy_ocl_offload and keeps the loop as
 * the CPU path (cgen_offload.c).
 */
#ifndef CGEN_H
#define CGEN_H

#include <stdio.h>

#include "../filter/filter.h"
#include "../opencl_backend/oclgen.h"
#include "../wyil/wyil.h"

/* Write the C translation of module m to out.  r == NULL: no offloading
 * (o and cl_source are ignored).  Otherwise cl_source is the program
 * from ocl_emit_program(m, r, o) (NULL: made here) and o its options. */
void cgen_module(FILE *out, Module *m, FilterResult *r, const char *cl_source,
                 const OclOptions *o);

#endif
