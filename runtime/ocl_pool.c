/* ocl_pool.c -- host staging memory: pinned where possible, and reused.
 *
 * Input: requests for host arrays in the device layout (the values to
 * upload, the values read back).  Output: blocks that stay allocated
 * between calls, so that a loop offloaded many times does not pay for
 * fresh pages (page faults) on every call.  A block is, where the
 * driver allows, a CL_MEM_ALLOC_HOST_PTR buffer mapped once: drivers
 * copy from and to such pinned memory at full bus speed (on NVIDIA about
 * five times faster than into fresh malloc'd pages).  Otherwise it is
 * malloc'd.  All blocks go at wy_ocl_shutdown.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

enum { POOL_GRAIN = 1 << 16 };   /* block sizes are multiples of this */

/* A new block of `size` bytes into p: pinned if the device lets us. */
static bool
make_block(WyOclState *g, WyOclPin *p, size_t size)
{
  cl_int err;
  p->size = size;
  p->mem = NULL;
  if (size <= g->max_alloc) {
    p->mem = clCreateBuffer(g->ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE,
                            size, NULL, &err);
    p->ptr = p->mem ? clEnqueueMapBuffer(g->queue, p->mem, CL_TRUE,
                                         CL_MAP_READ | CL_MAP_WRITE, 0, size,
                                         0, NULL, NULL, &err)
                    : NULL;
    if (p->ptr) return true;
    if (p->mem) clReleaseMemObject(p->mem);
    p->mem = NULL;
  }
  p->ptr = malloc(size);
  return p->ptr != NULL;
}

static void
free_block(WyOclState *g, WyOclPin *p)
{
  if (p->mem) {
    clEnqueueUnmapMemObject(g->queue, p->mem, p->ptr, 0, NULL, NULL);
    clFinish(g->queue);
    clReleaseMemObject(p->mem);
  } else {
    free(p->ptr);
  }
  p->mem = NULL;
  p->ptr = NULL;
  p->size = 0;
}

void *
wy_ocl_host_alloc(size_t bytes)
{
  WyOclState *g = &wy_ocl_g;
  WyOclPin *best = NULL, *spare = NULL;
  size_t size;
  if (bytes == 0) bytes = 1;
  for (int i = 0; i < g->npins; i++) {
    WyOclPin *p = &g->pins[i];
    if (p->busy) continue;
    if (p->size >= bytes && (!best || p->size < best->size)) best = p;
    if (!spare || p->size > spare->size) spare = p;
  }
  if (!best) {
    size = (bytes + bytes / 4 + POOL_GRAIN - 1) / POOL_GRAIN * POOL_GRAIN;
    if (spare) {
      free_block(g, spare);     /* too small: replace it */
    } else {
      if (!wy_ocl_grow((void **)&g->pins, (size_t)g->npins, &g->capnpins,
                       sizeof *g->pins))
        return NULL;
      spare = &g->pins[g->npins++];
    }
    memset(spare, 0, sizeof *spare);
    if (!make_block(g, spare, size)) return NULL;  /* size 0: free slot */
    best = spare;
  }
  best->busy = true;
  return best->ptr;
}

void
wy_ocl_host_release(void *ptr)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; ptr && i < g->npins; i++)
    if (g->pins[i].ptr == ptr) g->pins[i].busy = false;
}

void
wy_ocl_pool_free(void)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < g->npins; i++)
    if (g->pins[i].ptr) free_block(g, &g->pins[i]);
  free(g->pins);
  g->pins = NULL;
  g->npins = g->capnpins = 0;
}
