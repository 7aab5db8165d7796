/* convolution-3d.c -- benchmarks/polybench/convolution-3d.whiley in C:
 * sequential, and built with -fopenmp, C+OpenMP (in parallel: the i
 * planes): PolyBench-ACC's 3-D convolution of the interior of an n x n x n
 * grid, floats.  usage: convolution-3d [n]; prints the checksum the Whiley
 * program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 32);
  long nn = (long)n * n;
  float *a = pb_alloc(nn, n), *b = pb_alloc(nn, n);
  const float c11 = 2, c21 = 5, c31 = -8, c12 = -3, c22 = 6, c32 = -9;
  const float c13 = 4, c23 = 7, c33 = 10;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i * nn + j * n + k] = i % 12 + 2 * (j % 7) + 3 * (k % 13);
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++) {
#define A(di, dj, dk) a[(i + (di)) * nn + (j + (dj)) * n + k + (dk)]
        b[i * nn + j * n + k] =
            c11 * A(-1, -1, -1) + c13 * A(1, -1, -1) + c21 * A(-1, -1, -1)
            + c23 * A(1, -1, -1) + c31 * A(-1, -1, -1) + c33 * A(1, -1, -1)
            + c12 * A(0, -1, 0) + c22 * A(0, 0, 0) + c32 * A(0, 1, 0)
            + c11 * A(-1, -1, 1) + c13 * A(1, -1, 1) + c21 * A(-1, 0, 1)
            + c23 * A(1, 0, 1) + c31 * A(-1, 1, 1) + c33 * A(1, 1, 1);
#undef A
      }
  pb_print(pb_sum(b, nn * n));
  return 0;
}
