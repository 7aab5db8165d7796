/* matrix_multiply.omp.c -- C + OpenMP reference for
 * benchmarks/programs/matrix_multiply.whiley: same argument, checksum
 * (floats; exact for these matrices).
 *   usage: matrix_multiply.omp [n]                 (default 300)
 * Rows of C are shared among the threads; each row is built in i-k-j
 * order, so that the inner loop walks rows of B and C.
 */
#include <stdio.h>

#include "matrix_input.h"
#include "ref_time.h"

int
main(int argc, char **argv)
{
  int n = (int)ref_arg(argc, argv, 1, 300, "matrix_multiply [n]");
  size_t cells = (size_t)n * (size_t)n;
  float *a = ref_alloc(cells, sizeof *a), *b = ref_alloc(cells, sizeof *b);
  float *c = ref_alloc(cells, sizeof *c);
  double t0, t1;

  matrix_fill(a, n, 0, 1);
  matrix_fill(b, n, 5, 3);
  t0 = ref_now();
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    float *ci = c + (size_t)i * n;
    for (int j = 0; j < n; j++) ci[j] = 0.0f;
    for (int k = 0; k < n; k++) {
      float aik = a[(size_t)i * n + k];
      const float *bk = b + (size_t)k * n;
      for (int j = 0; j < n; j++) ci[j] += aik * bk[j];
    }
  }
  t1 = ref_now();
  matrix_print_checksum(c, n);
  ref_print_region(t1 - t0);
  free(a);
  free(b);
  free(c);
  return 0;
}
