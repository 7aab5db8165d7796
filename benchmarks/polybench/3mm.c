/* 3mm.c -- benchmarks/polybench/3mm.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the rows of E, of F, then of G): G
 * = (A B) (C D) as E = A B, F = C D, G = E F, floats.  usage: 3mm [n];
 * prints the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 40);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n), *c = pb_alloc(n, n);
  float *d = pb_alloc(n, n), *e = pb_alloc(n, n), *f = pb_alloc(n, n);
  float *g = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = (float)(i * j) / n;
      b[i * n + j] = (float)(i * (j + 1)) / n;
      c[i * n + j] = (float)(i * (j + 3)) / n;
      d[i * n + j] = (float)(i * (j + 2)) / n;
    }
  const float *x[3] = {a, c, e}, *y[3] = {b, d, f};
  float *z[3] = {e, f, g};
  for (int p = 0; p < 3; p++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        float s = 0;
        for (int k = 0; k < n; k++) s += x[p][i * n + k] * y[p][k * n + j];
        z[p][i * n + j] = s;
      }
  }
  pb_print(pb_sum(g, (long)n * n));
  return 0;
}
