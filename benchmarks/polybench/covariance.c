/* covariance.c -- benchmarks/polybench/covariance.whiley in C: sequential,
 * and built with -fopenmp, C+OpenMP (in parallel: the columns, the rows of
 * the data, and the rows of the triangle): the m x m covariance matrix of
 * the columns of an n x m matrix, floats.  usage: covariance [n]; prints
 * the checksum the Whiley program prints. */
#include "pb.h"

int
main(int argc, char **argv)
{
  int n = pb_arg(argc, argv, 1, 48), m = n;
  float *data = pb_alloc(n, m), *mean = pb_alloc(m, 1), *sym = pb_alloc(m, m);
  float floatn = 3214212.01f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i * m + j] = (float)(i * j) / m;
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    float s = 0;
    for (int i = 0; i < n; i++) s += data[i * m + j];
    mean[j] = s / floatn;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i * m + j] -= mean[j];
#pragma omp parallel for
  for (int j1 = 0; j1 < m; j1++)
    for (int j2 = j1; j2 < m; j2++) {
      float s = 0;
      for (int i = 0; i < n; i++) s += data[i * m + j1] * data[i * m + j2];
      sym[j1 * m + j2] = sym[j2 * m + j1] = s;
    }
  pb_print(pb_sum(sym, (long)m * m));
  return 0;
}
