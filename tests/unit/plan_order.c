/* plan_order.c -- unit test of the pipeline's order (issue 38): what the
 * C back end reads of a kernel (Kernel.narrow_name, narrow_dims,
 * KernelArg.narrow, index_dim, out_bits, out_arg, store32, jam) is
 * decided by the planning passes before the OpenCL back end prints, and
 * printing changes none of it.
 *
 * A program whose one kernel gets a narrow variant (its list's elements
 * small: their squares cannot overflow) and writes a list of remainders
 * (a 32-bit buffer) runs through compiler/pipeline.c up to checks.
 * Then: the decisions are there; the host C (c_backend/) is generated,
 * the OpenCL program printed (ocl_emit_planned), and the host C
 * generated again, which must be the same text.  Run from the
 * repository root (the standard library is ./stdlib).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../c_backend/cgen.h"
#include "../../compiler/compiler.h"
#include "lower_text.h"
#include "../../filter/filter.h"
#include "../../opencl_backend/oclgen.h"

static const char program[] =
  "import * from whiley.lang.*\n\n"
  "[int] mix([int] xs):\n"
  "\tys = xs\n"
  "\tfor i in 0..|xs|:\n"
  "\t\tys[i] = (xs[i] * xs[i] + xs[i]) % 1000\n"
  "\treturn ys\n\n"
  "void ::main(System.Console sys):\n"
  "\tsys.out.println(mix([1, 2, 3]))\n";

static int failures;

static void
check(bool ok, const char *what)
{
  if (ok) return;
  printf("plan_order: %s\n", what);
  failures++;
}

/* The host C of m, as the driver's build would write it. */
static char *
host_c(Module *m)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) {
    perror("plan_order: open_memstream");
    exit(1);
  }
  CgenOffload off = {"", FLT_REAL_AUTO, false};
  cgen_module(f, m, &off);
  fclose(f);
  return text;
}

int
main(void)
{
  Program *prog = test_lower_text("plan_order", program);
  wyil_verify(prog->m);
  Pipeline p = {.m = prog->m, .fopt = {2, FLT_REAL_AUTO, NULL, NULL, NULL},
                .oo = {.real = FLT_REAL_AUTO, .tile = OCL_TILE_GPU},
                .stop_after = "checks"};
  pipeline_run(&p);
  Kernel *k = NULL;
  for (int i = 0; i < prog->m->funcs.n; i++)
    if (((Func *)prog->m->funcs.v[i])->kernel)
      k = ((Func *)prog->m->funcs.v[i])->kernel;
  check(k != NULL, "no kernel function after checks");
  if (!k) return 1;
  check(p.chk_plan != NULL, "narrow made no plan");
  check(k->narrow_name && !strcmp(k->narrow_name, "wyk_1_n"),
        "narrow chose no variant (Kernel.narrow_name)");
  bool narrow = false, store32 = false;
  for (int a = 0; a < k->nargs; a++) {
    narrow |= k->args[a].kind == KA_LIST_IN && k->args[a].narrow > 0;
    store32 |= k->args[a].kind == KA_LIST_OUT && k->args[a].store32
               && k->args[a].out_bits >= 0 && k->args[a].out_bits <= 31;
  }
  check(narrow, "the narrow variant bounds no list (KernelArg.narrow)");
  check(store32, "store32 chose no 32-bit buffer (KernelArg.store32)");
  char *before = host_c(prog->m);
  char *cl = ocl_emit_planned(p.chk_plan, &p.oo);
  check(strstr(cl, "\nwyk_1_n(") != NULL, "the program lacks wyk_1_n");
  check(strstr(cl, "__global int *a") != NULL,
        "the program has no 32-bit output buffer");
  char *after = host_c(prog->m);
  check(!strcmp(before, after),
        "the host C changed when the OpenCL program was printed");
  free(cl);
  free(before);
  free(after);
  if (failures) return 1;
  printf("OK plan_order\n");
  return 0;
}
