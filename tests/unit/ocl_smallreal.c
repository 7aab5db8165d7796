/* ocl_smallreal.c -- unit tests of runtime/ocl_marshal.c on the small
 * forms of reals: a copy kernel in double and in float over a [real] of
 * immediates only (flat LS_REAL) and over one of every form (LS_MPQ,
 * and LS_ANY);
 * each value reaches the device correctly rounded, also where the
 * quick paths (one division, a power-of-two scaling) do not apply, and
 * comes back as the exact rational of the device value, in the list's
 * storage when that still holds it.  Expected roundings computed
 * exactly with Python's fractions.
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none.
 */
#include <stdio.h>

#include "ocl.h"
#include "test.h"
#include "wyrt_impl.h"

static const char dsrc[] =
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "__kernel void cpyd(__global int *wyc_err, int lo0, int n0,\n"
  "    __global const double *xs, int xs_n, __global double *ys,\n"
  "    int ys_n) {\n"
  "  size_t g = get_global_id(0); if (g >= n0) return;\n"
  "  ys[lo0 + g] = xs[lo0 + g];\n"
  "}\n";
static const char fsrc[] =
  "__kernel void cpyf(__global int *wyc_err, int lo0, int n0,\n"
  "    __global const float *xs, int xs_n, __global float *ys,\n"
  "    int ys_n) {\n"
  "  size_t g = get_global_id(0); if (g >= n0) return;\n"
  "  ys[lo0 + g] = xs[lo0 + g];\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_REAL, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel cpyd = {dsrc, NULL, "cpyd", 1, WY_OCL_REAL_DOUBLE,
                                 false, 2, params, false, NULL, 0,
                                 {1, 1, 1}, NULL};
static const WyOclKernel cpyf = {fsrc, NULL, "cpyf", 1, WY_OCL_REAL_FLOAT,
                                 false, 2, params, false, NULL, 0,
                                 {1, 1, 1}, NULL};

enum { N = 8 };

static wyv
Q(int64_t n, int64_t d)
{
  wyv a = wy_int_from_i64(n), b = wy_int_from_i64(d);
  wyv q = wy_real_from_frac(a, b);
  wy_decref(a);
  wy_decref(b);
  return q;
}

/* Copy the n reals e through kernel k; ys[i] must be want[i] exactly,
 * and ys keeps flat storage when every result is an immediate. */
static void
copy_check(const WyOclKernel *k, const wyv *e, size_t n,
           const double *want, WyListStore hint, WyListStore xs_store)
{
  wyv zero = wy_real_from_str("0.0"), zeros[N];
  wyv xs = wy_list_of(hint, n, e), ys;
  WyOclArg a[] = {{&xs}, {&ys}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {(int64_t)n, 1, 1};
  bool imm = true;
  for (size_t i = 0; i < n; i++) zeros[i] = zero;
  ys = wy_list_of(WY_LS_REAL, n, zeros);   /* each value changes */
  wy_decref(zero);
  CHECK(xs_store, wy_list(xs)->h.sub);
  CHECK(WY_OCL_OK, wy_ocl_run(k, a, 2, lo, hi, false));
  for (size_t i = 0; i < n; i++) {
    wyv y = wy_list_get(ys, i), w = wy_real_from_double(want[i]);
    CHECK(1, wy_equals(y, w));
    imm = imm && wy_is_qimm(w);
    wy_decref(y);
    wy_decref(w);
    y = wy_list_get(xs, i);       /* the input keeps its exact values */
    CHECK(1, wy_equals(y, e[i]));
    wy_decref(y);
  }
  CHECK(imm ? WY_LS_REAL : WY_LS_MPQ, wy_list(ys)->h.sub);
  wy_decref(xs);
  wy_decref(ys);
}

static void
test_copies(void)
{
  wyv imm[4], all[N];
  /* 1/3, (2^24+1)/5, -5/8, 1/10: immediates */
  static const double imm_d[4] = {0x1.5555555555555p-2, 0x1.99999b3333333p+21,
                                  -0x1.4p-1, 0x1.999999999999ap-4};
  static const double imm_f[4] = {0x1.555556p-2, 0x1.99999cp+21, -0x1.4p-1,
                                  0x1.99999ap-4};
  /* and (2^53+1)/1, INT64_MAX/(2^53+1), -7/2^40 (pairs), 10^30/7 (GMP) */
  static const double all_d[N] = {0x1.5555555555555p-2, 0x1.99999b3333333p+21,
                                  -0x1.4p-1, 0x1.999999999999ap-4, 0x1p53,
                                  0x1.fffffffffffffp+9, -0x1.cp-38,
                                  0x1.cd98a8b00a10bp+96};
  static const double all_f[N] = {0x1.555556p-2, 0x1.99999cp+21, -0x1.4p-1,
                                  0x1.99999ap-4, 0x1p53, 0x1p10, -0x1.cp-38,
                                  0x1.cd98a8p+96};
  imm[0] = Q(1, 3);
  imm[1] = Q((1 << 24) + 1, 5);   /* float: not 2^24 / 5 */
  imm[2] = Q(-5, 8);
  imm[3] = wy_real_from_str("0.1");
  for (int i = 0; i < 4; i++) {
    CHECK(1, wy_is_qimm(imm[i]));
    all[i] = imm[i];
  }
  all[4] = Q((INT64_C(1) << 53) + 1, 1);
  all[5] = Q(INT64_MAX, (INT64_C(1) << 53) + 1);
  all[6] = Q(-7, INT64_C(1) << 40);
  all[7] = wy_real_from_str("1000000000000000000000000000000.0");
  wy_set(&all[7], wy_real_div(all[7], wy_small(7), NULL));
  copy_check(&cpyd, imm, 4, imm_d, WY_LS_REAL, WY_LS_REAL);
  copy_check(&cpyf, imm, 4, imm_f, WY_LS_REAL, WY_LS_REAL);
  copy_check(&cpyd, all, N, all_d, WY_LS_REAL, WY_LS_MPQ);
  copy_check(&cpyf, all, N, all_f, WY_LS_REAL, WY_LS_MPQ);
  /* values as they are (the pairs without GMP: put_q's exact path) */
  copy_check(&cpyd, all, N, all_d, WY_LS_ANY, WY_LS_ANY);
  copy_check(&cpyf, all, N, all_f, WY_LS_ANY, WY_LS_ANY);
  for (int i = 0; i < N; i++) wy_decref(all[i]);
}

int
main(int argc, char **argv)
{
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_smallreal")) return 0;
  test_env("WYC_QUIET", "1");
  test_copies();
  wy_ocl_shutdown();
  test_done("ocl_smallreal");
  return 0;
}
