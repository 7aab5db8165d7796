/* fdtd-2d.c -- benchmarks/polybench/fdtd-2d.whiley in C: sequential, and
 * built with -fopenmp, C+OpenMP (in parallel: the rows of each field's
 * update): tmax steps of the 2-D finite difference time domain kernel on n
 * x n fields, floats.  usage: fdtd-2d [n [tmax]]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 64), tmax = pb_arg(argc, argv, 2, 10);
  float *ex = pb_alloc(n, n), *ey = pb_alloc(n, n), *hz = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      ex[i * n + j] = (float)(i * (j + 1) + 1) / n;
      ey[i * n + j] = (float)((i - 1) * (j + 2) + 2) / n;
      hz[i * n + j] = (float)((i - 9) * (j + 4) + 3) / n;
    }
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < n; j++) ey[j] = (float)t;
#pragma omp parallel for
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n; j++)
        ey[i * n + j] -= 0.5f * (hz[i * n + j] - hz[(i - 1) * n + j]);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 1; j < n; j++)
        ex[i * n + j] -= 0.5f * (hz[i * n + j] - hz[i * n + j - 1]);
#pragma omp parallel for
    for (int i = 0; i < n - 1; i++)
      for (int j = 0; j < n - 1; j++)
        hz[i * n + j] -= 0.7f * (ex[i * n + j + 1] - ex[i * n + j]
                                 + ey[(i + 1) * n + j] - ey[i * n + j]);
  }
  pb_print(pb_sum(hz, (long)n * n));
  return 0;
}
