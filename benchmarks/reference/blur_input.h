/* blur_input.h -- gaussian_blur.whiley's picture and mask, and its
 * checksum. */
#ifndef BLUR_INPUT_H
#define BLUR_INPUT_H

#include <math.h>

/* diagonal stripes of grey levels 0 to 255, row-major */
static inline void
blur_picture(float *image, long size)
{
  for (long y = 0; y < size; y++)
    for (long x = 0; x < size; x++)
      image[y * size + x] = (float)((x * 7 + y * 3) % 256);
}

/* the (2r+1)^2 whole-number weights round(100 e^(-(a^2+b^2)/(2 sigma^2)))
 * (Math.exp takes the double of the exact quotient; Math.round and C's
 * round both round halves away from zero); returns their sum */
static inline float
blur_mask(float *mask, long radius, long sigma)
{
  long w = 2 * radius + 1;
  double norm = 0;
  for (long b = -radius; b <= radius; b++)
    for (long a = -radius; a <= radius; a++) {
      double e = exp(-(double)(a * a + b * b)
                     / (double)(2 * sigma * sigma));
      double v = round(100.0 * e);
      mask[(b + radius) * w + a + radius] = (float)v;
      norm += v;
    }
  return (float)norm;
}

/* round(sum of the blurred image), halves away from zero */
static inline long long
blur_checksum(const float *out, size_t n)
{
  double total = 0;
  for (size_t i = 0; i < n; i++) total += out[i];
  return llround(total);
}

#endif
