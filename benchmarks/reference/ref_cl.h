/* ref_cl.h -- the OpenCL host plumbing the hand-written references share:
 * device selection (WYC_DEVICE, as wyc's runtime reads it), a checked
 * call for every OpenCL function, the program build, and transfers and
 * launches recorded with profiling events for the timing report.
 *
 * Every failing OpenCL call prints "NAME: what failed: error N" on
 * stderr and exits with status 1.
 */
#ifndef REF_CL_H
#define REF_CL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stddef.h>

#include "ref_time.h"

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_context ctx;
  cl_command_queue queue;     /* in order, with profiling */
  cl_program program;
  double init_s;              /* selection, context, queue, build */
  cl_event *events;           /* every transfer and launch, for the times */
  int *kinds;                 /* REF_UPLOAD, REF_EXECUTE or REF_DOWNLOAD */
  size_t nevents, capevents;
  long launches;
} RefCl;

/* exit 1 with a message unless err is CL_SUCCESS */
void ref_cl_check(cl_int err, const char *what);
/* pick the device, make context and queue, build src with options */
void ref_cl_init(RefCl *cl, const char *src, const char *options);
cl_kernel ref_cl_kernel(RefCl *cl, const char *name);
cl_mem ref_cl_buffer(RefCl *cl, size_t bytes);
/* set argument i of k to the n bytes at p */
void ref_cl_arg(cl_kernel k, cl_uint i, size_t n, const void *p);
/* non-blocking upload (p must stay valid until ref_cl_finish) */
void ref_cl_write(RefCl *cl, cl_mem m, size_t bytes, const void *p);
/* blocking download of bytes at offset off */
void ref_cl_read(RefCl *cl, cl_mem m, size_t off, size_t bytes, void *p);
/* a launch over global[0..dims) items; local may be NULL */
void ref_cl_run(RefCl *cl, cl_kernel k, cl_uint dims, const size_t *global,
                const size_t *local);
/* wait for the queue; the phase totals in seconds into phase[REF_NPHASES] */
void ref_cl_finish(RefCl *cl, double *phase);
void ref_cl_release(RefCl *cl);

#endif
