/* doitgen.c -- benchmarks/polybench/doitgen.whiley in C: sequential, and
 * built with -fopenmp, C+OpenMP (in parallel: the r planes): A[r][q] =
 * A[r][q] C4 for an n x n x n array A, floats.  usage: doitgen [n]; prints
 * the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 24);
  float *a = pb_alloc((long)n * n, n), *c4 = pb_alloc(n, n);
  for (int r = 0; r < n; r++)
    for (int q = 0; q < n; q++)
      for (int p = 0; p < n; p++)
        a[((long)r * n + q) * n + p] = (float)(r * q + p) / n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) c4[i * n + j] = (float)(i * j) / n;
#pragma omp parallel for
  for (int r = 0; r < n; r++) {
    float sum[n];
    for (int q = 0; q < n; q++) {
      float *row = a + ((long)r * n + q) * n;
      for (int p = 0; p < n; p++) {
        float s = 0;
        for (int t = 0; t < n; t++) s += row[t] * c4[t * n + p];
        sum[p] = s;
      }
      for (int p = 0; p < n; p++) row[p] = sum[p];
    }
  }
  pb_print(pb_sum(a, (long)n * n * n));
  return 0;
}
