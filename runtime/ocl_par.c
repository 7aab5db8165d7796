/* ocl_par.c -- conversion loops split over the host's cores.
 *
 * Marshalling a list of 10^8 elements is a loop over memory; one core
 * reaches a fraction of the memory bandwidth that all of them do.
 * wy_ocl_par_for splits 0 .. n-1 into one contiguous slice per thread
 * (at most WYC_THREADS, default the online cores, at most 16) and runs
 * fn on each, the caller's thread taking the first.  Small jobs run on
 * the caller's thread alone: a thread costs tens of microseconds.  The
 * slices must be independent: fn may not allocate runtime values nor
 * touch reference counts.
 */
#define WY_OCL_IMPL
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "ocl.h"

enum { MAX_THREADS = 16 };

typedef struct Slice {
  void (*fn)(void *ctx, size_t lo, size_t hi, int *status);
  void *ctx;
  size_t lo, hi;
  int status;
} Slice;

static void *
run_slice(void *arg)
{
  Slice *s = arg;
  s->fn(s->ctx, s->lo, s->hi, &s->status);
  return NULL;
}

static int
thread_count(void)
{
  long n = wyrt_config_set(WYRT_CFG_THREADS)
             ? (long)wyrt_config_num(WYRT_CFG_THREADS)
             : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  return n > MAX_THREADS ? MAX_THREADS : (int)n;
}

int
wy_ocl_par_for(size_t n, size_t grain,
               void (*fn)(void *ctx, size_t lo, size_t hi, int *status),
               void *ctx)
{
  Slice s[MAX_THREADS];
  pthread_t tid[MAX_THREADS];
  bool started[MAX_THREADS] = {false};
  int k = thread_count(), st = 0;
  if (grain == 0) grain = 1;
  if ((size_t)k > n / grain) k = (int)(n / grain);
  if (k < 1) k = 1;
  for (int i = 0; i < k; i++)
    s[i] = (Slice){fn, ctx, n / (size_t)k * (size_t)i,
                   i == k - 1 ? n : n / (size_t)k * (size_t)(i + 1), 0};
  for (int i = 1; i < k; i++)
    started[i] = pthread_create(&tid[i], NULL, run_slice, &s[i]) == 0;
  run_slice(&s[0]);
  for (int i = 1; i < k; i++) {
    if (started[i]) pthread_join(tid[i], NULL);
    else run_slice(&s[i]);     /* no thread: this one does it */
  }
  for (int i = 0; i < k && !st; i++) st = s[i].status;
  return st;
}
