/* ocl_chain.c -- unit tests of runtime/ocl_chain.c: inside a chained
 * loop a launch whose results stay on the device does not wait for its
 * error flag; the flag, read at the end, a failed check, a pause before
 * a CPU path or a poll after many launches, says whether the loop must
 * run again; a list a failed launch wrote is not fetched (its host
 * values stay); outside a chain, and with WYC_DEV=chain=0, every call
 * waits.  Runs on the device WYC_DEVICE picks; prints SKIP and succeeds
 * when there is none.
 */
#include <stdio.h>
#include <stdlib.h>

#define WY_OCL_IMPL   /* a list's device copy: which buffer it is */
#include "ocl.h"
#include "test.h"

/* o[i] = i + v, or the flag (index out of bounds) when v < 0 */
static const char src[] =
  "__kernel void add(__global int *wyc_err, int lo0, int n0,\n"
  "                  __global int *o, int o_n, int v) {\n"
  "  int g = get_global_id(0);\n"
  "  if (g >= n0) return;\n"
  "  if (v < 0) { atomic_cmpxchg(wyc_err, 0, 2); return; }\n"
  "  o[lo0 + g] = lo0 + g + v;\n"
  "}\n";
static const WyOclParam params[] = {
  {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
  {WY_OCL_INT, WY_OCL_T_INT, 0, {-1, -1, -1}, 0, 0, false, 0, {0, 0, 0}},
};
static const WyOclKernel add = {src, NULL, "add", 1, false, false, 2, params,
                                false, NULL, 0, {1, 1, 1}, NULL};

enum { N = 100, BIG = 300000 };   /* BIG ints: over 1 MiB as int32 */

static wyv
filled_n(int64_t x, int n)
{
  wyv xs = wy_list_new(WY_LS_INT, (size_t)n);
  for (int i = 0; i < n; i++) wy_list_push(&xs, wy_small(x));
  return xs;
}

static wyv
filled(int64_t x)
{
  return filled_n(x, N);
}

/* kernel `add` over all of *xs with v */
static int
launch(wyv *xs, int64_t v)
{
  wyv vv = wy_small(v);
  WyOclArg a[] = {{xs}, {&vv}};
  int64_t lo[3] = {0, 0, 0}, hi[3] = {(int64_t)wy_list_len(*xs), 1, 1};
  return wy_ocl_offload(&add, a, 2, lo, hi);
}

int
main(int argc, char **argv)
{
  wyv xs, ys, zs;
  wy_decref(wy_init(argc, argv));
  if (!ocl_ready("ocl_chain")) return 0;
  test_env("WYC_QUIET", "1");
  test_dev("binary_cache=0,chain=gpu");   /* the default chain setting */
  wy_ocl_shutdown();
  xs = filled(-7);
  ys = filled(-7);
  zs = filled(9);

  /* outside a chain every call waits */
  CHECK(WY_OCL_OK, launch(&xs, 5));
  CHECK(0, ocl_counters_now().deferred);
  CHECK(12, test_int_at(xs, 7));

  /* by default only a GPU runs a chain's launches unchecked; on
   * another device the loop's first call ends the chain */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, 1));
  CHECK(wy_ocl_chain_unchecked() ? 1 : 0, ocl_counters_now().deferred);
  CHECK(0, wy_ocl_chain_end());
  CHECK(8, test_int_at(xs, 7));
  /* chain=always: every device, from here on */
  test_dev("binary_cache=0,chain=always");
  wy_ocl_shutdown();
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, 5));
  CHECK(1, wy_ocl_chain_unchecked());
  CHECK(0, wy_ocl_chain_end());
  wy_ocl_shutdown();   /* the counters from 0 again */

  /* a chain: the launch goes unchecked, the end finds the flag clear;
   * it writes the list's device copy in place (outside a chain a call
   * writes a buffer of its own, which a failure would drop) */
  CHECK(WY_OCL_OK, launch(&xs, 1));
  CHECK(1, wy_list(xs)->res != NULL);
  cl_mem before = wy_list(xs)->res->mem;
  CHECK(WY_OCL_OK, launch(&xs, 1));
  CHECK(0, wy_list(xs)->res->mem == before);
  before = wy_list(xs)->res->mem;
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(0, wy_ocl_chain_begin(NULL, 0));        /* no chain inside a chain */
  CHECK(WY_OCL_OK, launch(&xs, 1));
  CHECK(1, ocl_counters_now().deferred);
  CHECK(1, wy_list(xs)->res->mem == before);
  CHECK(WY_OCL_OK, launch(&ys, 2));
  CHECK(2, ocl_counters_now().deferred);
  CHECK(0, wy_ocl_chain_end());
  CHECK(8, test_int_at(xs, 7));
  CHECK(9, test_int_at(ys, 7));
  CHECK(0, wy_ocl_chain_end());          /* closed: nothing to say */

  /* a failed launch, then a good one: the end says run again; the
   * flag is clear afterwards */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&ys, -1));     /* fails unseen */
  CHECK(WY_OCL_OK, launch(&xs, 3));
  CHECK(1, wy_ocl_chain_end());
  wy_ocl_chain_abort();
  CHECK(1, ocl_counters_now().chain_reruns);
  CHECK(WY_OCL_OK, launch(&xs, 4));      /* checked, and clean */
  CHECK(11, test_int_at(xs, 7));

  /* a list a failed launch wrote: a read keeps its host values */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&zs, -1));
  CHECK(9, test_int_at(zs, 3));
  CHECK(1, wy_ocl_chain_check());        /* that read saw the flag */
  CHECK(WY_OCL_E_CHAIN, launch(&xs, 1)); /* the chain failed: rerun */
  wy_ocl_chain_abort();
  CHECK(2, ocl_counters_now().chain_reruns);

  /* a failed check of the host code asks the chain */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, 2));
  CHECK(0, wy_ocl_chain_check());
  CHECK(WY_OCL_OK, launch(&xs, -1));
  CHECK(1, wy_ocl_chain_check());
  wy_ocl_chain_abort();

  /* a CPU path: the pause reads the flag; its calls wait; resume */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, -1));
  CHECK(1, wy_ocl_chain_pause());
  wy_ocl_chain_abort();
  long d0 = ocl_counters_now().deferred;
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, 2));
  CHECK(0, wy_ocl_chain_pause());
  CHECK(WY_OCL_OK, launch(&ys, 3));      /* paused: waited for */
  CHECK(d0 + 1, ocl_counters_now().deferred);
  wy_ocl_chain_resume();
  CHECK(WY_OCL_OK, launch(&ys, 4));
  CHECK(d0 + 2, ocl_counters_now().deferred);
  CHECK(0, wy_ocl_chain_end());
  CHECK(11, test_int_at(ys, 7));

  /* the back edge: 64 unread launches are read */
  CHECK(1, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, -1));
  for (int i = 0; i < 63; i++) CHECK(WY_OCL_OK, launch(&xs, 1));
  CHECK(1, wy_ocl_chain_poll());
  wy_ocl_chain_abort();

  /* the loop's values kept: a call writing a small one copies it and
   * the chain goes on; so does one writing a large one a kernel left
   * on the device (copied there); a large one of host data ends the
   * chain instead of a copy */
  {
    wyv kept[1] = {WY_UNDEF}, big = filled_n(-1, BIG), host, old;
    long c0 = ocl_counters_now().chain_commits, d1;
    CHECK(WY_OCL_OK, launch(&big, 1));          /* resident now */
    CHECK(1, wy_ocl_chain_begin(kept, 1));
    kept[0] = xs;
    wy_incref(xs);
    old = xs;
    d1 = ocl_counters_now().deferred;
    CHECK(WY_OCL_OK, launch(&xs, 5));           /* a copy of xs */
    CHECK(d1 + 1, ocl_counters_now().deferred);
    CHECK(c0, ocl_counters_now().chain_commits);
    CHECK(1, xs != old);
    CHECK(0, wy_ocl_chain_end());
    CHECK(12, test_int_at(xs, 7));
    CHECK(1, kept[0] == old);                   /* the loop's start */
    CHECK(8, test_int_at(old, 7));    /* as the last launch left it */
    wy_decref(kept[0]);
    kept[0] = big;
    wy_incref(big);
    old = big;
    CHECK(1, wy_ocl_chain_begin(kept, 1));
    CHECK(WY_OCL_OK, launch(&big, 2));          /* copied on the device */
    CHECK(c0, ocl_counters_now().chain_commits);
    CHECK(1, big != old);
    CHECK(d1 + 2, ocl_counters_now().deferred);
    CHECK(0, wy_ocl_chain_end());
    CHECK(7, test_int_at(big, 5));
    CHECK(1, kept[0] == old);
    CHECK(6, test_int_at(old, 5));              /* launch(&big, 1)'s */
    wy_decref(kept[0]);
    host = filled_n(-1, BIG);
    kept[0] = host;
    wy_incref(host);
    old = host;
    CHECK(1, wy_ocl_chain_begin(kept, 1));
    CHECK(WY_OCL_OK, launch(&host, 2));         /* no copy: ends it */
    CHECK(c0 + 1, ocl_counters_now().chain_commits);
    CHECK(1, kept[0] == WY_UNDEF);
    CHECK(1, host == old);
    CHECK(d1 + 2, ocl_counters_now().deferred);   /* this one waited */
    CHECK(0, wy_ocl_chain_end());
    CHECK(7, test_int_at(host, 5));
    wy_decref(host);
    wy_decref(big);
  }

  /* chain=0: no chain */
  wy_ocl_shutdown();
  test_dev("binary_cache=0,chain=0");
  CHECK(0, wy_ocl_chain_unchecked());
  CHECK(0, wy_ocl_chain_begin(NULL, 0));
  CHECK(WY_OCL_OK, launch(&xs, 6));
  CHECK(0, ocl_counters_now().deferred);
  CHECK(13, test_int_at(xs, 7));
  test_dev("binary_cache=0,chain=gpu");

  wy_decref(xs);
  wy_decref(ys);
  wy_decref(zs);
  wy_ocl_shutdown();
  test_done("ocl_chain");
  return 0;
}
