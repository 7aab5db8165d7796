/* ocl_narrow.c -- unit tests of the runtime's choice between a kernel
 * and its narrow variant (runtime/ocl.h, WyOclKernel.narrow): the
 * variant runs only when its narrow ints and loop indices lie within
 * its bound and every element of its narrow lists is known to: from
 * the values the call converts, from a device copy a kernel wrote
 * (out_bound), or from a copy whose rows the host wrote since.
 *
 * Both kernels here compute the same thing but mark which one ran
 * (the kernel adds 1000, its variant 2000), so that a check can see the
 * choice; compiled kernels compute the same values either way.
 * Runs on the device WYC_DEVICE picks; prints SKIP when there is none.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "#ifdef WYC_INT64\n"
  "typedef long wy_int;\n"
  "#else\n"
  "typedef int wy_int;\n"
  "#endif\n"
  "#define GID size_t g0 = get_global_id(0); if (g0 >= n0) return;\n"
  "#define I (lo0 + (wy_int)g0)\n"
  "__kernel void mark(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global const wy_int *in, wy_int in_n,\n"
  "    __global wy_int *out, wy_int out_n) {\n"
  "  GID out[I] = in[I] + 1000;\n"
  "}\n"
  "__kernel void mark_n(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global const wy_int *in, wy_int in_n,\n"
  "    __global wy_int *out, wy_int out_n) {\n"
  "  GID out[I] = in[I] + 2000;\n"
  "}\n"
  /* out[g] = i + s + 1000 (the variant: 2000), i = lo0 + g */
  "__kernel void marks(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *out, wy_int out_n, wy_int s) {\n"
  "  GID out[g0] = I + s + 1000;\n"
  "}\n"
  "__kernel void marks_n(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *out, wy_int out_n, wy_int s) {\n"
  "  GID out[g0] = I + s + 2000;\n"
  "}\n"
  /* xs[i] = i % 8 - 4: within +-2^3, as its out_bound says */
  "__kernel void small(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *xs, wy_int xs_n) {\n"
  "  GID xs[I] = I % 8 - 4;\n"
  "}\n"
  /* xs[i] = 100 * i: no bound known */
  "__kernel void big(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *xs, wy_int xs_n) {\n"
  "  GID xs[I] = 100 * I;\n"
  "}\n";

/* in: its elements within [-16, 15] for the variant */
static const WyOclParam mark_params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_INT, 1, {-1, -1, -1}, 4, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel mark_n = {src, NULL, "mark_n", 1, false, false, 2,
                                   mark_params, false, NULL, 0,
                                   {1, 1, 1}, NULL};
static const WyOclKernel mark = {src, NULL, "mark", 1, false, false, 2,
                                 mark_params, false, &mark_n, 0,
                                 {1, 1, 1}, NULL};

/* s, and the loop's indices, within [-16, 15] for the variant */
static const WyOclParam marks_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_INT, WY_OCL_T_INT, 0, {-1, -1, -1}, 4, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel marks_n = {src, NULL, "marks_n", 1, false, false, 2,
                                    marks_params, false, NULL, 0,
                                    {1, 1, 1}, NULL};
static const WyOclKernel marks = {src, NULL, "marks", 1, false, false, 2,
                                  marks_params, false, &marks_n, 4,
                                  {1, 1, 1}, NULL};

static const WyOclParam small_params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 1 + 3, false,
   0, {0, 0, 0}},
};
static const WyOclKernel small = {src, NULL, "small", 1, false, false, 1,
                                  small_params, false, NULL, 0,
                                  {1, 1, 1}, NULL};
static const WyOclParam big_params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel big = {src, NULL, "big", 1, false, false, 1,
                                big_params, false, NULL, 0, {1, 1, 1}, NULL};

enum { N = 8 };
static const int64_t lo[3] = {0, 0, 0}, hi[3] = {N, 1, 1};

static wyv
filled(int64_t v)
{
  wyv l = wy_list_new(WY_LS_INT, N);
  for (size_t i = 0; i < N; i++) wy_list_push(&l, wy_small(v));
  return l;
}

/* Run mark on in (with 64-bit ints if use64); 2 when its variant ran, 1
 * when the kernel did.  The result's first element says the same. */
static int
which64(wyv *in, bool use64)
{
  wyv out = filled(0);
  WyOclArg a[] = {{in}, {&out}};
  long before = ocl_counters_now().narrow_runs;
  CHECK(WY_OCL_OK, wy_ocl_run(&mark, a, 2, lo, hi, use64));
  int ran = ocl_counters_now().narrow_runs > before ? 2 : 1;
  int64_t first = wy_small_val(wy_list_get(out, 0));
  int64_t in0 = wy_small_val(wy_list_get(*in, 0));
  CHECK(ran * 1000 + in0, first);
  wy_decref(out);
  return ran;
}

static int
which(wyv *in)
{
  return which64(in, false);
}

/* Bounds of host lists: from the values converted, at either width. */
static void
test_host_values(void)
{
  int64_t inside[] = {0, 15, -16, -1};
  int64_t outside[] = {16, -17, 1 << 20, INT32_MIN};
  for (size_t i = 0; i < sizeof inside / sizeof *inside; i++) {
    wyv in = filled(inside[i]);
    CHECK(2, which(&in));
    CHECK(2, which64(&in, true));
    wy_decref(in);
  }
  for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
    wyv in = filled(3);
    wy_list_set(&in, wy_small(N - 1), wy_small(outside[i]), NULL);
    CHECK(1, which(&in));    /* the last element alone is too large */
    CHECK(1, which64(&in, true));
    wy_decref(in);
  }
  {
    wyv in = filled(-3);
    wy_list_set(&in, wy_small(0), wy_small((int64_t)1 << 40), NULL);
    CHECK(1, which64(&in, true));
    wy_decref(in);
  }
}

/* Bounds of device copies: a kernel's out_bound, none, and rows the
 * host wrote since. */
static void
test_device_copies(void)
{
  wyv xs = filled(0);
  WyOclArg a[] = {{&xs}};
  CHECK(WY_OCL_OK, wy_ocl_run(&small, a, 1, lo, hi, false));
  CHECK(2, which(&xs));               /* within 2^3, from out_bound */
  CHECK(2, which(&xs));               /* and still */
  /* the host writes a small value: the row is sent, and checked */
  wy_list_set(&xs, wy_small(2), wy_small(-9), NULL);
  CHECK(2, which(&xs));
  /* ... and a large one */
  wy_list_set(&xs, wy_small(5), wy_small(99), NULL);
  CHECK(1, which(&xs));
  CHECK_STR("[-4, -3, -9, -1, 0, 99, 2, 3]", keep(xs));
  /* a kernel whose stores have no bound */
  CHECK(WY_OCL_OK, wy_ocl_run(&big, a, 1, lo, hi, false));
  CHECK(1, which(&xs));
  CHECK(WY_OCL_OK, wy_ocl_run(&small, a, 1, lo, hi, false));
  CHECK(2, which(&xs));
  /* a copy made on the device (copy-on-write of a stale list) */
  {
    wyv copy = xs;
    wy_incref(copy);
    CHECK(WY_OCL_OK, wy_ocl_run(&small, a, 1, lo, hi, false));
    CHECK(2, which(&copy));
    CHECK(2, which(&xs));
    wy_decref(copy);
  }
  CHECK_STR("[-4, -3, -2, -1, 0, 1, 2, 3]", xs);
}

/* Run marks over lo .. hi-1 with s; which one ran, as which64. */
static int
which_s(int64_t lo0, int64_t hi0, int64_t sv)
{
  wyv out = filled(0), s = wy_small(sv);
  WyOclArg a[] = {{&out}, {&s}};
  int64_t lo[3] = {lo0, 0, 0}, hi[3] = {hi0, 1, 1};
  long before = ocl_counters_now().narrow_runs;
  CHECK(WY_OCL_OK, wy_ocl_run(&marks, a, 2, lo, hi, false));
  int ran = ocl_counters_now().narrow_runs > before ? 2 : 1;
  CHECK(ran * 1000 + lo0 + sv, wy_small_val(wy_list_get(out, 0)));
  wy_decref(out);
  return ran;
}

/* Bounds of int arguments and of the loop's indices: the values the
 * call has. */
static void
test_ints_and_indices(void)
{
  CHECK(2, which_s(0, N, 3));
  CHECK(2, which_s(0, N, 15));
  CHECK(1, which_s(0, N, 16));
  CHECK(2, which_s(0, N, -16));
  CHECK(1, which_s(0, N, -17));
  CHECK(2, which_s(8, 8 + N, 0));     /* the last index is 15 */
  CHECK(1, which_s(9, 9 + N, 0));
  CHECK(2, which_s(-16, -16 + N, 0));
  CHECK(1, which_s(-17, -17 + N, 0));
}

int
main(int argc, char **argv)
{
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_narrow")) return 0;
  test_env("WYC_QUIET", "1");
  test_host_values();
  test_device_copies();
  test_ints_and_indices();
  wy_ocl_shutdown();
  test_done("ocl_narrow");
  return 0;
}
