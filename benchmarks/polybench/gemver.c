/* gemver.c -- benchmarks/polybench/gemver.whiley in C: sequential, and
 * built with -fopenmp, C+OpenMP (in parallel: the rows of A, the entries
 * of x, then of w): A = A + u1 v1^T + u2 v2^T, x = x + beta A^T y + z, w =
 * w + alpha A x, floats.  usage: gemver [n]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *u1 = pb_alloc(n, 1), *u2 = pb_alloc(n, 1);
  float *v1 = pb_alloc(n, 1), *v2 = pb_alloc(n, 1), *y = pb_alloc(n, 1);
  float *z = pb_alloc(n, 1), *x = pb_alloc(n, 1), *w = pb_alloc(n, 1);
  float alpha = 43532, beta = 12313;
  for (int i = 0; i < n; i++) {
    u1[i] = (float)i;
    u2[i] = (float)((i + 1) * 0.5 / n);
    v1[i] = (float)((i + 1) * 0.25 / n);
    v2[i] = (float)((i + 1) * (1.0 / 6.0) / n);
    y[i] = (float)((i + 1) * 0.125 / n);
    z[i] = (float)((i + 1) * (1.0 / 9.0) / n);
    for (int j = 0; j < n; j++) a[i * n + j] = (float)(i * j) / n;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = a[i * n + j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float s = x[i];
    for (int j = 0; j < n; j++) s += beta * a[j * n + i] * y[j];
    x[i] = s + z[i];
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float s = w[i];
    for (int j = 0; j < n; j++) s += alpha * a[i * n + j] * x[j];
    w[i] = s;
  }
  pb_print(pb_sum(w, n) + pb_sum(x, n));
  return 0;
}
