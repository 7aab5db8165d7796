/* jacobi-2d.c -- benchmarks/polybench/jacobi-2d.whiley in C: sequential,
 * and built with -fopenmp, C+OpenMP (in parallel: the rows of each sweep
 * and of each copy): steps sweeps of the 5-point average over the interior
 * of an n x n grid, floats.  usage: jacobi-2d [n]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 64), steps = pb_arg(argc, argv, 2, 10);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = (float)(i * (j + 2) + 10) / n;
      b[i * n + j] = (float)((i - 4) * (j - 1) + 11) / n;
    }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.2f * (a[i * n + j] + a[i * n + j - 1]
                               + a[i * n + j + 1] + a[(i + 1) * n + j]
                               + a[(i - 1) * n + j]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) a[i * n + j] = b[i * n + j];
  }
  pb_print(pb_sum(a, (long)n * n));
  return 0;
}
