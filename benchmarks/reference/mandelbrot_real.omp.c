/* mandelbrot_real.omp.c -- C + OpenMP reference for
 * benchmarks/programs/mandelbrot_real.whiley: same arguments, checksum
 * (within suite.txt's tolerance; floats, like the device versions).
 *   usage: mandelbrot_real.omp [size [maxIter]]    (default 1000 1024)
 * Rows are handed out dynamically: their costs differ a lot.
 */
#include <stdio.h>

#include "ref_time.h"

int
main(int argc, char **argv)
{
  const char *usage = "mandelbrot_real [size [maxIter]]";
  int size = (int)ref_arg(argc, argv, 1, 1000, usage);
  int max_iter = (int)ref_arg(argc, argv, 2, 1024, usage);
  size_t cells = (size_t)size * (size_t)size;
  int *steps = ref_alloc(cells, sizeof *steps);
  long long total = 0;
  double t0 = ref_now(), t1;

  #pragma omp parallel for schedule(dynamic, 1)
  for (int y = 0; y < size; y++) {
    float ci = (3.0f * (float)y) / (float)size - 1.5f;
    for (int x = 0; x < size; x++) {
      float cr = (3.0f * (float)x) / (float)size - 2.0f;
      float zr = 0.0f, zi = 0.0f;
      int n = 0;
      while (n < max_iter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
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
