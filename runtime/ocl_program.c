/* ocl_program.c -- programs built once per process, binaries cached on disk.
 *
 * Input: a kernel descriptor and the variant (32- or 64-bit ints).
 * Output: a WyOclKern (kernel object and work-group limits), built on
 * first use and kept in wy_ocl_g until wy_ocl_shutdown; a failure is
 * kept too, so a program that does not build is tried only once.
 *
 * The binary cache (docs/cache.md): a directory of the user's alone,
 * $XDG_CACHE_HOME/wyc (default ~/.cache/wyc; ocl_cachedir.c checks it
 * and the key), holds one entry per program, named by the SHA-256 of
 * the key: device name, driver version, wyc's version, build options
 * (with the variant's: the real type, the int width) and source.  The
 * entry repeats the whole key, which is compared on loading, so a name
 * collision costs a rebuild, never a wrong program; and it ends with a
 * MAC (HMAC-SHA512-256, libsodium's crypto_auth) of everything before
 * it under the user's key, checked before the binary reaches the
 * driver: an entry damaged (a corrupt binary can crash PoCL) or written
 * by anyone without the key costs a rebuild, and is overwritten.
 * Layout: magic, key length (8 bytes), key, binary length (8 bytes),
 * binary, MAC (32 bytes).  Entries are written under a random name
 * (O_EXCL, mode 0600) and renamed, so a concurrent run sees the old
 * entry or the new one, never half of one; every file of the cache is
 * opened relative to the checked directory and never through a
 * symbolic link.  A cache that cannot be read or written is ignored.
 *
 * WYC_DEV=binary_cache=0 turns the cache off: every process builds from
 * source, leaving caching to the driver.  Asking for a program's binary
 * makes PoCL compile every kernel in it, launched or not, on top of the
 * compilation for the work-group size at each kernel's first launch;
 * the differential tester's programs, many kernels each and most never
 * launched before a runtime error ends the run, build about three times
 * faster without it (PoCL's own cache still serves later runs).
 *
 * WYC_DEV=build_log=1 prints the compiler's log of a failed build on stderr.
 */
#define WY_OCL_IMPL
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ocl.h"

static const char cache_magic[8] = "WYCBIN3\n";
enum {
  MAC_BYTES = crypto_auth_BYTES,
  HEAD_BYTES = 16,                /* magic, key length */
  ENTRY_MAX = 1 << 30             /* larger files are no entry */
};

/* ---------------------------------------------------------------- */
/* Small helpers                                                      */

/* malloc'd concatenation of the n strings in parts, separated by sep
 * (a NUL separator is allowed: the result's length goes to *len). */
static char *
join(const char *const *parts, int n, char sep, size_t *len)
{
  size_t total = 0, at = 0;
  char *s;
  for (int i = 0; i < n; i++) total += strlen(parts[i]) + 1;
  s = malloc(total + 1);
  if (!s) return NULL;
  for (int i = 0; i < n; i++) {
    size_t k = strlen(parts[i]);
    memcpy(s + at, parts[i], k);
    at += k;
    s[at++] = sep;
  }
  s[at] = 0;
  *len = at;
  return s;
}

/* The name of the cache entry for a key, malloc'd: half the SHA-256 of
 * the key in hex; NULL when there is no usable cache, or
 * WYC_DEV=binary_cache=0 turns the cache off. */
static char *
cache_name(const char *key, size_t keylen)
{
  unsigned char sum[crypto_hash_sha256_BYTES];
  char *name;
  if (!wyrt_config_on(WYRT_CFG_BINARY_CACHE)) return NULL;
  if (!wy_ocl_cache_ready()) return NULL;
  crypto_hash_sha256(sum, (const unsigned char *)key, keylen);
  name = malloc(2 * 16 + 5);
  if (name) {
    sodium_bin2hex(name, 2 * 16 + 1, sum, 16);
    strcat(name, ".bin");
  }
  return name;
}

/* The whole entry, malloc'd; NULL if it cannot be read (missing, a
 * symbolic link, not a regular file, too large). */
static char *
read_entry(const char *name, size_t *len)
{
  int fd = wy_ocl_cache_open(name, O_RDONLY);
  struct stat sb;
  char *buf = NULL;
  size_t at = 0, n;
  if (fd < 0) return NULL;
  if (fstat(fd, &sb) == 0 && sb.st_size > 0 && sb.st_size < ENTRY_MAX
      && (buf = malloc((size_t)sb.st_size))) {
    n = (size_t)sb.st_size;
    while (at < n) {
      ssize_t got = read(fd, buf + at, n - at);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      at += (size_t)got;
    }
    if (at == n) *len = n;
    else {
      free(buf);
      buf = NULL;
    }
  }
  close(fd);
  return buf;
}

/* Write all n bytes of p to fd. */
static bool
write_all(int fd, const void *p, size_t n)
{
  const char *c = p;
  while (n > 0) {
    ssize_t put = write(fd, c, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    c += put;
    n -= (size_t)put;
  }
  return true;
}

/* ---------------------------------------------------------------- */
/* Building                                                           */

/* The first line of the build log that mentions an error (or the first
 * line), into g->reason; the whole log on stderr with build_log=1. */
static int
build_failure(WyOclState *g, cl_program prog, cl_int err)
{
  size_t n = 0;
  char *log, *line, *nl;
  bool whole = wyrt_config_on(WYRT_CFG_BUILD_LOG);
  if (err != CL_BUILD_PROGRAM_FAILURE)
    return wy_ocl_cl_fail(err, "clBuildProgram");
  clGetProgramBuildInfo(prog, g->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  log = malloc(n + 1);
  if (!log) return wy_ocl_fail(WY_OCL_E_BUILD, "the program does not build");
  if (clGetProgramBuildInfo(prog, g->device, CL_PROGRAM_BUILD_LOG, n, log,
                            NULL) != CL_SUCCESS)
    n = 0;
  log[n] = 0;
  if (whole) fprintf(stderr, "%s\n", log);
  line = strstr(log, "error");
  if (!line) line = log;
  while (line > log && line[-1] != '\n') line--;
  if ((nl = strchr(line, '\n'))) *nl = 0;
  wy_ocl_fail(WY_OCL_E_BUILD, "the OpenCL program does not build: %.300s",
              *line ? line : "(no log)");
  free(log);
  return WY_OCL_E_BUILD;
}

static cl_program
build_from_source(WyOclState *g, const char *source, const char *opts,
                  int *st)
{
  cl_int err;
  cl_program prog = clCreateProgramWithSource(g->ctx, 1, &source, NULL, &err);
  if (!prog) {
    *st = wy_ocl_cl_fail(err, "clCreateProgramWithSource");
    return NULL;
  }
  err = clBuildProgram(prog, 1, &g->device, opts, NULL, NULL);
  if (err != CL_SUCCESS) {
    *st = build_failure(g, prog, err);
    clReleaseProgram(prog);
    return NULL;
  }
  g->counters.source_builds++;
  *st = WY_OCL_OK;
  return prog;
}

/* The entry's binary (into *bin, *bl) when buf (n bytes) is an entry
 * for this key whose MAC under the user's key holds. */
static bool
entry_ok(const char *buf, size_t n, const char *key, size_t keylen,
         const unsigned char **bin, size_t *bl)
{
  uint64_t kl, l;
  if (n < HEAD_BYTES + 8 + MAC_BYTES || memcmp(buf, cache_magic, 8) != 0)
    return false;
  if (crypto_auth_verify((const unsigned char *)buf + n - MAC_BYTES,
                         (const unsigned char *)buf, n - MAC_BYTES,
                         wy_ocl_g.cache_key) != 0)
    return false;
  memcpy(&kl, buf + 8, 8);
  if (kl != keylen || n - HEAD_BYTES - 8 - MAC_BYTES < kl
      || memcmp(buf + HEAD_BYTES, key, kl) != 0)
    return false;
  memcpy(&l, buf + HEAD_BYTES + kl, 8);
  if (l == 0 || l != n - HEAD_BYTES - kl - 8 - MAC_BYTES) return false;
  *bin = (const unsigned char *)buf + HEAD_BYTES + kl + 8;
  *bl = (size_t)l;
  return true;
}

/* The program from the cache entry, or NULL (missing, stale, corrupt,
 * not authentic). */
static cl_program
load_cached(WyOclState *g, const char *name, const char *key, size_t keylen,
            const char *opts)
{
  size_t n = 0, bl;
  char *buf = read_entry(name, &n);
  const unsigned char *bin;
  cl_int err, binerr;
  cl_program prog = NULL;
  if (!buf) return NULL;
  if (!entry_ok(buf, n, key, keylen, &bin, &bl)) goto out;
  prog = clCreateProgramWithBinary(g->ctx, 1, &g->device, &bl, &bin, &binerr,
                                   &err);
  if (prog && (err != CL_SUCCESS || binerr != CL_SUCCESS
               || clBuildProgram(prog, 1, &g->device, opts, NULL, NULL)
                      != CL_SUCCESS)) {
    clReleaseProgram(prog);
    prog = NULL;
  }
  if (prog) g->counters.cache_loads++;
out:
  free(buf);
  return prog;
}

/* The entry for prog's binary, malloc'd (its length into *len). */
static char *
make_entry(cl_program prog, const char *key, size_t keylen, size_t *len)
{
  size_t bl = 0, n;
  uint64_t kl = keylen, l;
  char *buf;
  unsigned char *bin;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bl, &bl, NULL)
          != CL_SUCCESS || bl == 0 || bl > ENTRY_MAX || keylen > ENTRY_MAX)
    return NULL;
  n = HEAD_BYTES + keylen + 8 + bl + MAC_BYTES;
  if (!(buf = malloc(n))) return NULL;
  l = bl;
  memcpy(buf, cache_magic, 8);
  memcpy(buf + 8, &kl, 8);
  memcpy(buf + HEAD_BYTES, key, keylen);
  memcpy(buf + HEAD_BYTES + keylen, &l, 8);
  bin = (unsigned char *)buf + HEAD_BYTES + keylen + 8;
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL)
      != CL_SUCCESS) {
    free(buf);
    return NULL;
  }
  crypto_auth((unsigned char *)buf + n - MAC_BYTES, (unsigned char *)buf,
              n - MAC_BYTES, wy_ocl_g.cache_key);
  *len = n;
  return buf;
}

static void
save_cached(WyOclState *g, cl_program prog, const char *name, const char *key,
            size_t keylen)
{
  size_t n = 0;
  char *entry = make_entry(prog, key, keylen, &n), tmp[128];
  int fd;
  bool ok;
  if (!entry) return;
  fd = wy_ocl_cache_create(name, tmp, sizeof tmp);
  if (fd >= 0) {
    ok = write_all(fd, entry, n);
    if (close(fd) != 0) ok = false;
    if (wy_ocl_cache_commit(tmp, name, ok)) g->counters.cache_writes++;
  }
  free(entry);
}

/* Processes that share a cache and miss the same entry build it one at
 * a time: the first builds and saves it, the others then load it.  Two
 * PoCL builds of one program at once race in PoCL's own cache (one of
 * four concurrent runs saw its build fail, tests/faults.sh
 * concurrent_cache).  A lock file beside the entry, held with flock;
 * -1 (no lock, build anyway) when it cannot be made. */
static int
lock_entry(const char *name)
{
  char lock[64];
  int fd;
  snprintf(lock, sizeof lock, "%s.lock", name);
  fd = wy_ocl_cache_open(lock, O_RDWR | O_CREAT);
  if (fd < 0) return -1;
  while (flock(fd, LOCK_EX) != 0)
    if (errno != EINTR) {
      close(fd);
      return -1;
    }
  return fd;
}

/* The build option that makes wy_real what p->real says (ocl.h). */
static const char *
real_option(const WyOclProg *p)
{
  switch (p->real) {
  case WY_OCL_REAL_DOUBLE: return "-DWYC_REAL_DOUBLE=1";
  case WY_OCL_REAL_FLOAT: return "-cl-fp32-correctly-rounded-divide-sqrt";
  default: return "";
  }
}

/* Build p, from the cache when it holds the binary. */
static int
build_program(WyOclState *g, WyOclProg *p)
{
  /* cl_options: more options for the driver's compiler, e.g.
   * -cl-opt-disable, which makes PoCL's builds several times faster
   * (the differential tester's runs) */
  const char *extra = wyrt_config_text(WYRT_CFG_CL_OPTIONS);
  /* -w: the driver's warnings about generated code (a comparison of a
   * value with itself that the source wrote) mean nothing to the
   * program's user, and PoCL 5 prints "1 warning generated." on the
   * program's stderr */
  /* Oclgrind's simulator has no llvm.*.with.overflow intrinsics (nor
   * llvm.abs: the generated code's prelude, wyc_trip), and its
   * uninitialised-value checker no `freeze`, which its optimiser makes
   * of a comparison of a sum (x + j - 1 < n): no optimisation there */
  const char *ovf = g->simulator
                        ? "-DWYC_NO_OVF_BUILTINS=1 -cl-opt-disable" : "";
  /* WYC_GPU: code shaped for a GPU's memory where it matters
   * (opencl_backend/oclgen_build.c) */
  /* WYC_FP64: double accumulators for float reals' reductions
   * (opencl_backend/oclgen_reduce.c) */
  const char *opts_parts[10] = {"-w", p->options ? p->options : "",
                               p->int64 ? "-DWYC_INT64=1" : "",
                               real_option(p), ovf,
                               g->fp64 ? "-DWYC_FP64=1" : "",
                               g->gpu ? "-DWYC_GPU=1" : "",
                               g->pocl ? "-DWYC_POCL=1" : "",
                               p->notile ? "-DWYC_NO_TILE=1" : "",
                               extra ? extra : ""};
  size_t optlen, keylen;
  char *opts = join(opts_parts, 10, ' ', &optlen), *key, *name;
  const char *key_parts[6];
  int st = WY_OCL_OK;
  if (!opts) return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory");
  key_parts[0] = "wyc program";
  key_parts[1] = g->device_name;
  key_parts[2] = g->driver_version;
  key_parts[3] = "wyc " WYC_VERSION;
  key_parts[4] = opts;
  key_parts[5] = p->source;
  key = join(key_parts, 6, 0, &keylen);
  name = key ? cache_name(key, keylen) : NULL;
  if (name) p->prog = load_cached(g, name, key, keylen, opts);
  if (!p->prog) {
    int lock = name ? lock_entry(name) : -1;
    if (lock >= 0) p->prog = load_cached(g, name, key, keylen, opts);
    if (!p->prog) {
      wy_ocl_flush_stdout();   /* the driver's compiler may abort */
      p->prog = build_from_source(g, p->source, opts, &st);
      if (p->prog && name) save_cached(g, p->prog, name, key, keylen);
    }
    if (lock >= 0) close(lock);   /* releases the flock */
  }
  p->cache = name;   /* beside it, the kernels' shapes (ocl_tune.c) */
  free(key);
  free(opts);
  return st;
}

/* The program of k in the given variant (int64; real: how its reals are
 * built, never AUTO; notile: without tiles in local memory), built if
 * need be. */
static int
get_program(WyOclState *g, const WyOclKernel *k, bool int64, int real,
            bool notile, WyOclProg **out)
{
  WyOclProg *p;
  for (int i = 0; i < g->nprogs; i++) {
    p = &g->progs[i];
    if (p->source == k->source && p->options == k->options
        && p->int64 == int64 && p->real == real && p->notile == notile) {
      *out = p;
      if (p->status) wy_ocl_fail(p->status, "%s", p->reason);
      return p->status;
    }
  }
  if (!wy_ocl_grow((void **)&g->progs, (size_t)g->nprogs, &g->capprogs,
                   sizeof *g->progs))
    return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory");
  p = &g->progs[g->nprogs++];
  *p = (WyOclProg){k->source, k->options, int64, (uint8_t)real, notile,
                   NULL, 0, NULL, NULL};
  p->status = build_program(g, p);
  if (p->status) p->reason = strdup(g->reason);
  *out = p;
  return p->status;
}

/* ---------------------------------------------------------------- */
/* Kernels                                                            */

/* The number of OpenCL arguments the descriptor implies (ocl.h's ABI). */
static cl_uint
abi_arity(const WyOclKernel *k)
{
  cl_uint n = 1 + 2 * (cl_uint)k->ndims;
  for (int i = 0; i < k->nparams; i++)
    n += k->params[i].kind <= WY_OCL_LIST_INOUT
             ? 1u + k->params[i].depth + wy_ocl_own_index(&k->params[i])
         : k->params[i].kind == WY_OCL_REDUCE ? 2u : 1u;
  return n;
}

static int
make_kernel(WyOclState *g, WyOclKern *kn, cl_program prog)
{
  cl_int err;
  cl_uint nargs = 0;
  const WyOclKernel *k = kn->k;
  kn->kern = clCreateKernel(prog, k->name, &err);
  if (!kn->kern) {
    if (err == CL_INVALID_KERNEL_NAME)
      return wy_ocl_fail(WY_OCL_E_NO_KERNEL, "no kernel %s in the program",
                         k->name);
    return wy_ocl_cl_fail(err, "clCreateKernel");
  }
  clGetKernelInfo(kn->kern, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
  if (nargs != abi_arity(k))
    return wy_ocl_fail(WY_OCL_E_ARGS, "kernel %s has %u parameters, its "
                       "descriptor implies %u", k->name, (unsigned)nargs,
                       (unsigned)abi_arity(k));
  kn->argv = calloc(nargs, sizeof *kn->argv);
  kn->nargv = kn->argv ? (int)nargs : 0;
  if (clGetKernelWorkGroupInfo(kn->kern, g->device, CL_KERNEL_WORK_GROUP_SIZE,
                               sizeof kn->wg_max, &kn->wg_max, NULL)
          != CL_SUCCESS || kn->wg_max == 0)
    kn->wg_max = 1;
  if (clGetKernelWorkGroupInfo(kn->kern, g->device,
                               CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                               sizeof kn->wg_multiple, &kn->wg_multiple, NULL)
          != CL_SUCCESS || kn->wg_multiple == 0)
    kn->wg_multiple = 1;
  if (clGetKernelWorkGroupInfo(kn->kern, g->device,
                               CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                               sizeof kn->required, kn->required, NULL)
      != CL_SUCCESS)
    memset(kn->required, 0, sizeof kn->required);
  return WY_OCL_OK;
}

/* Can the device run kn as built: the work group its tiles require
 * (CL_KERNEL_COMPILE_WORK_GROUP_SIZE), and their local memory?  A
 * kernel without tiles can. */
static bool
tiles_fit(const WyOclState *g, const WyOclKern *kn)
{
  cl_ulong local = 0;
  size_t items = 1;
  if (!kn->required[0]) return true;
  for (int d = 0; d < 3; d++) items *= kn->required[d] ? kn->required[d] : 1;
  if (items > kn->wg_max) return false;
  if (clGetKernelWorkGroupInfo(kn->kern, g->device, CL_KERNEL_LOCAL_MEM_SIZE,
                               sizeof local, &local, NULL) != CL_SUCCESS)
    return true;                 /* unknown: the launch will tell */
  return !g->local_mem || local <= g->local_mem;
}

/* How k's program builds its reals on this device: WY_OCL_REAL_AUTO
 * becomes double where the device has it (CL_DEVICE_DOUBLE_FP_CONFIG),
 * float otherwise.  A kernel without reals of a program forced to double
 * on a device without it takes the float build (its real kernels cannot
 * run, it can). */
static int
resolve_real(const WyOclState *g, const WyOclKernel *k)
{
  if (k->real == WY_OCL_REAL_AUTO)
    return g->fp64 ? WY_OCL_REAL_DOUBLE : WY_OCL_REAL_FLOAT;
  if (k->real == WY_OCL_REAL_DOUBLE && !g->fp64 && !k->uses_real)
    return WY_OCL_REAL_FLOAT;
  return k->real;
}

int
wy_ocl_get_kernel(const WyOclKernel *k, bool int64, WyOclKern **out)
{
  WyOclState *g = &wy_ocl_g;
  WyOclProg *p = NULL;
  WyOclKern *kn;
  int st, real = resolve_real(g, k);
  for (int i = 0; i < g->nkerns; i++) {
    kn = &g->kerns[i];
    if (kn->k == k && kn->int64 == int64) {
      *out = kn;
      if (kn->status) wy_ocl_fail(kn->status, "%s", kn->reason);
      return kn->status;
    }
  }
  if (real == WY_OCL_REAL_DOUBLE && !g->fp64)
    return wy_ocl_fail(WY_OCL_E_NO_FP64, "%s has no double precision",
                       g->device_name);
  st = get_program(g, k, int64, real, false, &p);
  if (st) return st;
  if (!wy_ocl_grow((void **)&g->kerns, (size_t)g->nkerns, &g->capkerns,
                   sizeof *g->kerns))
    return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory");
  kn = &g->kerns[g->nkerns++];
  *kn = (WyOclKern){.k = k, .int64 = int64,
                    .dbl = real == WY_OCL_REAL_DOUBLE, .wg_max = 1,
                    .wg_multiple = 1, .cache = p->cache};
  kn->status = make_kernel(g, kn, p->prog);
  /* its tiles ask more than the device has: the program without them
   * (the kernel's plain loop), rather than the CPU */
  if (!kn->status && !tiles_fit(g, kn)) {
    clReleaseKernel(kn->kern);
    kn->kern = NULL;
    free(kn->argv);
    kn->argv = NULL;
    kn->nargv = 0;
    kn->status = get_program(g, k, int64, real, true, &p);
    if (!kn->status) {
      kn->cache = p->cache;
      kn->status = make_kernel(g, kn, p->prog);
    }
  }
  if (kn->status) {
    kn->reason = strdup(g->reason);
    if (kn->kern) clReleaseKernel(kn->kern);
    kn->kern = NULL;
  }
  *out = kn;
  return kn->status;
}

void
wy_ocl_programs_free(void)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < g->nkerns; i++) {
    if (g->kerns[i].kern) clReleaseKernel(g->kerns[i].kern);
    free(g->kerns[i].reason);
    free(g->kerns[i].argv);
    wy_ocl_tune_free(&g->kerns[i]);
  }
  for (int i = 0; i < g->nprogs; i++) {
    if (g->progs[i].prog) clReleaseProgram(g->progs[i].prog);
    free(g->progs[i].reason);
    free(g->progs[i].cache);
  }
  free(g->kerns);
  free(g->progs);
  wy_ocl_cache_close();
  g->kerns = NULL;
  g->progs = NULL;
  g->nkerns = g->capkerns = g->nprogs = g->capprogs = 0;
}
