/* ocl_run.c -- unit tests of runtime/ocl_*: kernels run through wy_ocl_run.
 *
 * Hand-written OpenCL C in the ABI of ocl.h: [int] and [real] lists,
 * scalars, windows, the error flag, copy-on-write, the 64-bit variant,
 * a build failure, fallback notes and benchmarking (lists of lists are
 * in ocl_nested.c).
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none (no OpenCL platform at all, or WYC_DEVICE=none).
 */
#include <math.h>
#include <stdio.h>

#define WY_OCL_IMPL   /* wy_ocl_g: whether the queue profiles */
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
  /* out[i] = 2 * in[i] */
  "__kernel void dbl(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global const wy_int *in, wy_int in_n,\n"
  "    __global wy_int *out, wy_int out_n) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i < 0 || i >= in_n || i >= out_n) FAIL(2);\n"
  "  if (in[i] > WY_MAX / 2 || in[i] < -(WY_MAX / 2)) FAIL(1);\n"
  "  out[i] = 2 * in[i];\n"
  "}\n"
  /* xs[i] = 2 * xs[i] */
  "__kernel void dbl_inplace(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *xs, wy_int xs_n) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i < 0 || i >= xs_n) FAIL(2);\n"
  "  if (xs[i] > WY_MAX / 2 || xs[i] < -(WY_MAX / 2)) FAIL(1);\n"
  "  xs[i] = 2 * xs[i];\n"
  "}\n"
  /* out[i] = flag ? in[i] * s + k : in[i] */
  "__kernel void scal(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global const float *in, wy_int in_n,\n"
  "    __global float *out, wy_int out_n, float s, wy_int k, uchar flag) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i < 0 || i >= in_n || i >= out_n) FAIL(2);\n"
  "  out[i] = flag ? in[i] * s + (float)k : in[i];\n"
  "}\n"
  /* xs[i] = xs[i] * 2 for even i only */
  "__kernel void even(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global float *xs, wy_int xs_n) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i % 2 == 0) xs[i] = xs[i] * 2.0f;\n"
  "}\n"
  /* ys[i] = xs[i] / d (may produce infinities: the ABI's check before
   * the store, code 16) */
  "__kernel void divide(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global const float *xs, wy_int xs_n, __global float *ys,\n"
  "    wy_int ys_n, float d) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  float y = xs[i] / d;\n"
  "  if (!isfinite(y)) FAIL(16);\n"
  "  ys[i] = y;\n"
  "}\n";

static const WyOclParam dbl_params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel dbl = {src, NULL, "dbl", 1, false, false, 2,
                                dbl_params, false, NULL, 0, {1, 1, 1}, NULL};

static const WyOclParam inplace_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel dbl_inplace = {src, NULL, "dbl_inplace", 1, false,
                                        false, 1, inplace_params, false,
                                        NULL, 0, {1, 1, 1}, NULL};

static const WyOclParam scal_params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_REAL, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_REAL, 0, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_INT, 0, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_BOOL, 0, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel scal = {src, NULL, "scal", 1, false, false, 5,
                                 scal_params, false, NULL, 0, {1, 1, 1}, NULL};

static const WyOclParam even_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false,
   0, {0, 0, 0}},
};
static const WyOclKernel even = {src, NULL, "even", 1, false, false, 1,
                                 even_params, false, NULL, 0, {1, 1, 1}, NULL};

static const WyOclParam divide_params[] = {
  {WY_OCL_LIST_IN, WY_OCL_T_REAL, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_LIST_OUT, WY_OCL_T_REAL, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_REAL, 0, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel divide = {src, NULL, "divide", 1, false, false, 3,
                                   divide_params, false, NULL, 0,
                                   {1, 1, 1}, NULL};

static const WyOclKernel missing = {src, NULL, "missing", 1, false, false, 1,
                                    inplace_params, false, NULL, 0,
                                    {1, 1, 1}, NULL};
static const WyOclKernel wrong_arity = {src, NULL, "dbl", 1, false, false, 0,
                                        NULL, false, NULL, 0, {1, 1, 1}, NULL};

static const char bad_src[] = "__kernel void k(__global int *e) { nope; }\n";
static const WyOclKernel broken = {bad_src, NULL, "k", 1, false, false, 0,
                                   NULL, false, NULL, 0, {1, 1, 1}, NULL};

static const int64_t lo37[3] = {3, 0, 0}, hi37[3] = {7, 1, 1};

/* [a, a+1, ..., a+n-1] as an LS_INT list. */
static wyv
ints(int64_t a, size_t n)
{
  wyv l = wy_list_new(WY_LS_INT, n);
  for (size_t i = 0; i < n; i++) wy_list_push(&l, wy_small(a + (int64_t)i));
  return l;
}

/* [num[0]/den, ...] as an LS_REAL list. */
static wyv
reals(const int64_t *num, int64_t den, size_t n)
{
  wyv l = wy_list_new(WY_LS_REAL, n);
  for (size_t i = 0; i < n; i++) {
    wyv r = wy_real_from_frac(wy_small(num[i]), wy_small(den));
    wy_list_push(&l, r);
    wy_decref(r);
  }
  return l;
}

static void
test_int_window(void)
{
  wyv in = ints(0, 10), out = ints(100, 10), alias = out;
  WyOclArg a[] = {{&in}, {&out}};
  wy_incref(alias);
  CHECK(WY_OCL_OK, wy_ocl_run(&dbl, a, 2, lo37, hi37, false));
  CHECK_STR("[100, 101, 102, 6, 8, 10, 12, 107, 108, 109]", keep(out));
  CHECK_STR("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", keep(in));
  /* out was shared: written into a copy, never in place */
  CHECK(1, out != alias);
  CHECK_STR("[100, 101, 102, 103, 104, 105, 106, 107, 108, 109]", alias);
  /* unique now: written in place */
  alias = out;
  CHECK(WY_OCL_OK, wy_ocl_run(&dbl, a, 2, lo37, hi37, true));
  CHECK(1, out == alias);
  CHECK_STR("[100, 101, 102, 6, 8, 10, 12, 107, 108, 109]", out);
  wy_decref(in);
}

static void
test_inplace_and_ranges(void)
{
  wyv xs = ints(0, 10), shared = xs;
  WyOclArg a[] = {{&xs}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {10, 1, 1};
  wy_incref(shared);
  CHECK(WY_OCL_OK, wy_ocl_offload(&dbl_inplace, a, 1, lo, hi));
  CHECK_STR("[0, 2, 4, 6, 8, 10, 12, 14, 16, 18]", keep(xs));
  CHECK_STR("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", keep(shared));
  /* empty range: nothing runs, nothing changes */
  hi[0] = 0;
  CHECK(WY_OCL_OK, wy_ocl_run(&dbl_inplace, a, 1, lo, hi, false));
  lo[0] = 5;
  hi[0] = 2;
  CHECK(WY_OCL_E_DESCENDING, wy_ocl_run(&dbl_inplace, a, 1, lo, hi, false));
  /* out of bounds: flag 2, nothing changes */
  lo[0] = 8;
  hi[0] = 12;
  CHECK(WY_OCL_FLAG_BOUNDS, wy_ocl_run(&dbl_inplace, a, 1, lo, hi, false));
  CHECK(1, wy_ocl_language_error(WY_OCL_FLAG_BOUNDS));
  CHECK_STR("[0, 2, 4, 6, 8, 10, 12, 14, 16, 18]", xs);
  wy_decref(shared);
}

/* A ragged tail: sizes that no work-group size divides. */
static void
test_ragged(void)
{
  size_t sizes[] = {1, 7, 255, 257, 1000, 4099};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    wyv xs = ints(-5, sizes[s]);
    WyOclArg a[] = {{&xs}};
    int64_t lo[3] = {0, 0, 0}, hi[3] = {(int64_t)sizes[s], 1, 1};
    bool ok = true;
    CHECK(WY_OCL_OK, wy_ocl_run(&dbl_inplace, a, 1, lo, hi, false));
    for (size_t i = 0; i < sizes[s]; i++) {
      wyv v = wy_list_get(xs, i);
      ok = ok && wy_small_val(v) == 2 * ((int64_t)i - 5);
    }
    CHECK(1, ok);
    wy_decref(xs);
  }
}

static void
test_overflow(void)
{
  wyv in = ints(0, 10), out = ints(0, 10), big = wy_small(3000000000LL);
  WyOclArg a[] = {{&in}, {&out}};
  wy_list_set(&in, wy_small(4), big, NULL);
  /* 3e9 does not fit int32: a status, and the 64-bit variant works */
  CHECK(WY_OCL_E_OVERFLOW, wy_ocl_run(&dbl, a, 2, lo37, hi37, false));
  CHECK(0, strstr(wy_ocl_last_reason(), "3000000000") == NULL);
  CHECK_STR("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", keep(out));
  CHECK(WY_OCL_OK, wy_ocl_offload(&dbl, a, 2, lo37, hi37));
  CHECK_STR("[0, 1, 2, 6, 6000000000, 10, 12, 7, 8, 9]", keep(out));
  /* 1.5e9 fits int32 but 2 * 1.5e9 does not: the kernel's flag */
  wy_list_set(&in, wy_small(4), wy_small(1500000000), NULL);
  CHECK(WY_OCL_FLAG_OVERFLOW, wy_ocl_run(&dbl, a, 2, lo37, hi37, false));
  CHECK_STR("[0, 1, 2, 6, 6000000000, 10, 12, 7, 8, 9]", keep(out));
  CHECK(WY_OCL_OK, wy_ocl_run(&dbl, a, 2, lo37, hi37, true));
  CHECK_STR("[0, 1, 2, 6, 3000000000, 10, 12, 7, 8, 9]", keep(out));
  /* a big int (beyond 64 bits) fails in both variants */
  wy_set(&big, wy_int_from_str("100000000000000000000"));
  wy_list_set(&in, wy_small(5), big, NULL);
  CHECK(WY_OCL_E_OVERFLOW, wy_ocl_offload(&dbl, a, 2, lo37, hi37));
  CHECK_STR("[0, 1, 2, 6, 3000000000, 10, 12, 7, 8, 9]", out);
  wy_decref(big);
  wy_decref(in);
}

static void
test_reals(void)
{
  static const int64_t num[] = {1, 2, 3, 4, 5, 6, 7, 8};
  wyv in = reals(num, 3, 8), out = reals(num, 1, 8);
  wyv s = wy_real_from_str("0.5"), k = wy_small(1), flag = WY_TRUE;
  WyOclArg a[] = {{&in}, {&out}, {&s}, {&k}, {&flag}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {8, 1, 1};
  /* float results come back as the exact rationals of the floats;
   * out[0..2] and out[7] lie outside the window and keep their values */
  CHECK(WY_OCL_OK, wy_ocl_run(&scal, a, 5, lo37, hi37, false));
  CHECK_STR("[1.0, 2.0, 3.0, (6990507/4194304), (7689557/4194304), 2.0, "
            "(4543829/2097152), 8.0]", keep(out));
  /* even: only even indices change; odd ones keep their exact thirds */
  CHECK(WY_OCL_OK, wy_ocl_run(&even, a, 1, lo, hi, false));
  CHECK_STR("[(11184811/16777216), (2/3), 2.0, (4/3), (13981013/4194304), "
            "2.0, (9786709/2097152), (8/3)]", keep(in));
  /* flag false: out[i] = in[i], exactly the float of in[i] */
  flag = WY_FALSE;
  CHECK(WY_OCL_OK, wy_ocl_run(&scal, a, 5, lo, hi, false));
  CHECK_STR("[(11184811/16777216), (11184811/16777216), 2.0, "
            "(11184811/8388608), (13981013/4194304), 2.0, "
            "(9786709/2097152), (11184811/4194304)]", keep(out));
  /* correct rounding to float, where going through double would round
   * twice: 1 + 2^-24 + 2^-78 -> 1 + 2^-23 (double rounding: 1), and a
   * subnormal: 2^-140 / 3 -> 171 * 2^-149 */
  {
    wyv tricky[2], e[2], one = wy_small(1), list;
    wyv n0 = wy_int_from_str("302231472918055803158529");
    wyv d0 = wy_int_from_str("302231454903657293676544");
    wyv d1 = wy_int_from_str("4181389724724491839037947176121567782371328");
    WyOclArg b[] = {{&list}, {&out}, {&s}, {&k}, {&flag}};
    int64_t hi2[3] = {2, 1, 1};
    tricky[0] = wy_real_from_frac(n0, d0);
    tricky[1] = wy_real_from_frac(one, d1);
    list = wy_list_of(WY_LS_REAL, 2, tricky);
    CHECK(WY_OCL_OK, wy_ocl_run(&scal, b, 5, lo, hi2, false));
    e[0] = wy_list_get(out, 0);
    e[1] = wy_list_get(out, 1);
    CHECK_STR("(8388609/8388608)", e[0]);
    CHECK(1, wy_real_to_double(e[1]) == ldexp(171, -149));
    wy_decref(e[1]);
    wy_decref(tricky[0]);
    wy_decref(tricky[1]);
    wy_decref(n0);
    wy_decref(d0);
    wy_decref(d1);
    wy_decref(list);
  }
  /* a real beyond float's range */
  {
    wyv big = wy_int_from_str("1000000000000000000000000000000000000000");
    wy_set(&s, wy_real_from_int(big));
    wy_decref(big);
  }
  CHECK(WY_OCL_E_REAL_RANGE, wy_ocl_run(&scal, a, 5, lo, hi, false));
  /* a scalar of the wrong kind */
  wy_set(&s, wy_real_from_str("0.5"));
  flag = wy_small(1);
  CHECK(WY_OCL_E_ARGS, wy_ocl_run(&scal, a, 5, lo, hi, false));
  wy_decref(s);
  wy_decref(in);
  wy_decref(out);
}

static void
test_nonfinite(void)
{
  static const int64_t num[] = {1, 0, -1};
  wyv xs = reals(num, 1, 3), ys = reals(num, 1, 3), d = wy_real_from_str("2");
  WyOclArg a[] = {{&xs}, {&ys}, {&d}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {3, 1, 1};
  CHECK(WY_OCL_OK, wy_ocl_run(&divide, a, 3, lo, hi, false));
  CHECK_STR("[0.5, 0.0, (-1/2)]", keep(ys));
  wy_set(&d, wy_real_from_str("0"));
  CHECK(WY_OCL_E_NONFINITE, wy_ocl_run(&divide, a, 3, lo, hi, false));
  CHECK_STR("[0.5, 0.0, (-1/2)]", ys);
  wy_decref(xs);
  wy_decref(d);
}

static void
note_twice(void)
{
  wyv xs = ints(0, 3);
  WyOclArg a[] = {{&xs}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  test_env("WYC_QUIET", NULL);
  wy_ocl_offload(&broken, a, 0, lo, hi);
  wy_ocl_offload(&broken, a, 0, lo, hi);
  wy_ocl_offload(&missing, a, 1, lo, hi);
  test_env("WYC_QUIET", "1");
  wy_ocl_fallback_note("quiet", NULL, "not printed");
  wy_decref(xs);
}

static void
test_failures(void)
{
  wyv xs = ints(0, 3);
  WyOclArg a[] = {{&xs}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  char out[64], err[1024];
  CHECK(WY_OCL_E_BUILD, wy_ocl_run(&broken, a, 0, lo, hi, false));
  CHECK(0, strstr(wy_ocl_last_reason(), "does not build") == NULL);
  CHECK(WY_OCL_E_NO_KERNEL, wy_ocl_run(&missing, a, 1, lo, hi, false));
  CHECK(WY_OCL_E_ARGS, wy_ocl_run(&wrong_arity, a, 0, lo, hi, false));
  CHECK(WY_OCL_E_ARGS, wy_ocl_run(&dbl_inplace, a, 0, lo, hi, false));
  {
    static const int64_t num[] = {1, 2, 3};
    wyv rs = reals(num, 2, 3);
    WyOclArg b[] = {{&rs}};
    /* a [real] where a [int] is expected; ints do convert to reals */
    CHECK(WY_OCL_E_ARGS, wy_ocl_run(&dbl_inplace, b, 1, lo, hi, false));
    CHECK(0, strstr(wy_ocl_last_reason(), "wrong type") == NULL);
    {
      int64_t hi3[3] = {3, 1, 1};
      wyv ys = ints(0, 3);
      WyOclArg c[] = {{&ys}};
      /* unchanged elements keep their host values (ints here); the
       * changed one becomes a real in LS_ANY storage */
      CHECK(WY_OCL_OK, wy_ocl_run(&even, c, 1, lo, hi3, false));
      CHECK_STR("[0, 1, 4.0]", ys);
    }
    wy_decref(rs);
    rs = wy_small(7);   /* not a list at all */
    CHECK(WY_OCL_E_ARGS, wy_ocl_run(&dbl_inplace, b, 1, lo, hi, false));
    rs = reals(num, 2, 3);
    wy_decref(rs);
  }
  /* one note per kernel, on stderr */
  CHECK(0, run_child(note_twice, out, sizeof out, err, sizeof err));
  CHECK(0, strncmp(err, "wyc: kernel k runs on the CPU: the OpenCL program "
                   "does not build: ", 66));
  CHECK(0, strstr(err, "'nope'\n") == NULL);
  CHECK(0, strstr(err, "\nwyc: kernel missing runs on the CPU: no kernel "
                  "missing in the program\n") == NULL);
  CHECK(0, strstr(strchr(err, '\n') + 1, "\nwyc:") != NULL); /* 2 lines */
  wy_decref(xs);
}

static void
test_bench(void)
{
  wyv xs = ints(0, 10);
  WyOclArg a[] = {{&xs}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {10, 1, 1};
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  wy_ocl_bench_begin();
  CHECK(WY_OCL_OK, wy_ocl_offload(&dbl_inplace, a, 1, lo, hi));
  CHECK(WY_OCL_OK, wy_ocl_offload(&dbl_inplace, a, 1, lo, hi));
  wy_ocl_bench_end();
  wy_ocl_bench_print(f);
  fclose(f);
  CHECK(0, strncmp(text, "kind,region,kernel,call,status,init_ms,marshal_ms,"
                   "upload_ms,execute_ms,download_ms,unmarshal_ms,other_ms,"
                   "total_ms\ncall,1,dbl_inplace,", 112) != 0);
  CHECK(0, strstr(text, "\ncall,1,dbl_inplace,2,ok,") == NULL);
  CHECK(0, strstr(text, "\naverage,,dbl_inplace,2,ok,") == NULL);
  CHECK(0, strstr(text, "\nregion,1,,,,,,,,,,,") == NULL);
  /* a region alone makes no profiling queue (its events would add to
   * what it measures): the launch is timed on the host, up to its
   * flag's read, so its execute column is not 0 */
  if (!wy_ocl_events()) {
    static const char first[] = "\ncall,1,dbl_inplace,1,ok,";
    const char *row = strstr(text, first);
    double ms[4] = {0, 0, 0, 0};
    CHECK(0, wy_ocl_g.queue_profiled);
    CHECK(4, row ? sscanf(row + strlen(first), "%lf,%lf,%lf,%lf", &ms[0],
                          &ms[1], &ms[2], &ms[3]) : 0);
    CHECK(1, ms[3] > 0);
  }
  free(text);
  wy_decref(xs);
}

int
main(int argc, char **argv)
{
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_run")) return 0;
  test_env("WYC_QUIET", "1");
  test_int_window();
  test_inplace_and_ranges();
  test_ragged();
  test_overflow();
  test_reals();
  test_nonfinite();
  test_failures();
  test_bench();
  wy_ocl_shutdown();
  test_done("ocl_run");
  return 0;
}
