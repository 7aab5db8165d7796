/* convolution-2d.c -- benchmarks/polybench/convolution-2d.whiley in C:
 * sequential, and built with -fopenmp, C+OpenMP (in parallel: the rows): a
 * 3 x 3 convolution of the interior of an n x n grid, floats.  usage:
 * convolution-2d [n]; prints the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 128);
  float *a = pb_alloc(n, n), *b = pb_alloc(n, n);
  const float c11 = 0.2f, c21 = 0.5f, c31 = -0.8f, c12 = -0.3f, c22 = 0.6f;
  const float c32 = -0.9f, c13 = 0.4f, c23 = 0.7f, c33 = 0.1f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i * n + j] = ((i * 7 + j * 3) % 17) / 17.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      const float *u = a + (i - 1) * n + j, *v = a + i * n + j;
      const float *d = a + (i + 1) * n + j;
      b[i * n + j] = c11 * u[-1] + c12 * v[-1] + c13 * d[-1] + c21 * u[0]
                     + c22 * v[0] + c23 * d[0] + c31 * u[1] + c32 * v[1]
                     + c33 * d[1];
    }
  pb_print(pb_sum(b, (long)n * n));
  return 0;
}
