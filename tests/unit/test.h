/* test.h -- checks for the unit tests of libwyrt (chibicc test/test.h).
 *
 * CHECK(expected, expr)        integers (or anything castable to int64)
 * CHECK_STR(text, expr)        Any.toString text of a wyv; CONSUMES it
 * CHECK_TEXT(text, expr)       raw UTF-8 of a string wyv; CONSUMES it
 * CHECK_FAILS(stderr, status, fn)  run fn() in a child process and check
 *                              its exit status and its stderr text
 * CHECK_OUTPUT(stdout, fn)     run fn() in a child, check its stdout
 * tmp(v)                       keep an operand alive until test_done
 * test_env(name, value), test_dev(items)  change a run-time variable
 * A failed check prints FILE:LINE, the expression text, the value and the
 * expected value, then exits 1.  test_done() calls wy_exit, checks that
 * every runtime block was freed and prints "OK name".
 */
#ifndef TEST_H
#define TEST_H

#include <dirent.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wyrt.h"

static int test_checks;   /* checks run so far */

static inline void
check_i64(int64_t expected, int64_t actual, const char *code,
          const char *file, int line)
{
  test_checks++;
  if (expected == actual) return;
  printf("%s:%d: %s => %" PRId64 ", expected %" PRId64 "\n", file, line,
         code, actual, expected);
  exit(1);
}

static inline void
check_text(const char *expected, const char *actual, size_t len,
           const char *code, const char *file, int line)
{
  test_checks++;
  if (strlen(expected) == len && memcmp(expected, actual, len) == 0) return;
  printf("%s:%d: %s => \"%.*s\", expected \"%s\"\n", file, line, code,
         (int)len, actual, expected);
  exit(1);
}

static inline void
check_str(const char *expected, wyv v, const char *code, const char *file,
          int line)
{
  char *buf = NULL;
  size_t len = 0, cap = 0;
  wy_format(v, &buf, &len, &cap);
  wy_decref(v);
  check_text(expected, buf ? buf : "", len, code, file, line);
  free(buf);
}

static inline void
check_raw(const char *expected, wyv s, const char *code, const char *file,
          int line)
{
  char *text = wy_str_to_utf8(s);
  wy_decref(s);
  check_text(expected, text, strlen(text), code, file, line);
  free(text);
}

#define CHECK(expected, expr)                                           \
  check_i64((int64_t)(expected), (int64_t)(expr), #expr, __FILE__, __LINE__)
#define CHECK_STR(expected, expr)                                       \
  check_str((expected), (expr), #expr, __FILE__, __LINE__)
#define CHECK_TEXT(expected, expr)                                      \
  check_raw((expected), (expr), #expr, __FILE__, __LINE__)

/* A new reference to v, for CHECK_STR on a value the test keeps. */
static inline wyv
keep(wyv v)
{
  wy_incref(v);
  return v;
}

/* Element i of the list of small ints xs (read through the runtime:
 * a list left on the device is fetched). */
static inline int64_t
test_int_at(wyv xs, size_t i)
{
  wyv v = wy_list_get(xs, i);
  int64_t x = wy_small_val(v);
  wy_decref(v);
  return x;
}

/* tmp(v): an owned value the test uses as an operand; released by
 * test_done (or release_tmps), so that expressions can nest. */
static wyv test_tmps[1 << 14];
static size_t test_ntmps;

static inline wyv
tmp(wyv v)
{
  if (test_ntmps == sizeof test_tmps / sizeof test_tmps[0]) {
    printf("too many tmp() values\n");
    exit(1);
  }
  test_tmps[test_ntmps++] = v;
  return v;
}

static inline void
release_tmps(void)
{
  while (test_ntmps > 0) wy_decref(test_tmps[--test_ntmps]);
}

/* Run fn in a child with stdout and stderr captured; returns the exit
 * status (-1 if it did not exit normally). */
static inline int
run_child(void (*fn)(void), char *out, size_t nout, char *err, size_t nerr)
{
  int po[2], pe[2], status;
  ssize_t k;
  size_t lo = 0, le = 0;
  pid_t pid;
  fflush(stdout);
  if (pipe(po) || pipe(pe)) exit(3);
  pid = fork();
  if (pid == 0) {
    dup2(po[1], 1);
    dup2(pe[1], 2);
    close(po[0]);
    close(pe[0]);
    fn();
    fflush(stdout);
    _exit(0);
  }
  close(po[1]);
  close(pe[1]);
  while (lo + 1 < nout && (k = read(po[0], out + lo, nout - 1 - lo)) > 0)
    lo += (size_t)k;
  while (le + 1 < nerr && (k = read(pe[0], err + le, nerr - 1 - le)) > 0)
    le += (size_t)k;
  out[lo] = err[le] = 0;
  close(po[0]);
  close(pe[0]);
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static inline void
check_fails(const char *expected, int want, void (*fn)(void),
            const char *code, const char *file, int line)
{
  char out[4096], err[4096];
  int status = run_child(fn, out, sizeof out, err, sizeof err);
  check_text(expected, err, strlen(err), code, file, line);
  check_i64(want, status, code, file, line);
}

static inline void
check_output(const char *expected, void (*fn)(void), const char *code,
             const char *file, int line)
{
  char out[1 << 16], err[4096];
  int status = run_child(fn, out, sizeof out, err, sizeof err);
  check_text(expected, out, strlen(out), code, file, line);
  check_i64(0, status, code, file, line);
}

#define CHECK_FAILS(expected, status, fn)                               \
  check_fails((expected), (status), (fn), #fn, __FILE__, __LINE__)
#define CHECK_OUTPUT(expected, fn)                                      \
  check_output((expected), (fn), #fn, __FILE__, __LINE__)

/* wy_exit, then every runtime block must have been freed. */
static inline void
test_done(const char *name)
{
  release_tmps();
  wy_exit();
  CHECK(0, wy_live_blocks());
  printf("OK %s\n", name);
}

#ifdef WY_OCL_H
static int
test_remove_one(const char *path, const struct stat *sb, int flag,
                struct FTW *f)
{
  (void)sb, (void)flag, (void)f;
  return remove(path);
}

/* The files of a cache directory (DIR/wyc) whose names end in suffix:
 * how many; the first `max` of their paths into paths (may be NULL). */
static inline int
test_cache_files(const char *dir, const char *suffix, char paths[][512],
                 int max)
{
  char sub[256];
  DIR *d;
  struct dirent *e;
  size_t sl = strlen(suffix);
  int n = 0;
  snprintf(sub, sizeof sub, "%s/wyc", dir);
  d = opendir(sub);
  while (d && (e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len <= sl || strcmp(e->d_name + len - sl, suffix) != 0) continue;
    if (paths && n < max) snprintf(paths[n], 512, "%s/%s", sub, e->d_name);
    n++;
  }
  if (d) closedir(d);
  return n;
}

/* Remove a temporary cache directory and everything under it. */
static inline void
test_remove_tree(const char *dir)
{
  nftw(dir, test_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The device layer's counters now (one field: ocl_counters_now().deferred). */
static inline WyOclCounters
ocl_counters_now(void)
{
  WyOclCounters c;
  wy_ocl_counters(&c);
  return c;
}

/* Start the OpenCL device layer (after wy_init); false, having printed
 * "SKIP name: REASON", when there is no device to test on. */
static inline bool
ocl_ready(const char *name)
{
  FILE *null = fopen("/dev/null", "w");
  int ndev = null ? wy_ocl_list_devices(null) : 0;
  if (null) fclose(null);
  if (ndev == 0 || wy_ocl_init() != WY_OCL_OK) {
    printf("SKIP %s: %s\n", name, wy_ocl_last_reason());
    return false;
  }
  return true;
}
#endif

/* Set (value) or unset (NULL) a run-time variable, and read the
 * run-time configuration again (runtime/config.c reads it once). */
static inline void
test_env(const char *name, const char *value)
{
  if (value) setenv(name, value, 1);
  else unsetenv(name);
  wyrt_config_reload();
}

/* WYC_DEV: the test runner's settings, then items ("": none), which win
 * where they name the same setting. */
static inline void
test_dev(const char *items)
{
  static char given[512];
  static bool saved;
  char value[1024];
  if (!saved) {
    snprintf(given, sizeof given, "%s", getenv("WYC_DEV") ? getenv("WYC_DEV")
                                                          : "");
    saved = true;
  }
  snprintf(value, sizeof value, "%s,%s", given, items);
  test_env("WYC_DEV", value);
}

#endif
