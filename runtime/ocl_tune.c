/* ocl_tune.c -- work-group shapes measured on first use, cached beside
 * the kernel binary.
 *
 * Input: a kernel object whose arguments are set, the call's work items
 * per dimension and the default shape (ocl_run.c's choose_sizes).
 * Output: the shape the call launches, kept per kernel object for calls
 * of the same size class and appended to the binary cache's shapes
 * file, so that later processes launch it at once.
 *
 * Measuring: the kernel is launched with the default shape (once to
 * warm up, once timed), then once with each candidate of the same
 * number of dimensions (ocl_tune_candidates), then the fastest and the
 * default once more; the candidate is kept only when its best time is
 * at least TUNE_GAIN below the default's, so noise keeps the default.
 * Each launch is timed on the host around clFinish: the launch's own
 * cost is the same for every shape.  Calls too short to gain anything
 * (TUNE_MIN_S) or too long to measure cheaply (TUNE_MAX_S) keep the
 * default, which is recorded too.
 *
 * Only on a GPU: a CPU device gains little from the shape, and PoCL
 * compiles a kernel again for every new shape (0.1-0.2 s each here),
 * which its first timed launch would include; not on Oclgrind, a GPU
 * whose times mean nothing.
 *
 * Only kernels that a second launch leaves as one launch would are
 * measured, or launched with a shape read (measurable): they write only
 * lists they do not read (a list read and written only at its own index
 * reads its old values from a buffer of their own only where the list's
 * one copy is on the device, ocl.h: not always), and reduce nothing (a
 * reduction's partials depend on the number of groups, a real sum's
 * last bits on the tree's shape).
 * Every shape computes the same results: only time is chosen.
 *
 * Size classes: the number of bits of the work items along each
 * dimension (a call over 8192 x 8192 items and one over 5000 x 5000
 * share a class; 33.5M items and 8.4M do not).
 *
 * The shapes file: the binary cache entry's name with ".wg" for ".bin"
 * (ocl_program.c keys it by device, driver, wyc version, options and
 * source), in the cache directory that ocl_cachedir.c checked, opened
 * relative to it and never through a symbolic link (mode 0600); one
 * line per measurement, "NAME B0 B1 B2 L0 L1 L2", appended with one
 * write(2).  The lines carry no MAC: they choose only a work-group
 * shape, which is validated as below and changes no result.  A line
 * that does not parse, or whose shape the kernel cannot launch on this
 * device, is skipped (the class is then measured again); the last good
 * line of a class wins; a file is read up to TUNE_FILE_MAX bytes, and
 * one that has grown to that size is emptied before the next line is
 * written.
 *
 * WYC_DEV=tune=0: no measuring and no shapes read (the default shapes);
 * tune=always: measure every such kernel on every device, however
 * short its calls (tests).  With WYC_PROFILE=1 each measurement is
 * printed on stderr.
 */
#define WY_OCL_IMPL
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ocl.h"

enum { TUNE_MAX_CANDIDATES = 12, TUNE_FILE_MAX = 1 << 16 };
static const double TUNE_MIN_S = 100e-6;  /* a call's launch, at least */
static const double TUNE_MAX_S = 50e-3;   /* ... at most */
static const double TUNE_GAIN = 0.03;     /* a candidate must be 3% faster */

typedef enum { TUNE_OFF, TUNE_ON, TUNE_ALWAYS } TuneMode;

static TuneMode
tune_mode(void)
{
  switch (wyrt_config_word(WYRT_CFG_TUNE)) {
  case WYRT_WHERE_NEVER: return TUNE_OFF;
  case WYRT_WHERE_ALWAYS: return TUNE_ALWAYS;
  default: return TUNE_ON;
  }
}

/* The size class of n work items: its number of bits. */
static uint8_t
bucket_of(size_t n)
{
  uint8_t b = 0;
  while (n) {
    b++;
    n >>= 1;
  }
  return b;
}

static void
buckets(int nd, const size_t items_n[3], uint8_t out[3])
{
  for (int d = 0; d < 3; d++) out[d] = d < nd ? bucket_of(items_n[d]) : 0;
}

/* Can kn launch groups of this shape on the device? */
static bool
shape_fits(const WyOclState *g, const WyOclKern *kn, const size_t local[3])
{
  size_t items = 1;
  int nd = kn->k->ndims;
  for (int d = 0; d < 3; d++) {
    if (local[d] == 0 || (d >= nd && local[d] != 1)) return false;
    if (d < nd && g->max_item[d] && local[d] > g->max_item[d]) return false;
    items *= local[d];
  }
  return items <= kn->wg_max;
}

/* ---------------------------------------------------------------- */
/* The shapes kept per kernel object                                  */

/* kn's shape for size class b, or NULL. */
static WyOclShape *
find_shape(const WyOclKern *kn, const uint8_t b[3])
{
  for (int i = 0; i < kn->nshapes; i++)
    if (memcmp(kn->shapes[i].bucket, b, 3) == 0) return &kn->shapes[i];
  return NULL;
}

static void
keep_shape(WyOclKern *kn, const uint8_t b[3], const size_t local[3])
{
  WyOclShape *s = find_shape(kn, b);
  if (!s) {
    if (!wy_ocl_grow((void **)&kn->shapes, (size_t)kn->nshapes,
                     &kn->capshapes, sizeof *kn->shapes))
      return;                   /* out of memory: measured again */
    s = &kn->shapes[kn->nshapes++];
    memcpy(s->bucket, b, 3);
  }
  for (int d = 0; d < 3; d++) s->local[d] = (uint16_t)local[d];
}

/* The name of the shapes file of kn's program in the cache directory,
 * malloc'd; NULL: none. */
static char *
shapes_name(const WyOclKern *kn)
{
  size_t n;
  char *p;
  if (!kn->cache) return NULL;
  n = strlen(kn->cache);
  if (n < 4 || strcmp(kn->cache + n - 4, ".bin") != 0) return NULL;
  p = malloc(n);        /* ".wg" and its NUL for ".bin" */
  if (!p) return NULL;
  memcpy(p, kn->cache, n - 4);
  memcpy(p + n - 4, ".wg", 4);
  return p;
}

/* One line of the shapes file: true and its fields when it parses and
 * names `name`. */
static bool
parse_line(const char *line, const char *name, uint8_t b[3],
           size_t local[3])
{
  size_t len = strlen(name);
  const char *p = line;
  char *end;
  if (strncmp(p, name, len) != 0 || p[len] != ' ') return false;
  p += len;
  for (int f = 0; f < 6; f++) {
    unsigned long v;
    if (*p != ' ') return false;
    p++;
    if (*p < '0' || *p > '9') return false;
    errno = 0;
    v = strtoul(p, &end, 10);
    if (errno || end - p > 5) return false;
    if (f < 3 && v > 64) return false;
    if (f >= 3 && (v == 0 || v > UINT16_MAX)) return false;
    if (f < 3) b[f] = (uint8_t)v;
    else local[f - 3] = (size_t)v;
    p = end;
  }
  return *p == '\0';
}

/* The shapes file's lines for kn, once per kernel object. */
static void
read_shapes(const WyOclState *g, WyOclKern *kn)
{
  char *name = shapes_name(kn), *buf, *line, *save = NULL;
  int fd;
  ssize_t got;
  kn->shapes_read = true;
  if (!name) return;
  fd = wy_ocl_cache_open(name, O_RDONLY);
  free(name);
  if (fd < 0) return;
  buf = malloc(TUNE_FILE_MAX + 1);
  got = buf ? read(fd, buf, TUNE_FILE_MAX) : -1;
  close(fd);
  if (got <= 0) {
    free(buf);
    return;
  }
  buf[got] = '\0';
  /* a last line cut short (a full file, a write under way) is not one */
  if (buf[got - 1] != '\n') {
    char *nl = strrchr(buf, '\n');
    if (nl) nl[1] = '\0';
    else buf[0] = '\0';
  }
  for (line = strtok_r(buf, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save)) {
    uint8_t b[3];
    size_t local[3];
    if (parse_line(line, kn->k->name, b, local) && shape_fits(g, kn, local)) {
      keep_shape(kn, b, local);
      wy_ocl_g.counters.tuned_loads++;
    }
  }
  free(buf);
}

/* Append kn's shape for class b to the shapes file (one write: lines
 * of concurrent processes do not interleave), on a line of its own
 * after a last line cut short. */
static void
append_shape(const WyOclKern *kn, const uint8_t b[3], const size_t local[3])
{
  char *name = shapes_name(kn), line[320], last = '\n';
  int fd, n;
  off_t size;
  if (!name) return;
  fd = wy_ocl_cache_open(name, O_RDWR | O_APPEND | O_CREAT);
  free(name);
  if (fd < 0) return;
  size = lseek(fd, 0, SEEK_END);
  /* full (lines that keep failing to parse, or many classes): start
   * afresh, so that new classes are still kept; the shapes lost are
   * measured once more */
  if (size >= TUNE_FILE_MAX && ftruncate(fd, 0) == 0) size = 0;
  if (size > 0 && pread(fd, &last, 1, size - 1) != 1) last = '\n';
  n = snprintf(line, sizeof line, "%s%s %u %u %u %zu %zu %zu\n",
               last == '\n' ? "" : "\n", kn->k->name, b[0], b[1], b[2],
               local[0], local[1], local[2]);
  if (size >= 0 && size < TUNE_FILE_MAX && n > 0 && (size_t)n < sizeof line)
    if (write(fd, line, (size_t)n) != n) { /* a cache is best effort */ }
  close(fd);
}

/* May kn's launches take any shape, measured or read?  Not with a
 * required shape; not when a second launch would differ from one (a
 * list both read and written) or its results depend on the shape (a
 * reduction of reals: the tree's order), so no reduction at all. */
static bool
measurable(const WyOclKern *kn)
{
  if (kn->required[0]) return false;
  for (int i = 0; i < kn->k->nparams; i++) {
    const WyOclParam *p = &kn->k->params[i];
    if (p->kind == WY_OCL_REDUCE || p->kind == WY_OCL_LIST_INOUT)
      return false;
  }
  return true;
}

bool
wy_ocl_tuned_shape(WyOclKern *kn, const size_t items_n[3], size_t local[3])
{
  uint8_t b[3];
  const WyOclShape *s;
  if (tune_mode() == TUNE_OFF || !measurable(kn)) return false;
  if (!kn->shapes_read) read_shapes(&wy_ocl_g, kn);
  buckets(kn->k->ndims, items_n, b);
  if (!(s = find_shape(kn, b))) return false;
  for (int d = 0; d < 3; d++) local[d] = s->local[d];
  return true;
}

bool
wy_ocl_tune_wanted(const WyOclKern *kn, const size_t items_n[3])
{
  size_t items = 1;
  TuneMode mode = tune_mode();
  if (mode == TUNE_OFF || !measurable(kn)
      || ((!wy_ocl_g.gpu || wy_ocl_g.simulator) && mode != TUNE_ALWAYS))
    return false;
  for (int d = 0; d < kn->k->ndims; d++) items *= items_n[d];
  /* fewer items than one group of the default shape: nothing to choose */
  return items > 256 || mode == TUNE_ALWAYS;
}

void
wy_ocl_tune_free(WyOclKern *kn)
{
  free(kn->shapes);
  kn->shapes = NULL;
  kn->nshapes = 0;
  kn->capshapes = 0;
}

/* ---------------------------------------------------------------- */
/* Measuring                                                          */

/* Shapes worth trying for a call of nd dimensions (2 and 3 alike: the
 * third dimension gets 1), the default first: groups of 64 to 1024
 * items, rows of 16 to 256.  Shapes the kernel cannot launch, and
 * shapes whose rows are longer than the call's rows, are left out. */
static int
ocl_tune_candidates(const WyOclState *g, const WyOclKern *kn,
                    const size_t items_n[3], const size_t dflt[3],
                    size_t out[][3])
{
  int nd = kn->k->ndims;
  static const size_t rows1[] = {64, 128, 256, 512, 1024};
  static const size_t shapes2[][2] = {
    {16, 8}, {16, 16}, {32, 4}, {32, 8}, {32, 16}, {64, 2}, {64, 4},
    {128, 1}, {128, 2}, {256, 1}, {512, 1}};
  int n = 0;
  memcpy(out[n++], dflt, 3 * sizeof(size_t));
  for (size_t i = 0; nd == 1 && i < sizeof rows1 / sizeof *rows1; i++) {
    size_t s[3] = {rows1[i], 1, 1};
    if (n < TUNE_MAX_CANDIDATES && s[0] != dflt[0]
        && s[0] <= wy_ocl_round_up(items_n[0], kn->wg_multiple)
        && shape_fits(g, kn, s))
      memcpy(out[n++], s, sizeof s);
  }
  for (size_t i = 0; nd > 1 && i < sizeof shapes2 / sizeof *shapes2; i++) {
    size_t s[3] = {shapes2[i][0], shapes2[i][1], 1};
    if (n < TUNE_MAX_CANDIDATES
        && !(s[0] == dflt[0] && s[1] == dflt[1] && dflt[2] == 1)
        && s[0] <= wy_ocl_round_up(items_n[0], kn->wg_multiple)
        && s[1] <= items_n[1] && shape_fits(g, kn, s))
      memcpy(out[n++], s, sizeof s);
  }
  return n;
}

/* One launch of kn with this shape, until it ends: seconds, or -1. */
static double
timed_launch(const WyOclState *g, WyOclKern *kn, const size_t items_n[3],
             const size_t local[3])
{
  size_t global[3] = {1, 1, 1};
  int nd = kn->k->ndims;
  double t0;
  for (int d = 0; d < nd; d++)
    global[d] = wy_ocl_round_up(items_n[d], local[d]);
  t0 = wy_ocl_now();
  if (clEnqueueNDRangeKernel(g->queue, kn->kern, (cl_uint)nd, NULL,
                             global, local, 0, NULL, NULL) != CL_SUCCESS
      || clFinish(g->queue) != CL_SUCCESS)
    return -1;
  return wy_ocl_now() - t0;
}

/* Did the launches set the error flag?  Then it is cleared. */
static bool
flag_set(void)
{
  const char *what;
  cl_int flag;
  return wy_ocl_flag_take(&flag, &what) != CL_SUCCESS || flag != 0;
}

static void
print_measure(const WyOclKern *kn, const size_t items_n[3], size_t c[][3],
              const double *t, int n, int best)
{
  int nd = kn->k->ndims;
  fprintf(stderr, "wyc: work groups of %s over %zu", kn->k->name,
          items_n[0]);
  for (int d = 1; d < nd; d++) fprintf(stderr, " x %zu", items_n[d]);
  fprintf(stderr, " items:");
  for (int i = 0; i < n; i++) {
    fprintf(stderr, " %zu", c[i][0]);
    for (int d = 1; d < nd; d++) fprintf(stderr, "x%zu", c[i][d]);
    if (t[i] < 0) fprintf(stderr, " -,");
    else fprintf(stderr, " %.3f ms%s,", t[i] * 1e3, i == best ? " (kept)" : "");
  }
  fprintf(stderr, "\n");
}

void
wy_ocl_tune(WyOclState *g, WyOclKern *kn, const size_t items_n[3],
            size_t local[3], size_t global[3])
{
  size_t c[TUNE_MAX_CANDIDATES][3];
  double t[TUNE_MAX_CANDIDATES], again;
  uint8_t b[3];
  int n, best = 0, nd = kn->k->ndims;
  TuneMode mode = tune_mode();
  if (clFinish(g->queue) != CL_SUCCESS) return;
  n = ocl_tune_candidates(g, kn, items_n, local, c);
  for (int i = 0; i < n; i++) t[i] = -1;
  /* the first launch warms up (the driver may load the kernel then) */
  if (timed_launch(g, kn, items_n, c[0]) < 0
      || (t[0] = timed_launch(g, kn, items_n, c[0])) < 0) {
    flag_set();                    /* cleared, if a launch set it */
    return;
  }
  if (mode != TUNE_ALWAYS && (t[0] < TUNE_MIN_S || t[0] > TUNE_MAX_S))
    n = 1;                          /* the default it is */
  for (int i = 1; i < n; i++) {
    t[i] = timed_launch(g, kn, items_n, c[i]);
    if (t[i] >= 0 && t[i] < t[best]) best = i;
  }
  if (best > 0) {                   /* once more, against the default */
    if ((again = timed_launch(g, kn, items_n, c[best])) >= 0
        && again < t[best])
      t[best] = again;
    if ((again = timed_launch(g, kn, items_n, c[0])) >= 0
        && again < t[0])
      t[0] = again;
    if (!(t[best] < (1 - TUNE_GAIN) * t[0])) best = 0;
  }
  /* the kernel reported an error (the flag is cleared): the call's own
   * launch reports it */
  if (flag_set()) return;
  /* WYC_PROFILE=1 (the environment read once, ocl_bench.c) */
  if (wy_ocl_profiling() && g->profile_hooked)
    print_measure(kn, items_n, c, t, n, best);
  g->counters.tunings++;
  buckets(nd, items_n, b);
  keep_shape(kn, b, c[best]);
  append_shape(kn, b, c[best]);
  for (int d = 0; d < 3; d++) {
    local[d] = c[best][d];
    global[d] = d < nd ? wy_ocl_round_up(items_n[d], local[d]) : 1;
  }
}
