/* ocl_device.c -- platforms, devices, the context and the queue; statuses.
 *
 * Input: the OpenCL platforms the ICD loader finds, and WYC_DEVICE.
 * Output: wy_ocl_g's device, context, profiling queue and error-flag
 * buffer (wy_ocl_init), or a status with a reason.  Also the texts of
 * statuses, the fallback note and WYC_OFFLOAD=mandatory.
 *
 * WYC_DEVICE: "gpu" the first GPU, "cpu" the first CPU device, "none" no
 * device, "P:D" device D of platform P (as --list-devices numbers
 * them); unset or empty: the first GPU, else the first CPU device.
 * Platforms and devices are taken in the loader's order.
 */
#define WY_OCL_IMPL
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

/* ORDER WyOclStatus */
static const char *const status_texts[WY_OCL_NSTATUS] = {
  "success",
  "integer overflow on the device",
  "index out of bounds on the device",
  "division by zero on the device",
  "a check failed on the device",
  "no device (WYC_DEVICE=none)",
  "WYC_DEVICE is not gpu, cpu, none or P:D",
  "no OpenCL device",
  "the OpenCL program does not build",
  "no such kernel in the OpenCL program",
  "the device has no double precision",
  "out of memory",
  "arguments do not match the kernel",
  "a list of lists is jagged",
  "an int does not fit the device's int",
  "a real is out of the range of the device's real",
  "the kernel produced an infinity or NaN",
  "an inner loop's range is not the one launched",
  "the bounds of a call's result do not hold before its loop",
  "a descending range",
  "OpenCL error",
  "the call moves far more data than it has work items",
  "an earlier launch of its chained loop failed: the loop runs again",
};

const char *
wy_ocl_status_text(int status)
{
  if (status < 0 || status >= WY_OCL_NSTATUS) return "unknown status";
  return status_texts[status];
}

const char *
wy_ocl_last_reason(void)
{
  return wy_ocl_g.reason;
}

bool
wy_ocl_language_error(int status)
{
  return status == WY_OCL_FLAG_BOUNDS || status == WY_OCL_FLAG_DIVZERO
         || status == WY_OCL_FLAG_CHECK;
}

int
wy_ocl_fail(int status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(wy_ocl_g.reason, sizeof wy_ocl_g.reason, fmt, ap);
  va_end(ap);
  return status;
}

const char *
wy_ocl_cl_error_name(cl_int err)
{
  switch (err) {
#define E(x) case x: return #x
  E(CL_DEVICE_NOT_FOUND); E(CL_DEVICE_NOT_AVAILABLE);
  E(CL_COMPILER_NOT_AVAILABLE); E(CL_MEM_OBJECT_ALLOCATION_FAILURE);
  E(CL_OUT_OF_RESOURCES); E(CL_OUT_OF_HOST_MEMORY);
  E(CL_BUILD_PROGRAM_FAILURE); E(CL_INVALID_VALUE);
  E(CL_INVALID_DEVICE); E(CL_INVALID_BINARY); E(CL_INVALID_PROGRAM);
  E(CL_INVALID_PROGRAM_EXECUTABLE); E(CL_INVALID_KERNEL_NAME);
  E(CL_INVALID_KERNEL_ARGS); E(CL_INVALID_ARG_INDEX);
  E(CL_INVALID_ARG_SIZE); E(CL_INVALID_ARG_VALUE);
  E(CL_INVALID_WORK_DIMENSION); E(CL_INVALID_WORK_GROUP_SIZE);
  E(CL_INVALID_WORK_ITEM_SIZE); E(CL_INVALID_GLOBAL_WORK_SIZE);
  E(CL_INVALID_BUFFER_SIZE); E(CL_INVALID_MEM_OBJECT);
  E(CL_INVALID_COMMAND_QUEUE); E(CL_INVALID_CONTEXT);
  E(CL_INVALID_OPERATION); E(CL_INVALID_BUILD_OPTIONS);
  E(CL_LINK_PROGRAM_FAILURE); E(CL_INVALID_PLATFORM);
  E(CL_PROFILING_INFO_NOT_AVAILABLE);
  E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
#undef E
  case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
  default: return "an OpenCL error";
  }
}

int
wy_ocl_cl_fail(cl_int err, const char *what)
{
  int st = WY_OCL_E_CL;
  if (err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES
      || err == CL_OUT_OF_HOST_MEMORY || err == CL_INVALID_BUFFER_SIZE)
    st = WY_OCL_E_NOMEM;
  return wy_ocl_fail(st, "%s failed: %s (%d)", what, wy_ocl_cl_error_name(err),
                     (int)err);
}

/* ---------------------------------------------------------------- */
/* Platforms and devices                                              */

/* The platforms, malloc'd; *n = 0 (and NULL) when there are none, with
 * the loader's error in *err. */
static cl_platform_id *
get_platforms(cl_uint *n, cl_int *err)
{
  cl_platform_id *ps;
  *n = 0;
  *err = clGetPlatformIDs(0, NULL, n);
  if (*err != CL_SUCCESS || *n == 0) {
    *n = 0;
    return NULL;
  }
  ps = malloc(*n * sizeof *ps);
  if (!ps) *err = CL_OUT_OF_HOST_MEMORY;
  if (!ps || (*err = clGetPlatformIDs(*n, ps, NULL)) != CL_SUCCESS) {
    free(ps);
    *n = 0;
    return NULL;
  }
  return ps;
}

/* All devices of platform p, malloc'd; *n = 0 when none. */
static cl_device_id *
get_devices(cl_platform_id p, cl_uint *n)
{
  cl_device_id *ds;
  *n = 0;
  if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, NULL, n) != CL_SUCCESS
      || *n == 0) {
    *n = 0;
    return NULL;
  }
  ds = malloc(*n * sizeof *ds);
  if (!ds || clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, *n, ds, NULL)
                 != CL_SUCCESS) {
    free(ds);
    *n = 0;
    return NULL;
  }
  return ds;
}

static cl_device_type
device_type(cl_device_id d)
{
  cl_device_type t = 0;
  clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL);
  return t;
}

/* The first device of type `want` (GPU or CPU): its platform and device
 * numbers in *pi, *di.  False when there is none. */
static bool
find_first(cl_platform_id *ps, cl_uint np, cl_device_type want, cl_uint *pi,
           cl_uint *di)
{
  for (cl_uint i = 0; i < np; i++) {
    cl_uint nd;
    cl_device_id *ds = get_devices(ps[i], &nd);
    for (cl_uint j = 0; j < nd; j++) {
      if (device_type(ds[j]) & want) {
        *pi = i;
        *di = j;
        free(ds);
        return true;
      }
    }
    free(ds);
  }
  return false;
}

/* The default device: the first GPU, else the first CPU device. */
static bool
find_default(cl_platform_id *ps, cl_uint np, cl_uint *pi, cl_uint *di)
{
  return find_first(ps, np, CL_DEVICE_TYPE_GPU, pi, di)
         || find_first(ps, np, CL_DEVICE_TYPE_CPU, pi, di);
}

/* Is WYC_DEVICE usable at all?  Checked before any OpenCL call, so that
 * WYC_DEVICE=none loads no driver.  (config.c has already rejected a
 * value that is not gpu, cpu, none or P:D.) */
static int
check_env(cl_uint *pi, cl_uint *di)
{
  WyrtDevice dev = wyrt_config_device();
  if (dev.kind == WYRT_DEVICE_NONE)
    return wy_ocl_fail(WY_OCL_E_DISABLED, "WYC_DEVICE=none");
  if (dev.kind == WYRT_DEVICE_NUMBERED) {
    *pi = dev.platform;
    *di = dev.device;
  }
  return WY_OCL_OK;
}

/* A missing device: the reason, with the cache directory named when it
 * is unusable (PoCL then offers no device). */
static int
no_device(const char *what)
{
  char cause[512];
  if (wy_ocl_cache_problem(cause, sizeof cause))
    return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "%s: %s", what, cause);
  return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "%s", what);
}

/* Pick platform and device numbers from WYC_DEVICE; err is the loader's
 * error when there is no platform. */
static int
select_device(cl_platform_id *ps, cl_uint np, cl_int err, cl_uint *pi,
              cl_uint *di)
{
  const char *env = wyrt_config_text(WYRT_CFG_DEVICE);
  WyrtDeviceKind kind = wyrt_config_device().kind;
  int st = check_env(pi, di);
  if (st) return st;
  if (np == 0) {
    wy_ocl_icd_problem(err, wy_ocl_g.reason, sizeof wy_ocl_g.reason);
    return err == CL_OUT_OF_HOST_MEMORY || err == CL_OUT_OF_RESOURCES
           ? WY_OCL_E_NOMEM : WY_OCL_E_NO_DEVICE;
  }
  if (kind == WYRT_DEVICE_DEFAULT) {
    if (!find_default(ps, np, pi, di))
      return no_device("no OpenCL GPU or CPU device");
  } else if (kind == WYRT_DEVICE_GPU || kind == WYRT_DEVICE_CPU) {
    bool gpu = kind == WYRT_DEVICE_GPU;
    if (!find_first(ps, np, gpu ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_CPU,
                    pi, di))
      return no_device(gpu ? "WYC_DEVICE=gpu: no OpenCL GPU device"
                           : "WYC_DEVICE=cpu: no OpenCL CPU device");
  } else {
    cl_uint nd = 0;
    if (*pi >= np)
      return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "WYC_DEVICE=%s: there are %u "
                         "OpenCL platforms", env, (unsigned)np);
    free(get_devices(ps[*pi], &nd));
    if (*di >= nd)
      return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "WYC_DEVICE=%s: platform %u "
                         "has %u devices", env, (unsigned)*pi, (unsigned)nd);
  }
  return WY_OCL_OK;
}

/* Fill in what the rest of the layer needs to know about the device. */
static void
read_device_info(WyOclState *g)
{
  cl_device_fp_config fp = 0;
  cl_uint dims = 0;
  size_t *sizes;
  clGetDeviceInfo(g->device, CL_DEVICE_NAME, sizeof g->device_name,
                  g->device_name, NULL);
  clGetDeviceInfo(g->device, CL_DRIVER_VERSION, sizeof g->driver_version,
                  g->driver_version, NULL);
  g->device_name[sizeof g->device_name - 1] = 0;
  g->driver_version[sizeof g->driver_version - 1] = 0;
  g->simulator = strstr(g->device_name, "Oclgrind") != NULL;
  clGetDeviceInfo(g->device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp,
                  NULL);
  /* WYC_DEV=fp64=0: as a device without (float reals, compensated sums) */
  g->fp64 = fp != 0 && wyrt_config_on(WYRT_CFG_FP64);
  clGetDeviceInfo(g->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                  sizeof g->max_alloc, &g->max_alloc, NULL);
  g->local_mem = 0;
  clGetDeviceInfo(g->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof g->local_mem,
                  &g->local_mem, NULL);
  g->max_item[0] = g->max_item[1] = g->max_item[2] = 1;
  clGetDeviceInfo(g->device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof dims,
                  &dims, NULL);
  sizes = dims >= 3 ? malloc(dims * sizeof *sizes) : NULL;
  if (sizes && clGetDeviceInfo(g->device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                               dims * sizeof *sizes, sizes, NULL)
                   == CL_SUCCESS)
    memcpy(g->max_item, sizes, sizeof g->max_item);
  free(sizes);
}

/* A queue without profiling costs less per command (NVIDIA: a kernel
 * and the flag's read, 13 us against 19 on an H100; the launch alone is
 * the same), so one is made only when the program's phases are timed
 * (WYC_PROFILE=1, a benchmark region): from then on the queue is one
 * that profiles, the old one drained first so that order is kept. */
void
wy_ocl_profile_queue(void)
{
  WyOclState *g = &wy_ocl_g;
  cl_command_queue q;
  cl_int err;
  if (g->queue_profiled || !g->queue || !wy_ocl_events()) return;
  q = clCreateCommandQueue(g->ctx, g->device, CL_QUEUE_PROFILING_ENABLE,
                           &err);
  if (!q) return;                /* the times then read 0 */
  clFinish(g->queue);
  clReleaseCommandQueue(g->queue);
  g->queue = q;
  g->queue_profiled = true;
}

/* Pinned host memory for the error flag's read after every kernel: a
 * buffer of host memory (CL_MEM_ALLOC_HOST_PTR), mapped once for the
 * process, the portable way to get memory a driver can copy into
 * without a staging copy of its own.  On the H100 a 4-byte read cost
 * the same into pinned or pageable memory on a profiling queue (18-19
 * us); on a plain queue only the pinned read was timed (13 us), so it
 * stays until the other is.  Without it the flag is read into the
 * caller's memory. */
static void
pin_flag(WyOclState *g)
{
  cl_int err;
  void *p;
  g->flag_pin = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE
                               | CL_MEM_ALLOC_HOST_PTR, sizeof(cl_int), NULL,
                               &err);
  if (!g->flag_pin) return;
  p = clEnqueueMapBuffer(g->queue, g->flag_pin, CL_TRUE,
                         CL_MAP_READ | CL_MAP_WRITE, 0, sizeof(cl_int), 0,
                         NULL, NULL, &err);
  if (!p || err != CL_SUCCESS) {
    clReleaseMemObject(g->flag_pin);
    g->flag_pin = NULL;
    return;
  }
  g->flag_host = p;
}

/* The buffer goes mapped: an unmap would have to wait on the queue,
 * which a process forked after start-up cannot (PoCL's threads are the
 * parent's), and the buffer's release frees its host memory anyway. */
static void
unpin_flag(WyOclState *g)
{
  if (g->flag_pin) clReleaseMemObject(g->flag_pin);
  g->flag_pin = NULL;
  g->flag_host = NULL;
}

cl_int
wy_ocl_flag_take(cl_int *flag, const char **what)
{
  static const cl_int zero = 0;
  WyOclState *g = &wy_ocl_g;
  cl_int err;
  *flag = 0;
  err = clEnqueueReadBuffer(g->queue, g->err_buf, CL_TRUE, 0, sizeof *flag,
                            g->flag_host ? g->flag_host : flag, 0, NULL,
                            NULL);
  if (err != CL_SUCCESS) {
    *what = "running the kernel (reading its flag)";
    return err;
  }
  if (g->flag_host) *flag = *g->flag_host;
  if (!*flag) return CL_SUCCESS;
  err = clEnqueueWriteBuffer(g->queue, g->err_buf, CL_TRUE, 0, sizeof zero,
                             &zero, 0, NULL, NULL);
  if (err != CL_SUCCESS) *what = "clEnqueueWriteBuffer (error flag)";
  return err;
}

/* Context, profiling queue and error-flag buffer for g->device. */
static int
make_context(WyOclState *g)
{
  static const cl_int zero = 0;
  cl_context_properties props[] = {
    CL_CONTEXT_PLATFORM, (cl_context_properties)g->platform, 0};
  cl_int err;
  g->ctx = clCreateContext(props, 1, &g->device, NULL, NULL, &err);
  if (!g->ctx) return wy_ocl_cl_fail(err, "clCreateContext");
  /* the environment only: this may run on the start-up thread, while
   * the program may open a benchmark region (wy_ocl_profile_queue) */
  g->queue_profiled = wyrt_config_on(WYRT_CFG_PROFILE);
  g->queue = clCreateCommandQueue(g->ctx, g->device,
                                  g->queue_profiled
                                    ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
  if (!g->queue) return wy_ocl_cl_fail(err, "clCreateCommandQueue");
  g->err_buf = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL,
                              &err);
  if (!g->err_buf) return wy_ocl_cl_fail(err, "clCreateBuffer (error flag)");
  err = clEnqueueWriteBuffer(g->queue, g->err_buf, CL_TRUE, 0, sizeof zero,
                             &zero, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    return wy_ocl_cl_fail(err, "clEnqueueWriteBuffer (error flag)");
  pin_flag(g);
  return WY_OCL_OK;
}

static int
init_device(WyOclState *g)
{
  cl_uint np, pi = 0, di = 0, nd;
  cl_platform_id *ps;
  cl_device_id *ds;
  cl_int err;
  /* no driver is loaded for WYC_DEVICE=none, nor where it would abort */
  int st = check_env(&pi, &di);
  if (!st) wy_ocl_pocl_cache();   /* done by wy_ocl_prestart, if it ran */
  if (!st) st = wy_ocl_env_guard();
  if (!st) st = wy_ocl_memory_guard();
  if (st) return st;
  /* a driver that aborts must not take the program's output with it */
  wy_ocl_flush_stdout();
  ps = get_platforms(&np, &err);
  st = select_device(ps, np, err, &pi, &di);
  if (st) {
    free(ps);
    return st;
  }
  ds = get_devices(ps[pi], &nd);
  if (!ds || di >= nd) {
    free(ps);
    free(ds);
    return wy_ocl_fail(WY_OCL_E_NO_DEVICE, "OpenCL device %u:%u vanished",
                       (unsigned)pi, (unsigned)di);
  }
  g->platform = ps[pi];
  g->device = ds[di];
  g->gpu = (device_type(g->device) & CL_DEVICE_TYPE_GPU) != 0;
  char pname[128] = "";
  clGetPlatformInfo(g->platform, CL_PLATFORM_NAME, sizeof pname - 1, pname,
                    NULL);
  g->pocl = strstr(pname, "Portable Computing Language") != NULL;
  free(ps);
  free(ds);
  read_device_info(g);
  return make_context(g);
}

int
wy_ocl_init(void)
{
  WyOclState *g = &wy_ocl_g;
  if (g->tried) {
    if (g->init_status) wy_ocl_fail(g->init_status, "%s", g->init_reason);
    return g->init_status;
  }
  g->tried = true;
  g->init_status = init_device(g);
  if (g->init_status) {
    memcpy(g->init_reason, g->reason, sizeof g->init_reason);
    unpin_flag(g);
    if (g->err_buf) clReleaseMemObject(g->err_buf);
    if (g->queue) clReleaseCommandQueue(g->queue);
    if (g->ctx) clReleaseContext(g->ctx);
    g->err_buf = NULL;
    g->queue = NULL;
    g->ctx = NULL;
  }
  return g->init_status;
}

const char *
wy_ocl_device_name(void)
{
  WyOclState *g = &wy_ocl_g;
  wy_ocl_wait_start();
  return g->tried && g->init_status == 0 ? g->device_name : NULL;
}

void
wy_ocl_shutdown(void)
{
  WyOclState *g = &wy_ocl_g;
  bool hooked;
  wy_ocl_wait_start();
  hooked = g->profile_hooked;
  wy_ocl_chain_free();
  wy_ocl_res_free_all();
  wy_ocl_buf_free();
  wy_ocl_programs_free();
  wy_ocl_pool_free();
  unpin_flag(g);
  if (g->err_buf) clReleaseMemObject(g->err_buf);
  if (g->queue) clReleaseCommandQueue(g->queue);
  if (g->ctx) clReleaseContext(g->ctx);
  for (int i = 0; i < g->nnoted; i++) free(g->noted[i]);
  free(g->noted);
  wy_ocl_bench_free();
  memset(g, 0, sizeof *g);
  g->profile_hooked = hooked;   /* atexit cannot be undone */
}

void
wy_ocl_counters(WyOclCounters *out)
{
  wy_ocl_wait_start();
  *out = wy_ocl_g.counters;
}

static const char *
type_name(cl_device_type t)
{
  if (t & CL_DEVICE_TYPE_GPU) return "gpu";
  if (t & CL_DEVICE_TYPE_CPU) return "cpu";
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

int
wy_ocl_list_devices(FILE *out)
{
  cl_uint np, dp = 0, dd = 0;
  cl_int err;
  cl_platform_id *ps = (wy_ocl_wait_start(), get_platforms(&np, &err));
  bool has_default = select_device(ps, np, err, &dp, &dd) == WY_OCL_OK;
  const char *env = wyrt_config_text(WYRT_CFG_DEVICE);
  int count = 0;
  if (np == 0) {
    char why[512];
    wy_ocl_icd_problem(err, why, sizeof why);
    fprintf(out, "%s\n", why);
  }
  for (cl_uint i = 0; i < np; i++) {
    char pname[256] = "";
    cl_uint nd;
    cl_device_id *ds = get_devices(ps[i], &nd);
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
    for (cl_uint j = 0; j < nd; j++) {
      char name[256] = "", drv[128] = "";
      bool def = has_default && i == dp && j == dd;
      clGetDeviceInfo(ds[j], CL_DEVICE_NAME, sizeof name - 1, name, NULL);
      clGetDeviceInfo(ds[j], CL_DRIVER_VERSION, sizeof drv - 1, drv, NULL);
      fprintf(out, "%c %u:%u  %-4s %s (%s, driver %s)\n", def ? '*' : ' ',
              (unsigned)i, (unsigned)j, type_name(device_type(ds[j])), name,
              pname, drv);
      count++;
    }
    free(ds);
  }
  if (!has_default && np && env && *env)
    fprintf(out, "no device selected: %s\n", wy_ocl_g.reason);
  free(ps);
  return count;
}

/* ---------------------------------------------------------------- */
/* Fallback notes and WYC_OFFLOAD=mandatory                           */

void
wy_ocl_fallback_note(const char *kernel_name, const WyPos *pos,
                     const char *reason)
{
  WyOclState *g = &wy_ocl_g;
  char *copy;
  for (int i = 0; i < g->nnoted; i++)
    if (strcmp(g->noted[i], kernel_name) == 0) return;
  if (!wy_ocl_grow((void **)&g->noted, (size_t)g->nnoted, &g->capnoted,
                   sizeof *g->noted))
    return;
  copy = strdup(kernel_name);
  if (!copy) return;
  g->noted[g->nnoted++] = copy;
  if (wyrt_config_on(WYRT_CFG_QUIET)) return;
  fflush(stdout);
  if (pos && pos->file)
    fprintf(stderr, "%s:%d:%d: the loop runs on the CPU: %s (kernel %s)\n",
            pos->file, pos->line, pos->col, reason, kernel_name);
  else
    fprintf(stderr, "wyc: kernel %s runs on the CPU: %s\n", kernel_name,
            reason);
}

bool
wy_ocl_mandatory(void)
{
  return wyrt_config_word(WYRT_CFG_OFFLOAD) == WYRT_OFFLOAD_MANDATORY;
}

void
wy_ocl_confirm_begin(const WyOclKernel *k, int status)
{
  WyOclState *g = &wy_ocl_g;
  if (!wy_ocl_language_error(status) || !wy_ocl_mandatory()) return;
  g->confirm = k;
  snprintf(g->confirm_reason, sizeof g->confirm_reason, "%.250s", g->reason);
}

void
wy_ocl_confirm_end(const WyOclKernel *k, const WyPos *pos)
{
  WyOclState *g = &wy_ocl_g;
  if (g->confirm != k) return;
  g->confirm = NULL;
  snprintf(g->message, sizeof g->message,
           "kernel %.200s: %.300s, but its loop ran without that error on "
           "the CPU (WYC_OFFLOAD=mandatory)", k->name, g->confirm_reason);
  wy_fail(g->message, pos);
}

const char *
wy_ocl_mandatory_message(void)
{
  WyOclState *g = &wy_ocl_g;
  snprintf(g->message, sizeof g->message,
           "kernel %.200s cannot run on the device (WYC_OFFLOAD=mandatory): "
           "%.500s",
           g->reason_kernel ? g->reason_kernel : "?", g->reason);
  return g->message;
}
