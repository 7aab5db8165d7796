/* gesummv.c -- benchmarks/polybench/gesummv.whiley in C: sequential, and
 * built with -fopenmp, C+OpenMP (in parallel: the entries of y): y = alpha
 * A x + beta B x, floats.  usage: gesummv [n]; prints the checksum the
 * Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n), *x = pb_alloc(n, 1);
  float *y = pb_alloc(n, 1);
  float alpha = 43532, beta = 12313;
  for (int i = 0; i < n; i++) {
    x[i] = (float)i / n;
    for (int j = 0; j < n; j++)
      a[i * n + j] = b[i * n + j] = (float)(i * j) / n;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float t = 0, u = 0;
    for (int j = 0; j < n; j++) {
      t = a[i * n + j] * x[j] + t;
      u = b[i * n + j] * x[j] + u;
    }
    y[i] = alpha * t + beta * u;
  }
  pb_print(pb_sum(y, n));
  return 0;
}
