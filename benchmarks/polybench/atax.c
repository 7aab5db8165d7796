/* atax.c -- benchmarks/polybench/atax.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: tmp's rows, then y's entries): y =
 * A^T (A x), floats.  usage: atax [n]; prints the checksum the Whiley
 * program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *x = pb_alloc(n, 1), *y = pb_alloc(n, 1);
  float *tmp = pb_alloc(n, 1);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i * PB_PI);
    for (int j = 0; j < n; j++) a[i * n + j] = (float)(i * j) / n;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < n; j++) s += a[i * n + j] * x[j];
    tmp[i] = s;
  }
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    float s = 0;
    for (int i = 0; i < n; i++) s += a[i * n + j] * tmp[i];
    y[j] = s;
  }
  pb_print(pb_sum(y, n));
  return 0;
}
