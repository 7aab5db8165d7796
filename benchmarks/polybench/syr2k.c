/* syr2k.c -- benchmarks/polybench/syr2k.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the rows of C): C = alpha A B^T +
 * alpha B A^T + beta C over all of C, floats.  usage: syr2k [n]; prints
 * the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 48);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n), *c = pb_alloc(n, n);
  float alpha = 32412, beta = 2123;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = b[i * n + j] = c[i * n + j] = (float)(i * j) / n;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = c[i * n + j] * beta;
      for (int k = 0; k < n; k++) {
        s += alpha * a[i * n + k] * b[j * n + k];
        s += alpha * b[i * n + k] * a[j * n + k];
      }
      c[i * n + j] = s;
    }
  pb_print(pb_sum(c, (long)n * n));
  return 0;
}
