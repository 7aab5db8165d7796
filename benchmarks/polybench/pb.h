/* pb.h -- what the C and C+OpenMP versions of benchmarks/polybench share:
 * the size arguments, float matrices, and the checksum line.  Input: the
 * program's arguments; output: one line, the checksum, on stdout.  The
 * reals are floats, as PolyBench-ACC's DATA_TYPE and wyc's
 * --gpu-real=float; checksums are summed in double. */
#ifndef PB_H
#define PB_H

#include <stdio.h>
#include <stdlib.h>

/* pi, as whiley.lang.Math.PI */
#define PB_PI 3.14159265358979323846

/* argument k (from 1) as a positive int, or dflt when absent */
static int
pb_arg(int argc, char **argv, int k, int dflt)
{
  if (argc <= k) return dflt;
  char *end;
  long v = strtol(argv[k], &end, 10);
  if (*end || v <= 0 || v > 1 << 20) {
    fprintf(stderr, "%s: bad size '%s'\n", argv[0], argv[k]);
    exit(2);
  }
  return (int)v;
}

/* n * m floats, zeroed */
static float *
pb_alloc(long n, long m)
{
  float *p = calloc((size_t)(n * m), sizeof *p);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return p;
}

static double
pb_sum(const float *p, long n)
{
  double s = 0;
  for (long i = 0; i < n; i++) s += p[i];
  return s;
}

static void
pb_print(double sum)
{
  printf("%.9g\n", sum);
}

#endif
