/* ref_cl.c -- see ref_cl.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_cl.h"

void
ref_cl_check(cl_int err, const char *what)
{
  if (err == CL_SUCCESS) return;
  fprintf(stderr, "reference: %s failed: OpenCL error %d\n", what, (int)err);
  exit(1);
}

static void
fail(const char *msg, const char *env)
{
  fprintf(stderr, "reference: %s%s%s\n", msg, env ? ": WYC_DEVICE=" : "",
          env ? env : "");
  exit(1);
}

/* The devices of platform p (malloc'd) and their number. */
static cl_device_id *
devices_of(cl_platform_id p, cl_uint *n)
{
  cl_device_id *ds;
  cl_int err = clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, NULL, n);
  if (err == CL_DEVICE_NOT_FOUND) *n = 0;
  else ref_cl_check(err, "clGetDeviceIDs");
  ds = ref_alloc(*n, sizeof *ds);
  if (*n)
    ref_cl_check(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, *n, ds, NULL),
                 "clGetDeviceIDs");
  return ds;
}

/* The first device of type want, in the loader's order; false if none. */
static int
first_of_type(cl_platform_id *ps, cl_uint np, cl_device_type want,
              RefCl *cl)
{
  for (cl_uint i = 0; i < np; i++) {
    cl_uint nd;
    cl_device_id *ds = devices_of(ps[i], &nd);
    for (cl_uint j = 0; j < nd; j++) {
      cl_device_type t;
      ref_cl_check(clGetDeviceInfo(ds[j], CL_DEVICE_TYPE, sizeof t, &t,
                                   NULL), "clGetDeviceInfo");
      if (t & want) {
        cl->platform = ps[i];
        cl->device = ds[j];
        free(ds);
        return 1;
      }
    }
    free(ds);
  }
  return 0;
}

/* WYC_DEVICE: gpu, cpu, P:D; unset or empty: first GPU, else first CPU. */
static void
select_device(RefCl *cl)
{
  const char *env = getenv("WYC_DEVICE");
  cl_uint np = 0;
  cl_platform_id *ps;
  cl_int err = clGetPlatformIDs(0, NULL, &np);
  if (err == -1001 || (err == CL_SUCCESS && np == 0))  /* no ICD found */
    fail("no OpenCL platform", NULL);
  ref_cl_check(err, "clGetPlatformIDs");
  ps = ref_alloc(np, sizeof *ps);
  if (np) ref_cl_check(clGetPlatformIDs(np, ps, NULL), "clGetPlatformIDs");
  if (!env || !*env) {
    if (!first_of_type(ps, np, CL_DEVICE_TYPE_GPU, cl)
        && !first_of_type(ps, np, CL_DEVICE_TYPE_CPU, cl))
      fail("no OpenCL GPU or CPU device", NULL);
  } else if (!strcmp(env, "gpu") || !strcmp(env, "cpu")) {
    if (!first_of_type(ps, np, env[0] == 'g' ? CL_DEVICE_TYPE_GPU
                                             : CL_DEVICE_TYPE_CPU, cl))
      fail("no OpenCL device of that type", env);
  } else {
    unsigned p, d;
    char rest;
    cl_uint nd;
    cl_device_id *ds;
    if (sscanf(env, "%u:%u%c", &p, &d, &rest) != 2)
      fail("not gpu, cpu or P:D", env);
    if (p >= np) fail("no such platform", env);
    ds = devices_of(ps[p], &nd);
    if (d >= nd) fail("no such device", env);
    cl->platform = ps[p];
    cl->device = ds[d];
    free(ds);
  }
  free(ps);
}

void
ref_cl_init(RefCl *cl, const char *src, const char *options)
{
  cl_int err;
  double t0 = ref_now();
  memset(cl, 0, sizeof *cl);
  select_device(cl);
  cl_context_properties props[] = {
    CL_CONTEXT_PLATFORM, (cl_context_properties)cl->platform, 0};
  cl->ctx = clCreateContext(props, 1, &cl->device, NULL, NULL, &err);
  ref_cl_check(err, "clCreateContext");
  cl->queue = clCreateCommandQueue(cl->ctx, cl->device,
                                   CL_QUEUE_PROFILING_ENABLE, &err);
  ref_cl_check(err, "clCreateCommandQueue");
  cl->program = clCreateProgramWithSource(cl->ctx, 1, &src, NULL, &err);
  ref_cl_check(err, "clCreateProgramWithSource");
  err = clBuildProgram(cl->program, 1, &cl->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t n = 0;
    char *log;
    clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, 0,
                          NULL, &n);
    log = ref_alloc(n + 1, 1);
    clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, n,
                          log, NULL);
    fprintf(stderr, "reference: the kernels do not build:\n%s\n", log);
    free(log);
    ref_cl_check(err, "clBuildProgram");
  }
  cl->init_s = ref_now() - t0;
}

cl_kernel
ref_cl_kernel(RefCl *cl, const char *name)
{
  cl_int err;
  cl_kernel k = clCreateKernel(cl->program, name, &err);
  ref_cl_check(err, "clCreateKernel");
  return k;
}

cl_mem
ref_cl_buffer(RefCl *cl, size_t bytes)
{
  cl_int err;
  cl_mem m = clCreateBuffer(cl->ctx, CL_MEM_READ_WRITE, bytes ? bytes : 1,
                            NULL, &err);
  ref_cl_check(err, "clCreateBuffer");
  return m;
}

void
ref_cl_arg(cl_kernel k, cl_uint i, size_t n, const void *p)
{
  ref_cl_check(clSetKernelArg(k, i, n, p), "clSetKernelArg");
}

/* a slot for the event of the next command, of the given kind */
static cl_event *
next_event(RefCl *cl, int kind)
{
  if (cl->nevents == cl->capevents) {
    size_t cap = cl->capevents ? 2 * cl->capevents : 64;
    cl_event *e = realloc(cl->events, cap * sizeof *e);
    int *k = e ? realloc(cl->kinds, cap * sizeof *k) : NULL;
    if (e) cl->events = e;
    if (!k) {
      fprintf(stderr, "reference: out of memory\n");
      exit(1);
    }
    cl->kinds = k;
    cl->capevents = cap;
  }
  cl->kinds[cl->nevents] = kind;
  return &cl->events[cl->nevents++];
}

void
ref_cl_write(RefCl *cl, cl_mem m, size_t bytes, const void *p)
{
  if (!bytes) return;
  ref_cl_check(clEnqueueWriteBuffer(cl->queue, m, CL_FALSE, 0, bytes, p, 0,
                                    NULL, next_event(cl, REF_UPLOAD)),
               "clEnqueueWriteBuffer");
}

void
ref_cl_read(RefCl *cl, cl_mem m, size_t off, size_t bytes, void *p)
{
  if (!bytes) return;
  ref_cl_check(clEnqueueReadBuffer(cl->queue, m, CL_TRUE, off, bytes, p, 0,
                                   NULL, next_event(cl, REF_DOWNLOAD)),
               "clEnqueueReadBuffer");
}

void
ref_cl_run(RefCl *cl, cl_kernel k, cl_uint dims, const size_t *global,
           const size_t *local)
{
  for (cl_uint i = 0; i < dims; i++)
    if (global[i] == 0) return;
  ref_cl_check(clEnqueueNDRangeKernel(cl->queue, k, dims, NULL, global,
                                      local, 0, NULL,
                                      next_event(cl, REF_EXECUTE)),
               "clEnqueueNDRangeKernel");
  cl->launches++;
}

void
ref_cl_finish(RefCl *cl, double *phase)
{
  ref_cl_check(clFinish(cl->queue), "clFinish");
  for (int i = 0; i < REF_NPHASES; i++) phase[i] = 0;
  phase[REF_INIT] = cl->init_s;
  for (size_t i = 0; i < cl->nevents; i++) {
    cl_ulong t0, t1;
    ref_cl_check(clGetEventProfilingInfo(cl->events[i],
                                         CL_PROFILING_COMMAND_START,
                                         sizeof t0, &t0, NULL),
                 "clGetEventProfilingInfo");
    ref_cl_check(clGetEventProfilingInfo(cl->events[i],
                                         CL_PROFILING_COMMAND_END,
                                         sizeof t1, &t1, NULL),
                 "clGetEventProfilingInfo");
    phase[cl->kinds[i]] += (double)(t1 - t0) * 1e-9;
    ref_cl_check(clReleaseEvent(cl->events[i]), "clReleaseEvent");
  }
  cl->nevents = 0;
}

void
ref_cl_release(RefCl *cl)
{
  free(cl->events);
  free(cl->kinds);
  clReleaseProgram(cl->program);
  clReleaseCommandQueue(cl->queue);
  clReleaseContext(cl->ctx);
}
