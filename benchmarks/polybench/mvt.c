/* mvt.c -- benchmarks/polybench/mvt.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the entries of x1, then of x2): x1
 * = x1 + A y1 and x2 = x2 + A^T y2, floats.  usage: mvt [n]; prints the
 * checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *x1 = pb_alloc(n, 1), *x2 = pb_alloc(n, 1);
  float *y1 = pb_alloc(n, 1), *y2 = pb_alloc(n, 1);
  for (int i = 0; i < n; i++) {
    x1[i] = (float)i / n;
    x2[i] = (float)(i + 1) / n;
    y1[i] = (float)(i + 3) / n;
    y2[i] = (float)(i + 4) / n;
    for (int j = 0; j < n; j++) a[i * n + j] = (float)(i * j) / n;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float s = x1[i];
    for (int j = 0; j < n; j++) s += a[i * n + j] * y1[j];
    x1[i] = s;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float s = x2[i];
    for (int j = 0; j < n; j++) s += a[j * n + i] * y2[j];
    x2[i] = s;
  }
  pb_print(pb_sum(x1, n) + pb_sum(x2, n));
  return 0;
}
