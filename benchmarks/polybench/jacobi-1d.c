/* jacobi-1d.c -- benchmarks/polybench/jacobi-1d.whiley in C: sequential,
 * and built with -fopenmp, C+OpenMP (in parallel: the points of each sweep
 * and of each copy): steps sweeps of the 3-point average over the interior
 * of n points, floats.  usage: jacobi-1d [n [steps]]; prints the checksum
 * the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 256), steps = pb_arg(argc, argv, 2, 20);
  float *a = pb_alloc(n, 1), *b = pb_alloc(n, 1);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(4 * i + 10) / n;
    b[i] = (float)(7 * i + 11) / n;
  }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
#pragma omp parallel for
    for (int j = 1; j < n - 1; j++) a[j] = b[j];
  }
  pb_print(pb_sum(a, n));
  return 0;
}
