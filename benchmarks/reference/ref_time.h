/* ref_time.h -- clock, arguments and timing report of the hand-written
 * references (benchmarks/reference/).
 *
 * The report goes to stderr in the two shapes that wyc's programs print
 * and benchmarks/harness/profile.awk reads:
 *   - whiley.gpgpu.Util's CSV (printOutGPUBenchmarkResults): a header
 *     and one "region" row whose last field, total_ms, is the hot loop;
 *   - the WYC_PROFILE=1 table: a title line, the header
 *     "kernel,calls,fallbacks,init_ms,...,total_ms" and one row whose
 *     phases are averages per call (profile.awk multiplies them back by
 *     calls).
 * Header-only: the OpenMP references use it without OpenCL.
 */
#ifndef REF_TIME_H
#define REF_TIME_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ORDER of wyc's phases (runtime/ocl_bench.c) */
enum { REF_INIT, REF_MARSHAL, REF_UPLOAD, REF_EXECUTE, REF_DOWNLOAD,
       REF_UNMARSHAL, REF_OTHER, REF_NPHASES };

static inline double
ref_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* argv[i] as a positive number, else dflt when absent; usage and exit 1
 * when it is not a positive decimal number. */
static inline long long
ref_arg(int argc, char **argv, int i, long long dflt, const char *usage)
{
  char *end;
  long long v;
  if (i >= argc) return dflt;
  errno = 0;
  v = strtoll(argv[i], &end, 10);
  if (errno || end == argv[i] || *end || v <= 0) {
    fprintf(stderr, "%s: '%s' is not a positive number\nusage: %s\n",
            argv[0], argv[i], usage);
    exit(1);
  }
  return v;
}

static inline void
ref_print_header(const char *first)
{
  fprintf(stderr, "%s,init_ms,marshal_ms,upload_ms,execute_ms,download_ms,"
          "unmarshal_ms,other_ms,total_ms\n", first);
}

/* The hot loop, as whiley.gpgpu.Util prints region 1. */
static inline void
ref_print_region(double seconds)
{
  fflush(stdout);
  ref_print_header("kind,region,kernel,call,status");
  fprintf(stderr, "region,1,,,,,,,,,,,%.4f\n", seconds * 1e3);
}

/* The WYC_PROFILE=1 table with one row: `calls` kernel launches and the
 * total seconds of each phase over them. */
static inline void
ref_print_profile(const char *name, long calls, const double *phase)
{
  double total = 0;
  fflush(stdout);
  fprintf(stderr, "wyc profile, averages per call on the device\n");
  ref_print_header("kernel,calls,fallbacks");
  fprintf(stderr, "%s,%ld,0", name, calls);
  for (int i = 0; i < REF_NPHASES; i++) {
    total += phase[i];
    fprintf(stderr, ",%.4f", calls ? phase[i] * 1e3 / (double)calls : 0.0);
  }
  fprintf(stderr, ",%.4f\n", calls ? total * 1e3 / (double)calls : 0.0);
}

/* malloc or exit 1 */
static inline void *
ref_alloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "out of memory (%zu x %zu bytes)\n", n, size);
    exit(1);
  }
  return p;
}

#endif
