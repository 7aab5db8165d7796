/* adi.c -- benchmarks/polybench/adi.whiley in C: sequential, and built
 * with -fopenmp, C+OpenMP (in parallel: the rows of the row sweeps, the
 * columns of the column sweeps): steps of alternating direction implicit
 * sweeps over an n x n grid, floats. usage: adi [n [steps]]; prints the
 * checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 32), steps = pb_arg(argc, argv, 2, 1);
  float *x = pb_alloc(n, n), *a = pb_alloc(n, n), *b = pb_alloc(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      x[i * n + j] = (float)(i * (j + 1) + 1) / n;
      a[i * n + j] = (float)((i - 1) * (j + 4) + 2) / n;
      b[i * n + j] = (float)((i + 3) * (j + 7) + 3) / n;
    }
#define X(i, j) x[(i) * n + (j)]
#define A(i, j) a[(i) * n + (j)]
#define B(i, j) b[(i) * n + (j)]
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i1 = 0; i1 < n; i1++)
      for (int i2 = 1; i2 < n; i2++) {
        X(i1, i2) = X(i1, i2) - X(i1, i2 - 1) * A(i1, i2) / B(i1, i2 - 1);
        B(i1, i2) = B(i1, i2) - A(i1, i2) * A(i1, i2) / B(i1, i2 - 1);
      }
#pragma omp parallel for
    for (int i1 = 0; i1 < n; i1++) X(i1, n - 1) = X(i1, n - 1) / B(i1, n - 1);
#pragma omp parallel for
    for (int i1 = 0; i1 < n; i1++)
      for (int i2 = 0; i2 < n - 2; i2++)
        X(i1, n - i2 - 2) = (X(i1, n - 2 - i2)
                             - X(i1, n - 2 - i2 - 1) * A(i1, n - i2 - 3))
                            / B(i1, n - 3 - i2);
    for (int i1 = 1; i1 < n; i1++)
#pragma omp parallel for
      for (int i2 = 0; i2 < n; i2++) {
        X(i1, i2) = X(i1, i2) - X(i1 - 1, i2) * A(i1, i2) / B(i1 - 1, i2);
        B(i1, i2) = B(i1, i2) - A(i1, i2) * A(i1, i2) / B(i1 - 1, i2);
      }
#pragma omp parallel for
    for (int i2 = 0; i2 < n; i2++) X(n - 1, i2) = X(n - 1, i2) / B(n - 1, i2);
    for (int i1 = 0; i1 < n - 2; i1++)
#pragma omp parallel for
      for (int i2 = 0; i2 < n; i2++)
        X(n - 2 - i1, i2) = (X(n - 2 - i1, i2)
                             - X(n - i1 - 3, i2) * A(n - 3 - i1, i2))
                            / B(n - 2 - i1, i2);
  }
  pb_print(pb_sum(x, (long)n * n));
  return 0;
}
