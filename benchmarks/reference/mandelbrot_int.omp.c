/* mandelbrot_int.omp.c -- C + OpenMP reference for
 * benchmarks/programs/mandelbrot_int.whiley: same arguments, checksum.
 *   usage: mandelbrot_int.omp [size [maxIter]]     (default 1000 1024)
 * Rows are handed out dynamically: their costs differ a lot.
 */
#include <stdio.h>

#include "ref_time.h"

#define ONE 4096

int
main(int argc, char **argv)
{
  const char *usage = "mandelbrot_int [size [maxIter]]";
  int size = (int)ref_arg(argc, argv, 1, 1000, usage);
  int max_iter = (int)ref_arg(argc, argv, 2, 1024, usage);
  size_t cells = (size_t)size * (size_t)size;
  int *steps = ref_alloc(cells, sizeof *steps);
  long long total = 0;
  double t0 = ref_now(), t1;

  #pragma omp parallel for schedule(dynamic, 1)
  for (int y = 0; y < size; y++) {
    int ci = (3 * ONE * y) / size - (3 * ONE) / 2;
    for (int x = 0; x < size; x++) {
      int cr = (3 * ONE * x) / size - 2 * ONE;
      int zr = 0, zi = 0, n = 0;
      while (n < max_iter && (zr * zr) / ONE + (zi * zi) / ONE <= 4 * ONE) {
        int t = (zr * zr) / ONE - (zi * zi) / ONE + cr;
        zi = 2 * ((zr * zi) / ONE) + ci;
        zr = t;
        n++;
      }
      steps[(size_t)y * size + x] = n;
    }
  }
  t1 = ref_now();
  for (size_t i = 0; i < cells; i++) total += steps[i];
  printf("%lld\n", total);
  ref_print_region(t1 - t0);
  free(steps);
  return 0;
}
