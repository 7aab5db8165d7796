#define _POSIX_C_SOURCE 200809L
/* realloop.c -- the loops of realloop.whiley in C over arrays of REAL
 * (double; -DREAL=float for --real=float), each timed as one region and
 * printed as the Whiley program prints them, for realloop.sh.
 *   usage: realloop [n reps]          (default 400 5) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef REAL
#define REAL double
#endif
typedef REAL real;

static double
now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* the shortest decimal that reads back to d, as the Whiley program
 * prints it (Python's repr layout for these magnitudes; strtod then a
 * rounding to float reads a float back exactly) */
static void
print_real(real d)
{
  char buf[64];
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, (double)d);
    if ((real)strtod(buf, NULL) == d) break;
  }
  if (!strpbrk(buf, ".e")) strcat(buf, ".0");
  puts(buf);
}

/* noipa: each call computes, as each of the Whiley program's does */
__attribute__((noipa)) static real
dot(const real *a, const real *b, long n)
{
  real s = 0.0;
  for (long i = 0; i < n; i++) s = s + a[i] * b[i];
  return s;
}

__attribute__((noipa)) static void
lu(real *A, const real *m, long n)
{
  memcpy(A, m, sizeof(real) * n * n);
  for (long k = 0; k < n; k++) {
    for (long j = k + 1; j < n; j++)
      A[k * n + j] = A[k * n + j] / A[k * n + k];
    for (long i = k + 1; i < n; i++)
      for (long j = k + 1; j < n; j++)
        A[i * n + j] = A[i * n + j] - A[i * n + k] * A[k * n + j];
  }
}

__attribute__((noipa)) static real
colstats(const real *data, long n, long m)
{
  real *mean = malloc(sizeof(real) * m), total = 0.0;
  for (long j = 0; j < m; j++) {
    real s = 0.0;
    for (long i = 0; i < n; i++) s = s + data[i * m + j];
    mean[j] = s / (real)n;
  }
  for (long j = 0; j < m; j++) {
    real v = 0.0;
    for (long i = 0; i < n; i++) {
      real d = data[i * m + j] - mean[j];
      v = v + d * d;
    }
    real sd = sizeof(real) == 4 ? sqrtf(v / (real)n) : sqrt(v / (real)n);
    if (sd <= (real)0.1) sd = 1.0;
    total = total + mean[j] / sd;
  }
  free(mean);
  return total;
}

int
main(int argc, char **argv)
{
  long n = argc > 2 ? atol(argv[1]) : 400;
  long reps = argc > 2 ? atol(argv[2]) : 5;
  size_t sz = sizeof(real) * (size_t)(n * n);
  real *a = malloc(sz), *b = malloc(sz), *m = malloc(sz), *c = malloc(sz);
  real t;
  double secs[3], t0;
  for (long i = 0; i < n * n; i++) {
    a[i] = (real)(i % 7) / (real)8.0;
    b[i] = (real)(i % 5) / (real)4.0;
  }
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      real x = (real)((i * 7 + j * 3) % 11) / (real)16.0;
      if (i == j) x = x + (real)n;
      m[i * n + j] = x;
    }
  t0 = now();
  t = 0.0;
  for (long r = 0; r < 20 * reps; r++) t = t + dot(a, b, n * n);
  secs[0] = now() - t0;
  print_real(t);
  t0 = now();
  memcpy(c, m, sizeof(real) * n * n);
  for (long r = 0; r < reps; r++) lu(c, m, n);
  secs[1] = now() - t0;
  print_real(c[n * n - 1]);
  t0 = now();
  t = 0.0;
  for (long r = 0; r < 4 * reps; r++) t = t + colstats(m, n, n);
  secs[2] = now() - t0;
  print_real(t);
  fflush(stdout);
  fprintf(stderr, "kind,region,total_ms\n");
  for (int k = 0; k < 3; k++)
    fprintf(stderr, "region,%d,%.4f\n", k + 1, secs[k] * 1e3);
  return 0;
}
