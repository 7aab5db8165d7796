/* 2mm.c -- benchmarks/polybench/2mm.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the rows of tmp, then of D): D =
 * alpha A B C + beta D as tmp = alpha A B, then D = beta D + tmp C,
 * floats.  usage: 2mm [n]; prints the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 48);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n), *c = pb_alloc(n, n);
  float *d = pb_alloc(n, n), *tmp = pb_alloc(n, n);
  float alpha = 32412, beta = 2123;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = (float)(i * j) / n;
      b[i * n + j] = (float)(i * (j + 1)) / n;
      c[i * n + j] = (float)(i * (j + 3)) / n;
      d[i * n + j] = (float)(i * (j + 2)) / n;
    }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++) s += alpha * a[i * n + k] * b[k * n + j];
      tmp[i * n + j] = s;
    }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = d[i * n + j] * beta;
      for (int k = 0; k < n; k++) s += tmp[i * n + k] * c[k * n + j];
      d[i * n + j] = s;
    }
  pb_print(pb_sum(d, (long)n * n));
  return 0;
}
