/* ocl_run.c -- one offloaded loop: marshal, upload, run, check, read back.
 *
 * Input: a kernel descriptor, the host registers of its arguments and
 * the loop's bounds.  Output: the lists the kernel writes, updated in
 * their registers, or a status with nothing changed.
 *
 * The steps of wy_ocl_run, each timed (ocl_bench.c):
 *   init       wy_ocl_init, program build or cache load, kernel lookup
 *   marshal    every argument into its device layout (ocl_marshal.c)
 *   upload     buffers for lists; the lists the kernel reads are copied,
 *              and the error flag is cleared
 *   execute    the NDRange: ndims dimensions of n_d = hi_d - lo_d work
 *              items, the global size rounded up to the work-group size
 *   download   the error flag, then (if it is 0) the lists written
 *   unmarshal  results written back, those not left on the device
 *              (reals checked again: no infinity or NaN)
 * Work-group sizes: dimension 0 gets a multiple of the kernel's
 * preferred multiple, up to 256 and the kernel's maximum, but no more
 * than n_0 needs; the other dimensions share what is left in powers of
 * two.  The kernel guards the ragged tail itself (ocl.h).
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

/* the kernels' code for a non-finite real (opencl_backend, ocl.h) */
_Static_assert(WY_OCL_E_NONFINITE == 16, "OCL_FLAG_NONFINITE is 16");
_Static_assert(WY_OCL_E_SHAPE == 17, "OCL_FLAG_SHAPE is 17");
_Static_assert(WY_OCL_E_BOUND == 18, "OCL_FLAG_BOUND is 18");
_Static_assert(WY_OCL_E_DESCENDING == 19, "OCL_FLAG_DESCENDING is 19");

enum { WG_TARGET = 256 };   /* work items per group we aim for */
/* A GPU's groups of a 2-D or 3-D NDRange: 64 items along dimension 0,
 * the rest of WG_TARGET along the next ones.  Rows that share a group
 * read what a column of items reads in common (a product's a[i][k] and
 * b[k][j] in an inner loop over k) from fewer, better cached lines.
 * Measured on an H200 at the suite's large sizes (hot kernels, 256 x 1
 * -> 64 x 4): a 2-D kernel with such an inner loop 3.36 -> 2.60 ms, a
 * 2-D neighbourhood stencil 2.03 -> 2.01, 2-D escape-time loops 0.3%
 * faster, a 2-D weighted window 0.1% slower; 32 x 8 the same, 16 x 16
 * and 8 x 32 slower.  A CPU (PoCL, which vectorises along
 * dimension 0) keeps WG_TARGET x 1. */
enum { WG_ROW_GPU = 64 };
enum { SMALL_ARGS = 16 };   /* argument records on the stack up to this */

static int
check_call(const WyOclKernel *k, int nargs, const int64_t lo[3],
           const int64_t hi[3], size_t n[3], bool *empty)
{
  *empty = false;
  if (k->ndims < 1 || k->ndims > 3)
    return wy_ocl_fail(WY_OCL_E_ARGS, "kernel %s has %d dimensions", k->name,
                       k->ndims);
  if (nargs != k->nparams)
    return wy_ocl_fail(WY_OCL_E_ARGS, "kernel %s takes %d arguments, not %d",
                       k->name, k->nparams, nargs);
  for (int d = 0; d < 3; d++) {
    int64_t c;
    n[d] = 1;
    if (d >= k->ndims) continue;
    if (hi[d] < lo[d])
      return wy_ocl_fail(WY_OCL_E_DESCENDING, "dimension %d runs from %lld "
                         "down to %lld", d, (long long)lo[d],
                         (long long)hi[d]);
    if (__builtin_sub_overflow(hi[d], lo[d], &c))
      return wy_ocl_fail(WY_OCL_E_OVERFLOW, "dimension %d is too large", d);
    n[d] = (size_t)c;
    if (c == 0) *empty = true;
  }
  return WY_OCL_OK;
}

static void
choose_sizes(const WyOclState *g, const WyOclKern *kn, int nd,
             const size_t n[3], size_t local[3])
{
  size_t target = WG_TARGET, m = kn->wg_multiple, budget, row, items = 1;
  if (target > kn->wg_max) target = kn->wg_max;
  if (m > target) m = target;
  row = g->gpu && nd > 1 && WG_ROW_GPU < target ? WG_ROW_GPU : target;
  local[0] = row > m ? row / m * m : m;
  if (local[0] > wy_ocl_round_up(n[0], m)) local[0] = wy_ocl_round_up(n[0], m);
  if (local[0] > g->max_item[0]) local[0] = g->max_item[0];
  budget = target / local[0];
  for (int d = 1; d < nd; d++) {
    size_t l = 1;
    while (2 * l <= budget && 2 * l <= g->max_item[d] && l < n[d]) l *= 2;
    local[d] = l;
    budget /= l;
    items *= l;
  }
  /* the other dimensions too short to fill the group: a longer row */
  while (2 * local[0] * items <= target && 2 * local[0] <= g->max_item[0]
         && local[0] < wy_ocl_round_up(n[0], m))
    local[0] *= 2;
}

/* The work-group shape of a call over n work items: the one the built
 * kernel requires (its tiles in local memory; a kernel whose tiles the
 * device cannot hold was built without them, ocl_program.c), else one
 * measured for such calls (ocl_tune.c), else the default; *tune:
 * measure others before the launch. */
static void
choose_shape(const WyOclState *g, const WyOclKernel *k, WyOclKern *kn,
             const size_t n[3], size_t local[3], size_t global[3],
             bool *tune)
{
  *tune = false;
  if (kn->required[0]) {
    for (int d = 0; d < k->ndims; d++)
      local[d] = kn->required[d] ? kn->required[d] : 1;
  } else if (!wy_ocl_tuned_shape(kn, n, local)) {
    choose_sizes(g, kn, k->ndims, n, local);
    *tune = wy_ocl_tune_wanted(kn, n);
  }
  for (int d = 0; d < k->ndims; d++)
    global[d] = wy_ocl_round_up(n[d], local[d]);
}

/* ---------------------------------------------------------------- */
/* Buffers and arguments                                              */

static bool
is_list_param(const WyOclMarsh *m)
{
  return m->par && m->par->kind <= WY_OCL_LIST_INOUT;  /* set: marshalled */
}

/* Does m need a buffer of its own: no device copy, or one the kernel
 * must not overwrite (the only copy of the values, which a failed call
 * must leave as it was)? */
static bool
needs_fresh(const WyOclMarsh *m)
{
  return !m->res || (m->download && (m->res->list->h.flags & WY_LIST_STALE));
}

/* Does the kernel write every element of m (a LIST_OUT whose window is
 * the whole list), so that the buffer's old values do not matter? */
static bool
writes_all(const WyOclMarsh *m)
{
  if (m->upload || !m->download) return false;
  for (int l = 0; l < 3; l++)
    if (m->wlo[l] != 0 || m->whi[l] != m->dims[l]) return false;
  return true;
}

/* Does a kernel that writes m's list write its device copy in place:
 * a launch of a chained loop left unchecked (`deferred`), whose failure
 * reruns the loop from the values kept at its start, which a write
 * never shares (the list is its register's alone, marshal_all), so no
 * call has to find the list as it was before this one? */
static bool
in_place(const WyOclMarsh *m, bool deferred)
{
  return deferred && m->res && !m->up_len;
}

/* Buffers for the lists: a list's device copy where it has one (after
 * uploading the rows the host wrote), else a new buffer and an upload;
 * a kernel that writes the only copy of a list gets a new buffer
 * initialised from it on the device, unless it writes in place. */
static int
make_buffers(WyOclState *g, WyOclMarsh *ms, int np, bool deferred)
{
  uint64_t total = 0;
  int st;
  for (int i = 0; i < np; i++)
    if (is_list_param(&ms[i]) && ms[i].res) ms[i].res->busy = true;
  for (int i = 0; i < np; i++)
    if (is_list_param(&ms[i]) && needs_fresh(&ms[i])
        && !in_place(&ms[i], deferred)
        && !(ms[i].res && ms[i].res->spare))
      total += (uint64_t)ms[i].count * ms[i].esize;
  if (total && (st = wy_ocl_buffer_guard(total))) return st;
  if ((st = wy_ocl_res_reserve(total))) return st;
  for (int i = 0; i < np; i++) {
    WyOclMarsh *m = &ms[i];
    size_t bytes = m->count * m->esize;
    cl_int err;
    if (!is_list_param(m)) continue;
    if (needs_fresh(m) && !in_place(m, deferred)) {
      if (m->res && (m->mem = wy_ocl_res_take_spare(m->res))) err = 0;
      else if ((m->mem = wy_ocl_buf_take(bytes ? bytes : m->esize))) err = 0;
      else m->mem = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE,
                                   bytes ? bytes : m->esize, NULL, &err);
      if (!m->mem) return wy_ocl_cl_fail(err, "clCreateBuffer");
      m->own_mem = true;
      if (m->res && m->own_whole && !m->up_len) {
        /* the kernel copies from it (rows the host wrote since would
         * go to the new buffer, and be copied over: not here) */
        m->old = m->res->mem;
      } else if (m->res && bytes && !writes_all(m)) {
        err = clEnqueueCopyBuffer(g->queue, m->res->mem, m->mem, 0, 0, bytes,
                                  0, NULL, NULL);
        if (err != CL_SUCCESS)
          return wy_ocl_cl_fail(err, "clEnqueueCopyBuffer");
      }
    } else {
      m->mem = m->res->mem;
    }
    if (m->up_len && m->chunked) {
      m->uploaded = true;
      g->uploads++;
      g->bytes_up += m->up_len * m->esize;
      if ((st = wy_ocl_upload_chunked(m))) return st;
    } else if (m->up_len) {
      m->uploaded = true;
      g->uploads++;
      g->bytes_up += m->up_len * m->esize;
      err = clEnqueueWriteBuffer(g->queue, m->mem, CL_FALSE,
                                 m->up_off * m->esize, m->up_len * m->esize,
                                 m->host, 0, NULL,
                                 wy_ocl_events() ? &m->ev_up : NULL);
      if (err != CL_SUCCESS)
        return wy_ocl_cl_fail(err, "clEnqueueWriteBuffer");
    }
  }
  return WY_OCL_OK;
}

/* Does the device buffer of m hold the whole list after the call? */
static bool
whole_on_device(const WyOclMarsh *m)
{
  return m->res || m->upload || writes_all(m);
}

/* Are m's results left on the device, the host fetching them when it
 * reads the list?  Reals too: the kernel checked every real it stored
 * (ocl.h, KERNEL ABI), so none is an infinity or a NaN, and no check
 * on the host has to happen while the CPU can still run the loop. */
static bool
stays_on_device(const WyOclMarsh *m)
{
  return m->download && whole_on_device(m);
}

typedef struct ArgSetter {
  WyOclKern *kn;
  cl_uint at;      /* next argument index */
  bool int64;      /* wy_int is long */
} ArgSetter;

/* Set the next argument.  A value (a scalar, the size of local memory,
 * the error flag's buffer, which lives as long as the kernels) that is
 * the one set last time is not set again: the kernel object keeps it.
 * A list's buffer is always set: a released buffer's handle may come
 * back for a new one, which the driver must see as new. */
static int
set_arg_as(ArgSetter *a, size_t size, const void *val, bool keep)
{
  char what[64];
  WyOclArgVal *c = a->at < (cl_uint)a->kn->nargv ? &a->kn->argv[a->at] : NULL;
  cl_int err;
  keep = keep && c && size <= sizeof c->v;
  if (keep && c->set && c->size == size && c->local == !val
      && (!val || memcmp(c->v, val, size) == 0)) {
    a->at++;
    return WY_OCL_OK;
  }
  err = clSetKernelArg(a->kn->kern, a->at, size, val);
  if (c) {
    c->set = keep && err == CL_SUCCESS;
    c->size = size;
    c->local = !val;
    if (c->set && val) memcpy(c->v, val, size);
  }
  if (err == CL_SUCCESS) {
    a->at++;
    return WY_OCL_OK;
  }
  snprintf(what, sizeof what, "clSetKernelArg (argument %u)", (unsigned)a->at);
  return wy_ocl_cl_fail(err, what);
}

static int
set_arg(ArgSetter *a, size_t size, const void *val)
{
  return set_arg_as(a, size, val, true);
}

static int
set_int(ArgSetter *a, int64_t x)
{
  cl_long l = x;
  cl_int i = (cl_int)x;
  if (a->int64) return set_arg(a, sizeof l, &l);
  if (x < INT32_MIN || x > INT32_MAX)
    return wy_ocl_fail(WY_OCL_E_OVERFLOW, "a bound or length (%lld) does "
                       "not fit a 32-bit int", (long long)x);
  return set_arg(a, sizeof i, &i);
}

static int
set_args(WyOclState *g, const WyOclKernel *k, WyOclKern *kn, WyOclMarsh *ms,
         const int64_t lo[3], const size_t n[3], size_t wg_items)
{
  ArgSetter a = {kn, 0, kn->int64};
  int st = set_arg(&a, sizeof(cl_mem), &g->err_buf);
  for (int d = 0; d < k->ndims && !st; d++) {
    int64_t last = lo[d] + (int64_t)n[d] - 1;   /* the largest index */
    if (!kn->int64 && (last < INT32_MIN || last > INT32_MAX))
      return wy_ocl_fail(WY_OCL_E_OVERFLOW, "the index %lld does not fit a "
                         "32-bit int", (long long)last);
    if (!(st = set_int(&a, lo[d]))) st = set_int(&a, (int64_t)n[d]);
  }
  for (int i = 0; i < k->nparams && !st; i++) {
    WyOclMarsh *m = &ms[i];
    if (m->par->kind == WY_OCL_REDUCE) {   /* partials, the group's tree */
      st = set_arg_as(&a, sizeof(cl_mem), &m->mem, false);
      if (!st) st = set_arg(&a, m->esize * wg_items, NULL);
      continue;
    }
    if (m->par->kind > WY_OCL_LIST_INOUT) {
      st = set_arg(&a, m->scalar_size, m->scalar);
      continue;
    }
    /* on a GPU the 32-bit variant's flat offsets are ints (wy_off) */
    if (g->gpu && !kn->int64 && m->count > INT32_MAX)
      return wy_ocl_fail(WY_OCL_E_OVERFLOW, "argument %d: %llu elements, "
                         "more than a 32-bit offset reaches", i,
                         (unsigned long long)m->count);
    st = set_arg_as(&a, sizeof(cl_mem), &m->mem, false);
    for (int l = 0; l < m->par->depth && !st; l++)
      st = set_int(&a, (int64_t)m->dims[l]);
    if (!st && wy_ocl_own_index(m->par))
      st = set_arg_as(&a, sizeof(cl_mem), m->old ? &m->old : &m->mem, false);
  }
  return st;
}

/* ---------------------------------------------------------------- */
/* Running                                                            */

/* One call's OpenCL objects besides the arguments' own. */
typedef struct Launch {
  cl_event ev_exec;
  cl_int flag;     /* the error flag read back */
} Launch;

double
wy_ocl_event_secs(cl_event e)
{
  cl_ulong a, b;
  if (!e
      || clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof a, &a,
                                 NULL) != CL_SUCCESS
      || clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof b, &b,
                                 NULL) != CL_SUCCESS
      || b < a)
    return 0;
  return (double)(b - a) * 1e-9;
}

/* Run the NDRange, read the flag (blocking) unless `defer` (a chained
 * loop's launch, ocl_chain.c).  The flag is 0 between calls: made so at
 * start-up, and cleared again only after a kernel set it, so a call
 * costs one launch and one read.  A read with a chain's launches
 * pending answers for them too. */
static int
execute(WyOclState *g, const WyOclKernel *k, WyOclKern *kn,
        const size_t local[3], const size_t global[3], Launch *ln,
        bool defer)
{
  const char *what = NULL;
  cl_int err;
  err = clEnqueueNDRangeKernel(g->queue, kn->kern, (cl_uint)k->ndims, NULL,
                               global, local, 0, NULL,
                               wy_ocl_events() ? &ln->ev_exec : NULL);
  if (err != CL_SUCCESS) return wy_ocl_cl_fail(err, "clEnqueueNDRangeKernel");
  if (defer) return WY_OCL_OK;
  if ((err = wy_ocl_flag_take(&ln->flag, &what)) != CL_SUCCESS)
    return wy_ocl_cl_fail(err, what);
  if (g->chain.pending && wy_ocl_chain_settle(ln->flag != 0, 0))
    return wy_ocl_fail(WY_OCL_E_CHAIN, "the error flag was set with "
                       "launches of its chained loop unread");
  if (ln->flag >= WY_OCL_FLAG_OVERFLOW && ln->flag <= WY_OCL_FLAG_CHECK)
    return wy_ocl_fail(ln->flag, "the kernel reported %s",
                       wy_ocl_status_text(ln->flag));
  if (ln->flag == WY_OCL_E_SHAPE)
    return wy_ocl_fail(WY_OCL_E_SHAPE, "the range of an inner loop is not "
                       "the one the call launched");
  if (ln->flag == WY_OCL_E_BOUND)
    return wy_ocl_fail(WY_OCL_E_BOUND, "the bounds of a call's result, "
                       "tested before its loop in place of the checks of "
                       "every iteration, do not hold");
  if (ln->flag == WY_OCL_E_DESCENDING)
    return wy_ocl_fail(WY_OCL_E_DESCENDING, "a range that the kernel was "
                       "compiled to take as ascending runs downwards");
  if (ln->flag == WY_OCL_E_NONFINITE)
    return wy_ocl_fail(WY_OCL_E_NONFINITE, "the kernel computed an "
                       "infinity or a NaN (a math function's result, or "
                       "a real it would have stored into a list)");
  if (ln->flag)
    return wy_ocl_fail(WY_OCL_E_CL, "the kernel set its error flag to %d",
                       (int)ln->flag);
  return WY_OCL_OK;
}

/* Read back what the kernel wrote: for a 1-level list only the window,
 * otherwise the whole buffer. */
static int
download(WyOclState *g, WyOclMarsh *ms, int np)
{
  cl_int err;
  bool any = false;
  for (int i = 0; i < np; i++) {
    WyOclMarsh *m = &ms[i];
    size_t off = 0, bytes = m->count * m->esize;
    if (!m->download || bytes == 0 || stays_on_device(m)) continue;
    m->back = wy_ocl_host_alloc(bytes);
    if (!m->back)
      return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory reading back "
                         "list argument %d", m->index);
    if (m->par->depth == 1) {
      off = m->wlo[0] * m->esize;
      bytes = (m->whi[0] - m->wlo[0]) * m->esize;
      if (bytes == 0) continue;
    }
    g->downloads++;
    g->bytes_down += bytes;
    err = clEnqueueReadBuffer(g->queue, m->mem, CL_FALSE, off, bytes,
                              (char *)m->back + off, 0, NULL,
                              wy_ocl_events() ? &m->ev_down : NULL);
    if (err != CL_SUCCESS) return wy_ocl_cl_fail(err, "clEnqueueReadBuffer");
    any = true;
  }
  if (!any) return WY_OCL_OK;   /* the flag's blocking read synchronised */
  err = clFinish(g->queue);
  return err == CL_SUCCESS ? WY_OCL_OK : wy_ocl_cl_fail(err, "clFinish");
}

/* Device times into t, then release everything but host memory. */
static void
release(WyOclState *g, WyOclMarsh *ms, int np, Launch *ln, WyOclTimes *t,
        int st)
{
  if (g->queue && st) clFinish(g->queue);  /* a failed call may leave work */
  t->t[WY_OCL_PH_EXEC] += wy_ocl_event_secs(ln->ev_exec);
  if (ln->ev_exec) clReleaseEvent(ln->ev_exec);
  for (int i = 0; ms && i < np; i++) {
    t->t[WY_OCL_PH_UPLOAD] += wy_ocl_event_secs(ms[i].ev_up) + ms[i].up_secs;
    t->t[WY_OCL_PH_MARSHAL] += ms[i].conv_secs;
    t->t[WY_OCL_PH_DOWNLOAD] += wy_ocl_event_secs(ms[i].ev_down);
    if (ms[i].ev_up) clReleaseEvent(ms[i].ev_up);
    if (ms[i].ev_down) clReleaseEvent(ms[i].ev_down);
    if (ms[i].mem && ms[i].own_mem)
      wy_ocl_chain_release(ms[i].mem, ms[i].count * ms[i].esize);
    wy_ocl_marsh_free(&ms[i]);
  }
  if (np > SMALL_ARGS) free(ms);
}

/* Marshal every argument (all or nothing). */
static int
marshal_all(const WyOclKernel *k, WyOclKern *kn, WyOclArg *args,
            WyOclMarsh *ms, const int64_t lo[3], const int64_t hi[3])
{
  for (int i = 0; i < k->nparams; i++) {
    int st;
    ms[i].par = &k->params[i];
    ms[i].index = i + 1;
    ms[i].ndims = k->ndims;
    ms[i].int64 = kn->int64 && !k->params[i].int32;
    ms[i].dbl = kn->dbl;
    if (!args[i].slot)
      return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d has no slot", i + 1);
    if (k->params[i].kind == WY_OCL_REDUCE) {
      if ((st = wy_ocl_red_check(&ms[i], *args[i].slot))) return st;
      continue;
    }
    /* a list the kernel writes is its register's alone from here on, so
     * that its device copy may run ahead of its host data */
    if (k->params[i].kind == WY_OCL_LIST_OUT
        || k->params[i].kind == WY_OCL_LIST_INOUT) {
      if (wy_kind(*args[i].slot) != WY_K_LIST)
        return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d is not a list", i + 1);
      if ((st = wy_ocl_chain_keep(*args[i].slot))) return st;
      wy_ocl_list_unique(args[i].slot);
    }
    if ((st = wy_ocl_marshal(&ms[i], *args[i].slot, lo, hi))) return st;
  }
  return WY_OCL_OK;
}

static int
unmarshal_all(const WyOclKernel *k, WyOclArg *args, WyOclMarsh *ms)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < k->nparams; i++) {
    int st = stays_on_device(&ms[i]) ? WY_OCL_OK : wy_ocl_check_back(&ms[i]);
    if (st) return st;
  }
  for (int i = 0; i < k->nparams; i++) {
    if (!is_list_param(&ms[i]) || stays_on_device(&ms[i])) continue;
    g->res_quiet = wy_list(*args[i].slot);  /* writes the device has */
    /* no image of the whole list went up (a chunked upload, a device
     * copy with at most its dirty rows uploaded): compare with the host
     * values converted again (the list is unique: in place is right) */
    if (ms[i].upload && !(ms[i].host && ms[i].up_off == 0
                          && ms[i].up_len == ms[i].count))
      ms[i].conv = true;
    wy_ocl_unmarshal(&ms[i], args[i].slot);
    g->res_quiet = NULL;
  }
  return WY_OCL_OK;
}

/* The bound (as WyOclRes.bound) of what m's kernel stores: its static
 * one, or from the value of the int argument its stores are remainders
 * by (|x % v| < |v|), whichever is tighter; 0: unknown. */
static uint8_t
stored_bound(const WyOclMarsh *m, const WyOclArg *args)
{
  uint8_t out = m->par->out_bound;
  if (!m->par->out_arg) return out;
  wyv v = *args[m->par->out_arg - 1].slot;
  if (!wy_is_small(v)) return out;
  int64_t a = wy_small_val(v);
  int64_t most = a < 0 ? -(a + 1) : a - 1;   /* |v| - 1 (v != 0) */
  uint8_t b = wy_ocl_bound_of(&most, 1, true);
  return !out || b < out ? b : out;
}

/* The bound of the ints of m's list after a successful call
 * (WyOclRes.bound), its device copy r still holding the one before. */
static uint8_t
bound_after(const WyOclMarsh *m, const WyOclRes *r, const WyOclArg *args)
{
  uint8_t before = m->bound ? m->bound
                   : r && r == m->res && !m->up_len ? r->bound : 0;
  uint8_t out = stored_bound(m, args);
  if (m->par->elem != WY_OCL_T_INT) return 0;
  if (!m->download) return before;
  if (writes_all(m)) return out;
  return before && out ? (before > out ? before : out) : 0;
}

/* Is v within [-2^b, 2^b - 1]? */
static bool
within_bits(int64_t v, unsigned b)
{
  return b >= 63 || (v >= -((int64_t)1 << b) && v < ((int64_t)1 << b));
}

/* Does k's narrow variant hold for this call: its narrow lists' ints,
 * its narrow ints and its loops' indices within its bounds, and the
 * indices it takes to lie within its lists' levels within them?  Sets
 * the lists' ms[i].bound. */
static bool
narrow_holds(const WyOclKernel *k, WyOclMarsh *ms, const WyOclArg *args,
             const int64_t lo[3], const int64_t hi[3])
{
  for (int d = 0; k->narrow_dims && d < k->ndims; d++)
    if (hi[d] > lo[d] && (!within_bits(lo[d], k->narrow_dims)
                          || !within_bits(hi[d] - 1, k->narrow_dims)))
      return false;
  for (int i = 0; i < k->nparams; i++) {
    uint8_t b = k->params[i].narrow;
    if (!b) continue;
    if (k->params[i].kind == WY_OCL_INT) {
      wyv v = *args[i].slot;
      if (!wy_is_small(v) || !within_bits(wy_small_val(v), b)) return false;
      continue;
    }
    if (k->params[i].kind != WY_OCL_LIST_IN) return false;
    wy_ocl_marsh_bound(&ms[i]);
    if (!ms[i].bound || ms[i].bound - 1 > b) return false;
  }
  /* indices the variant takes to lie within the levels they index */
  for (int i = 0; i < k->nparams; i++) {
    const WyOclParam *p = &k->params[i];
    for (int l = 0; p->kind <= WY_OCL_LIST_INOUT && l < p->depth && l < 3;
         l++) {
      int d = p->index_dim[l] - 1;
      if (d < 0) continue;
      if (d >= k->ndims || lo[d] < 0 || hi[d] < lo[d]
          || (uint64_t)hi[d] > (uint64_t)ms[i].dims[l])
        return false;
    }
  }
  return true;
}

/* After the call: the device copies of the lists.  On success each list
 * whose buffer holds all of it keeps that buffer as its copy (stale on
 * the host when the kernel's results stayed there); on failure a copy
 * the call wrote into is dropped (its host data is current: a copy
 * that was not is never written in place). */
static void
settle_lists(const WyOclKernel *k, WyOclMarsh *ms, WyOclArg *args, bool ok,
             unsigned epoch)
{
  int np = k->nparams;
  for (int i = 0; i < np; i++) {
    WyOclMarsh *m = &ms[i];
    WyOclRes *r = m->res;
    WyList *l;
    if (!is_list_param(m)) continue;
    if (r) r->busy = false;
    if (!m->mem) continue;
    l = wy_list(*args[i].slot);
    if (!ok) {
      /* a stale list's copy is the only one of the rows the host does
       * not hold (ocl_resident.c): it stays, the host's rows still
       * dirty (this kernel only read it: a writer gets its own buffer) */
      if (r && !m->own_mem && (m->download || m->uploaded)
          && !(r->list->h.flags & WY_LIST_STALE)) {
        wy_ocl_res_forget(r->list);
      } else if (r && m->own_mem) {
        wy_ocl_res_put_spare(r, m->mem);   /* for the next try */
        m->own_mem = false;
      }
      continue;
    }
    if (r && r->list != l) {    /* not the list it was: keep neither */
      wy_ocl_res_forget(r->list);
      continue;
    }
    if (r) {
      r->bound = bound_after(m, r, args);
      if (m->own_mem) {         /* the old copy becomes the spare */
        cl_mem old = r->mem;
        r->mem = m->mem;
        m->own_mem = false;
        wy_ocl_res_put_spare(r, old);
      }
      r->dlo = r->dhi = 0;
      wy_ocl_res_touch(r);
    } else if (whole_on_device(m) && m->own_mem
               && wy_ocl_res_attach(l, m->mem, m)) {
      m->own_mem = false;       /* the list's copy now */
      l->res->bound = bound_after(m, NULL, args);
    } else {
      continue;
    }
    if (stays_on_device(m)) {
      /* a lazy range the kernel wrote whole is no range any more */
      l->h.flags &= (uint16_t)~(WY_LIST_RANGE | WY_LIST_DOWN);
      l->h.flags |= WY_LIST_STALE;
      l->res->writer = k->name;
      l->res->chain_epoch = epoch;   /* unchecked yet: ocl_chain.c */
      if (!m->upload && m->par->elem == WY_OCL_T_REAL)
        wy_ocl_res_box_add(l->res, m);
    }
  }
}

/* May the call leave its flag unread (ocl_chain.c): a chained loop's,
 * none of whose results comes to the host now (no list read back, no
 * reduction), and which uploads nothing (the flag's read is what lets
 * the host reuse the memory an upload, queued without waiting, reads
 * from: the pool's arrays, a list's own storage)?  Decided before the
 * buffers are made (make_buffers). */
static bool
may_defer(const WyOclKernel *k, const WyOclMarsh *ms)
{
  if (!wy_ocl_chain_defers()) return false;
  for (int i = 0; i < k->nparams; i++) {
    if (k->params[i].kind == WY_OCL_REDUCE) return false;
    if (!is_list_param(&ms[i])) continue;
    if (ms[i].up_len || (ms[i].download && !stays_on_device(&ms[i])))
      return false;
  }
  return true;
}

int
wy_ocl_run(const WyOclKernel *k, WyOclArg *args, int nargs,
           const int64_t lo[3], const int64_t hi[3], bool use64)
{
  WyOclState *g = &wy_ocl_g;
  WyOclTimes t = {{0}};
  WyOclKern *kn = NULL, *run = NULL;   /* k's, and the one that runs */
  WyOclMarsh *ms = NULL, small[SMALL_ARGS];
  Launch ln = {NULL, 0};
  double start = wy_ocl_now(), mark = start, total, sum = 0;
  size_t n[3], local[3] = {1, 1, 1}, global[3] = {1, 1, 1};
  size_t items = 1, groups = 1;   /* per work group; work groups */
  size_t items_n[3];              /* work items along each dimension */
  bool empty, tune = false, defer = false;
  cl_event pend = NULL;   /* a deferred launch's event */
  int st;
  if (wy_ocl_early_call(k, lo, hi)) return WY_OCL_E_SMALL;
  wy_ocl_wait_start();
  g->reason_kernel = k->name;
  st = check_call(k, nargs, lo, hi, n, &empty);
  if (empty && !st) return WY_OCL_OK;
  if (!st) st = wy_ocl_init();
  if (!st && wy_ocl_small_call(k, args, n)) return WY_OCL_E_SMALL;
  if (!st) wy_ocl_profile_queue();
  if (!st) st = wy_ocl_chain_call();
  if (!st) st = wy_ocl_get_kernel(k, use64, &kn);
  t.t[WY_OCL_PH_INIT] = wy_ocl_now() - mark;
  if (!st && k->nparams <= SMALL_ARGS) {
    memset(small, 0, sizeof small);
    ms = small;
  } else if (!st && !(ms = calloc((size_t)k->nparams + 1, sizeof *ms))) {
    st = wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory");
  }
  mark = wy_ocl_now();
  if (!st) st = marshal_all(k, kn, args, ms, lo, hi);
  run = kn;
  if (!st && k->narrow && narrow_holds(k, ms, args, lo, hi)) {
    WyOclKern *nk = NULL;
    bool built = wy_ocl_get_kernel(k->narrow, use64, &nk) == WY_OCL_OK;
    /* building the variant may have grown the table kn points into:
     * fetch kn again (a lookup, which grows nothing) */
    wy_ocl_get_kernel(k, use64, &kn);
    run = built ? nk : kn;    /* else the kernel serves as well */
  }
  t.t[WY_OCL_PH_MARSHAL] = wy_ocl_now() - mark;
  if (!st) {
    for (int d = 0; d < 3; d++)
      items_n[d] = k->jam[d] > 1 ? (n[d] + k->jam[d] - 1) / k->jam[d] : n[d];
    choose_shape(g, k, run, items_n, local, global, &tune);
    for (int d = 0; d < k->ndims; d++) {
      items *= local[d];
      groups *= global[d] / local[d];
    }
  }
  /* known before the buffers: a deferred launch writes in place, but
   * for one whose shape is measured (launched several times, each
   * reading the values from before the call: ocl_tune.c) */
  if (!st) defer = may_defer(k, ms);
  if (!st) st = make_buffers(g, ms, k->nparams, defer && !tune);
  if (!st) st = wy_ocl_red_buffers(ms, k->nparams, groups);
  /* a kernel that takes no reduction: its arguments do not depend on
   * the shape, which may change here */
  if (!st) st = set_args(g, k, run, ms, lo, n, items);
  /* measuring reads and clears the flag: the chain's first */
  if (!st && tune && wy_ocl_chain_resolve())
    st = wy_ocl_fail(WY_OCL_E_CHAIN, "an earlier launch of its chained "
                     "loop set the error flag");
  if (!st && tune) {
    mark = wy_ocl_now();
    wy_ocl_tune(g, run, items_n, local, global);
    t.t[WY_OCL_PH_INIT] += wy_ocl_now() - mark;
  }
  mark = wy_ocl_now();
  if (!st) st = execute(g, k, run, local, global, &ln, defer);
  /* without events: the launch up to its flag's read, on the host */
  if (!wy_ocl_events()) t.t[WY_OCL_PH_EXEC] += wy_ocl_now() - mark;
  defer = defer && !st;   /* launched, its flag unread */
  if (defer) {
    pend = ln.ev_exec;    /* timed once the flag is read */
    ln.ev_exec = NULL;
  }
  mark = wy_ocl_now();
  if (!st) st = download(g, ms, k->nparams);
  if (!wy_ocl_events()) t.t[WY_OCL_PH_DOWNLOAD] += wy_ocl_now() - mark;
  mark = wy_ocl_now();
  /* the reductions may still fail (an overflow): before any list is
   * written back, so that a failed call changes nothing */
  if (!st) st = wy_ocl_red_finish(ms, k->nparams, args, groups);
  if (!st) st = unmarshal_all(k, args, ms);
  if (ms) wy_ocl_red_commit(ms, k->nparams, args, !st);
  if (ms) settle_lists(k, ms, args, !st, defer ? g->chain.epoch : 0);
  t.t[WY_OCL_PH_UNMARSHAL] = wy_ocl_now() - mark;
  if (!st) g->counters.runs++;
  if (!st && run != kn) g->counters.narrow_runs++;
  if (kn && (st == WY_OCL_E_OVERFLOW || st == WY_OCL_FLAG_OVERFLOW))
    kn->overflowed = true;
  release(g, ms, k->nparams, &ln, &t, st);
  total = wy_ocl_now() - start;
  for (int p = 0; p < WY_OCL_PH_OTHER; p++) sum += t.t[p];
  t.t[WY_OCL_PH_OTHER] = total > sum ? total - sum : 0;
  wy_ocl_record(k, st, !use64 && (st == WY_OCL_E_OVERFLOW
                                   || st == WY_OCL_FLAG_OVERFLOW), &t);
  if (defer) wy_ocl_chain_add(pend);
  return st;
}

/* Did the 32-bit variant of k already meet an int it cannot hold? */
static bool
known_to_overflow(const WyOclKernel *k)
{
  for (int i = 0; i < wy_ocl_g.nkerns; i++)
    if (wy_ocl_g.kerns[i].k == k && !wy_ocl_g.kerns[i].int64)
      return wy_ocl_g.kerns[i].overflowed;
  return false;
}

/* Do k's int list arguments hold more bytes in device copies of 64-bit
 * ints than of 32-bit ones?  The 32-bit variant would then fetch and
 * convert them (a kernel that overflowed leaves its results in 64
 * bits, which the later loops over them then read), while the 64-bit
 * one uses them where they are; both give the same ints. */
static bool
wide_copies(const WyOclKernel *k, const WyOclArg *args, int nargs)
{
  uint64_t wide = 0, narrow = 0;
  for (int i = 0; i < nargs && i < k->nparams; i++) {
    const WyOclParam *p = &k->params[i];
    const WyOclRes *r;
    if (p->kind > WY_OCL_LIST_INOUT || p->elem != WY_OCL_T_INT
        || !args[i].slot || wy_kind(*args[i].slot) != WY_K_LIST)
      continue;
    r = wy_list(*args[i].slot)->res;
    if (!r || r->par.elem != WY_OCL_T_INT) continue;
    if (r->int64) wide += r->count * r->esize;
    else narrow += r->count * r->esize;
  }
  return wide > narrow;
}

int
wy_ocl_offload(const WyOclKernel *k, WyOclArg *args, int nargs,
               const int64_t lo[3], const int64_t hi[3])
{
  int st = WY_OCL_E_OVERFLOW;
  /* a CPU run of k's loop that left it by an error, not its end */
  if (wy_ocl_g.confirm == k) wy_ocl_g.confirm = NULL;
  if (wy_ocl_g.chain.on && wy_ocl_g.chain.failed) return WY_OCL_E_CHAIN;
  if (!k->int64_only && !known_to_overflow(k)
      && !wide_copies(k, args, nargs))
    st = wy_ocl_run(k, args, nargs, lo, hi, false);
  if (st == WY_OCL_E_OVERFLOW || st == WY_OCL_FLAG_OVERFLOW)
    st = wy_ocl_run(k, args, nargs, lo, hi, true);
  /* the CPU path must not read what a failed launch left */
  if (st && wy_ocl_g.chain.on && wy_ocl_chain_resolve()) st = WY_OCL_E_CHAIN;
  if (st == WY_OCL_E_CHAIN) return st;
  if (st && st != WY_OCL_E_DISABLED && st != WY_OCL_E_SMALL
      && (!wy_ocl_mandatory() || wy_ocl_language_error(st)))
    wy_ocl_fallback_note(k->name, k->pos, wy_ocl_last_reason());
  return st;
}
