/* memcpy.c -- single-threaded memcpy bandwidth, the yardstick for wyc's
 * marshalling: copies `bytes` bytes (default 8 * 10^6) between two
 * buffers that have been written before (no page faults in the timing),
 * `reps` times (default 5), and prints the best rate.
 *   usage: micro-memcpy [bytes [reps]]
 * Prints "memcpy BYTES GB_PER_S" (10^9 bytes copied per second) on
 * stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_time.h"

int
main(int argc, char **argv)
{
  const char *usage = "micro-memcpy [bytes [reps]]";
  size_t bytes = (size_t)ref_arg(argc, argv, 1, 8000000, usage);
  long reps = ref_arg(argc, argv, 2, 5, usage);
  char *src = ref_alloc(bytes, 1), *dst = ref_alloc(bytes, 1);
  double best = 0;

  memset(src, 1, bytes);
  memset(dst, 2, bytes);
  for (long r = 0; r < reps; r++) {
    double t0 = ref_now(), t;
    memcpy(dst, src, bytes);
    t = ref_now() - t0;
    src[r % bytes] = dst[(r + 1) % bytes];   /* keep the copy alive */
    if (t > 0 && (best == 0 || t < best)) best = t;
  }
  printf("memcpy %zu %.3f\n", bytes, best > 0 ? (double)bytes / best / 1e9
                                              : 0.0);
  free(src);
  free(dst);
  return 0;
}
