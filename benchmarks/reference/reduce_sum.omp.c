/* reduce_sum.omp.c -- C + OpenMP reference for
 * benchmarks/programs/reduce_sum.whiley: same arguments, same checksum.
 *   usage: reduce_sum.omp [n [block [minBlocks]]]  (default 524288 4 64)
 * Each pass writes the block sums of the list to a second array (the
 * blocks shared among the threads); the two arrays swap roles.
 */
#include <stdio.h>

#include "reduce_input.h"
#include "ref_time.h"

int
main(int argc, char **argv)
{
  const char *usage = "reduce_sum [n [block [minBlocks]]]";
  long n = ref_arg(argc, argv, 1, 524288, usage);
  int block = (int)ref_arg(argc, argv, 2, 4, usage);
  long min_blocks = ref_arg(argc, argv, 3, 64, usage);
  int *xs = ref_alloc((size_t)n, sizeof *xs);
  int *sums = ref_alloc((size_t)(n / block), sizeof *sums);
  long len = n, blocks = n / block;
  long long rest = 0;
  double t0, t1;

  reduce_pattern(xs, n);
  t0 = ref_now();
  while (blocks >= min_blocks) {
    int *t;
    #pragma omp parallel for schedule(static)
    for (long k = 0; k < blocks; k++) {
      int s = 0;
      for (int j = 0; j < block; j++) s += xs[k * block + j];
      sums[k] = s;
    }
    for (long i = blocks * block; i < len; i++) rest += xs[i];
    t = xs;
    xs = sums;
    sums = t;
    len = blocks;
    blocks = len / block;
  }
  t1 = ref_now();
  for (long i = 0; i < len; i++) rest += xs[i];
  printf("%lld\n", rest);
  ref_print_region(t1 - t0);
  free(xs);
  free(sums);
  return 0;
}
