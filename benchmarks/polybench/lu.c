/* lu.c -- benchmarks/polybench/lu.whiley in C: sequential, and built with
 * -fopenmp, C+OpenMP (in parallel: the entries of row k, then the rows
 * below it, at each step k): the LU decomposition of an n x n matrix in
 * place, without pivoting, floats. usage: lu [n]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 32);
  float *a = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = (float)(i * j + 1) / n + (i == j ? n : 0);
  for (int k = 0; k < n; k++) {
#pragma omp parallel for
    for (int j = k + 1; j < n; j++) a[k * n + j] /= a[k * n + k];
#pragma omp parallel for
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        a[i * n + j] -= a[i * n + k] * a[k * n + j];
  }
  pb_print(pb_sum(a, (long)n * n));
  return 0;
}
