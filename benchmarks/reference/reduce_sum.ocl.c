/* reduce_sum.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/reduce_sum.whiley: same arguments, same checksum.
 *   usage: reduce_sum.ocl [n [block [minBlocks]]]  (default 524288 4 64)
 * Each pass replaces the list by its block sums (one work-item per
 * block) in a second buffer; the two buffers swap roles, so the list is
 * uploaded once.  The few elements a pass leaves over (fewer than a
 * block) are read back and added on the host, like the remaining sums
 * at the end.
 */
#include <stdio.h>

#include "reduce_input.h"
#include "ref_cl.h"

static const char *source =
  "__kernel void block_sums(__global const int *xs, __global int *sums,\n"
  "                         int block)\n"
  "{\n"
  "  int k = get_global_id(0), s = 0;\n"
  "  for (int j = 0; j < block; j++) s += xs[k * block + j];\n"
  "  sums[k] = s;\n"
  "}\n";

int
main(int argc, char **argv)
{
  const char *usage = "reduce_sum [n [block [minBlocks]]]";
  long n = ref_arg(argc, argv, 1, 524288, usage);
  int block = (int)ref_arg(argc, argv, 2, 4, usage);
  long min_blocks = ref_arg(argc, argv, 3, 64, usage);
  int *xs = ref_alloc((size_t)n, sizeof *xs);
  long len = n, blocks = n / block;
  long long rest = 0;
  double phase[REF_NPHASES], t0, t1;
  cl_mem cur, next;
  RefCl cl;
  cl_kernel k;

  reduce_pattern(xs, n);
  ref_cl_init(&cl, source, "");
  k = ref_cl_kernel(&cl, "block_sums");
  t0 = ref_now();
  cur = ref_cl_buffer(&cl, (size_t)n * sizeof *xs);
  next = ref_cl_buffer(&cl, (size_t)(n / block) * sizeof *xs);
  ref_cl_write(&cl, cur, (size_t)n * sizeof *xs, xs);
  ref_cl_arg(k, 2, sizeof block, &block);
  while (blocks >= min_blocks) {
    size_t global[1] = {(size_t)blocks}, done = (size_t)(blocks * block);
    cl_mem t;
    ref_cl_arg(k, 0, sizeof cur, &cur);
    ref_cl_arg(k, 1, sizeof next, &next);
    ref_cl_run(&cl, k, 1, global, NULL);
    ref_cl_read(&cl, cur, done * sizeof *xs, ((size_t)len - done) * sizeof *xs,
                xs);
    for (size_t i = 0; i < (size_t)len - done; i++) rest += xs[i];
    t = cur;
    cur = next;
    next = t;
    len = blocks;
    blocks = len / block;
  }
  ref_cl_read(&cl, cur, 0, (size_t)len * sizeof *xs, xs);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  for (long i = 0; i < len; i++) rest += xs[i];
  printf("%lld\n", rest);
  ref_print_region(t1 - t0);
  ref_print_profile("block_sums", cl.launches, phase);
  clReleaseMemObject(cur);
  clReleaseMemObject(next);
  clReleaseKernel(k);
  ref_cl_release(&cl);
  free(xs);
  return 0;
}
