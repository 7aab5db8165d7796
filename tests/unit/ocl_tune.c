/* ocl_tune.c -- unit tests of runtime/ocl_tune.c: work-group shapes
 * measured on first use (WYC_DEV=tune=always: on every device, however
 * short the call), kept for the kernel's size class, written beside the
 * binary in the cache and read back by a later process state; a corrupt
 * shapes file (garbage, a line cut short, shapes no device runs, a
 * shape of 0) is measured again, never launched; a kernel that updates
 * a list in place, or whose launch fails, is not measured, and its
 * results are those of one launch.
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none.
 */
#include <stdio.h>
#include <sys/stat.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "typedef int wy_int;\n"
  "#define FAIL(c) do { atomic_cmpxchg(wyc_err, 0, (c)); return; } while (0)\n"
  "#define GID(d) size_t g##d = get_global_id(d); if (g##d >= n##d) return;\n"
  /* o[i][j] = 1000 i + j; dimension 0 = j, 1 = i; FAILAT: one item fails */
  "__kernel void fill(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    wy_int lo1, wy_int n1, __global wy_int *o, wy_int rows,\n"
  "    wy_int cols) {\n"
  "  GID(0) GID(1)\n"
  "  wy_int j = lo0 + (wy_int)g0, i = lo1 + (wy_int)g1;\n"
  "  if (i >= rows || j >= cols) FAIL(2);\n"
  "  if (1000 * i + j == FAILAT) FAIL(2);\n"
  "  o[i * cols + j] = 1000 * i + j;\n"
  "}\n"
  /* xs[i] += 1: read and written in place */
  "__kernel void bump(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *xs, wy_int xs_n) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i >= xs_n) FAIL(2);\n"
  "  xs[i] += 1;\n"
  "}\n"
  /* the same, read and written only at its own index: old is its old
   * values (the same buffer as xs where the list is on the host) */
  "__kernel void bump_own(__global int *wyc_err, wy_int lo0, wy_int n0,\n"
  "    __global wy_int *xs, wy_int xs_n, __global wy_int *old) {\n"
  "  GID(0) wy_int i = lo0 + (wy_int)g0;\n"
  "  if (i >= xs_n) FAIL(2);\n"
  "  xs[i] = old[i] + 1;\n"
  "}\n";

static const WyOclParam fill_params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 2, {1, 0, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel fill = {src, "-DFAILAT=-1", "fill", 2, false, false,
                                 1, fill_params, false, NULL, 0,
                                 {1, 1, 1}, NULL};
static const WyOclKernel fill_fails = {src, "-DFAILAT=5007", "fill", 2, false,
                                       false, 1, fill_params, false, NULL, 0,
                                       {1, 1, 1}, NULL};
static const WyOclParam bump_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0,
   {0, 0, 0}},
};
static const WyOclKernel bump = {src, "-DFAILAT=-1", "bump", 1, false, false,
                                 1, bump_params, false, NULL, 0,
                                 {1, 1, 1}, NULL};
static const WyOclParam own_params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0,
   {0, 0, 0}},
};
static const WyOclKernel bump_own = {src, "-DFAILAT=-1", "bump_own", 1, false,
                                     false, 1, own_params, false, NULL, 0,
                                     {1, 1, 1}, NULL};

enum { ROWS = 24, COLS = 300 };
static char dir[64];        /* the temporary XDG_CACHE_HOME */

/* A ROWS x COLS matrix of zeros. */
static wyv
zeros(void)
{
  wyv m = wy_list_new(WY_LS_ANY, ROWS);
  for (int i = 0; i < ROWS; i++) {
    wyv r = wy_list_new(WY_LS_INT, COLS);
    for (int j = 0; j < COLS; j++) wy_list_push(&r, wy_small(0));
    wy_list_push(&m, r);
    wy_decref(r);
  }
  return m;
}

/* Run k over the whole matrix from a fresh process state; its status.
 * *right: every element holds 1000 i + j. */
static int
run_fill(const WyOclKernel *k, bool *right)
{
  wyv m = zeros();
  WyOclArg a[] = {{&m}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {COLS, ROWS, 1};
  int st;
  wy_ocl_shutdown();
  st = wy_ocl_run(k, a, 1, lo, hi, false);
  *right = true;
  for (int i = 0; i < ROWS; i++) {
    wyv r = wy_list_get(m, (size_t)i);
    for (int j = 0; j < COLS; j++) {
      wyv v = wy_list_get(r, (size_t)j);
      if (!wy_is_small(v) || wy_small_val(v) != 1000 * i + j) *right = false;
      wy_decref(v);
    }
    wy_decref(r);
  }
  wy_decref(m);
  return st;
}

/* The counters since the process state began (a macro: a failure
 * names the caller's line). */
#define counters_are(tunings_, loads_)                                       \
  do {                                                                     \
    WyOclCounters c_;                                                      \
    wy_ocl_counters(&c_);                                                  \
    CHECK(tunings_, c_.tunings);                                           \
    CHECK(loads_, c_.tuned_loads);                                         \
  } while (0)


static long
count_lines(const char *path, const char *prefix)
{
  char line[512];
  long n = 0;
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, prefix, strlen(prefix)) == 0) n++;
  if (f) fclose(f);
  return n;
}

int
main(int argc, char **argv)
{
  char wg[1][512];   /* the shapes file */
  bool right;
  FILE *f;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_tune")) return 0;
  strcpy(dir, "/tmp/wyc_tune_test_XXXXXX");
  CHECK(1, mkdtemp(dir) != NULL);
  setenv("XDG_CACHE_HOME", dir, 1);
  test_dev("tune=always");
  /* measured once, right, and written beside the binary */
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  CHECK(1, right);
  counters_are(1, 0);
  CHECK(1, test_cache_files(dir, ".wg", wg, 1));
  CHECK(1, count_lines(wg[0], "fill "));
  /* a later process state reads it: no second measuring */
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  CHECK(1, right);
  counters_are(0, 1);
  /* tune=0: nothing read, nothing measured, the default shape */
  test_dev("tune=0");
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  CHECK(1, right);
  counters_are(0, 0);
  test_dev("tune=always");
  /* a corrupt file: every line is skipped, the class measured again and
   * a good line appended */
  f = fopen(wg[0], "w");
  CHECK(1, f != NULL);
  fputs("fill 9 5 0 0 1 1\n"             /* a shape of 0 */
        "fill 9 5 0 70000 1 1\n"         /* beyond 16 bits */
        "fill 9 5 0 65535 65535 1\n"     /* more items than any device */
        "fill 9 5 0 32 8 7\n"            /* a third dimension of 7 */
        "fill 9 5 0 32 8\n"              /* a field missing */
        "fill 9 5 0 32 8 1 1\n"          /* a field too many */
        "fill 9 5 0 -32 8 1\n"           /* a sign */
        "fill9 5 0 32 8 1\n"
        "\x01\xff garbage \x7f\n"
        "fill 9 5 0 32 1", f);           /* cut short: no newline */
  fclose(f);
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  CHECK(1, right);
  counters_are(1, 0);
  /* the 8 lines above and the new one, on a line of its own */
  CHECK(9, count_lines(wg[0], "fill "));
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  counters_are(0, 1);
  /* a full file (junk past 64 KiB): measured again, then the file
   * starts afresh with the new line */
  f = fopen(wg[0], "w");
  CHECK(1, f != NULL);
  for (int i = 0; i < 3000; i++) fputs("fill 9 5 0 junk junk junk\n", f);
  fclose(f);
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  CHECK(1, right);
  counters_are(1, 0);
  CHECK(1, count_lines(wg[0], "fill "));
  CHECK(WY_OCL_OK, run_fill(&fill, &right));
  counters_are(0, 1);
  /* a kernel that fails (another program: its options): not measured,
   * no file of its own; the call reports the failure */
  CHECK(WY_OCL_FLAG_BOUNDS, run_fill(&fill_fails, &right));
  counters_are(0, 0);
  CHECK(1, test_cache_files(dir, ".wg", wg, 1));
  /* in place, and at the item's own index from a host list (its old
   * values in the same buffer): one launch's increments, never
   * measured, and lines naming them in the file are not read */
  f = fopen(wg[0], "a");
  CHECK(1, f != NULL);
  fputs("bump 10 0 0 64 1 1\nbump_own 10 0 0 64 1 1\n", f);
  fclose(f);
  for (int v = 0; v < 2; v++) {
    wyv xs = wy_list_new(WY_LS_INT, 1000);
    WyOclArg a[] = {{&xs}};
    int64_t lo[3] = {0, 0, 0}, hi[3] = {1000, 1, 1};
    for (int i = 0; i < 1000; i++) wy_list_push(&xs, wy_small(i));
    wy_ocl_shutdown();
    CHECK(WY_OCL_OK, wy_ocl_run(v ? &bump_own : &bump, a, 1, lo, hi, false));
    counters_are(0, 0);
    for (int i = 0; i < 1000; i += 111) {
      wyv e = wy_list_get(xs, (size_t)i);
      CHECK(i + 1, wy_small_val(e));
      wy_decref(e);
    }
    wy_decref(xs);
  }
  wy_ocl_shutdown();
  test_remove_tree(dir);
  test_done("ocl_tune");
  return 0;
}
