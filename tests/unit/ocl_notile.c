/* ocl_notile.c -- unit tests of runtime/ocl_program.c: a kernel built
 * with tiles (reqd_work_group_size and __local arrays under WYC_TILE,
 * as opencl_backend/oclgen_tile.c emits them) whose local memory the
 * device cannot give runs its plain loop from a second build with
 * -DWYC_NO_TILE, on the device; one whose tiles fit runs tiled.  The two
 * forms write different values here so that the test can tell which ran.
 * Runs on the device WYC_DEVICE picks; prints SKIP and succeeds when
 * there is none.
 */
#include <stdio.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "#ifndef WYC_NO_TILE\n"
  "#define WYC_TILE 1\n"
  "#endif\n"
  "__kernel\n"
  "#ifdef WYC_TILE\n"
  "__attribute__((reqd_work_group_size(16, 1, 1)))\n"
  "#endif\n"
  "void twice(__global int *wyc_err, int lo0, int n0, __global int *o,\n"
  "           int o_n) {\n"
  "  size_t g = get_global_id(0);\n"
  "#ifdef WYC_TILE\n"
  "  __local int tile[TILE_INTS];\n"
  "  tile[get_local_id(0)] = 1000;\n"
  "  barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  if (g < n0) o[lo0 + g] = 2 * (lo0 + (int)g) + tile[0];\n"
  "#else\n"
  "  if (g < n0) o[lo0 + g] = 2 * (lo0 + (int)g);\n"
  "#endif\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
/* 64 MiB of local memory: more than any device has */
static const WyOclKernel big = {src, "-DTILE_INTS=16777216", "twice", 1,
                                false, false, 1, params, false, NULL, 0,
                                {1, 1, 1}, NULL};
static const WyOclKernel small = {src, "-DTILE_INTS=16", "twice", 1, false,
                                  false, 1, params, false, NULL, 0,
                                  {1, 1, 1}, NULL};

/* Run k over xs[0..100) from a fresh process state: its status, and the
 * value it left in element 7; *builds: programs built from source. */
static int
run(const WyOclKernel *k, int64_t *seven, long *builds)
{
  wyv xs = wy_list_new(WY_LS_INT, 100);
  WyOclArg a[] = {{&xs}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {100, 1, 1};
  WyOclCounters c;
  int st;
  for (int i = 0; i < 100; i++) wy_list_push(&xs, wy_small(-1));
  wy_ocl_shutdown();
  st = wy_ocl_run(k, a, 1, lo, hi, false);
  {
    wyv v = wy_list_get(xs, 7);
    *seven = wy_small_val(v);
    wy_decref(v);
  }
  wy_ocl_counters(&c);
  *builds = c.source_builds;
  wy_decref(xs);
  return st;
}

int
main(int argc, char **argv)
{
  int64_t seven;
  long builds;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_notile")) return 0;
  test_dev("binary_cache=0");
  /* the tiles do not fit: built twice, the plain loop ran */
  CHECK(WY_OCL_OK, run(&big, &seven, &builds));
  CHECK(14, seven);
  CHECK(2, builds);
  /* they fit: built once, the tiled form ran (its 1000) */
  CHECK(WY_OCL_OK, run(&small, &seven, &builds));
  CHECK(1014, seven);
  CHECK(1, builds);
  wy_ocl_shutdown();
  test_done("ocl_notile");
  return 0;
}
