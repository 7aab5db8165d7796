/* ocl_bench.c -- timing of offloaded calls: whiley.gpgpu.Util, WYC_PROFILE.
 *
 * Input: one WyOclTimes per call from wy_ocl_run (via wy_ocl_record).
 * Output: per-kernel sums (printed at exit when WYC_PROFILE=1) and, inside
 * the regions opened by wy_ocl_bench_begin, one record per call, printed
 * as CSV by wy_ocl_bench_print.
 *
 * This file calls no OpenCL function, and it defines the state struct
 * wy_ocl_g, so that libwyrt's Util natives can call it in a program
 * built with --target=c without linking -lOpenCL.  Its memory comes from
 * malloc, not wyrt_alloc: it lives across wy_exit, until the atexit
 * summary has been printed.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ocl.h"

WyOclState wy_ocl_g;

/* ORDER WyOclPhase */
static const char *const phase_names[WY_OCL_NPHASES] = {
  "init", "marshal", "upload", "execute", "download", "unmarshal", "other",
};

double
wy_ocl_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool
wy_ocl_grow(void **p, size_t n, size_t *cap, size_t sz)
{
  size_t nc;
  void *q;
  if (n < *cap) return true;
  nc = *cap ? 2 * *cap : 16;
  q = realloc(*p, nc * sz);
  if (!q) return false;
  *p = q;
  *cap = nc;
  return true;
}

static double
total_of(const WyOclTimes *t)
{
  double s = 0;
  for (int i = 0; i < WY_OCL_NPHASES; i++) s += t->t[i];
  return s;
}

static WyOclStat *
stat_of(const char *name)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < g->nstats; i++)
    if (g->stats[i].name == name || strcmp(g->stats[i].name, name) == 0)
      return &g->stats[i];
  if (!wy_ocl_grow((void **)&g->stats, (size_t)g->nstats, &g->capstats,
                   sizeof *g->stats))
    return NULL;
  memset(&g->stats[g->nstats], 0, sizeof *g->stats);
  g->stats[g->nstats].name = name;
  return &g->stats[g->nstats++];
}

static void print_profile(void);

void
wy_ocl_record(const WyOclKernel *k, int status, bool retried,
              const WyOclTimes *t)
{
  WyOclState *g = &wy_ocl_g;
  WyOclStat *s = g->last_stat > 0 && g->last_stat <= g->nstats
                        && g->stats[g->last_stat - 1].name == k->name
                    ? &g->stats[g->last_stat - 1]
                    : stat_of(k->name);
  wy_ocl_profiling();
  g->last_stat = s ? (int)(s - g->stats) + 1 : 0;
  if (s && status == 0) {
    s->calls++;
    for (int i = 0; i < WY_OCL_NPHASES; i++) s->sum.t[i] += t->t[i];
  } else if (s && !retried) {
    s->failed++;
  }
  if (!g->bench_open
      || !wy_ocl_grow((void **)&g->calls, g->ncalls, &g->capcalls,
                      sizeof *g->calls))
    return;
  g->calls[g->ncalls++] = (WyOclCall){
    k->name, g->nregions + 1, s ? ++s->recorded : 0, status, *t};
}

bool
wy_ocl_profiling(void)
{
  WyOclState *g = &wy_ocl_g;
  if (!g->profile_checked) {      /* the environment is read once */
    g->profile_checked = true;
    if (!g->profile_hooked && wyrt_config_on(WYRT_CFG_PROFILE)) {
      g->profile_hooked = true;
      atexit(print_profile);
    }
  }
  return g->profile_hooked || g->bench_open;
}

bool
wy_ocl_events(void)
{
  wy_ocl_profiling();
  return wy_ocl_g.profile_hooked;
}

void
wy_ocl_record_fetch(const char *name, double down, double unmarshal)
{
  WyOclStat *s = name ? stat_of(name) : NULL;
  if (!s) return;
  s->sum.t[WY_OCL_PH_DOWNLOAD] += down;
  s->sum.t[WY_OCL_PH_UNMARSHAL] += unmarshal;
}

void
wy_ocl_record_small(const WyOclKernel *k, uint64_t items, uint64_t bytes)
{
  WyOclStat *s = stat_of(k->name);
  wy_ocl_profiling();
  if (!s) return;
  s->small++;
  s->small_items += items;
  s->small_bytes += bytes;
}

void
wy_ocl_record_early(const WyOclKernel *k, uint64_t items)
{
  WyOclStat *s = stat_of(k->name);
  wy_ocl_profiling();
  if (!s) return;
  s->early++;
  s->early_items += items;
}

void
wy_ocl_bench_begin(void)
{
  wy_ocl_g.bench_open = true;
  wy_ocl_g.bench_start = wy_ocl_now();
}

void
wy_ocl_bench_end(void)
{
  WyOclState *g = &wy_ocl_g;
  if (!g->bench_open) return;
  g->bench_open = false;
  if (!wy_ocl_grow((void **)&g->regions, (size_t)g->nregions,
                   &g->capregions, sizeof *g->regions))
    return;
  g->regions[g->nregions++] = wy_ocl_now() - g->bench_start;
}

static void
print_header(FILE *out, const char *first)
{
  fprintf(out, "%s", first);
  for (int i = 0; i < WY_OCL_NPHASES; i++)
    fprintf(out, ",%s_ms", phase_names[i]);
  fprintf(out, ",total_ms\n");
}

static void
print_times(FILE *out, const WyOclTimes *t, double scale)
{
  for (int i = 0; i < WY_OCL_NPHASES; i++)
    fprintf(out, ",%.4f", t->t[i] * 1e3 * scale);
  fprintf(out, ",%.4f\n", total_of(t) * 1e3 * scale);
}

/* stderr is unbuffered, so that each fprintf to it is a write(2) of a
 * few bytes: a region of 20,000 calls printed 180,000 of them, which
 * took longer than the calls.  The rows are formatted into memory and
 * written to out in blocks of about BENCH_BLOCK bytes (into out itself
 * when no memory stream can be had). */
enum { BENCH_BLOCK = 1 << 20 };

typedef struct BenchOut {
  FILE *to, *mem;   /* mem: the stream rows go to; to where blocks go */
  char *buf;
  size_t len;
} BenchOut;

static void
bench_flush(BenchOut *b, bool last)
{
  if (b->mem == b->to) return;
  fflush(b->mem);
  if (b->len) fwrite(b->buf, 1, b->len, b->to);
  if (last) {
    fclose(b->mem);
    free(b->buf);
  } else {
    rewind(b->mem);
  }
}

/* CSV on out.  Rows of kind "call" (one per recorded call, numbered per
 * kernel; status "ok" or "status-N" with N a WyOclStatus: a call that
 * did not finish on the device, e.g. a 32-bit attempt that overflowed),
 * "average" (per kernel, over its calls that finished on the device)
 * and "region" (wall clock of each region, in total_ms). */
void
wy_ocl_bench_print(FILE *out)
{
  WyOclState *g = &wy_ocl_g;
  BenchOut b = {out, NULL, NULL, 0};
  FILE *m;
  fflush(stdout);
  b.mem = open_memstream(&b.buf, &b.len);
  if (!b.mem) b.mem = out;
  m = b.mem;
  print_header(m, "kind,region,kernel,call,status");
  for (size_t i = 0; i < g->ncalls; i++) {
    WyOclCall *c = &g->calls[i];
    if (c->status)
      fprintf(m, "call,%d,%s,%ld,status-%d", c->region, c->name, c->nth,
              c->status);
    else
      fprintf(m, "call,%d,%s,%ld,ok", c->region, c->name, c->nth);
    print_times(m, &c->times, 1.0);
    if (m != out && ftell(m) >= BENCH_BLOCK) bench_flush(&b, false);
  }
  for (int k = 0; k < g->nstats; k++) {
    WyOclTimes sum = {{0}};
    long n = 0;
    for (size_t j = 0; j < g->ncalls; j++) {
      if (g->calls[j].status || strcmp(g->calls[j].name, g->stats[k].name))
        continue;
      n++;
      for (int p = 0; p < WY_OCL_NPHASES; p++)
        sum.t[p] += g->calls[j].times.t[p];
    }
    if (n == 0) continue;
    fprintf(m, "average,,%s,%ld,ok", g->stats[k].name, n);
    print_times(m, &sum, 1.0 / (double)n);
  }
  for (int r = 0; r < g->nregions; r++) {
    fprintf(m, "region,%d,,,", r + 1);
    for (int i = 0; i < WY_OCL_NPHASES; i++) fprintf(m, ",");
    fprintf(m, ",%.4f\n", g->regions[r] * 1e3);
  }
  bench_flush(&b, true);
  fflush(out);
}

/* WYC_PROFILE=1, at exit: per kernel, calls on the device, fallbacks,
 * and the average time of each phase. */
static void
print_profile(void)
{
  WyOclState *g = &wy_ocl_g;
  fflush(stdout);
  fprintf(stderr, "wyc profile, averages per call on the device\n");
  print_header(stderr, "kernel,calls,fallbacks");
  for (int i = 0; i < g->nstats; i++) {
    WyOclStat *s = &g->stats[i];
    fprintf(stderr, "%s,%ld,%ld", s->name, s->calls, s->failed);
    print_times(stderr, &s->sum, s->calls ? 1.0 / (double)s->calls : 0.0);
  }
  for (int i = 0; i < g->nstats; i++) {
    WyOclStat *s = &g->stats[i];
    if (s->small)
      fprintf(stderr, "# %s: %ld call(s) on the CPU by the small-call "
              "rule (%llu work items, %llu bytes to move)\n", s->name,
              s->small, (unsigned long long)s->small_items,
              (unsigned long long)s->small_bytes);
    if (s->early)
      fprintf(stderr, "# %s: %ld call(s) on the CPU while the device "
              "started (%llu work items)\n", s->name, s->early,
              (unsigned long long)s->early_items);
  }
  /* what residency saved: lists move only when these say so */
  fprintf(stderr, "# lists: %ld upload(s) %llu bytes, %ld download(s) %llu "
          "bytes, %ld fetch(es) on a host read, %ld of rows on a host "
          "write, %ld gathered from rows on the device, %ld eviction(s)\n",
          g->uploads, (unsigned long long)g->bytes_up, g->downloads,
          (unsigned long long)g->bytes_down, g->res_fetches,
          g->res_part_fetches, g->res_gathers, g->res_evictions);
  fprintf(stderr, "# programs: %ld built from source, %ld loaded from the "
          "cache\n", g->counters.source_builds, g->counters.cache_loads);
  /* checks/narrow.c */
  fprintf(stderr, "# narrow variants: %ld of %ld run(s)\n",
          g->counters.narrow_runs, g->counters.runs);
  /* ocl_tune.c */
  fprintf(stderr, "# work-group shapes: %ld measured, %ld read from the "
          "cache\n", g->counters.tunings, g->counters.tuned_loads);
  /* ocl_bufs.c */
  fprintf(stderr, "# device buffers: %ld reused from freed lists\n",
          g->counters.buffers_reused);
  /* ocl_chain.c */
  fprintf(stderr, "# chained loops: %ld begun, %ld launch(es) not waited "
          "for, %ld ended early (a large kept list written), %ld "
          "rerun(s)\n", g->counters.chains, g->counters.deferred,
          g->counters.chain_commits, g->counters.chain_reruns);
}

void
wy_ocl_bench_free(void)
{
  WyOclState *g = &wy_ocl_g;
  free(g->stats);
  free(g->calls);
  g->last_stat = 0;
  free(g->regions);
  g->stats = NULL;
  g->calls = NULL;
  g->regions = NULL;
  g->nstats = g->capstats = g->nregions = g->capregions = 0;
  g->ncalls = g->capcalls = 0;
  g->bench_open = false;
}
