/* ocl_guard.c -- what can be checked before the OpenCL driver is asked.
 *
 * Drivers do not fail gracefully everywhere: PoCL aborts (an assertion,
 * std::bad_alloc, SIGSEGV) when its threads or its compiler cannot get
 * address space, and reports "no device" when its cache directory is
 * unusable.  This file checks those conditions first, so that the
 * device layer falls back to the CPU with a note that names the real
 * cause instead of crashing or blaming something else:
 *
 *   wy_ocl_memory_guard   an address-space or data limit (ulimit -v,
 *                         ulimit -d) too small for the driver
 *   wy_ocl_buffer_guard   ... too small for a kernel's buffers (PoCL
 *                         asserts when it cannot allocate them)
 *   wy_ocl_env_guard      driver settings known to abort it (PoCL
 *                         asserts on an empty POCL_CACHE_DIR)
 *   wy_ocl_pocl_cache     PoCL's default cache directory is unusable
 *                         (HOME or XDG_CACHE_HOME names none it can
 *                         make, and POCL_CACHE_DIR is unset): PoCL
 *                         would offer no device, so POCL_CACHE_DIR is
 *                         set to a private directory made for the run
 *                         (mkdtemp, removed at exit), with a note;
 *                         called before the driver is loaded, on the
 *                         program's thread (setenv)
 *   wy_ocl_cache_problem  the driver's cache directory is unusable
 *   wy_ocl_icd_problem    why the ICD loader found no platform
 */
#define WY_OCL_IMPL
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ocl.h"

#define MIB ((uint64_t)1 << 20)

/* Bytes of address space the process maps now (/proc/self/statm), or 0
 * when unknown. */
static uint64_t
mapped_now(void)
{
  unsigned long long pages = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  if (fscanf(f, "%llu", &pages) != 1) pages = 0;
  fclose(f);
  return pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* The address space a CPU driver needs to start and compile a program:
 * measured with PoCL (about 460 MiB with a cached binary, 770 MiB when
 * it compiles, with 3 threads on 2 cores), plus per core a thread's
 * stack and its malloc arena (64 MiB of reserved address space). */
static uint64_t
driver_need(void)
{
  struct rlimit st;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  uint64_t stack = 8 * MIB;
  if (getrlimit(RLIMIT_STACK, &st) == 0 && st.rlim_cur != RLIM_INFINITY
      && st.rlim_cur < 64 * MIB)
    stack = st.rlim_cur;
  if (cores < 1) cores = 1;
  return 768 * MIB + (uint64_t)cores * (stack + 64 * MIB);
}

/* WY_OCL_OK when the memory limits leave need bytes, else the reason
 * (what names what needs them). */
static int
headroom(uint64_t need, const char *what)
{
  struct rlimit as, data;
  uint64_t limit = UINT64_MAX, used;
  const char *which = "ulimit -v";
  if (!wyrt_config_on(WYRT_CFG_MEMORY_GUARD)) return WY_OCL_OK;
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    limit = as.rlim_cur;
  if (getrlimit(RLIMIT_DATA, &data) == 0 && data.rlim_cur != RLIM_INFINITY
      && data.rlim_cur < limit) {
    limit = data.rlim_cur;
    which = "ulimit -d";
  }
  if (limit == UINT64_MAX) return WY_OCL_OK;
  used = mapped_now();
  if (used < limit && limit - used >= need) return WY_OCL_OK;
  return wy_ocl_fail(WY_OCL_E_NOMEM,
                     "out of memory: the memory limit (%s) leaves %llu MiB, "
                     "%s needs about %llu MiB",
                     which,
                     (unsigned long long)(used < limit ? (limit - used) / MIB
                                                       : 0),
                     what, (unsigned long long)((need + MIB - 1) / MIB));
}

int
wy_ocl_memory_guard(void)
{
  return headroom(driver_need(), "the OpenCL driver");
}

int
wy_ocl_buffer_guard(uint64_t bytes)
{
  /* the buffers, the driver's copies of them, and some slack */
  return headroom(2 * bytes + 64 * MIB, "the kernel's buffers");
}

int
wy_ocl_env_guard(void)
{
  const char *pocl = getenv("POCL_CACHE_DIR");
  if (pocl && !*pocl)
    return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "the cache directory "
                       "POCL_CACHE_DIR is set but empty");
  return WY_OCL_OK;
}

/* Can files be created in dir, or in the directory that would hold it
 * (it is made on first use)?  On false, *why says what is wrong. */
static bool
dir_usable(const char *dir, const char **why)
{
  char path[4096], probe[4200];
  struct stat sb;
  size_t n = strlen(dir);
  if (n == 0 || n >= sizeof path) {
    *why = "no such directory";
    return false;
  }
  memcpy(path, dir, n + 1);
  for (;;) {
    if (stat(path, &sb) == 0) {
      int fd;
      if (!S_ISDIR(sb.st_mode)) {
        *why = "not a directory";
        return false;
      }
      snprintf(probe, sizeof probe, "%s/.wyc-probe-XXXXXX", path);
      fd = mkstemp(probe);
      if (fd < 0) {
        *why = strerror(errno);
        return false;
      }
      close(fd);
      unlink(probe);
      return true;
    }
    if (errno != ENOENT) {
      *why = strerror(errno);
      return false;
    }
    char *slash = strrchr(path, '/');
    if (!slash || slash == path) {
      *why = "no such directory";
      return false;
    }
    *slash = 0;
  }
}

/* The directory PoCL's kernel cache uses when POCL_CACHE_DIR is unset
 * (PoCL 3's pocl_cache.c: $XDG_CACHE_HOME/pocl/kcache, else
 * $HOME/.cache/pocl/kcache, else /tmp/pocl/kcache). */
static void
pocl_default_dir(char *dir, size_t n)
{
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (xdg && *xdg)
    snprintf(dir, n, "%s/pocl/kcache", xdg);
  else if (home)
    snprintf(dir, n, "%s/.cache/pocl/kcache", home);
  else
    snprintf(dir, n, "/tmp/pocl/kcache");
}

static char pocl_private[4096];  /* the POCL_CACHE_DIR made for the run */

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
  (void)sb, (void)flag, (void)f;
  return remove(path);
}

static void
remove_pocl_private(void)
{
  nftw(pocl_private, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

void
wy_ocl_pocl_cache(void)
{
  static bool done;
  const char *why = "", *tmp = getenv("TMPDIR");
  char dir[4096];
  if (done) return;
  done = true;
  /* set (empty: wy_ocl_env_guard), or WYC_DEVICE=none: no driver */
  if (getenv("POCL_CACHE_DIR")) return;
  pocl_default_dir(dir, sizeof dir);
  if (dir_usable(dir, &why)) return;
  snprintf(pocl_private, sizeof pocl_private, "%s/wyc-pocl-XXXXXX",
           tmp && tmp[0] == '/' && strlen(tmp) < 4000 ? tmp : "/tmp");
  if (!mkdtemp(pocl_private)) {
    pocl_private[0] = 0;        /* wy_ocl_cache_problem names dir */
    return;
  }
  if (setenv("POCL_CACHE_DIR", pocl_private, 1) != 0) {
    rmdir(pocl_private);
    return;
  }
  atexit(remove_pocl_private);
  if (wyrt_config_on(WYRT_CFG_QUIET)) return;
  wy_ocl_flush_stdout();
  fprintf(stderr, "wyc: PoCL's cache directory %.300s is unusable (%s): "
          "POCL_CACHE_DIR=%s for this run (removed at exit)\n", dir, why,
          pocl_private);
}

bool
wy_ocl_cache_problem(char *buf, size_t n)
{
  const char *pocl = getenv("POCL_CACHE_DIR"), *why = "";
  char dir[4096];
  if (pocl && *pocl) {
    if (dir_usable(pocl, &why)) return false;
    snprintf(buf, n, "PoCL's cache directory POCL_CACHE_DIR=%.300s is "
             "unusable (%s)", pocl, why);
    return true;
  }
  pocl_default_dir(dir, sizeof dir);
  if (dir_usable(dir, &why)) return false;
  snprintf(buf, n, "PoCL's cache directory %.300s is unusable (%s): set "
           "POCL_CACHE_DIR to a directory it can write", dir, why);
  return true;
}

/* The .icd files in the directory the ICD loader reads. */
static int
count_icds(const char *dir)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  int count = 0;
  if (!d) return 0;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len > 4 && strcmp(e->d_name + len - 4, ".icd") == 0) count++;
  }
  closedir(d);
  return count;
}

void
wy_ocl_icd_problem(cl_int err, char *buf, size_t n)
{
  const char *vendors = getenv("OCL_ICD_VENDORS");
  const char *dir = "/etc/OpenCL/vendors";
  struct stat sb;
  int icds;
  if (err == CL_OUT_OF_HOST_MEMORY || err == CL_OUT_OF_RESOURCES) {
    snprintf(buf, n, "out of memory while loading the OpenCL driver (%s)",
             wy_ocl_cl_error_name(err));
    return;
  }
  if (vendors && *vendors) {
    if (stat(vendors, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
      snprintf(buf, n, "no OpenCL platform: the driver OCL_ICD_VENDORS=%.200s "
               "names did not load", vendors);
      return;
    }
    dir = vendors;
  }
  icds = count_icds(dir);
  if (icds == 0)
    snprintf(buf, n, "no OpenCL platform: no ICD installed (no .icd file in "
             "%.200s)", dir);
  else
    snprintf(buf, n, "no OpenCL platform: the %d ICD file%s in %.200s "
             "name%s no driver that loads (%s)", icds, icds == 1 ? "" : "s",
             dir, icds == 1 ? "s" : "", wy_ocl_cl_error_name(err));
}
