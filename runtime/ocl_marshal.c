/* ocl_marshal.c -- host values <-> device buffers.
 *
 * Input: a list (any depth up to 3, any storage kind) or a scalar, and
 * its WyOclParam.  Output: the device layout in a host array (marshal),
 * and after the kernel, the values read back written into the list
 * (unmarshal).
 *
 * Device layout: one row-major array of wy_int (int32 or int64), wy_real
 * (float or double) or uchar.  A list of lists must be rectangular.  An
 * IEEE mode's [real] (LS_F64, LS_F32: machine numbers) has the device's
 * layout when the device's real type is its own, as --real=double|float
 * makes it: its rows are copied up (a list argument read whole is sent
 * from its storage), and back as one copy of the window from the first
 * element that changed.
 * Conversions are exact where the device type allows and correctly
 * rounded otherwise (mpq -> float or double); a value the device type
 * cannot hold is a status (WY_OCL_E_OVERFLOW, WY_OCL_E_REAL_RANGE), so
 * the caller retries with the 64-bit variant or takes the CPU path.
 *
 * Write-back rewrites only elements whose device value differs from
 * what was uploaded (or, for a list that was not uploaded, from the
 * host value): a real the kernel did not change keeps its exact value
 * instead of coming back as its float.  A list, and in a list of lists
 * each row, is made unique (copied when shared) just before its first
 * changed element is written, so a shared list is never written in
 * place and unchanged rows are not copied.  A list below the top level
 * with a device copy of its own (a row or plane a kernel built, then
 * put in this list) has each of its rows written marked written there
 * (ocl_resident.c's dirty rows), so that no kernel reads its old copy.
 */
#define WY_OCL_IMPL
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"
#include "wyrt_impl.h"
#include "ocl_real_conv.h"


static inline wyv
list_val_of(WyList *l)
{
  return (wyv)(uintptr_t)l;
}

static inline bool
is_list(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_LIST;
}

/* The outer rows of l where the host wrote since its device copy was
 * valid (the copy's dirty rows): l may still be stale for the others
 * (ocl_resident.c, res_write), which nothing here reads, so no fetch. */
static wyv *
written_rows(WyList *l)
{
  return (l->h.flags & WY_LIST_STALE) ? (wyv *)l->data : any_at(l);
}

/* ---------------------------------------------------------------- */
/* Copy-on-write                                                      */

WyList *
wy_ocl_list_unique(wyv *slot)
{
  WyList *l = wy_list(*slot), *c;
  if (l->h.rc <= 1) return l;
  if ((c = wy_ocl_res_clone(l))) {
    wy_set(slot, (wyv)(uintptr_t)c);
    return c;
  }
  wy_list_host(l);
  c = wyrt_new_list(store_of(l), l->len);
  switch (store_of(l)) {
  case WY_LS_INT:
    if (l->len) memcpy(c->data, l->data, l->len * sizeof(int64_t));
    break;
  case WY_LS_BOOL:
    if (l->len) memcpy(c->data, l->data, l->len);
    break;
  case WY_LS_REAL:
    if (l->len) memcpy(c->data, l->data, l->len * sizeof(wyv));
    break;
  case WY_LS_F64:
    if (l->len) memcpy(c->data, l->data, l->len * sizeof(double));
    break;
  case WY_LS_F32:
    if (l->len) memcpy(c->data, l->data, l->len * sizeof(float));
    break;
  case WY_LS_MPQ:
    for (size_t i = 0; i < l->len; i++) {
      mpq_init(real_at(c, i));
      mpq_set(real_at(c, i), real_at(l, i));
    }
    break;
  case WY_LS_ANY:
    for (size_t i = 0; i < l->len; i++) {
      any_at(c)[i] = any_at(l)[i];
      wy_incref(any_at(c)[i]);
    }
    break;
  }
  c->len = l->len;
  wy_set(slot, (wyv)(uintptr_t)c);
  return c;
}

static void
put_int(int64_t x, bool int64, void *dst)
{
  if (int64) {
    cl_long y = x;
    memcpy(dst, &y, sizeof y);
  } else {
    cl_int y = (cl_int)x;
    memcpy(dst, &y, sizeof y);
  }
}

static inline bool
fits_int32(int64_t x)
{
  return x >= INT32_MIN && x <= INT32_MAX;
}

/* ---------------------------------------------------------------- */
/* Marshalling                                                        */

static int
bad_element(const WyOclMarsh *m, const char *what)
{
  return wy_ocl_fail(WY_OCL_E_ARGS, "list argument %d holds %s", m->index,
                     what);
}

static int
int_overflow(const WyOclMarsh *m, wyv v)
{
  int64_t x;
  if (wy_int_to_i64(v, &x))
    return wy_ocl_fail(WY_OCL_E_OVERFLOW, "argument %d: %lld does not fit "
                       "a %d-bit int", m->index, (long long)x,
                       m->int64 ? 64 : 32);
  return wy_ocl_fail(WY_OCL_E_OVERFLOW, "argument %d: an int does not fit "
                     "a 64-bit int", m->index);
}

static int
real_range(const WyOclMarsh *m)
{
  return wy_ocl_fail(WY_OCL_E_REAL_RANGE, "argument %d: a real is out of "
                     "the range of %s", m->index, m->dbl ? "double" : "float");
}

/* The boxed value v, which should be of type elem, into dst. */
static int
put_value(const WyOclMarsh *m, int elem, wyv v, void *dst)
{
  WyRealTmp tmp;
  WyQ q;
  int64_t x;
  switch (elem) {
  case WY_OCL_T_INT:
    if (wy_kind(v) != WY_K_INT) return bad_element(m, "a non-int");
    if (!wy_int_to_i64(v, &x) || (!m->int64 && !fits_int32(x)))
      return int_overflow(m, v);
    put_int(x, m->int64, dst);
    return WY_OCL_OK;
  case WY_OCL_T_REAL:
    if (wy_kind(v) != WY_K_REAL && wy_kind(v) != WY_K_INT)
      return bad_element(m, "a non-real");
    if (wy_real_mode)       /* an IEEE mode: the number, or an int */
      return wy_ocl_put_double(wy_f_val(v), m->dbl, dst) == WY_OCL_Q_DONE
             ? WY_OCL_OK : real_range(m);
    if (wyrt_real_small(v, &q) ? !wy_ocl_put_q(q, m->dbl, dst)
                               : !wy_ocl_put_real(wyrt_real_mpq(v, &tmp),
                                                  m->dbl, dst))
      return real_range(m);
    return WY_OCL_OK;
  default:
    if (v != WY_TRUE && v != WY_FALSE) return bad_element(m, "a non-bool");
    *(cl_uchar *)dst = v == WY_TRUE;
    return WY_OCL_OK;
  }
}

/* int64 to int32, or false when one does not fit.  Two plain loops
 * (a range check, then the narrowing) that the C compiler vectorises. */
static bool
narrow_ints(const int64_t *xs, size_t n, cl_int *dst)
{
  uint64_t bad = 0;
  for (size_t i = 0; i < n; i++)
    bad |= ((uint64_t)xs[i] + UINT64_C(0x80000000)) >> 32;
  if (bad) return false;
  for (size_t i = 0; i < n; i++) dst[i] = (cl_int)xs[i];
  return true;
}

/* Lists of at least PAR_MIN elements are converted on several threads
 * (ocl_par.c), in slices of at least PAR_GRAIN. */
enum { PAR_MIN = 1 << 20, PAR_GRAIN = 1 << 18 };

typedef struct IntCopy {
  const int64_t *xs;
  void *dst;
} IntCopy;

static void
narrow_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  IntCopy *c = ctx;
  if (!narrow_ints(c->xs + lo, hi - lo, (cl_int *)c->dst + lo)) *status = 1;
}

static void
copy_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  IntCopy *c = ctx;
  (void)status;
  memcpy((int64_t *)c->dst + lo, c->xs + lo, (hi - lo) * sizeof *c->xs);
}

/* Elements from .. to-1 of a lazy range l (list.c: data[0] its first
 * value, the rest not filled in) as device ints at dst, computed here:
 * the host's list stays unfilled (a kernel that writes it whole leaves
 * it on the device).  The values run monotonically, so the ends say
 * whether all fit 32 bits. */
static int
load_range(const WyOclMarsh *m, const WyList *l, size_t from, size_t n,
           char *dst)
{
  int64_t a = ((const int64_t *)l->data)[0] + (int64_t)from, last;
  int64_t d = (l->h.flags & WY_LIST_DOWN) ? -1 : 1;
  last = a + d * (int64_t)(n - 1);
  if (m->int64) {
    for (size_t i = 0; i < n; i++)
      ((cl_long *)dst)[i] = a + d * (int64_t)i;
    return WY_OCL_OK;
  }
  if (!fits_int32(a)) return int_overflow(m, wy_small(a));
  if (!fits_int32(last)) return int_overflow(m, wy_small(last));
  for (size_t i = 0; i < n; i++)
    ((cl_int *)dst)[i] = (cl_int)(a + d * (int64_t)i);
  return WY_OCL_OK;
}

/* Elements from .. to-1 of the innermost list l, converted, at dst. */
static int
load_row(const WyOclMarsh *m, WyList *l, size_t from, size_t to, char *dst)
{
  size_t es = m->esize, n = to - from;
  int elem = m->par->elem;
  WyListStore s;
  if (n == 0) return WY_OCL_OK;
  if ((l->h.flags & WY_LIST_RANGE) && elem == WY_OCL_T_INT)
    return load_range(m, l, from, n, dst);
  s = store_of(l);
  if (s == WY_LS_INT && elem == WY_OCL_T_INT) {
    const int64_t *xs = ints_of(l) + from;
    IntCopy c = {xs, dst};
    if (m->int64) {
      if (n >= PAR_MIN) wy_ocl_par_for(n, PAR_GRAIN, copy_slice, &c);
      else memcpy(dst, xs, n * sizeof *xs);
      return WY_OCL_OK;
    }
    if (n >= PAR_MIN ? wy_ocl_par_for(n, PAR_GRAIN, narrow_slice, &c) != 0
                     : !narrow_ints(xs, n, (cl_int *)dst)) {
      for (size_t i = 0; i < n; i++)
        if (!fits_int32(xs[i])) return int_overflow(m, wy_small(xs[i]));
    }
  } else if (s == WY_LS_INT && elem == WY_OCL_T_REAL) {
    const int64_t *xs = ints_of(l) + from;
    for (size_t i = 0; i < n; i++) {
      if (m->dbl) ((cl_double *)dst)[i] = (double)xs[i];
      else ((cl_float *)dst)[i] = (float)xs[i];
    }
  } else if (s == WY_LS_REAL && elem == WY_OCL_T_REAL) {
    const wyv *ws = reals_of(l) + from;
    /* on several threads; what they cannot do, here */
    if (wy_ocl_put_reals_quick(ws, n, m->dbl, dst, PAR_MIN, PAR_GRAIN))
      return WY_OCL_OK;
    for (size_t i = 0; i < n; i++)
      if (!wy_ocl_put_word(ws[i], m->dbl, dst + i * es)) return real_range(m);
  } else if (wy_ocl_is_nums(s) && elem == WY_OCL_T_REAL) {
    size_t hs = s == WY_LS_F64 ? sizeof(double) : sizeof(float);
    if (!wy_ocl_put_nums((const char *)l->data + from * hs, s, n, m->dbl, dst,
                         PAR_MIN, PAR_GRAIN))
      return real_range(m);
  } else if (s == WY_LS_MPQ && elem == WY_OCL_T_REAL) {
    for (size_t i = 0; i < n; i++)
      if (!wy_ocl_put_real(real_at(l, from + i), m->dbl, dst + i * es))
        return real_range(m);
  } else if (s == WY_LS_BOOL && elem == WY_OCL_T_BOOL) {
    memcpy(dst, bools_of(l) + from, n);
  } else if (s == WY_LS_ANY) {
    for (size_t i = 0; i < n; i++) {
      int st = put_value(m, elem, any_at(l)[from + i], dst + i * es);
      if (st) return st;
    }
  } else {
    return bad_element(m, "elements of the wrong type");
  }
  return WY_OCL_OK;
}

/* Innermost rows converted in parallel: those of the outer rows r0 ..
 * of m->src's list (depth 2: the rows themselves; depth 3: each one's
 * rows), each of w elements, into m->host from row r0 on. */
typedef struct RowCopy {
  const WyOclMarsh *m;
  wyv *rows;          /* the outer rows, from r0 */
  size_t per;         /* innermost rows per outer row (1 or dims[1]) */
} RowCopy;

/* The innermost row q (counted from r0's first), or NULL when a list
 * on the way is not a plain host list (the serial walk then decides). */
static WyList *
inner_row(const RowCopy *c, size_t q)
{
  wyv v = c->rows[q / c->per];
  if (!is_list(v)) return NULL;
  if (c->per > 1) {
    WyList *mid = wy_list(v);
    /* h.sub and flags, not store_of: a fetch must not run here */
    if (mid->len != c->per || mid->h.sub != WY_LS_ANY
        || (mid->h.flags & (WY_LIST_STALE | WY_LIST_RANGE)))
      return NULL;
    v = ((const wyv *)mid->data)[q % c->per];
    if (!is_list(v)) return NULL;
  }
  return wy_list(v);
}

static void
rows_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  RowCopy *c = ctx;
  const WyOclMarsh *m = c->m;
  size_t w = m->dims[m->par->depth - 1];
  bool real = m->par->elem == WY_OCL_T_REAL;
  WyListStore want = real ? wyrt_real_store() : WY_LS_INT;
  for (size_t q = lo; q < hi && !*status; q++) {
    WyList *row = inner_row(c, q);
    char *dst = (char *)m->host + q * w * m->esize;
    /* load_rows_par fetched every stale row before */
    if (!row || row->len != w || (row->h.flags & WY_LIST_STALE)
        || row->h.sub != want) {
      *status = 1;
    } else if (real && want != WY_LS_REAL) {   /* an IEEE mode's numbers */
      if (!wy_ocl_put_nums(row->data, want, w, m->dbl, dst, SIZE_MAX, 1))
        *status = 1;
    } else if (real) {
      const wyv *ws = (const wyv *)row->data;
      for (size_t i = 0; i < w && !*status; i++)
        if (wy_ocl_put_word_quick(ws[i], m->dbl, dst + i * m->esize)
            != WY_OCL_Q_DONE)
          *status = 1;      /* needs GMP, or out of range: walk's */
    } else if (m->int64) {
      memcpy(dst, row->data, w * sizeof(int64_t));
    } else if (!narrow_ints(row->data, w, (cl_int *)dst)) {
      *status = 1;
    }
  }
}

/* The fast path of walk for many outer rows r0 .. r1-1 of a list of
 * depth 2 or 3 whose innermost rows are flat ints that fit, or reals
 * converted without GMP: true when it converted them all (to m->host),
 * on several threads.  Serves a [[int]] grid, a [[real]] matrix and a
 * [[[real]]] volume alike. */
static bool
load_rows_par(const WyOclMarsh *m, WyList *l, size_t r0, size_t r1)
{
  int depth = m->par->depth;
  RowCopy c = {m, NULL, depth == 3 ? m->dims[1] : 1};
  size_t w = m->dims[depth - 1];
  if (depth < 2 || (m->par->elem != WY_OCL_T_INT
                    && m->par->elem != WY_OCL_T_REAL)
      || (r1 - r0) * c.per * w < PAR_MIN || l->h.sub != WY_LS_ANY)
    return false;
  c.rows = written_rows(l) + r0;
  /* rows a kernel left on the device (a built row that all rows share)
   * are fetched here, on this thread: a fetch calls OpenCL and changes
   * the residency's state, which the slices must not do at once */
  for (size_t r = 0; r < r1 - r0; r++) {
    WyList *row;
    if (!is_list(c.rows[r])) continue;
    wy_list_host(row = wy_list(c.rows[r]));
    if (depth == 3 && row->h.sub == WY_LS_ANY)
      for (size_t j = 0; j < row->len; j++) {
        wyv v = ((const wyv *)row->data)[j];
        if (is_list(v)) wy_list_host(wy_list(v));
      }
  }
  return wy_ocl_par_for((r1 - r0) * c.per, PAR_GRAIN / (w + 1) + 1,
                        rows_slice, &c) == 0;
}

/* Check the shape of v at nesting level `level` (and below) against
 * m->dims; if load, convert its elements into m->host at element
 * offset base. */
static int
walk(const WyOclMarsh *m, wyv v, int level, size_t base, bool load,
     size_t row)
{
  WyList *l = wy_list(v);
  int depth = m->par->depth;
  size_t stride;
  if (l->len != m->dims[level])
    return wy_ocl_fail(WY_OCL_E_JAGGED, "list argument %d is jagged (row %zu "
                       "at depth %d has %zu element(s), row 0 has %zu)",
                       m->index, row, level, l->len, m->dims[level]);
  if (level == depth - 1)
    return load ? load_row(m, l, 0, l->len,
                           (char *)m->host + base * m->esize)
                : WY_OCL_OK;
  if (l->len && store_of(l) != WY_LS_ANY)
    return bad_element(m, "elements that are not lists");
  stride = level == 0 ? m->dims[1] * m->dims[2] : m->dims[2];
  for (size_t r = 0; r < l->len; r++) {
    int st;
    if (!is_list(any_at(l)[r]))
      return bad_element(m, "elements that are not lists");
    st = walk(m, any_at(l)[r], level + 1, base + r * stride, load, r);
    if (st) return st;
  }
  return WY_OCL_OK;
}

/* walk's check of the outer rows r0 .. r1-1 of the list of lists l. */
static int
walk_rows(const WyOclMarsh *m, WyList *l, size_t r0, size_t r1)
{
  for (size_t r = r0; r < r1; r++) {
    wyv row = written_rows(l)[r];
    int st = is_list(row) ? walk(m, row, 1, 0, false, r)
                          : bad_element(m, "elements that are not lists");
    if (st) return st;
  }
  return WY_OCL_OK;
}

/* m->dims from the first row at each level (0 below an empty or odd
 * row: walk then reports the mismatch); levels past the depth get 1. */
static void
read_dims(WyOclMarsh *m, wyv v)
{
  int l = 0;
  for (int k = 0; k < 3; k++) m->dims[k] = k < m->par->depth ? 0 : 1;
  for (;;) {
    WyList *x = wy_list(v);
    m->dims[l] = x->len;
    if (++l >= m->par->depth || x->len == 0 || store_of(x) != WY_LS_ANY
        || !is_list(any_at(x)[0]))
      break;
    v = any_at(x)[0];
  }
}

static size_t
clamp(int64_t x, size_t n)
{
  if (x < 0) return 0;
  return (uint64_t)x > n ? n : (size_t)x;
}

/* The window read back, and whether the list must be uploaded. */
static int
plan(WyOclMarsh *m, const int64_t lo[3], const int64_t hi[3])
{
  const WyOclParam *p = m->par;
  bool mapped = p->kind == WY_OCL_LIST_OUT;
  for (int l = 0; l < 3; l++) {
    m->wlo[l] = 0;
    m->whi[l] = m->dims[l];
    if (l >= p->depth || p->kind != WY_OCL_LIST_OUT) continue;
    if (p->win[l] == WY_OCL_WIN_WHOLE) continue;   /* 0 .. dims[l] */
    if (p->win[l] < 0) {
      mapped = false;
      continue;
    }
    if (p->win[l] >= m->ndims)
      return wy_ocl_fail(WY_OCL_E_ARGS, "list argument %d: window dimension "
                         "%d, but the kernel has %d", m->index, p->win[l],
                         m->ndims);
    m->wlo[l] = clamp(lo[p->win[l]], m->dims[l]);
    m->whi[l] = clamp(hi[p->win[l]], m->dims[l]);
    if (m->whi[l] < m->wlo[l]) m->whi[l] = m->wlo[l];
  }
  /* own index: the work items the range makes copy every element */
  m->own_whole = wy_ocl_own_index(p) && p->win[0] < m->ndims
                 && lo[p->win[0]] <= 0
                 && hi[p->win[0]] >= (int64_t)m->dims[0];
  m->upload = p->kind != WY_OCL_LIST_OUT || !mapped;
  m->download = p->kind != WY_OCL_LIST_IN;
  if (!mapped)
    for (int l = 0; l < 3; l++) m->wlo[l] = 0, m->whi[l] = m->dims[l];
  return WY_OCL_OK;
}

/* Outer rows r0 .. r1-1 of v, converted, at m->host. */
int
wy_ocl_load_rows(WyOclMarsh *m, wyv v, size_t r0, size_t r1)
{
  WyList *l = wy_list(v);
  size_t stride = m->dims[1] * m->dims[2];
  if (m->par->depth == 1) return load_row(m, l, r0, r1, m->host);
  if (load_rows_par(m, l, r0, r1)) return WY_OCL_OK;
  for (size_t r = r0; r < r1; r++) {
    int st = walk(m, written_rows(l)[r], 1, (r - r0) * stride, true, r);
    if (st) return st;
  }
  return WY_OCL_OK;
}

/* The list v has a device copy of m's layout, m->res: only the outer
 * rows the host wrote since are converted, for the upload. */
static int
marshal_resident(WyOclMarsh *m, wyv v)
{
  WyOclRes *r = m->res;
  size_t stride = m->dims[1] * m->dims[2];
  if (r->dlo >= r->dhi) return WY_OCL_OK;
  if (!wyrt_config_on(WYRT_CFG_PARTIAL_UPLOAD)) {   /* the whole list */
    wy_list_host(wy_list(v));             /* the rows the device holds */
    r->dlo = 0;
    r->dhi = m->dims[0];
  }
  m->up_off = r->dlo * stride;
  m->up_len = (r->dhi - r->dlo) * stride;
  m->host = wy_ocl_host_alloc(m->up_len * m->esize);
  if (!m->host)
    return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory for list "
                       "argument %d", m->index);
  m->own_host = true;
  return wy_ocl_load_rows(m, v, r->dlo, r->dhi);
}

static int
marshal_list(WyOclMarsh *m, wyv v, const int64_t lo[3], const int64_t hi[3])
{
  const WyOclParam *p = m->par;
  size_t bytes;
  WyList *l;
  int st;
  if (!is_list(v) || p->depth < 1 || p->depth > 3)
    return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d is not a list of depth "
                       "%d", m->index, p->depth);
  l = wy_list(v);
  /* rows that are device copies (each a kernel's result): gathered
   * there, not fetched (for the shape's check, the upload, or the
   * elements a write-only window leaves) and uploaded again */
  wy_ocl_res_gather(l, m);
  if (l->res && (l->h.flags & WY_LIST_STALE))
    memcpy(m->dims, l->res->dims, sizeof m->dims);  /* the host's are old */
  else
    read_dims(m, v);
  if (__builtin_mul_overflow(m->dims[0], m->dims[1], &bytes)
      || __builtin_mul_overflow(bytes, m->dims[2], &m->count)
      || __builtin_mul_overflow(m->count, m->esize, &bytes)
      || bytes > wy_ocl_g.max_alloc)
    return wy_ocl_fail(WY_OCL_E_NOMEM, "list argument %d is larger than the "
                       "device's largest buffer (%llu bytes)", m->index,
                       (unsigned long long)wy_ocl_g.max_alloc);
  if ((st = plan(m, lo, hi))) return st;
  if (l->res && l->res->dlo < l->res->dhi
      && (st = (l->h.flags & WY_LIST_STALE)
               ? walk_rows(m, l, l->res->dlo, l->res->dhi)
               : walk(m, v, 0, 0, false, 0)))
    return st;                /* the host changed the shape */
  if (l->res && (l->h.flags & WY_LIST_STALE) && !m->upload && m->download
      && !wy_ocl_res_box_nests(l->res, m))
    wy_list_host(l);          /* its box and m's window make no box */
  if (l->res && wy_ocl_res_fits(l->res, m)) {
    m->res = l->res;
    m->up_off = m->up_len = 0;
    return marshal_resident(m, v);
  }
  if (l->res) {               /* another layout: the host's copy serves */
    wy_list_host(l);
    wy_ocl_res_forget(l);
  }
  m->up_off = 0;
  m->up_len = m->upload ? m->count : 0;
  if (m->upload && p->kind == WY_OCL_LIST_IN && p->depth == 1
      && ((p->elem == WY_OCL_T_INT && m->int64 && store_of(l) == WY_LS_INT)
          || (p->elem == WY_OCL_T_BOOL && store_of(l) == WY_LS_BOOL)
          || (p->elem == WY_OCL_T_REAL
              && wy_ocl_nums_same(store_of(l), m->dbl)))
      && l->len > 0) {
    m->host = l->data;       /* the storage is the device layout */
    return WY_OCL_OK;
  }
  m->src = v;
  if (m->upload && m->count * m->esize >= wy_ocl_chunk()) {
    m->chunked = true;        /* converted chunk by chunk as it goes up */
    return walk(m, v, 0, 0, false, 0);
  }
  if (m->upload) {
    m->host = wy_ocl_host_alloc(m->count * m->esize);
    if (!m->host)
      return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory for list "
                         "argument %d", m->index);
    m->own_host = true;
  }
  if (m->upload && load_rows_par(m, l, 0, l->len)) return WY_OCL_OK;
  return walk(m, v, 0, 0, m->upload, 0);   /* and the reason, if any */
}

uint8_t
wy_ocl_bound_of(const void *xs, size_t n, bool int64)
{
  uint64_t acc = 0;
  if (int64) {
    const int64_t *v = xs;
    for (size_t i = 0; i < n; i++)
      acc |= (uint64_t)(v[i] ^ (v[i] >> 63));
  } else {
    const int32_t *v = xs;
    for (size_t i = 0; i < n; i++)
      acc |= (uint32_t)(v[i] ^ (v[i] >> 31));
  }
  return (uint8_t)(1 + (acc ? 64 - __builtin_clzll(acc) : 0));
}

void
wy_ocl_marsh_bound(WyOclMarsh *m)
{
  uint8_t b = 0;
  m->bound = 0;
  if (m->par->elem != WY_OCL_T_INT || m->chunked) return;
  if (m->res) {               /* its copy, and the rows sent again */
    b = m->res->bound;
    if (b && m->up_len) {
      uint8_t d;
      if (!m->host) return;
      d = wy_ocl_bound_of(m->host, m->up_len, m->int64);
      if (d > b) b = d;
    }
  } else if (m->host && m->up_len == m->count) {
    b = wy_ocl_bound_of(m->host, m->count, m->int64);
  } else if (m->count == 0) {
    b = 1;
  }
  m->bound = b;
}

int
wy_ocl_marshal(WyOclMarsh *m, wyv v, const int64_t lo[3], const int64_t hi[3])
{
  int kind = m->par->kind, elem = m->par->elem;
  if (kind == WY_OCL_INT) elem = WY_OCL_T_INT;
  if (kind == WY_OCL_REAL) elem = WY_OCL_T_REAL;
  if (kind == WY_OCL_BOOL) elem = WY_OCL_T_BOOL;
  switch (elem) {
  case WY_OCL_T_INT: m->esize = m->int64 ? 8 : 4; break;
  case WY_OCL_T_REAL: m->esize = m->dbl ? 8 : 4; break;
  case WY_OCL_T_BOOL: m->esize = 1; break;
  default:
    return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d: unknown element type %d",
                       m->index, elem);
  }
  if (kind > WY_OCL_BOOL)
    return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d: unknown kind %d",
                       m->index, kind);
  m->scalar_size = m->esize;
  if (kind >= WY_OCL_INT) return put_value(m, elem, v, m->scalar);
  return marshal_list(m, v, lo, hi);
}

void
wy_ocl_marsh_free(WyOclMarsh *m)
{
  if (m->own_host) wy_ocl_host_release(m->host);
  wy_ocl_host_release(m->back);
  m->host = m->back = NULL;
  m->own_host = false;
}

/* ---------------------------------------------------------------- */
/* Unmarshalling                                                      */

/* The device value at flat index k as a double / int64 / bool. */
static double
back_real(const WyOclMarsh *m, size_t k)
{
  return m->dbl ? ((const cl_double *)m->back)[k]
                : (double)((const cl_float *)m->back)[k];
}

static int64_t
back_int(const WyOclMarsh *m, size_t k)
{
  return m->int64 ? ((const cl_long *)m->back)[k]
                  : ((const cl_int *)m->back)[k];
}

int
wy_ocl_check_back(const WyOclMarsh *m)
{
  if (!m->download || m->par->elem != WY_OCL_T_REAL) return WY_OCL_OK;
  for (size_t a = m->wlo[0]; a < m->whi[0]; a++)
    for (size_t b = m->wlo[1]; b < m->whi[1]; b++)
      for (size_t c = m->wlo[2]; c < m->whi[2]; c++) {
        size_t k = (a * m->dims[1] + b) * m->dims[2] + c;
        if (!isfinite(back_real(m, k)))
          return wy_ocl_fail(WY_OCL_E_NONFINITE, "the kernel wrote %s into "
                             "list argument %d",
                             isnan(back_real(m, k)) ? "a NaN" : "an infinity",
                             m->index);
      }
  return WY_OCL_OK;
}

/* Are the es-byte device values at a and b different bits? */
static inline bool
differ(const void *a, const void *b, size_t es)
{
  uint64_t x = 0, y = 0;
  switch (es) {
  case 1: return *(const uint8_t *)a != *(const uint8_t *)b;
  case 4: memcpy(&x, a, 4), memcpy(&y, b, 4); break;
  default: memcpy(&x, a, 8), memcpy(&y, b, 8); break;
  }
  return x != y;
}

/* Does element i of the innermost list l (flat index k) differ from the
 * device's value?  q is scratch.  lang: compare language values even
 * in a fetch (conv; m->llo's box). */
static inline bool
changed(const WyOclMarsh *m, WyList *l, size_t i, size_t k, mpq_ptr q,
        bool lang)
{
  if (m->conv && !lang && m->par->elem == WY_OCL_T_REAL) {
    /* what the host value becomes on the device: unchanged if the same */
    unsigned char was[8];
    wyv v;
    int st;
    if (store_of(l) == WY_LS_REAL) {
      return !wy_ocl_put_word(reals_of(l)[i], m->dbl, was)
             || differ((const char *)m->back + k * m->esize, was, m->esize);
    }
    if (wy_ocl_is_nums(store_of(l)))
      return wy_ocl_put_double(wy_ocl_num_at(l->data, store_of(l), i),
                               m->dbl, was) != WY_OCL_Q_DONE
             || differ((const char *)m->back + k * m->esize, was, m->esize);
    if (store_of(l) == WY_LS_MPQ)
      return !wy_ocl_put_real(real_at(l, i), m->dbl, was)
             || differ((const char *)m->back + k * m->esize, was, m->esize);
    v = wy_list_get(list_val_of(l), i);
    st = put_value(m, WY_OCL_T_REAL, v, was);
    wy_decref(v);
    return st || differ((const char *)m->back + k * m->esize, was, m->esize);
  }
  if (m->upload && !m->conv)
    return differ((const char *)m->back + k * m->esize,
                  (const char *)m->host + k * m->esize, m->esize);
  switch (m->par->elem) {
  case WY_OCL_T_INT:
    if (store_of(l) == WY_LS_INT) return ints_of(l)[i] != back_int(m, k);
    if (store_of(l) != WY_LS_ANY) return true;
    return !wy_is_small(any_at(l)[i])
           || wy_small_val(any_at(l)[i]) != back_int(m, k);
  case WY_OCL_T_REAL:
    if (store_of(l) == WY_LS_REAL) {   /* canonical: equal words */
      wyv w;
      return !wy_ocl_word_of(back_real(m, k), &w) || w != reals_of(l)[i];
    }
    if (wy_ocl_is_nums(store_of(l)))   /* numbers: -0.0 is 0.0 */
      return wy_ocl_num_at(l->data, store_of(l), i) != back_real(m, k);
    if (store_of(l) != WY_LS_MPQ) return true;
    wyrt_mpq_set_double(q, back_real(m, k));
    return !mpq_equal(q, real_at(l, i));
  default:
    if (store_of(l) != WY_LS_BOOL) return true;
    return bools_of(l)[i] != (((const cl_uchar *)m->back)[k] != 0);
  }
}

/* Store the device value at flat index k into element i of the unique
 * innermost list *slot, keeping its storage when the value fits it. */
static void
put_elem(const WyOclMarsh *m, wyv *slot, size_t i, size_t k)
{
  WyList *l = wy_list(*slot);
  wyv v;
  switch (m->par->elem) {
  case WY_OCL_T_INT: {
    int64_t x = back_int(m, k);
    if (store_of(l) == WY_LS_INT && wy_fits_small(x)) {
      ints_of(l)[i] = x;
      return;
    }
    v = wy_int_from_i64(x);
    break;
  }
  case WY_OCL_T_REAL:
    if (store_of(l) == WY_LS_MPQ) {
      wyrt_mpq_set_double(real_at(l, i), back_real(m, k));
      return;
    }
    if (wy_ocl_is_nums(store_of(l))) {   /* finite: wy_ocl_check_back */
      wy_ocl_num_set(l->data, store_of(l), i, back_real(m, k));
      return;
    }
    v = wy_real_from_double(back_real(m, k));
    if (store_of(l) == WY_LS_REAL && wy_is_qimm(v)) {
      reals_of(l)[i] = v;
      return;             /* else the list widens to LS_MPQ below */
    }
    break;
  default: {
    bool b = ((const cl_uchar *)m->back)[k] != 0;
    if (store_of(l) == WY_LS_BOOL) {
      bools_of(l)[i] = b;
      return;
    }
    v = wy_bool(b);
  }
  }
  if (m->conv && m->par->depth == 1)
    wyrt_list_put_shared(l, i, v);   /* every holder sees the fetch */
  else
    wy_list_set(slot, wy_small((int64_t)i), v, NULL);
  wy_decref(v);
}

/* The common case, device ints into LS_INT storage, as one tight loop
 * (rewriting an unchanged int changes nothing).  Returns where it
 * stopped: at end, or at a 64-bit value that is no small int. */
typedef struct IntBack {
  int64_t *xs;
  const cl_int *d;
} IntBack;

static void
widen_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  IntBack *c = ctx;
  (void)status;
  for (size_t i = lo; i < hi; i++) c->xs[i] = c->d[i];
}

static size_t
write_ints(const WyOclMarsh *m, WyList *l, size_t i, size_t end, size_t base)
{
  int64_t *xs = ints_of(l);
  /* base + i, not a pointer moved by base: base may be "negative" (it
   * wraps, a chunk of a fetch: wy_ocl_unmarshal_rows) */
  if (!m->int64) {
    const cl_int *d = (const cl_int *)m->back;
    IntBack c = {xs + i, d + (base + i)};
    if (end - i >= PAR_MIN) return wy_ocl_par_for(end - i, PAR_GRAIN,
                                                  widen_slice, &c), end;
    for (; i < end; i++) xs[i] = d[base + i];
  } else {
    const cl_long *d = (const cl_long *)m->back;
    for (; i < end && wy_fits_small(d[base + i]); i++) xs[i] = d[base + i];
  }
  return i;
}

/* Is the immediate real h exact in the device's real type?  Its
 * denominator is a power of two (at most 2^20) and its numerator at
 * most 2^24 for a float (any 40-bit one for a double). */
static inline bool
imm_exact(wyv h, bool dbl)
{
  WyQ x = {0, 1};
  if (wy_real_mode) {
    double d = wy_f_imm_val(h);
    return dbl || (double)(float)d == d;
  }
  wyrt_real_small(h, &x);
  if (x.den & (x.den - 1)) return false;
  return dbl || (x.num <= (INT64_C(1) << 24) && x.num >= -(INT64_C(1) << 24));
}

/* Is i in [lo, hi)? */
static inline bool
within(size_t i, size_t lo, size_t hi)
{
  return i >= lo && i < hi;
}

/* The write-back loop of write_row for LS_REAL storage, on several
 * threads: a slice stops at an element it cannot decide without GMP
 * (a device value with no immediate, a host value whose conversion
 * needs MPFR), which write_row's own loop then takes. */
typedef struct RealBack {
  const WyOclMarsh *m;
  wyv *ws;
  size_t i0, base, blo, bhi;
  size_t stop;       /* the first element a slice left (j, from i0) */
} RealBack;

static void
note_stop(size_t *at, size_t j)
{
  size_t cur = __atomic_load_n(at, __ATOMIC_RELAXED);
  while (j < cur && !__atomic_compare_exchange_n(at, &cur, j, false,
                                                 __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED)) {
  }
}

static void
reals_back_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  RealBack *c = ctx;
  const WyOclMarsh *m = c->m;
  unsigned char was[8];
  for (size_t j = lo; j < hi; j++) {
    size_t i = c->i0 + j, k = c->base + i;
    wyv w;
    if (!wy_ocl_word_of(back_real(m, k), &w)) goto stop;
    if (w == c->ws[i]) continue;
    if (!imm_exact(c->ws[i], m->dbl)) {
      /* changed() without its GMP: keep the host's exact value when the
       * device holds what it became there */
      const char *dev = (const char *)m->back + k * m->esize;
      if (m->conv && !within(i, c->blo, c->bhi)) {
        int st = wy_ocl_put_word_quick(c->ws[i], m->dbl, was);
        if (st == WY_OCL_Q_EXACT) goto stop;
        if (st == WY_OCL_Q_DONE && !differ(dev, was, m->esize)) continue;
      } else if (m->upload && !m->conv
                 && !differ(dev, (const char *)m->host + k * m->esize,
                            m->esize)) {
        continue;
      }
    }
    c->ws[i] = w;
    continue;
  stop:
    note_stop(&c->stop, j);
    *status = 1;
    return;
  }
}

/* Elements i .. end-1 on several threads when there are many: where
 * write_row's loop must go on (end when they did all). */
static size_t
write_reals_par(const WyOclMarsh *m, wyv *ws, size_t i, size_t end,
                size_t base, size_t blo, size_t bhi)
{
  RealBack c = {m, ws, i, base, blo, bhi, end - i};
  if (end - i < PAR_MIN) return i;
  wy_ocl_par_for(end - i, PAR_GRAIN, reals_back_slice, &c);
  return i + c.stop;
}

/* Write back the innermost list *slot, whose element 0 is at flat
 * index base.  Without apply, only say whether anything would change.
 * inbox: the row lies in m's box at the outer levels (m->llo). */
static bool
write_row(const WyOclMarsh *m, wyv *slot, int level, size_t base, bool apply,
          mpq_ptr q, bool inbox)
{
  size_t i = m->wlo[level], end = m->whi[level];
  size_t blo = inbox ? m->llo[level] : 0, bhi = inbox ? m->lhi[level] : 0;
  WyList *l = wy_list(*slot);
  while (i < end && !changed(m, l, i, base + i, q, within(i, blo, bhi))) i++;
  if (i == end) return false;
  if (!apply) return true;
  if (!(m->conv && level == 0)) l = wy_ocl_list_unique(slot);
  /* a row with a device copy of its own: the copy is now older */
  if (level > 0) wyrt_list_written(l, i, end);
  if (m->par->elem == WY_OCL_T_INT && store_of(l) == WY_LS_INT)
    i = write_ints(m, l, i, end, base);
  if (m->par->elem == WY_OCL_T_REAL && store_of(l) == WY_LS_REAL) {
    /* as put_elem does, in one loop, until a value needs a wider form;
     * the device value's word w decides without changed() when it is
     * the host's, or the host's value is exact in the device type (its
     * conversion then is that value, so every comparison says changed).
     * A long row goes to several threads first; this loop takes over
     * where one of them stopped, and finds what the others wrote
     * beyond that unchanged (w equal). */
    wyv *ws = reals_of(l);
    i = write_reals_par(m, ws, i, end, base, blo, bhi);
    for (; i < end; i++) {
      wyv w;
      if (!wy_ocl_word_of(back_real(m, base + i), &w)) {
        if (changed(m, l, i, base + i, q, within(i, blo, bhi))) break;
        continue;
      }
      if (w == ws[i]) continue;
      if (!imm_exact(ws[i], m->dbl)
          && !changed(m, l, i, base + i, q, within(i, blo, bhi)))
        continue;
      ws[i] = w;
    }
  }
  if (m->par->elem == WY_OCL_T_REAL && wy_ocl_nums_same(store_of(l), m->dbl)) {
    /* the device's numbers are the list's: what did not change is the
     * same bits, so the rest of the window is one copy */
    size_t es = m->esize;
    memcpy((char *)l->data + i * es, (const char *)m->back + (base + i) * es,
           (end - i) * es);
    i = end;
  }
  if (m->par->elem == WY_OCL_T_REAL && store_of(l) == WY_LS_MPQ
      && !m->upload) {
    for (; i < end; i++)     /* changed() leaves the new value in q */
      if (changed(m, l, i, base + i, q, false)) mpq_swap(q, real_at(l, i));
  }
  for (; i < end; i++) {
    if (!changed(m, l, i, base + i, q, within(i, blo, bhi))) continue;
    put_elem(m, slot, i, base + i);
    l = wy_list(*slot);
  }
  return true;
}

/* Write back the list *slot at nesting level `level`; rows are made
 * unique (and so copied) only when something in them changed. */
static bool
write_list(const WyOclMarsh *m, wyv *slot, int level, size_t base,
           bool apply, mpq_ptr q, bool inbox)
{
  size_t stride = m->dims[1] * m->dims[2];
  bool any = false;
  WyList *l = wy_list(*slot);
  if (level == m->par->depth - 1)
    return write_row(m, slot, level, base, apply, q, inbox);
  if (level == 1) stride = m->dims[2];
  for (size_t r = m->wlo[level]; r < m->whi[level]; r++) {
    bool in = inbox && within(r, m->llo[level], m->lhi[level]);
    if (!write_list(m, &any_at(l)[r], level + 1, base + r * stride, false, q,
                    in))
      continue;
    if (!apply) return true;
    if (!any && !(m->conv && level == 0)) l = wy_ocl_list_unique(slot);
    /* a list of rows with a device copy of its own (a plane a kernel
     * built, appended to this list): row r of that copy is now older */
    if (level > 0) wyrt_list_written(l, r, r + 1);
    any = true;
    write_list(m, &any_at(l)[r], level + 1, base + r * stride, true, q, in);
  }
  return any;
}

/* Does m have a box compared in language values (a fetch's)? */
static bool
has_box(const WyOclMarsh *m)
{
  return m->conv && m->llo[0] < m->lhi[0];
}

/* A fetch of device ints into rows r0 .. r1-1 of a [[int]] whose rows
 * have the device's length: each row made the list's own flat ints
 * (a new row where it was shared), then overwritten whole, unchanged
 * values included, on several threads (no allocation, no counts
 * touched there).  False when a row is not a list of that length (the
 * general write-back then runs, and reports nothing: the shape cannot
 * have changed while the list was stale). */
typedef struct RowBack {
  const WyOclMarsh *m;
  wyv *rows;          /* row r0 */
  const cl_int *d;    /* its values */
} RowBack;

static void
rows_back_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  RowBack *c = ctx;
  size_t w = c->m->dims[1];
  (void)status;
  for (size_t r = lo; r < hi; r++) {
    int64_t *xs = wy_list(c->rows[r])->data;
    const cl_int *d = c->d + r * w;
    if (wy_list(c->rows[r])->h.rc != 1) continue;  /* shared, unchanged */
    for (size_t j = 0; j < w; j++) xs[j] = d[j];
  }
}

static bool
fetch_int_rows(const WyOclMarsh *m, WyList *l, size_t r0, size_t r1)
{
  RowBack c = {m, NULL, m->back};
  if (!m->conv || m->par->depth != 2 || m->par->elem != WY_OCL_T_INT
      || m->int64 || store_of(l) != WY_LS_ANY)
    return false;
  c.rows = any_at(l) + r0;
  for (size_t r = 0; r < r1 - r0; r++)
    if (!is_list(c.rows[r]) || wy_list(c.rows[r])->len != m->dims[1]
        || (wy_list(c.rows[r])->res && wy_list(c.rows[r])->res->busy))
      return false;
  /* a row shared with another list that the device changed, or not of
   * flat ints, is replaced by a new one of its own (on one thread:
   * counts, allocation, fetches); an unchanged shared row stays shared.
   * A row with a device copy of its own (a built row) is fetched first
   * when stale (store_of), and a unique one is marked written whole, so
   * that its copy is brought up to date before a kernel uses it. */
  for (size_t r = 0; r < r1 - r0; r++) {
    WyList *row = wy_list(c.rows[r]), *mine;
    if (store_of(row) == WY_LS_INT) {
      const int64_t *xs = row->data;
      const cl_int *d = c.d + r * m->dims[1];
      int64_t diff = 0;
      if (row->h.rc == 1) {
        wyrt_list_written(row, 0, row->len);
        continue;
      }
      for (size_t j = 0; j < m->dims[1]; j++) diff |= xs[j] ^ d[j];
      if (!diff) continue;
    }
    mine = wyrt_new_list(WY_LS_INT, m->dims[1]);
    mine->len = m->dims[1];
    wy_set(&c.rows[r], list_val_of(mine));
  }
  wy_ocl_par_for(r1 - r0, PAR_GRAIN / (m->dims[1] + 1) + 1, rows_back_slice,
                 &c);
  return true;
}

/* Storage for the rows r0 .. r1-1 of l (all levels below), which a
 * build may have left without (ocl_build.c): the writes below need it.
 * l->data directly: l is stale, and any_at would fetch it. */
static void
materialise(WyList *l, int depth, size_t r0, size_t r1)
{
  wyrt_list_materialise(l);
  if (depth < 2 || l->h.sub != WY_LS_ANY) return;
  for (size_t r = r0; r < r1 && r < l->len; r++) {
    wyv row = ((wyv *)l->data)[r];
    if (is_list(row)) materialise(wy_list(row), depth - 1, 0, SIZE_MAX);
  }
}

void
wy_ocl_unmarshal_rows(WyOclMarsh *m, WyList *l, size_t r0, size_t r1)
{
  wyv v = list_val_of(l);
  size_t stride = m->dims[1] * m->dims[2];
  mpq_t q;
  materialise(l, m->par->depth, r0, r1);
  if (fetch_int_rows(m, l, r0, r1)) return;
  m->wlo[0] = r0;
  m->whi[0] = r1;
  mpq_init(q);
  /* m->back holds rows r0 .. r1-1: flat index k is at k - r0 * stride */
  write_list(m, &v, 0, (size_t)0 - r0 * stride, true, q, has_box(m));
  mpq_clear(q);
}

void
wy_ocl_unmarshal_inplace(WyOclMarsh *m, WyList *l)
{
  wyv v = list_val_of(l);
  mpq_t q;
  materialise(l, m->par->depth, 0, SIZE_MAX);
  if (m->count == 0 || fetch_int_rows(m, l, 0, l->len)) return;
  mpq_init(q);
  write_list(m, &v, 0, 0, true, q, has_box(m));
  mpq_clear(q);
}

void
wy_ocl_unmarshal(WyOclMarsh *m, wyv *slot)
{
  mpq_t q;
  if (!m->download || m->count == 0) return;
  if (is_list(*slot)) materialise(wy_list(*slot), m->par->depth, 0, SIZE_MAX);
  mpq_init(q);
  write_list(m, slot, 0, 0, true, q, false);
  mpq_clear(q);
}
