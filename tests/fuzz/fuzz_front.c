/* fuzz_front.c -- the fuzzing harness of `make fuzz`: one input file
 * through the front end (lexer, parser, resolution, lowering, WYIL
 * verification) and the C back end, sequential (inputs of odd size) or
 * with the loop filter and the OpenCL back end (even size), writing to
 * /dev/null.  A language error exits 1 (not
 * a finding); an internal error aborts and a memory error crashes, which
 * the fuzzer records.
 *
 *   fuzz_front INPUT STDLIB SCRATCH
 * copies INPUT to SCRATCH/fuzz.whiley (module names come from file
 * names) and compiles it against the standard library in STDLIB.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../compiler/compiler.h"
#include "../../c_backend/cgen.h"
#include "../../filter/filter.h"
#include "../../opencl_backend/oclgen.h"

/* Copy the file; returns its size. */
static size_t
copy_input(const char *from, const char *to)
{
  size_t total = 0;
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  char buf[65536];
  size_t n;
  if (!in || !out) {
    perror("fuzz_front");
    exit(2);
  }
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
    fwrite(buf, 1, n, out);
    total += n;
  }
  fclose(in);
  if (fclose(out) != 0) exit(2);
  return total;
}

int
main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: fuzz_front INPUT STDLIB SCRATCH\n");
    return 2;
  }
  char *path = wyil_fmt("%s/fuzz.whiley", argv[3]);
  /* the input's size picks the back end: odd the sequential C path,
   * even the offloading one */
  bool odd = copy_input(argv[1], path) % 2;
  FILE *null = fopen("/dev/null", "w");
  if (!null) return 2;
  Program *prog = resolve_program(path, argv[2]);
  lower_program(prog);
  wyil_verify(prog->m);
  wyil_print_module(null, prog->m);
  if (odd) {             /* wyc --target=c */
    if (prog->m->main) cgen_module(null, prog->m, NULL);
  } else {                /* wyc --gpu-real=float (the filter at -O2) */
    Pipeline p = {.m = prog->m, .fopt = {2, FLT_REAL_FLOAT, NULL, NULL, NULL},
                  .oo = {.real = FLT_REAL_FLOAT, .tile = OCL_TILE_GPU}};
    OclOptions oo = p.oo;
    pipeline_run(&p);     /* the driver's passes, emit-opencl included */
    flt_explain(null, p.fr);
    char *cl = p.cl_source;
    CgenOffload off = {cl, oo.real, oo.int64_only};
    if (prog->m->main) cgen_module(null, prog->m, &off);
    free(cl);
  }
  fclose(null);
  wyil_free_all();
  return 0;
}
