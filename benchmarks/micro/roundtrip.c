/* roundtrip.c -- the raw cost of one offloaded call: enqueue an empty
 * kernel over one work-item and wait for it (clEnqueueNDRangeKernel +
 * clFinish), `calls` times (default 2000) after 100 unmeasured ones, on
 * the device WYC_DEVICE names (as wyc's programs read it), on a queue
 * without profiling (as wyc's when nothing times its calls).
 *   usage: micro-roundtrip [calls]
 * Prints "roundtrip CALLS MEDIAN_US MEAN_US" on stdout.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ref_cl.h"

static int
by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void
call(cl_command_queue q, cl_kernel k)
{
  size_t one = 1;
  ref_cl_check(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL,
                                      NULL), "clEnqueueNDRangeKernel");
  ref_cl_check(clFinish(q), "clFinish");
}

int
main(int argc, char **argv)
{
  long calls = ref_arg(argc, argv, 1, 2000, "micro-roundtrip [calls]");
  double *us = ref_alloc((size_t)calls, sizeof *us), sum = 0;
  RefCl cl;
  cl_kernel k;
  cl_command_queue q;
  cl_int err;

  ref_cl_init(&cl, "__kernel void empty(void) { }\n", "");
  k = ref_cl_kernel(&cl, "empty");
  q = clCreateCommandQueue(cl.ctx, cl.device, 0, &err);
  ref_cl_check(err, "clCreateCommandQueue");
  for (int i = 0; i < 100; i++) call(q, k);
  for (long i = 0; i < calls; i++) {
    double t0 = ref_now();
    call(q, k);
    us[i] = (ref_now() - t0) * 1e6;
    sum += us[i];
  }
  qsort(us, (size_t)calls, sizeof *us, by_value);
  printf("roundtrip %ld %.3f %.3f\n", calls,
         calls % 2 ? us[calls / 2] : (us[calls / 2 - 1] + us[calls / 2]) / 2,
         sum / (double)calls);
  clReleaseKernel(k);
  clReleaseCommandQueue(q);
  ref_cl_release(&cl);
  free(us);
  return 0;
}
