/* ocl_cache.c -- unit tests of runtime/ocl_program.c: programs built once,
 * binaries cached under $XDG_CACHE_HOME/wyc (here a temporary directory),
 * a corrupt cache file rebuilt from source: a damaged header, a file
 * cut short, single bit flips at 8 places in the binary and one in the
 * MAC at the end (the MAC under the user's key, docs/cache.md, catches
 * them before the driver sees the binary).
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none (no OpenCL platform at all, or WYC_DEVICE=none).
 */
#include <stdio.h>
#include <sys/stat.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "__kernel void inc(__global int *wyc_err, int lo0, int n0,\n"
  "                  __global int *xs, int xs_n) {\n"
  "  size_t g = get_global_id(0);\n"
  "  if (g >= n0) return;\n"
  "  xs[lo0 + g] += BY;\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_INOUT, WY_OCL_T_INT, 1, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel inc1 = {src, "-DBY=1", "inc", 1, false, false, 1,
                                 params, false, NULL, 0, {1, 1, 1}, NULL};
static const WyOclKernel inc5 = {src, "-DBY=5", "inc", 1, false, false, 1,
                                 params, false, NULL, 0, {1, 1, 1}, NULL};
static const int64_t lo[3] = {1, 0, 0}, hi[3] = {3, 1, 1};

static char dir[64];       /* the temporary XDG_CACHE_HOME */
static char files[4][512]; /* the .bin files in dir/wyc */

/* The cache files, into files[]; returns how many. */
static int
cache_files(void)
{
  return test_cache_files(dir, ".bin", files, 4);
}

/* Run k over xs[1..2] from a fresh process state. */
static void
run_fresh(const WyOclKernel *k, const char *expected)
{
  wyv xs = wy_list_new(WY_LS_INT, 4);
  WyOclArg a[] = {{&xs}};
  for (int i = 0; i < 4; i++) wy_list_push(&xs, wy_small(10 * i));
  wy_ocl_shutdown();
  CHECK(WY_OCL_OK, wy_ocl_run(k, a, 1, lo, hi, false));
  CHECK_STR(expected, xs);
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

int
main(int argc, char **argv)
{
  FILE *f;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_cache")) return 0;
  strcpy(dir, "/tmp/wyc_cache_test_XXXXXX");
  CHECK(1, mkdtemp(dir) != NULL);
  setenv("XDG_CACHE_HOME", dir, 1);
  /* first build: from source, written to the cache */
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(1, 0, 1);
  CHECK(1, cache_files());
  /* a second kernel of the same program: no second build */
  {
    wyv xs = wy_list_new(WY_LS_INT, 4);
    WyOclArg a[] = {{&xs}};
    for (int i = 0; i < 4; i++) wy_list_push(&xs, wy_small(i));
    CHECK(WY_OCL_OK, wy_ocl_run(&inc1, a, 1, lo, hi, false));
    CHECK(WY_OCL_OK, wy_ocl_run(&inc1, a, 1, lo, hi, false));
    CHECK_STR("[0, 3, 4, 3]", xs);
    counters_are(1, 0, 1);
  }
  /* a new process state: the binary comes from the cache */
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(0, 1, 0);
  /* other build options: another program, another file */
  run_fresh(&inc5, "[0, 15, 25, 30]");
  counters_are(1, 0, 1);
  CHECK(2, cache_files());
  /* corrupt files are ignored and rewritten: one overwritten in its
   * header, one cut short */
  for (int i = 0; i < 2; i++) {
    f = fopen(files[i], "r+b");
    CHECK(1, f != NULL);
    fseek(f, 30, SEEK_SET);
    fputs("garbage", f);
    fclose(f);
    if (i == 1) CHECK(0, truncate(files[i], 100));
  }
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(1, 0, 1);
  run_fresh(&inc5, "[0, 15, 25, 30]");
  counters_are(1, 0, 1);
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(0, 1, 0);
  /* one bit flipped at 8 places spread over the binary (the file's
   * second half): each is noticed, rebuilt and rewritten */
  CHECK(2, cache_files());
  for (int i = 0; i < 8; i++) {
    struct stat sb;
    const char *file = NULL;
    for (int j = 0; j < 2; j++) {
      f = fopen(files[j], "rb");
      char head[4096] = "";
      size_t got = f ? fread(head, 1, sizeof head, f) : 0;
      if (f) fclose(f);
      if (memmem(head, got, "-DBY=1", 6)) file = files[j];
    }
    CHECK(1, file != NULL && stat(file, &sb) == 0);
    long at = (long)sb.st_size / 2 + (long)sb.st_size / 2 * i / 8;
    f = fopen(file, "r+b");
    CHECK(1, f != NULL);
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    fputc(c ^ (1 << (i % 8)), f);
    fclose(f);
    run_fresh(&inc1, "[0, 11, 21, 30]");
    counters_are(1, 0, 1);
  }
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(0, 1, 0);
  /* the MAC's last byte changed: rebuilt, then loaded */
  for (int j = 0; j < 2; j++) {
    f = fopen(files[j], "r+b");
    CHECK(1, f != NULL);
    fseek(f, -1, SEEK_END);
    int c = fgetc(f);
    fseek(f, -1, SEEK_END);
    fputc(c ^ 0x20, f);
    fclose(f);
  }
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(1, 0, 1);
  run_fresh(&inc1, "[0, 11, 21, 30]");
  counters_are(0, 1, 0);
  wy_ocl_shutdown();
  test_remove_tree(dir);
  test_done("ocl_cache");
  return 0;
}
