/* ocl_bufs.c -- device buffers of freed lists, kept for the next ones.
 *
 * Input: the buffer of a list the host freed (ocl_resident.c), and a
 * call's need of a new buffer (ocl_run.c).  Output: a kept buffer of at
 * least that size, and not more than MAX_WASTE times it, or none.
 *
 * Why: NVIDIA's clCreateBuffer and clReleaseMemObject take tens of
 * microseconds for large buffers (80 us for 33 MB, 270 us for 134 MB on
 * an H200), and the release waits for the device; a loop of launches
 * whose results replace their inputs (a pairwise sum's halving passes)
 * spent more host time per call on them than its small kernels take,
 * so the device idled between launches even when nothing waited for a
 * flag (ocl_chain.c).  One in-order queue runs every command, so a buffer
 * that queued kernels still read may be written by a later one.
 */
#define WY_OCL_IMPL
#include <stdlib.h>

#include "ocl.h"

/* A kept buffer serves a list of at least 1/MAX_WASTE of its size. */
enum { MAX_WASTE = 16 };
/* At most this many bytes are kept (and a tenth of the lists' budget);
 * less on a CPU device, whose buffers are the host's memory. */
#define MAX_KEPT ((uint64_t)1 << 30)
#define MAX_KEPT_CPU ((uint64_t)256 << 20)

cl_mem
wy_ocl_buf_take(size_t bytes)
{
  WyOclState *g = &wy_ocl_g;
  int best = -1;
  for (int i = 0; i < g->nbufs; i++) {
    size_t s = g->bufs[i].bytes;
    if (s >= bytes && s / MAX_WASTE <= bytes
        && (best < 0 || s < g->bufs[best].bytes))
      best = i;
  }
  if (best < 0) return NULL;
  cl_mem m = g->bufs[best].mem;
  g->buf_bytes -= g->bufs[best].bytes;
  g->bufs[best] = g->bufs[--g->nbufs];
  g->counters.buffers_reused++;
  return m;
}

void
wy_ocl_buf_put(cl_mem mem)
{
  WyOclState *g = &wy_ocl_g;
  size_t bytes = 0;
  uint64_t most = g->gpu ? MAX_KEPT : MAX_KEPT_CPU;
  uint64_t cap = g->res_budget / 10 < most ? g->res_budget / 10 : most;
  if (!mem) return;
  /* Oclgrind: a new buffer for each list, so that its checker sees a
   * read of what no kernel wrote */
  if (g->simulator
      || clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof bytes, &bytes, NULL)
        != CL_SUCCESS
      || bytes > cap
      || !wy_ocl_grow((void **)&g->bufs, (size_t)g->nbufs, &g->capbufs,
                      sizeof *g->bufs)) {
    wy_ocl_chain_release(mem, bytes);
    return;
  }
  /* the oldest go first */
  while (g->nbufs && g->buf_bytes + bytes > cap) {
    wy_ocl_chain_release(g->bufs[0].mem, g->bufs[0].bytes);
    g->buf_bytes -= g->bufs[0].bytes;
    for (int i = 1; i < g->nbufs; i++) g->bufs[i - 1] = g->bufs[i];
    g->nbufs--;
  }
  g->bufs[g->nbufs++] = (WyOclBuf){mem, bytes};
  g->buf_bytes += bytes;
}

void
wy_ocl_buf_flush(void)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < g->nbufs; i++)
    wy_ocl_chain_release(g->bufs[i].mem, g->bufs[i].bytes);
  g->nbufs = 0;
  g->buf_bytes = 0;
}

/* Oclgrind 21.10's uninitialised-value checker keeps a record of which
 * bytes of each buffer were written, and never drops it when the buffer
 * is released: the next buffer the simulator makes in its place (the
 * same index) starts with that record, of the old size.  A larger one
 * then reads as never written past the old size, whatever its kernels
 * wrote (tests/tools/oclgrind_shadow.c, mode 4).  On the simulator
 * no buffer is released before shutdown, so each gets a fresh record. */
void
wy_ocl_mem_release(cl_mem mem)
{
  WyOclState *g = &wy_ocl_g;
  if (!mem) return;
  if (g->simulator && wy_ocl_grow((void **)&g->parked, g->nparked,
                                  &g->capparked, sizeof *g->parked)) {
    g->parked[g->nparked++] = mem;
    return;
  }
  clReleaseMemObject(mem);
}

void
wy_ocl_buf_free(void)
{
  WyOclState *g = &wy_ocl_g;
  for (size_t i = 0; i < g->nparked; i++) clReleaseMemObject(g->parked[i]);
  free(g->parked);
  g->parked = NULL;
  g->nparked = g->capparked = 0;
  for (int i = 0; i < g->nbufs; i++) clReleaseMemObject(g->bufs[i].mem);
  free(g->bufs);
  g->bufs = NULL;
  g->nbufs = 0;
  g->capbufs = 0;
  g->buf_bytes = 0;
}
