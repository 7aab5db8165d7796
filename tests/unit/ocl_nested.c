/* ocl_nested.c -- unit tests of runtime/ocl_*: lists of lists and bools.
 *
 * 2-D kernels over [[int]] (unchanged rows keep their identity, shared
 * rows are copied only when written, a window of a write-only matrix),
 * jagged input, a 3-D kernel over [[[int]]], a [bool] kernel and a
 * kernel on doubles.
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none (no OpenCL platform at all, or WYC_DEVICE=none).
 */
#include <stdio.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "#ifdef WYC_INT64\n"
  "typedef long wy_int;\n"
  "#define WY_MAX LONG_MAX\n"
  "#else\n"
  "typedef int wy_int;\n"
  "#define WY_MAX INT_MAX\n"
  "#endif\n"
  "#define FAIL(c) do { atomic_cmpxchg(wyc_err, 0, (c)); return; } while (0)\n"
  "#define GID(d) size_t g##d = get_global_id(d); if (g##d >= n##d) return;\n"
  /* m[i][j] += i, dimension 0 = j (columns), dimension 1 = i (rows) */
  "__kernel void add2d(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    wy_int lo1, wy_int n1, __global wy_int *m, wy_int rows,\n"
  "    wy_int cols) {\n"
  "  GID(0) GID(1)\n"
  "  wy_int j = lo0 + (wy_int)g0, i = lo1 + (wy_int)g1;\n"
  "  if (i >= rows || j >= cols) FAIL(2);\n"
  "  m[i * cols + j] += i;\n"
  "}\n"
  /* o[i][j] = 100 * i + j over a window */
  "__kernel void out2d(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    wy_int lo1, wy_int n1, __global wy_int *o, wy_int rows,\n"
  "    wy_int cols) {\n"
  "  GID(0) GID(1)\n"
  "  wy_int j = lo0 + (wy_int)g0, i = lo1 + (wy_int)g1;\n"
  "  if (i >= rows || j >= cols) FAIL(2);\n"
  "  o[i * cols + j] = 100 * i + j;\n"
  "}\n"
  /* c[i][j][k] = 100 i + 10 j + k; dimension 0 = k, 1 = j, 2 = i */
  "__kernel void vol(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    wy_int lo1, wy_int n1, wy_int lo2, wy_int n2, __global wy_int *c,\n"
  "    wy_int a, wy_int b, wy_int d) {\n"
  "  GID(0) GID(1) GID(2)\n"
  "  wy_int k = lo0 + (wy_int)g0, j = lo1 + (wy_int)g1, i = lo2 + (wy_int)g2;\n"
  "  c[(i * b + j) * d + k] = 100 * i + 10 * j + k;\n"
  "}\n"
  /* bs[i] = !bs[i] */
  "__kernel void neg(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global uchar *bs, wy_int bs_n) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  bs[i] = !bs[i];\n"
  "}\n";

static const WyOclParam add2d_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 2, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel add2d = {src, NULL, "add2d", 2, false, false, 1,
                                  add2d_params, false, NULL, 0,
                                  {1, 1, 1}, NULL};

static const WyOclParam out2d_params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 2, {1, 0, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel out2d = {src, NULL, "out2d", 2, false, false, 1,
                                  out2d_params, false, NULL, 0,
                                  {1, 1, 1}, NULL};

static const WyOclParam vol_params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 3, {2, 1, 0}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel vol = {src, NULL, "vol", 3, false, false, 1,
                                vol_params, false, NULL, 0, {1, 1, 1}, NULL};

static const WyOclParam neg_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_BOOL, 1, {-1, -1, -1}, 0, 0, false,
   0, {0, 0, 0}},
};
static const WyOclKernel neg = {src, NULL, "neg", 1, false, false, 1,
                                neg_params, false, NULL, 0, {1, 1, 1}, NULL};

/* [a, a+1, ..., a+n-1] as an LS_INT list. */
static wyv
ints(int64_t a, size_t n)
{
  wyv l = wy_list_new(WY_LS_INT, n);
  for (size_t i = 0; i < n; i++) wy_list_push(&l, wy_small(a + (int64_t)i));
  return l;
}

/* rows x cols, element [i][j] = 10 i + j. */
static wyv
matrix(size_t rows, size_t cols)
{
  wyv m = wy_list_new(WY_LS_ANY, rows);
  for (size_t i = 0; i < rows; i++) {
    wyv r = ints(10 * (int64_t)i, cols);
    wy_list_push(&m, r);
    wy_decref(r);
  }
  return m;
}

static void
test_2d(void)
{
  wyv m = matrix(3, 4), row0 = wy_list_get(m, 0), row2 = wy_list_get(m, 2);
  wyv before = m;
  WyOclArg a[] = {{&m}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {4, 3, 1};
  wy_incref(before);
  /* m[i][j] += i: row 0 does not change, so it is not copied */
  CHECK(WY_OCL_OK, wy_ocl_run(&add2d, a, 1, lo, hi, false));
  CHECK_STR("[[0, 1, 2, 3], [11, 12, 13, 14], [22, 23, 24, 25]]", keep(m));
  CHECK_STR("[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]",
            keep(before));
  {
    wyv r0 = wy_list_get(m, 0);
    CHECK(1, r0 == row0);
    wy_decref(r0);
  }
  wy_decref(row0);
  CHECK(2, wy_obj(row0)->rc);  /* held by before and m */
  CHECK_STR("[20, 21, 22, 23]", row2);   /* the shared row kept its values */
  wy_decref(before);
  /* a window: rows 1..2, columns 2..3 of a 3x5 matrix */
  wy_set(&m, matrix(3, 5));
  lo[0] = 2, hi[0] = 4, lo[1] = 1, hi[1] = 3;
  CHECK(WY_OCL_OK, wy_ocl_run(&out2d, a, 1, lo, hi, false));
  CHECK_STR("[[0, 1, 2, 3, 4], [10, 11, 102, 103, 14], "
            "[20, 21, 202, 203, 24]]", keep(m));
  /* jagged: a status, nothing changes */
  {
    wyv r = ints(0, 2);
    wy_list_set(&m, wy_small(1), r, NULL);
    wy_decref(r);
  }
  CHECK(WY_OCL_E_JAGGED, wy_ocl_run(&out2d, a, 1, lo, hi, false));
  CHECK(WY_OCL_E_JAGGED, wy_ocl_run(&add2d, a, 1, lo, hi, false));
  CHECK(0, strstr(wy_ocl_last_reason(), "jagged") == NULL);
  CHECK_STR("[[0, 1, 2, 3, 4], [0, 1], [20, 21, 202, 203, 24]]", keep(m));
  /* not a list of lists */
  wy_set(&m, ints(0, 3));
  CHECK(WY_OCL_E_ARGS, wy_ocl_run(&add2d, a, 1, lo, hi, false));
  /* empty rows */
  wy_set(&m, wy_list_new(WY_LS_ANY, 0));
  lo[0] = lo[1] = 0;
  hi[0] = hi[1] = 1;
  CHECK(WY_OCL_FLAG_BOUNDS, wy_ocl_run(&add2d, a, 1, lo, hi, false));
  wy_decref(m);
}

static void
test_3d_and_bools(void)
{
  wyv c = wy_list_new(WY_LS_ANY, 2), bs;
  WyOclArg a[] = {{&c}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {2, 3, 2};
  for (int i = 0; i < 2; i++) {
    wyv m = matrix(3, 2);
    wy_list_push(&c, m);
    wy_decref(m);
  }
  CHECK(WY_OCL_OK, wy_ocl_run(&vol, a, 1, lo, hi, true));
  CHECK_STR("[[[0, 1], [10, 11], [20, 21]], "
            "[[100, 101], [110, 111], [120, 121]]]", c);
  {
    wyv e[] = {WY_TRUE, WY_FALSE, WY_FALSE, WY_TRUE};
    bs = wy_list_of(WY_LS_BOOL, 4, e);
  }
  a[0].slot = &bs;
  lo[0] = 1, hi[0] = 4;
  CHECK(WY_OCL_OK, wy_ocl_run(&neg, a, 1, lo, hi, false));
  CHECK_STR("[true, true, true, false]", bs);
}

static const char dsrc[] =
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "__kernel void twice(__global int *wyc_err, int lo0, int n0,\n"
  "    __global const double *xs, int xs_n, __global double *ys,\n"
  "    int ys_n) {\n"
  "  size_t g = get_global_id(0); if (g >= n0) return;\n"
  "  ys[lo0 + g] = 2.0 * xs[lo0 + g];\n"
  "}\n";
static const WyOclParam twice_params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_REAL, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel twice = {dsrc, NULL, "twice", 1,
                                  WY_OCL_REAL_DOUBLE, false, 2,
                                  twice_params, false, NULL, 0,
                                  {1, 1, 1}, NULL};

/* --gpu-real=double: mpq -> nearest double -> exact rational. */
static void
test_doubles(void)
{
  wyv e[3], xs, ys;
  WyOclArg a[] = {{&xs}, {&ys}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {3, 1, 1};
  e[0] = wy_real_from_frac(wy_small(1), wy_small(3));
  e[1] = wy_real_from_str("2.5");
  e[2] = wy_real_from_str("0.1");
  xs = wy_list_of(WY_LS_REAL, 3, e);
  ys = wy_list_of(WY_LS_REAL, 3, e);
  for (int i = 0; i < 3; i++) wy_decref(e[i]);
  CHECK(WY_OCL_OK, wy_ocl_run(&twice, a, 2, lo, hi, false));
  e[0] = wy_real_from_double(2.0 / 3.0);
  e[1] = wy_real_from_double(5.0);
  e[2] = wy_real_from_double(0.2);
  for (int i = 0; i < 3; i++) {
    wyv y = wy_list_get(ys, (size_t)i);
    CHECK(1, wy_equals(y, e[i]));
    wy_decref(y);
    wy_decref(e[i]);
  }
  CHECK_STR("[(1/3), 2.5, 0.1]", xs);
  wy_decref(ys);
}

int
main(int argc, char **argv)
{
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_nested")) return 0;
  test_env("WYC_QUIET", "1");
  test_2d();
  test_3d_and_bools();
  test_doubles();
  wy_ocl_shutdown();
  test_done("ocl_nested");
  return 0;
}
