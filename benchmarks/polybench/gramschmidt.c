/* gramschmidt.c -- benchmarks/polybench/gramschmidt.whiley in C:
 * sequential, and built with -fopenmp, C+OpenMP (in parallel: at each step
 * k, the columns after k): the QR decomposition of an n x n matrix by
 * modified Gram-Schmidt, floats.  usage: gramschmidt [n]; prints the
 * checksum the Whiley program prints. */
#include <math.h>

#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 32);
  float *a = pb_alloc(n, n), *q = pb_alloc(n, n), *r = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = (float)(i * j) / n + (i == j ? 1.0f : 0.0f);
      q[i * n + j] = (float)(i * (j + 1)) / n;
      r[i * n + j] = (float)(i * (j + 2)) / n;
    }
  for (int k = 0; k < n; k++) {
    float nrm = 0;
    for (int i = 0; i < n; i++) nrm += a[i * n + k] * a[i * n + k];
    r[k * n + k] = sqrtf(nrm);
    for (int i = 0; i < n; i++) q[i * n + k] = a[i * n + k] / r[k * n + k];
#pragma omp parallel for
    for (int j = k + 1; j < n; j++) {
      float s = 0;
      for (int i = 0; i < n; i++) s += q[i * n + k] * a[i * n + j];
      r[k * n + j] = s;
      for (int i = 0; i < n; i++) a[i * n + j] -= q[i * n + k] * s;
    }
  }
  pb_print(pb_sum(r, (long)n * n) + pb_sum(q, (long)n * n));
  return 0;
}
