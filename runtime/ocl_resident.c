/* ocl_resident.c -- device copies of lists (residency).
 *
 * Input: the buffers an offloaded call leaves behind, and the host's
 * reads, writes and frees of lists (the hooks of wyrt_impl.h).  Output:
 * lists whose device copy the next kernel uses without an upload, and
 * host data fetched only when the host reads a list a kernel wrote.
 *
 * A copy is valid for the whole list (ocl_run.c attaches one only then),
 * except for the outer rows the host wrote since (dirty: the next call
 * uploads just those).  A host change of length or storage drops it.
 * The copies' bytes stay under a budget, 3/4 of the device's global
 * memory or WYC_DEVICE_MEMORY bytes: above it the least recently used
 * copy is evicted (fetched when stale, then released).  A fetch that
 * fails loses the only copy of the values, so it ends the program with
 * a message.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"
#include "wyrt_impl.h"

static void res_fetch(WyList *l);
static void res_write(WyList *l, size_t lo, size_t hi);
static void res_drop(WyList *l);

static const WyrtResHooks hooks = {res_fetch, res_write, res_drop};

void
wy_ocl_res_install(void)
{
  wyrt_res_hooks = &hooks;
}

static uint64_t
budget(WyOclState *g)
{
  cl_ulong mem = 0;
  if (g->res_budget) return g->res_budget;
  if (wyrt_config_set(WYRT_CFG_DEVICE_MEMORY)) {   /* at least 1 */
    g->res_budget = wyrt_config_num(WYRT_CFG_DEVICE_MEMORY);
  } else {
    clGetDeviceInfo(g->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem,
                    NULL);
    g->res_budget = mem ? mem / 4 * 3 : g->max_alloc;
  }
  return g->res_budget;
}

bool
wy_ocl_res_fits(const WyOclRes *r, const WyOclMarsh *m)
{
  return r->par.elem == m->par->elem && r->par.depth == m->par->depth
         && r->int64 == m->int64 && r->dbl == m->dbl && r->esize == m->esize
         && memcmp(r->dims, m->dims, sizeof r->dims) == 0;
}

void
wy_ocl_res_touch(WyOclRes *r)
{
  r->stamp = ++wy_ocl_g.res_clock;
}

/* Drop r; its buffers are released, or kept for the next lists
 * (ocl_bufs.c) when `keep`. */
static void
unlink_res_keep(WyOclState *g, WyOclRes *r, bool keep)
{
  if (r->prev) r->prev->next = r->next;
  else g->res = r->next;
  if (r->next) r->next->prev = r->prev;
  g->res_bytes -= r->count * r->esize * (r->spare ? 2 : 1);
  if (keep) {
    wy_ocl_buf_put(r->mem);
    wy_ocl_buf_put(r->spare);
  } else {
    wy_ocl_chain_release(r->mem, r->count * r->esize);
    wy_ocl_chain_release(r->spare, r->count * r->esize);
  }
  r->list->res = NULL;
  r->list->h.flags &= (uint16_t)~WY_LIST_STALE;
  free(r);
}

static void
unlink_res(WyOclState *g, WyOclRes *r)
{
  unlink_res_keep(g, r, false);
}

WyOclRes *
wy_ocl_res_attach(WyList *l, cl_mem mem, const WyOclMarsh *m)
{
  WyOclState *g = &wy_ocl_g;
  WyOclRes *r;
  if (l->res) wy_ocl_res_forget(l);
  r = calloc(1, sizeof *r);
  if (!r) return NULL;            /* mem stays the caller's */
  wy_ocl_res_install();
  r->list = l;
  r->mem = mem;
  r->par = *m->par;
  r->int64 = m->int64;
  r->dbl = m->dbl;
  r->esize = m->esize;
  memcpy(r->dims, m->dims, sizeof r->dims);
  r->count = m->count;
  r->next = g->res;
  if (g->res) g->res->prev = r;
  g->res = r;
  g->res_bytes += r->count * r->esize;
  wy_ocl_res_touch(r);
  l->res = r;
  return r;
}

/* ---------------------------------------------------------------- */
/* Reals written without being read                                   */

/* Why a box: the eager write-back of a real list (ocl_marshal.c) keeps
 * a host value where the kernel's value is the same, comparing device
 * bits with the uploaded ones for a list the kernel read, but language
 * values for one it only wrote (so that 1/10 written as its double
 * becomes that double, and an int of an int|real list a real).  A
 * fetch compares bits (the host values converted again); r->llo..lhi
 * says where it compares language values instead. */

static bool
box_empty(const size_t lo[3], const size_t hi[3])
{
  return lo[0] >= hi[0] || lo[1] >= hi[1] || lo[2] >= hi[2];
}

/* Does box a contain box b? */
static bool
box_holds(const size_t alo[3], const size_t ahi[3], const size_t blo[3],
          const size_t bhi[3])
{
  for (int k = 0; k < 3; k++)
    if (blo[k] < alo[k] || bhi[k] > ahi[k]) return false;
  return true;
}

bool
wy_ocl_res_box_nests(const WyOclRes *r, const WyOclMarsh *m)
{
  return box_empty(r->llo, r->lhi) || box_empty(m->wlo, m->whi)
         || box_holds(r->llo, r->lhi, m->wlo, m->whi)
         || box_holds(m->wlo, m->whi, r->llo, r->lhi);
}

void
wy_ocl_res_box_add(WyOclRes *r, const WyOclMarsh *m)
{
  if (box_empty(m->wlo, m->whi)) return;
  if (box_empty(r->llo, r->lhi)
      || box_holds(m->wlo, m->whi, r->llo, r->lhi)) {
    memcpy(r->llo, m->wlo, sizeof r->llo);
    memcpy(r->lhi, m->whi, sizeof r->lhi);
  }
}

static void
box_clear(WyOclRes *r)
{
  memset(r->llo, 0, sizeof r->llo);
  memset(r->lhi, 0, sizeof r->lhi);
}

/* ---------------------------------------------------------------- */
/* Fetches                                                            */

/* The only copy of a list's values could not be read back. */
static _Noreturn void
lost(cl_int err)
{
  char msg[160];
  snprintf(msg, sizeof msg, "lost a list held on the OpenCL device (%s)",
           wy_ocl_cl_error_name(err));
  wy_fail(msg, NULL);
}

/* m set up to write r's values into its list (a fetch). */
static void
fetch_marsh(WyOclRes *r, WyOclMarsh *m)
{
  memset(m, 0, sizeof *m);
  m->par = &r->par;
  m->index = 1;
  m->int64 = r->int64;
  m->dbl = r->dbl;
  m->esize = r->esize;
  memcpy(m->dims, r->dims, sizeof m->dims);
  m->count = r->count;
  for (int k = 0; k < 3; k++) m->whi[k] = r->dims[k];
  m->download = m->upload = m->conv = true;
  memcpy(m->llo, r->llo, sizeof m->llo);
  memcpy(m->lhi, r->lhi, sizeof m->lhi);
}

/* In an IEEE real mode (wyrt.h) the device holds the host's reals
 * exactly, when its real type is the mode's: a copy is a copy there. */
static bool
ieee_copy(const WyOclRes *r)
{
  return r->par.elem == WY_OCL_T_REAL
         && (wy_real_mode == WY_REAL_DOUBLE ? r->dbl
                                            : wy_real_mode == WY_REAL_FLOAT);
}

/* Is r's list one of rows that can be fetched a row at a time, the
 * list staying stale but for the rows the host holds (res_write)?
 * Rows with no box of language values to compare: ints and bools never
 * have one, nor reals whose kernel read what it wrote; and in an IEEE
 * real mode a device real is the language value, so the box changes
 * nothing.  A row's fetch then compares bits, as a whole fetch does. */
static bool
by_rows(const WyOclRes *r)
{
  return r->par.depth == 2 && (box_empty(r->llo, r->lhi) || ieee_copy(r));
}

/* Download rows r0 .. r1-1 of r's buffer (by_rows) and write them into
 * its list, a chunk at a time.  Ends the program when that fails. */
static void
fetch_rows(WyOclState *g, WyOclRes *r, WyOclMarsh *m, size_t r0, size_t r1)
{
  WyList *l = r->list, *quiet = g->res_quiet;
  uint16_t stale = l->h.flags & WY_LIST_STALE;
  size_t row_bytes = r->dims[1] * r->dims[2] * r->esize;
  size_t per = row_bytes ? wy_ocl_chunk() / row_bytes : 0;
  void *buf;
  if (r0 >= r1 || !row_bytes) return;
  if (per == 0) per = 1;
  buf = wy_ocl_host_alloc((r1 - r0 < per ? r1 - r0 : per) * row_bytes);
  if (!buf)
    wy_fail("out of memory reading a list back from the OpenCL device",
            NULL);
  /* the writes see the rows themselves, not another fetch */
  l->h.flags &= (uint16_t)~WY_LIST_STALE;
  g->res_quiet = l;
  for (size_t a = r0; a < r1; a += per) {
    size_t b = a + per < r1 ? a + per : r1;
    cl_int err = clEnqueueReadBuffer(g->queue, r->mem, CL_TRUE,
                                     a * row_bytes, (b - a) * row_bytes,
                                     buf, 0, NULL, NULL);
    if (err != CL_SUCCESS) lost(err);
    g->downloads++;
    g->bytes_down += (b - a) * row_bytes;
    m->back = buf;
    wy_ocl_unmarshal_rows(m, l, a, b);
  }
  m->back = NULL;
  g->res_quiet = quiet;
  l->h.flags |= stale;
  wy_ocl_host_release(buf);
}

/* Is r stale with values a failed launch of the running chained loop
 * left (ocl_chain.c)?  Then its host data, old but valid values, is
 * taken as current instead: the loop runs again from values held
 * before it began, and this list is not one of them. */
static bool
skip_garbage(WyOclRes *r)
{
  if (!(r->list->h.flags & WY_LIST_STALE) || !wy_ocl_chain_garbage(r))
    return false;
  box_clear(r);
  r->list->h.flags &= (uint16_t)~WY_LIST_STALE;
  return true;
}

/* Download r's buffer and write it into its list (which then is no
 * longer stale).  Ends the program when that fails. */
static void
fetch_copy(WyOclState *g, WyOclRes *r)
{
  WyOclMarsh m;
  WyList *l = r->list, *quiet = g->res_quiet;
  size_t bytes = r->count * r->esize;
  cl_int err = CL_SUCCESS;
  double t0 = wy_ocl_now(), t1;
  if (skip_garbage(r)) return;
  fetch_marsh(r, &m);
  box_clear(r);
  l->h.flags &= (uint16_t)~WY_LIST_STALE;
  if (bytes == 0) return;
  if (r->dlo < r->dhi) {   /* by_rows: the host holds those rows already */
    fetch_rows(g, r, &m, 0, r->dlo);
    fetch_rows(g, r, &m, r->dhi, r->dims[0]);
    g->res_fetches++;
    wy_ocl_record_fetch(r->writer, 0, wy_ocl_now() - t0);
    return;
  }
  if (bytes >= wy_ocl_chunk()) {   /* read and write back in turns */
    double down = 0;
    g->res_quiet = l;
    err = wy_ocl_fetch_chunked(&m, r->mem, l, &down);
    g->res_quiet = quiet;
    if (err != CL_SUCCESS) lost(err);
    g->downloads++;
    g->bytes_down += bytes;
    g->res_fetches++;
    wy_ocl_record_fetch(r->writer, down, wy_ocl_now() - t0 - down);
    return;
  }
  m.back = wy_ocl_host_alloc(bytes);
  if (!m.back)
    wy_fail("out of memory reading a list back from the OpenCL device",
            NULL);
  err = clEnqueueReadBuffer(g->queue, r->mem, CL_TRUE, 0, bytes, m.back, 0,
                            NULL, NULL);
  if (err != CL_SUCCESS) lost(err);
  t1 = wy_ocl_now();
  g->downloads++;
  g->bytes_down += bytes;
  g->res_quiet = l;
  wy_ocl_unmarshal_inplace(&m, l);
  g->res_quiet = quiet;
  wy_ocl_host_release(m.back);
  g->res_fetches++;
  wy_ocl_record_fetch(r->writer, t1 - t0, wy_ocl_now() - t1);
}

static void
res_fetch(WyList *l)
{
  if (l->res && (l->h.flags & WY_LIST_STALE)) fetch_copy(&wy_ocl_g, l->res);
  l->h.flags &= (uint16_t)~WY_LIST_STALE;
}

static void
res_write(WyList *l, size_t lo, size_t hi)
{
  WyOclState *g = &wy_ocl_g;
  WyOclRes *r = l->res;
  if (!r || g->res_quiet == l) return;
  skip_garbage(r);
  if ((l->h.flags & WY_LIST_STALE) && lo < hi && hi <= r->dims[0]
      && by_rows(r)) {
    /* only the rows written come to the host, and the rows between
     * them and those it holds: it holds one range (dirty, uploaded at
     * the next call) and the device the rest (still stale) */
    WyOclMarsh m;
    fetch_marsh(r, &m);
    if (r->dlo >= r->dhi) r->dlo = r->dhi = lo;   /* it holds none yet */
    if (lo < r->dlo) {
      fetch_rows(g, r, &m, lo, r->dlo);
      r->dlo = lo;
    }
    if (hi > r->dhi) {
      fetch_rows(g, r, &m, r->dhi, hi);
      r->dhi = hi;
    }
    g->res_part_fetches++;
    return;
  }
  if (l->h.flags & WY_LIST_STALE) fetch_copy(g, r);
  if (hi == SIZE_MAX || hi > r->dims[0]) {
    unlink_res(g, r);        /* length or storage: the copy is no use */
    return;
  }
  if (r->dlo >= r->dhi) {
    r->dlo = lo;
    r->dhi = hi;
  } else {
    if (lo < r->dlo) r->dlo = lo;
    if (hi > r->dhi) r->dhi = hi;
  }
}

/* The host freed l: its buffers are kept for the next lists
 * (ocl_bufs.c). */
static void
res_drop(WyList *l)
{
  if (l->res) unlink_res_keep(&wy_ocl_g, l->res, true);
}

void
wy_ocl_res_forget(WyList *l)
{
  if (l->res) unlink_res(&wy_ocl_g, l->res);
}

cl_mem
wy_ocl_res_take_spare(WyOclRes *r)
{
  cl_mem m = r->spare;
  if (m) wy_ocl_g.res_bytes -= r->count * r->esize;
  r->spare = NULL;
  return m;
}

void
wy_ocl_res_put_spare(WyOclRes *r, cl_mem mem)
{
  if (r->spare) {
    wy_ocl_chain_release(mem, r->count * r->esize);
    return;
  }
  r->spare = mem;
  wy_ocl_g.res_bytes += r->count * r->esize;
}

int
wy_ocl_res_reserve(uint64_t bytes)
{
  WyOclState *g = &wy_ocl_g;
  uint64_t cap = budget(g);
  /* kept and spare buffers go first: dropping one costs no transfer */
  if (g->res_bytes + bytes > cap) wy_ocl_buf_flush();
  for (WyOclRes *r = g->res; r && g->res_bytes + bytes > cap; r = r->next)
    if (!r->busy && r->spare) wy_ocl_mem_release(wy_ocl_res_take_spare(r));
  while (g->res_bytes + bytes > cap) {
    WyOclRes *old = NULL;
    for (WyOclRes *r = g->res; r; r = r->next)
      if (!r->busy && (!old || r->stamp < old->stamp)) old = r;
    if (!old) break;
    if (old->list->h.flags & WY_LIST_STALE) fetch_copy(g, old);
    unlink_res(g, old);
    g->res_evictions++;
  }
  if (g->res_bytes + bytes > cap)
    return wy_ocl_fail(WY_OCL_E_NOMEM, "the kernel's lists need %llu bytes "
                       "of device memory, more than the %llu bytes allowed",
                       (unsigned long long)(g->res_bytes + bytes),
                       (unsigned long long)cap);
  return WY_OCL_OK;
}

/* A copy of the stale list l of ints or bools (flat, or rows or
 * planes of them),
 * or of reals in an IEEE real mode,
 * made on the device: a new list whose host data is zeros marked stale
 * (stale rows are never shared: a host read fetches the outer list
 * first) and whose device copy is l's,
 * copied there; NULL when that cannot be done (the caller copies on
 * the host).  Copy-on-write of a list a kernel left on the device then
 * moves nothing over the bus. */
bool
wy_ocl_res_clonable(const WyList *l)
{
  const WyOclRes *r = l->res;
  /* the layout from r, not the host data: reading that would fetch it */
  return r && (l->h.flags & WY_LIST_STALE) && r->dlo >= r->dhi
         && r->par.depth <= 3
         && (r->par.elem == WY_OCL_T_INT || r->par.elem == WY_OCL_T_BOOL
             || ieee_copy(r));
}

bool
wy_ocl_res_clone_fits(const WyList *l)
{
  WyOclState *g = &wy_ocl_g;
  return wy_ocl_res_clonable(l)
         && g->res_bytes + l->res->count * l->res->esize <= budget(g);
}

WyList *
wy_ocl_res_clone(WyList *l)
{
  WyOclState *g = &wy_ocl_g;
  WyOclRes *r = l->res;
  WyOclMarsh m;
  WyList *c;
  size_t bytes;
  cl_mem mem;
  cl_int err;
  if (!wy_ocl_res_clonable(l)) return NULL;
  bytes = r->count * r->esize;
  r->busy = true;
  err = wy_ocl_res_reserve(bytes) ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
  r->busy = false;
  if (err != CL_SUCCESS || bytes == 0) return NULL;
  mem = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (!mem) return NULL;
  if (clEnqueueCopyBuffer(g->queue, r->mem, mem, 0, 0, bytes, 0, NULL, NULL)
      != CL_SUCCESS) {
    wy_ocl_mem_release(mem);
    return NULL;
  }
  /* zero elements (rows of them), stale at once: as a build makes it */
  {
    int64_t n[3] = {(int64_t)r->dims[0], (int64_t)r->dims[1],
                    (int64_t)r->dims[2]};
    c = wy_list(wy_ocl_build_list(r->par.elem, r->par.depth, n));
  }
  memset(&m, 0, sizeof m);
  m.par = &r->par;
  m.int64 = r->int64;
  m.dbl = r->dbl;
  m.esize = r->esize;
  memcpy(m.dims, r->dims, sizeof m.dims);
  m.count = r->count;
  if (!wy_ocl_res_attach(c, mem, &m)) {
    wy_ocl_mem_release(mem);
    c->h.flags = 0;
    wy_decref((wyv)(uintptr_t)c);
    return NULL;
  }
  c->res->bound = r->bound;   /* the same values */
  memcpy(c->res->llo, r->llo, sizeof r->llo);
  memcpy(c->res->lhi, r->lhi, sizeof r->lhi);
  c->h.flags |= WY_LIST_STALE;
  return c;
}

/* Can row (an element of a list of m's layout) lend its device copy to
 * the gather: one a clone could copy (stale, nothing dirty, values that
 * are the language's: no host value to keep beside the device's), one
 * level below m's layout, of the same widths and dims? */
static bool
lends_rows(const WyList *row, const WyOclMarsh *m, const size_t *rdims)
{
  const WyOclRes *r = row->res;
  return wy_ocl_res_clonable(row)
         && r->par.depth == m->par->depth - 1 && r->par.elem == m->par->elem
         && r->int64 == m->int64 && r->dbl == m->dbl && r->esize == m->esize
         && r->dims[0] == rdims[0] && r->dims[1] == rdims[1];
}

bool
wy_ocl_res_gather(WyList *l, const WyOclMarsh *m)
{
  WyOclState *g = &wy_ocl_g;
  WyOclMarsh mm;
  const wyv *rows = (const wyv *)l->data;
  const WyOclRes *r0;
  size_t rdims[2], row_bytes, bytes;
  cl_mem mem;
  cl_int err = CL_SUCCESS;
  if (l->res || l->h.sub != WY_LS_ANY || (l->h.flags & WY_LIST_STALE)
      || l->len == 0 || !rows || m->par->depth < 2 || !wy_is_obj(rows[0])
      || wy_kind(rows[0]) != WY_K_LIST || !(r0 = wy_list(rows[0])->res))
    return false;
  rdims[0] = r0->dims[0];
  rdims[1] = r0->dims[1];
  for (size_t i = 0; i < l->len; i++)
    if (!wy_is_obj(rows[i]) || wy_kind(rows[i]) != WY_K_LIST
        || !lends_rows(wy_list(rows[i]), m, rdims))
      return false;
  row_bytes = r0->count * r0->esize;
  bytes = l->len * row_bytes;
  /* no eviction: it could take the rows themselves */
  if (row_bytes == 0 || g->res_bytes + bytes > budget(g)) return false;
  mem = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (!mem) return false;
  for (size_t i = 0; i < l->len && err == CL_SUCCESS; i++)
    err = clEnqueueCopyBuffer(g->queue, wy_list(rows[i])->res->mem, mem, 0,
                              i * row_bytes, row_bytes, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    wy_ocl_mem_release(mem);
    return false;
  }
  memset(&mm, 0, sizeof mm);
  mm.par = m->par;
  mm.int64 = m->int64;
  mm.dbl = m->dbl;
  mm.esize = m->esize;
  mm.dims[0] = l->len;
  mm.dims[1] = rdims[0];
  mm.dims[2] = m->par->depth == 3 ? rdims[1] : 1;
  mm.count = l->len * r0->count;
  if (!wy_ocl_res_attach(l, mem, &mm)) {
    wy_ocl_mem_release(mem);
    return false;
  }
  /* rows of zeros, stale: as a build makes them (the old rows keep
   * their copies for whoever else holds them; a release waits for the
   * copies queued from them) */
  for (size_t i = 0; i < l->len; i++) {
    int64_t n[2] = {(int64_t)rdims[0], (int64_t)rdims[1]};
    wyv old = rows[i];
    ((wyv *)l->data)[i] = wy_ocl_build_list(m->par->elem,
                                             m->par->depth - 1, n);
    wy_decref(old);
  }
  l->h.flags |= WY_LIST_STALE;
  g->res_gathers++;
  return true;
}

void
wy_ocl_res_free_all(void)
{
  WyOclState *g = &wy_ocl_g;
  while (g->res) {
    WyOclRes *r = g->res;
    if (r->list->h.flags & WY_LIST_STALE) fetch_copy(g, r);
    unlink_res(g, r);
  }
}
