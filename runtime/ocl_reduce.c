/* ocl_reduce.c -- the host's part of a reduce kernel: its WY_OCL_REDUCE
 * parameters (see ocl.h and opencl_backend/oclgen_reduce.c).
 *
 * The kernel leaves one partial per work group; this file combines them
 * and then the result r with the variable's value s before the loop, in
 * the language's values: s ⊕ r.  Ints: the partials are 64-bit and
 * combined with overflow checks; s ⊕ r is exact (s may be any int).
 * Since exact + * min max are associative and commutative, any order of
 * the work items gives the sequential answer.  min and max: each work
 * item starts at the device's extreme int (its identity); a result equal
 * to it cannot tell "no item contributed" from "an item held that
 * value", which matters only when s lies beyond it: then the CPU path
 * runs.  Reals: the partials are summed in the tree's order (not the
 * loop's): sums and products as doubles where the device has fp64 (also
 * when its reals are floats), else products as floats and sums as
 * (sum, compensation) pairs of floats; min and max as device reals.
 * The host combines the partials in double, in order (each pair's two
 * floats added first; a few thousand partials round at 2^-53 each, far
 * below a float's error); r must be finite; s ⊕ r is exact on r's
 * binary value.  Bools: && and ||.
 */
#define WY_OCL_IMPL
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

/* How a real reduction's partials are held (oclgen_reduce.c's ACC). */
typedef enum RealPart { PART_FLOAT, PART_DOUBLE, PART_PAIR } RealPart;

static RealPart
real_part(const WyOclMarsh *m)
{
  int op = m->par->depth;
  if (op == WY_OCL_RED_MIN || op == WY_OCL_RED_MAX)
    return m->dbl ? PART_DOUBLE : PART_FLOAT;     /* wy_real */
  if (wy_ocl_g.fp64) return PART_DOUBLE;         /* wy_racc, wy_rpart */
  return op == WY_OCL_RED_ADD ? PART_PAIR : PART_FLOAT;
}

size_t
wy_ocl_red_bytes(const WyOclMarsh *m)
{
  switch (m->par->elem) {
  case WY_OCL_T_INT: return 8;            /* long, whatever wy_int is */
  case WY_OCL_T_REAL: return real_part(m) == PART_FLOAT ? 4 : 8;
  default: return 1;                      /* uchar */
  }
}

int
wy_ocl_red_check(WyOclMarsh *m, wyv v)
{
  WyKind want = m->par->elem == WY_OCL_T_INT ? WY_K_INT
                : m->par->elem == WY_OCL_T_REAL ? WY_K_REAL : WY_K_BOOL;
  WyKind got = wy_kind(v);
  if (got != want && !(want == WY_K_REAL && got == WY_K_INT))
    return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d: the reduced value has "
                       "kind %d, not %d", m->index, (int)got, (int)want);
  if (m->par->depth < WY_OCL_RED_ADD || m->par->depth > WY_OCL_RED_MAX)
    return wy_ocl_fail(WY_OCL_E_ARGS, "argument %d: unknown reduction %d",
                       m->index, m->par->depth);
  m->esize = wy_ocl_red_bytes(m);
  return WY_OCL_OK;
}

int
wy_ocl_red_buffers(WyOclMarsh *ms, int np, size_t groups)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < np; i++) {
    cl_int err;
    if (ms[i].par->kind != WY_OCL_REDUCE) continue;
    ms[i].count = groups;
    ms[i].mem = clCreateBuffer(g->ctx, CL_MEM_READ_WRITE,
                               groups * ms[i].esize, NULL, &err);
    if (!ms[i].mem) return wy_ocl_cl_fail(err, "clCreateBuffer (partials)");
    ms[i].own_mem = true;
  }
  return WY_OCL_OK;
}

/* The partials of m combined: ints into *iv (false on overflow), reals
 * into *rv, bools into *bv. */
static bool
combine_ints(const WyOclMarsh *m, int64_t *iv)
{
  const cl_long *p = m->back;
  int op = m->par->depth;
  int64_t r = p[0];
  for (size_t i = 1; i < m->count; i++) {
    switch (op) {
    case WY_OCL_RED_ADD:
      if (__builtin_add_overflow(r, p[i], &r)) return false;
      break;
    case WY_OCL_RED_MUL:
      if (__builtin_mul_overflow(r, p[i], &r)) return false;
      break;
    case WY_OCL_RED_MIN: if (p[i] < r) r = p[i]; break;
    default: if (p[i] > r) r = p[i]; break;
    }
  }
  *iv = r;
  return true;
}

/* Partial i of a real reduction as a double. */
static double
real_partial(const WyOclMarsh *m, RealPart how, size_t i)
{
  switch (how) {
  case PART_DOUBLE: return ((const cl_double *)m->back)[i];
  case PART_FLOAT: return ((const cl_float *)m->back)[i];
  default: {
    const cl_float *p = (const cl_float *)m->back + 2 * i;
    return (double)p[0] + (double)p[1];
  }
  }
}

static double
combine_reals(const WyOclMarsh *m)
{
  int op = m->par->depth;
  RealPart how = real_part(m);
  double r = 0;
  for (size_t i = 0; i < m->count; i++) {
    double x = real_partial(m, how, i);
    if (i == 0) r = x;
    else if (op == WY_OCL_RED_ADD) r += x;
    else if (op == WY_OCL_RED_MUL) r *= x;
    else if (op == WY_OCL_RED_MIN) r = x < r ? x : r;
    else r = x > r ? x : r;
  }
  return r;
}

/* s ⊕ r for ints: a new value in *out, or a status. */
static int
finish_int(const WyOclMarsh *m, bool int64, wyv s, wyv *out)
{
  int64_t r;
  int op = m->par->depth;
  if (!combine_ints(m, &r))
    return wy_ocl_fail(WY_OCL_FLAG_OVERFLOW, "argument %d: the reduction "
                       "overflows 64 bits", m->index);
  if (op == WY_OCL_RED_ADD || op == WY_OCL_RED_MUL) {
    wyv rv = wy_int_from_i64(r);
    *out = op == WY_OCL_RED_ADD ? wy_add(s, rv) : wy_mul(s, rv);
    wy_decref(rv);
    return WY_OCL_OK;
  }
  bool mx = op == WY_OCL_RED_MAX;
  int64_t id = int64 ? (mx ? INT64_MIN : INT64_MAX)
                     : (mx ? INT32_MIN : INT32_MAX);
  wyv rv = wy_int_from_i64(r);
  int c = wy_int_cmp(s, rv);
  if (r == id && (mx ? c < 0 : c > 0)) {
    wy_decref(rv);
    return wy_ocl_fail(WY_OCL_E_OVERFLOW, "argument %d: the value before "
                       "the loop lies beyond the device's %s int",
                       m->index, mx ? "least" : "greatest");
  }
  if (mx ? c >= 0 : c <= 0) {
    wy_decref(rv);
    wy_incref(s);
    *out = s;
  } else {
    *out = rv;
  }
  return WY_OCL_OK;
}

static int
finish_real(const WyOclMarsh *m, wyv s, wyv *out)
{
  double r = combine_reals(m);
  int op = m->par->depth;
  if (!isfinite(r))
    return wy_ocl_fail(WY_OCL_E_NONFINITE, "argument %d: the reduction is "
                       "not finite", m->index);
  wyv rv = wy_real_from_double(r);
  if (op == WY_OCL_RED_ADD || op == WY_OCL_RED_MUL) {
    *out = op == WY_OCL_RED_ADD ? wy_add(s, rv) : wy_mul(s, rv);
    wy_decref(rv);
    return WY_OCL_OK;
  }
  int c = wy_num_cmp(s, rv);
  if (op == WY_OCL_RED_MAX ? c >= 0 : c <= 0) {
    wy_decref(rv);
    wy_incref(s);
    *out = s;
  } else {
    *out = rv;
  }
  return WY_OCL_OK;
}

int
wy_ocl_red_finish(WyOclMarsh *ms, int np, WyOclArg *args, size_t groups)
{
  WyOclState *g = &wy_ocl_g;
  for (int i = 0; i < np; i++) {
    WyOclMarsh *m = &ms[i];
    wyv s = *args[i].slot;
    int st;
    if (m->par->kind != WY_OCL_REDUCE) continue;
    if (!(m->back = wy_ocl_host_alloc(groups * m->esize)))
      return wy_ocl_fail(WY_OCL_E_NOMEM, "out of host memory (partials)");
    cl_int err = clEnqueueReadBuffer(g->queue, m->mem, CL_TRUE, 0,
                                     groups * m->esize, m->back, 0, NULL,
                                     NULL);
    if (err != CL_SUCCESS)
      return wy_ocl_cl_fail(err, "clEnqueueReadBuffer (partials)");
    g->downloads++;
    g->bytes_down += groups * m->esize;
    if (m->par->elem == WY_OCL_T_INT) {
      st = finish_int(m, m->int64, s, &m->red);
    } else if (m->par->elem == WY_OCL_T_REAL) {
      st = finish_real(m, s, &m->red);
    } else {
      const cl_uchar *p = m->back;
      bool and = m->par->depth == WY_OCL_RED_AND, r = wy_truth(s);
      for (size_t j = 0; j < groups; j++) r = and ? r && p[j] : r || p[j];
      m->red = wy_bool(r);
      st = WY_OCL_OK;
    }
    if (st) return st;
  }
  return WY_OCL_OK;
}

void
wy_ocl_red_commit(WyOclMarsh *ms, int np, WyOclArg *args, bool ok)
{
  for (int i = 0; i < np; i++) {
    if (!ms[i].red) continue;   /* also a param never marshalled */
    if (ok) wy_set(args[i].slot, ms[i].red);
    else wy_decref(ms[i].red);
    ms[i].red = WY_UNDEF;
  }
}
