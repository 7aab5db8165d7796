/* cgen.h -- the public interface of c_backend/: WYIL to C.
 *
 * The C file written includes only "wyrt.h" and is compiled with the
 * system cc against build/libwyrt.a.  One C function per WYIL Func; see
 * cgen_internal.h for the conventions of the generated code.
 */
#ifndef CGEN_H
#define CGEN_H

#include <stdio.h>

#include "../wyil/wyil.h"

/* Write the C translation of module m to out. */
void cgen_module(FILE *out, Module *m);

#endif
