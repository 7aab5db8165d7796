/* bicg.c -- benchmarks/polybench/bicg.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the entries of s, then of q): s =
 * A^T r and q = A p, floats.  usage: bicg [n]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *p = pb_alloc(n, 1), *r = pb_alloc(n, 1);
  float *s = pb_alloc(n, 1), *q = pb_alloc(n, 1);
  for (int i = 0; i < n; i++) {
    p[i] = (float)(i * PB_PI);
    r[i] = (float)(i * PB_PI);
    for (int j = 0; j < n; j++) a[i * n + j] = (float)(i * j) / n;
  }
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    float t = 0;
    for (int i = 0; i < n; i++) t += r[i] * a[i * n + j];
    s[j] = t;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float t = 0;
    for (int j = 0; j < n; j++) t += a[i * n + j] * p[j];
    q[i] = t;
  }
  pb_print(pb_sum(s, n) + pb_sum(q, n));
  return 0;
}
