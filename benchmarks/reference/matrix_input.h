/* matrix_input.h -- matrix_multiply.whiley's matrices and checksum. */
#ifndef MATRIX_INPUT_H
#define MATRIX_INPUT_H

#include <stdio.h>

/* entries cycling through 0, 1/4, ..., 15/4 from k = start on, k
 * stepping by step per entry, row after row */
static inline void
matrix_fill(float *m, long n, long start, long step)
{
  long long k = start;
  for (long i = 0; i < n * n; i++, k += step) m[i] = (float)(k % 16) / 4.0f;
}

/* Prints sum c[i][j] * (1 + (3i + j) % 7) as wyc prints a real.  The
 * entries of C are exact multiples of 1/16 (matrix_multiply.whiley
 * says why), so the sum is counted in sixteenths; it is >= 0, so it
 * prints as "N.0" or as a decimal with at most 4 places. */
static inline void
matrix_print_checksum(const float *c, long n)
{
  long long s = 0, frac;
  char digits[5];
  int len = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      s += (long long)(c[i * n + j] * 16.0f) * (1 + (3 * i + j) % 7);
  frac = (s % 16) * 625;               /* ten-thousandths */
  if (frac == 0) {
    printf("%lld.0\n", s / 16);
    return;
  }
  for (long long d = 1000; d >= 1 && frac; d /= 10) {
    digits[len++] = (char)('0' + frac / d);
    frac %= d;
  }
  digits[len] = 0;
  printf("%lld.%s\n", s / 16, digits);
}

#endif
