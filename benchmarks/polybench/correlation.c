/* correlation.c -- benchmarks/polybench/correlation.whiley in C:
 * sequential, and built with -fopenmp, C+OpenMP (in parallel: the columns,
 * the rows of the data, and the rows of the triangle): the m x m
 * correlation matrix of the columns of an n x m matrix, floats.  usage:
 * correlation [n]; prints the checksum the Whiley program prints. */
#include <math.h>

#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 48), m = n;
  float *data = pb_alloc(n, m), *mean = pb_alloc(m, 1);
  float *stddev = pb_alloc(m, 1), *sym = pb_alloc(m, m);
  float floatn = 3214212.01f, eps = 0.005f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i * m + j] = (float)(i * j) / m;
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    float s = 0;
    for (int i = 0; i < n; i++) s += data[i * m + j];
    mean[j] = s / floatn;
  }
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    float s = 0;
    for (int i = 0; i < n; i++)
      s += (data[i * m + j] - mean[j]) * (data[i * m + j] - mean[j]);
    s = sqrtf(s / floatn);
    stddev[j] = s <= eps ? 1.0f : s;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i * m + j] = (data[i * m + j] - mean[j])
                        / (sqrtf(floatn) * stddev[j]);
#pragma omp parallel for
  for (int j1 = 0; j1 < m - 1; j1++) {
    sym[j1 * m + j1] = 1;
    for (int j2 = j1 + 1; j2 < m; j2++) {
      float s = 0;
      for (int i = 0; i < n; i++) s += data[i * m + j1] * data[i * m + j2];
      sym[j1 * m + j2] = sym[j2 * m + j1] = s;
    }
  }
  sym[(m - 1) * m + m - 1] = 1;
  pb_print(pb_sum(sym, (long)m * m));
  return 0;
}
