/* ocl_real.c -- unit tests of the runtime's choice of the device real
 * (runtime/ocl.h, WyOclReal): one source built as float or double,
 * WY_OCL_REAL_AUTO double exactly where the device has it, reals
 * marshalled in the width the program was built with, and the two
 * builds kept apart in the process and in the binary cache (here under
 * a temporary $XDG_CACHE_HOME).
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none.
 */
#include <stdio.h>

#include "ocl.h"
#include "test.h"

/* xs[i] = xs[i] / 3 in the device real, typed as the generated
 * programs' prelude does (opencl_backend/oclgen.c) */
static const char src[] =
  "#ifdef WYC_REAL_DOUBLE\n"
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "typedef double wy_real;\n"
  "#else\n"
  "typedef float wy_real;\n"
  "#endif\n"
  "__kernel void third(__global int *wyc_err, int lo0, int n0,\n"
  "                    __global wy_real *xs, int xs_n) {\n"
  "  size_t g = get_global_id(0);\n"
  "  if (g >= n0) return;\n"
  "  xs[lo0 + g] = xs[lo0 + g] / 3;\n"
  "}\n"
  "__kernel void negate(__global int *wyc_err, int lo0, int n0,\n"
  "                     __global int *xs, int xs_n) {\n"
  "  size_t g = get_global_id(0);\n"
  "  if (g >= n0) return;\n"
  "  xs[lo0 + g] = -xs[lo0 + g];\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false,
   0, {0, 0, 0}},
};
static const WyOclKernel third_auto = {src, NULL, "third", 1,
                                       WY_OCL_REAL_AUTO, false, 1, params,
                                       true, NULL, 0, {1, 1, 1}, NULL};
static const WyOclKernel third_float = {src, NULL, "third", 1,
                                        WY_OCL_REAL_FLOAT, false, 1, params,
                                        true, NULL, 0, {1, 1, 1}, NULL};
static const WyOclKernel third_double = {src, NULL, "third", 1,
                                         WY_OCL_REAL_DOUBLE, false, 1,
                                         params, true, NULL, 0,
                                         {1, 1, 1}, NULL};
static const WyOclParam int_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
/* a kernel without reals in the same program: its descriptor carries
 * the program's real mode (c_backend/cgen_offload.c) */
static const WyOclKernel negate_auto = {src, NULL, "negate", 1,
                                        WY_OCL_REAL_AUTO, false, 1,
                                        int_params, false, NULL, 0,
                                        {1, 1, 1}, NULL};
static const int64_t lo[3] = {0, 0, 0}, hi[3] = {2, 1, 1};

static char dir[64];  /* the temporary XDG_CACHE_HOME */

/* The number of .bin files in the cache. */
static int
cache_files(void)
{
  return test_cache_files(dir, ".bin", NULL, 0);
}

static void
counters_are(long source, long loads, long writes)
{
  WyOclCounters c;
  wy_ocl_counters(&c);
  CHECK(source, c.source_builds);
  CHECK(loads, c.cache_loads);
  CHECK(writes, c.cache_writes);
}

/* Run k on [1.0, 2.0]; the status, and the list in *out. */
static int
run(const WyOclKernel *k, wyv *out)
{
  wyv e[2] = {wy_real_from_str("1.0"), wy_real_from_str("2.0")};
  WyOclArg a[] = {{out}};
  *out = wy_list_of(WY_LS_REAL, 2, e);
  wy_decref(e[0]);
  wy_decref(e[1]);
  return wy_ocl_run(k, a, 1, lo, hi, false);
}

/* Is xs [1/3, 2/3] rounded to a double (dbl) or a float, exactly? */
static bool
thirds_in(wyv xs, bool dbl)
{
  volatile float f1 = 1.0f, f2 = 2.0f, f3 = 3.0f;
  double want[2] = {dbl ? 1.0 / 3.0 : (double)(f1 / f3),
                    dbl ? 2.0 / 3.0 : (double)(f2 / f3)};
  bool same = true;
  for (size_t i = 0; i < 2; i++) {
    wyv got = wy_list_get(xs, i), w = wy_real_from_double(want[i]);
    same = same && wy_equals(got, w);
    wy_decref(got);
    wy_decref(w);
  }
  return same;
}

/* Run k and check that its reals came back in that width. */
static void
check_run(const WyOclKernel *k, bool dbl)
{
  wyv xs;
  CHECK(WY_OCL_OK, run(k, &xs));
  CHECK(true, thirds_in(xs, dbl));
  CHECK(false, thirds_in(xs, !dbl));
  wy_decref(xs);
}

/* negate_auto runs on [1, -2]. */
static void
negate_is_shared(void)
{
  wyv e[2] = {wy_small(1), wy_small(-2)};
  wyv xs = wy_list_of(WY_LS_INT, 2, e);
  WyOclArg a[] = {{&xs}};
  CHECK(WY_OCL_OK, wy_ocl_run(&negate_auto, a, 1, lo, hi, false));
  CHECK_STR("[-1, 2]", xs);   /* takes xs */
}

int
main(int argc, char **argv)
{
  wyv xs;
  int st;
  bool fp64;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_real")) return 0;
  test_env("WYC_QUIET", "1");
  strcpy(dir, "/tmp/wyc_real_test_XXXXXX");
  CHECK(1, mkdtemp(dir) != NULL);
  setenv("XDG_CACHE_HOME", dir, 1);
  wy_ocl_shutdown();
  /* float: built from source, cached */
  check_run(&third_float, false);
  counters_are(1, 0, 1);
  CHECK(1, cache_files());
  /* double: another build of the same source and options, another
   * cache file; or, on a device without double, a refusal */
  st = run(&third_double, &xs);
  fp64 = st == WY_OCL_OK;
  if (fp64) {
    CHECK(true, thirds_in(xs, true));
    wy_decref(xs);
  } else {
    CHECK(WY_OCL_E_NO_FP64, st);
    CHECK_STR("[1.0, 2.0]", xs);  /* all or nothing */
  }
  printf("  %s: auto builds %s\n", wy_ocl_device_name(),
         fp64 ? "double" : "float");
  counters_are(1 + fp64, 0, 1 + fp64);
  CHECK(1 + fp64, cache_files());
  /* auto: double where the device has it, sharing that build */
  check_run(&third_auto, fp64);
  counters_are(1 + fp64, 0, 1 + fp64);
  /* a kernel without reals shares the program's build, before or after
   * its real kernels */
  negate_is_shared();
  counters_are(1 + fp64, 0, 1 + fp64);
  wy_ocl_shutdown();
  negate_is_shared();
  check_run(&third_auto, fp64);
  counters_are(0, 1, 0);
  /* a new process state: each width loads its own binary */
  wy_ocl_shutdown();
  if (fp64) {
    check_run(&third_double, true);
    counters_are(0, 1, 0);
  }
  check_run(&third_float, false);
  counters_are(0, 1 + fp64, 0);
  wy_ocl_shutdown();
  check_run(&third_auto, fp64);
  counters_are(0, 1, 0);
  wy_ocl_shutdown();
  test_remove_tree(dir);
  test_done("ocl_real");
  return 0;
}
