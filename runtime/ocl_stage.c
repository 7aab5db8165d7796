/* ocl_stage.c -- large lists to the device through pinned staging.
 *
 * A list of wy_ocl_chunk() bytes or more (in the device layout) is not
 * converted into one array of its full size: that array would be pinned
 * memory allocated (and, on NVIDIA, page-locked) for the call, which
 * costs as much as the copy.  Instead two pinned blocks of the pool take
 * turns: while the driver copies one to the device, the host converts
 * the next rows into the other.  Conversion runs at memory speed on
 * several cores (ocl_marshal.c, ocl_par.c) and the copy at the bus's.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

size_t
wy_ocl_chunk(void)
{
  /* chunk_bytes: at least 1, 16 MiB by default */
  return (size_t)wyrt_config_num(WYRT_CFG_CHUNK_BYTES);
}

int
wy_ocl_upload_chunked(WyOclMarsh *m)
{
  WyOclState *g = &wy_ocl_g;
  size_t stride = m->dims[1] * m->dims[2], row_bytes = stride * m->esize;
  size_t per = row_bytes ? wy_ocl_chunk() / row_bytes : 0, r0;
  void *slot[2];
  cl_event ev[2] = {NULL, NULL};
  double t;
  int st = WY_OCL_OK, c = 0;
  if (per == 0) per = 1;
  slot[0] = wy_ocl_host_alloc(per * row_bytes);
  slot[1] = slot[0] ? wy_ocl_host_alloc(per * row_bytes) : NULL;
  if (!slot[1]) {
    wy_ocl_host_release(slot[0]);
    return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory for list "
                       "argument %d", m->index);
  }
  for (r0 = 0; r0 < m->dims[0] && !st; r0 += per, c ^= 1) {
    size_t r1 = r0 + per < m->dims[0] ? r0 + per : m->dims[0];
    cl_int err;
    if (ev[c]) {               /* the slot's last copy must be done */
      t = wy_ocl_now();
      clWaitForEvents(1, &ev[c]);
      clReleaseEvent(ev[c]);
      ev[c] = NULL;
      m->up_secs += wy_ocl_now() - t;
    }
    t = wy_ocl_now();
    m->host = slot[c];
    st = wy_ocl_load_rows(m, m->src, r0, r1);
    m->conv_secs += wy_ocl_now() - t;
    if (st) break;
    err = clEnqueueWriteBuffer(g->queue, m->mem, CL_FALSE, r0 * row_bytes,
                               (r1 - r0) * row_bytes, slot[c], 0, NULL,
                               &ev[c]);
    if (err == CL_SUCCESS) err = clFlush(g->queue);
    if (err != CL_SUCCESS) st = wy_ocl_cl_fail(err, "clEnqueueWriteBuffer");
  }
  t = wy_ocl_now();
  for (c = 0; c < 2; c++)
    if (ev[c]) {
      clWaitForEvents(1, &ev[c]);
      clReleaseEvent(ev[c]);
    }
  m->up_secs += wy_ocl_now() - t;
  m->host = NULL;
  wy_ocl_host_release(slot[0]);
  wy_ocl_host_release(slot[1]);
  return st;
}

/* The other way, for a fetch (ocl_resident.c): rows r0 .. r1-1 are read
 * into one block while the rows before them are written into the list
 * from the other.  m is set up as for wy_ocl_unmarshal_inplace, without
 * m->back.  Returns the OpenCL error (the list is then partly written:
 * the caller ends the program). */
cl_int
wy_ocl_fetch_chunked(WyOclMarsh *m, cl_mem mem, WyList *l, double *down)
{
  WyOclState *g = &wy_ocl_g;
  size_t stride = m->dims[1] * m->dims[2], row_bytes = stride * m->esize;
  size_t per = row_bytes ? wy_ocl_chunk() / row_bytes : 0, r0, n = m->dims[0];
  void *slot[2];
  cl_event ev[2] = {NULL, NULL};
  cl_int err = CL_SUCCESS;
  double t;
  int c = 0;
  if (per == 0) per = 1;
  slot[0] = wy_ocl_host_alloc(per * row_bytes);
  slot[1] = slot[0] ? wy_ocl_host_alloc(per * row_bytes) : NULL;
  if (!slot[1]) {
    wy_ocl_host_release(slot[0]);
    return CL_OUT_OF_HOST_MEMORY;
  }
  for (r0 = 0; r0 < n && err == CL_SUCCESS; r0 += per) {
    size_t r1 = r0 + per < n ? r0 + per : n;
    err = clEnqueueReadBuffer(g->queue, mem, CL_FALSE, r0 * row_bytes,
                              (r1 - r0) * row_bytes, slot[c], 0, NULL,
                              &ev[c]);
    if (err == CL_SUCCESS) err = clFlush(g->queue);
    if (r0 > 0 && err == CL_SUCCESS) {   /* the previous chunk, meanwhile */
      size_t p0 = r0 - per;
      t = wy_ocl_now();
      err = clWaitForEvents(1, &ev[c ^ 1]);
      *down += wy_ocl_now() - t;
      clReleaseEvent(ev[c ^ 1]);
      ev[c ^ 1] = NULL;
      m->back = slot[c ^ 1];
      if (err == CL_SUCCESS) wy_ocl_unmarshal_rows(m, l, p0, r0);
    }
    c ^= 1;
  }
  if (ev[c ^ 1]) {             /* the last chunk */
    size_t p0 = (n - 1) / per * per;
    t = wy_ocl_now();
    if (err == CL_SUCCESS) err = clWaitForEvents(1, &ev[c ^ 1]);
    *down += wy_ocl_now() - t;
    clReleaseEvent(ev[c ^ 1]);
    m->back = slot[c ^ 1];
    if (err == CL_SUCCESS) wy_ocl_unmarshal_rows(m, l, p0, n);
  }
  if (ev[c]) clReleaseEvent(ev[c]);
  m->back = NULL;
  wy_ocl_host_release(slot[0]);
  wy_ocl_host_release(slot[1]);
  return err;
}
