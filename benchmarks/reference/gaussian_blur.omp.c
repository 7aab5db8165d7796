/* gaussian_blur.omp.c -- C + OpenMP reference for
 * benchmarks/programs/gaussian_blur.whiley: same arguments, checksum
 * (within suite.txt's tolerance; floats, like the device versions).
 *   usage: gaussian_blur.omp [size [sigma]]        (default 200 16)
 */
#include <stdio.h>

#include "blur_input.h"
#include "ref_time.h"

static int
clampi(int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

int
main(int argc, char **argv)
{
  const char *usage = "gaussian_blur [size [sigma]]";
  int size = (int)ref_arg(argc, argv, 1, 200, usage);
  int sigma = (int)ref_arg(argc, argv, 2, 16, usage);
  int radius = 3 * sigma, w = 2 * radius + 1, last = size - 1;
  size_t cells = (size_t)size * (size_t)size;
  float *image = ref_alloc(cells, sizeof *image);
  float *out = ref_alloc(cells, sizeof *out);
  float *mask = ref_alloc((size_t)w * (size_t)w, sizeof *mask);
  float norm = blur_mask(mask, radius, sigma);
  double t0, t1;

  blur_picture(image, size);
  t0 = ref_now();
  #pragma omp parallel for schedule(static)
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++) {
      float acc = 0.0f;
      for (int b = 0; b < w; b++) {
        const float *row = image + (size_t)clampi(y + b - radius, 0, last)
                                   * size;
        for (int a = 0; a < w; a++)
          acc += mask[b * w + a] * row[clampi(x + a - radius, 0, last)];
      }
      out[(size_t)y * size + x] = acc / norm;
    }
  t1 = ref_now();
  printf("%lld\n", blur_checksum(out, cells));
  ref_print_region(t1 - t0);
  free(image);
  free(out);
  free(mask);
  return 0;
}
