/* ocl_bufs.c -- unit tests of runtime/ocl_bufs.c: the device buffer of
 * a list the host freed serves the next list of at most its size and at
 * least a sixteenth of it, with that list's values (nothing of the old
 * one's shows); a much smaller list gets a buffer of its own.  Runs on
 * the device WYC_DEVICE picks; prints SKIP and succeeds when there is
 * none.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ocl.h"
#include "test.h"

/* o[i] = i + v */
static const char src[] =
  "__kernel void add(__global int *wyc_err, int lo0, int n0,\n"
  "                  __global int *o, int o_n, int v) {\n"
  "  int g = get_global_id(0);\n"
  "  if (g >= n0) return;\n"
  "  o[lo0 + g] = lo0 + g + v;\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_INT, WY_OCL_T_INT, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel add = {src, NULL, "add", 1, false, false, 2, params,
                                false, NULL, 0, {1, 1, 1}, NULL};

/* a list of n ints, the kernel's results over it with v (left on the
 * device) */
static wyv
made(int n, int64_t v)
{
  wyv xs = wy_list_new(WY_LS_INT, (size_t)n), vv = wy_small(v);
  for (int i = 0; i < n; i++) wy_list_push(&xs, wy_small(-5));
  WyOclArg a[] = {{&xs}, {&vv}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {n, 1, 1};
  CHECK(WY_OCL_OK, wy_ocl_offload(&add, a, 2, lo, hi));
  return xs;
}

int
main(int argc, char **argv)
{
  wyv a, b, c;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_bufs")) return 0;
  test_dev("binary_cache=0");
  wy_ocl_shutdown();
  a = made(4000, 1);
  CHECK(0, ocl_counters_now().buffers_reused);
  CHECK(8, test_int_at(a, 7));
  wy_decref(a);                 /* its buffer is kept */
  b = made(1000, 2);            /* a quarter of it: reused */
  CHECK(1, ocl_counters_now().buffers_reused);
  CHECK(9, test_int_at(b, 7));
  CHECK(1001, test_int_at(b, 999));
  wy_decref(b);
  c = made(100, 3);             /* a fortieth: a buffer of its own */
  CHECK(1, ocl_counters_now().buffers_reused);
  CHECK(10, test_int_at(c, 7));
  wy_decref(c);
  a = made(1000, 4);            /* b's, kept again */
  CHECK(2, ocl_counters_now().buffers_reused);
  CHECK(1003, test_int_at(a, 999));
  wy_decref(a);
  wy_ocl_shutdown();
  test_done("ocl_bufs");
  return 0;
}
