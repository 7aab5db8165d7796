/* list.c -- lists with flat storage and copy-on-write (§3.1, §5.5-5.9).
 *
 * A list keeps its elements in one array whose layout is its storage
 * kind (WyList.h.sub): LS_INT holds raw int64 small ints, LS_BOOL bytes,
 * LS_REAL the words of immediate reals (wyrt.h: num and den within 40
 * and 21 bits, no pointers), LS_MPQ inline GMP rationals, LS_ANY value
 * words.  Storing something that does not fit turns the list into
 * LS_ANY ("widening"), or an LS_REAL list into LS_MPQ when it is a real
 * beyond the immediate; an empty
 * list re-picks its storage from the first element pushed, so `xs = []`
 * followed by pushes of ints gets LS_INT.
 *
 * In the IEEE real modes the reals of a list are machine numbers:
 * LS_F64 (doubles, DOUBLE mode) or LS_F32 (floats, FLOAT mode), which
 * every real of the mode fits; the storage LS_REAL asked for (a hint,
 * new_list, restore) means that kind there (mode_store).  Elements
 * leave as the words of their numbers (wy_f_make), and come in as
 * their numbers (wy_f_val); a -0.0 the generated code stored reads as
 * 0.0, and the element-wise comparisons use the numbers' ==.
 *
 * Value semantics: every mutator first makes the list unique, copying
 * it when its count is above 1.  A unique list is updated in place and
 * grows by doubling, so pushes and in-place appends are amortised O(1).
 */
#include <stdint.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>

#include "wyrt_impl.h"

static const size_t elem_size[] = {
  [WY_LS_ANY] = sizeof(wyv),
  [WY_LS_INT] = sizeof(int64_t),
  [WY_LS_REAL] = sizeof(wyv),
  [WY_LS_BOOL] = sizeof(uint8_t),
  [WY_LS_MPQ] = sizeof(mpq_t),
  [WY_LS_F64] = sizeof(double),
  [WY_LS_F32] = sizeof(float),
};

/* The storage s stands for in the program's real mode: LS_REAL is
 * LS_F64 or LS_F32 in the IEEE modes. */
static inline WyListStore
mode_store(WyListStore s)
{
  return s == WY_LS_REAL ? wyrt_real_store() : s;
}

static inline bool
is_num_store(WyListStore s)
{
  return s == WY_LS_F64 || s == WY_LS_F32;
}

/* Flat storage: elements copied as bytes. */
static inline bool
is_flat(WyListStore s)
{
  return s == WY_LS_INT || s == WY_LS_BOOL || s == WY_LS_REAL
         || is_num_store(s);
}


static inline wyv
list_val(WyList *l)
{
  return (wyv)(uintptr_t)l;
}

static inline bool
is_bool(wyv v)
{
  return v == WY_TRUE || v == WY_FALSE;
}

/* Can v be stored in an array of kind s? */
static inline bool
fits(WyListStore s, wyv v)
{
  switch (s) {
  case WY_LS_INT: return wy_is_small(v);
  case WY_LS_BOOL: return is_bool(v);
  case WY_LS_REAL: return wy_is_qimm(v);
  case WY_LS_MPQ: case WY_LS_F64: case WY_LS_F32: return wyrt_is_real(v);
  case WY_LS_ANY: break;
  }
  return true;
}

static inline bool
is_real_store(WyListStore s)
{
  return s == WY_LS_REAL || s == WY_LS_MPQ;
}

/* The storage an empty list of kind `cur` takes for its first v: flat
 * for a small int, bool or immediate real whatever the hint (`row = []`
 * has LS_ANY), inline GMP only in a list meant for reals. */
static WyListStore
natural_store(WyListStore cur, wyv v)
{
  if (wy_is_small(v)) return WY_LS_INT;
  if (is_bool(v)) return WY_LS_BOOL;
  if (wy_real_mode && wyrt_is_real(v)) return mode_store(WY_LS_REAL);
  if (fits(WY_LS_REAL, v)) return WY_LS_REAL;
  if (is_real_store(cur) && wyrt_is_real(v) && !wy_real_mode)
    return WY_LS_MPQ;
  return WY_LS_ANY;
}

/* The storage a list of kind s widens to for a v that does not fit. */
static inline WyListStore
wider(WyListStore s, wyv v)
{
  /* an IEEE mode's boxed number has no exact storage: LS_ANY */
  return s == WY_LS_REAL && wyrt_is_real(v) && !wy_real_mode ? WY_LS_MPQ
                                                             : WY_LS_ANY;
}

/* The storage that holds the elements of lists of kinds s and t. */
static inline WyListStore
join(WyListStore s, WyListStore t)
{
  if (s == t) return s;
  return is_real_store(s) && is_real_store(t) && !wy_real_mode ? WY_LS_MPQ
                                                                : WY_LS_ANY;
}

/* ---------------------------------------------------------------- */
/* Allocation of element arrays                                       */

/* The position of the list instruction being run (the generated code
 * sets it around them; wyrt.h), or NULL. */
const WyPos *wy_alloc_at;

/* The most memory this process can have: RAM and swap, and the address
 * space and data limits (ulimit -v, -d).  An array larger than that is
 * refused before it is asked for, so that a list of 2^33 elements fails
 * at once instead of growing until the kernel's OOM killer ends it. */
static uint64_t
memory_limit(void)
{
  static uint64_t limit;
  if (limit) return limit;
  uint64_t most = UINT64_MAX;
  struct sysinfo si;
  if (sysinfo(&si) == 0)
    most = ((uint64_t)si.totalram + si.totalswap) * si.mem_unit;
  int which[] = {RLIMIT_AS, RLIMIT_DATA};
  for (int i = 0; i < 2; i++) {
    struct rlimit rl;
    if (getrlimit(which[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur < most)
      most = rl.rlim_cur;
  }
  return limit = most;
}

static _Noreturn void
list_oom(size_t cap, size_t esize)
{
  char msg[128];
  if (cap > SIZE_MAX / esize)
    snprintf(msg, sizeof msg, "out of memory (more than %zu bytes for a "
             "list of %zu elements)", SIZE_MAX, cap);
  else
    snprintf(msg, sizeof msg, "out of memory (%zu bytes for a list of %zu "
             "elements)", cap * esize, cap);
  wy_fail(msg, wy_alloc_at);
}

/* The bytes of cap elements of esize, which the machine can give. */
static size_t
array_bytes(size_t cap, size_t esize)
{
  if (cap > SIZE_MAX / esize || cap * esize > memory_limit())
    list_oom(cap, esize);
  return cap * esize;
}

static void *
alloc_array(size_t cap, size_t esize, bool zero)
{
  void *p = wyrt_try_alloc(array_bytes(cap, esize), zero);
  if (!p) list_oom(cap, esize);
  return p;
}

static void *
realloc_array(void *p, size_t cap, size_t esize)
{
  void *q = wyrt_try_realloc(p, array_bytes(cap, esize));
  if (!q) list_oom(cap, esize);
  return q;
}

/* An empty list of storage s with room for cap elements, zeroed (calloc:
 * fresh pages stay untouched) or not. */
static WyList *
new_list(WyListStore s, size_t cap, bool zero)
{
  WyList *l = (WyList *)wyrt_new_obj(WY_K_LIST, sizeof(WyList));
  s = mode_store(s);
  l->h.sub = (uint8_t)s;
  l->len = 0;
  l->cap = cap;
  l->data = !cap ? NULL : alloc_array(cap, elem_size[s], zero);
  l->res = NULL;
  return l;
}

WyList *
wyrt_new_list(WyListStore s, size_t cap)
{
  return new_list(s, cap, false);
}

WyList *
wyrt_new_list_zero(WyListStore s, size_t cap)
{
  return new_list(s, cap, true);
}

WyList *
wyrt_new_list_deferred(WyListStore s, size_t len)
{
  WyList *l = new_list(s, 0, false);
  l->len = l->cap = len;
  return l;
}

void
wyrt_list_materialise(WyList *l)
{
  if (l->data || !l->cap) return;
  if (l->h.sub == WY_LS_REAL) {   /* zero bits are no real: 0.0 */
    wyv zero = wy_real_mode ? wy_f_make(0.0, NULL)
                            : wyrt_real_of_q((WyQ){0, 1});
    l->data = alloc_array(l->cap, sizeof(wyv), false);
    for (size_t i = 0; i < l->cap; i++) ((wyv *)l->data)[i] = zero;
  } else {
    l->data = alloc_array(l->cap, elem_size[l->h.sub], true);
  }
}

/* Initialise the empty slot i with the borrowed v, which fits. */
static inline void
put(WyList *l, size_t i, wyv v)
{
  switch (store_of(l)) {
  case WY_LS_ANY:
    wy_incref(v);
    any_at(l)[i] = v;
    break;
  case WY_LS_INT:
    ints_of(l)[i] = wy_small_val(v);
    break;
  case WY_LS_BOOL:
    bools_of(l)[i] = v == WY_TRUE;
    break;
  case WY_LS_REAL:
    reals_of(l)[i] = v;
    break;
  case WY_LS_F64:
    f64_of(l)[i] = wy_f_val(v);
    break;
  case WY_LS_F32:
    f32_of(l)[i] = (float)wy_f_val(v);
    break;
  case WY_LS_MPQ: {
    WyRealTmp t;
    mpq_init(real_at(l, i));
    mpq_set(real_at(l, i), wyrt_real_mpq(v, &t));
    break;
  }
  }
}

/* Overwrite the filled slot i with the borrowed v, which fits. */
static inline void
replace(WyList *l, size_t i, wyv v)
{
  switch (store_of(l)) {
  case WY_LS_ANY:
    wy_incref(v);
    wy_set(&any_at(l)[i], v);
    break;
  case WY_LS_MPQ: {
    WyRealTmp t;
    mpq_set(real_at(l, i), wyrt_real_mpq(v, &t));
    break;
  }
  default:
    put(l, i, v);
  }
}

wyv
wy_list_get(wyv lv, size_t i)
{
  WyList *l = wy_list(lv);
  switch (store_of(l)) {
  case WY_LS_ANY: {
    wyv v = any_at(l)[i];
    wy_incref(v);
    return v;
  }
  case WY_LS_INT:
    return wy_small(ints_of(l)[i]);
  case WY_LS_BOOL:
    return wy_bool(bools_of(l)[i]);
  case WY_LS_REAL:
    return reals_of(l)[i];
  case WY_LS_MPQ:
    return wyrt_real_from_mpq(real_at(l, i));   /* small when it fits */
  case WY_LS_F64:
    return wy_f_make(f64_of(l)[i], NULL);       /* finite: no failure */
  case WY_LS_F32:
    return wy_f_make(f32_of(l)[i], NULL);
  }
  return WY_UNDEF;
}

/* Copy element i of src into the empty slot j of dst (same storage). */
static inline void
copy_elem(WyList *dst, size_t j, WyList *src, size_t i)
{
  switch (store_of(dst)) {
  case WY_LS_ANY:
    any_at(dst)[j] = any_at(src)[i];
    wy_incref(any_at(dst)[j]);
    break;
  case WY_LS_INT:
    ints_of(dst)[j] = ints_of(src)[i];
    break;
  case WY_LS_BOOL:
    bools_of(dst)[j] = bools_of(src)[i];
    break;
  case WY_LS_REAL:
    reals_of(dst)[j] = reals_of(src)[i];
    break;
  case WY_LS_F64:
    f64_of(dst)[j] = f64_of(src)[i];
    break;
  case WY_LS_F32:
    f32_of(dst)[j] = f32_of(src)[i];
    break;
  case WY_LS_MPQ:
    mpq_init(real_at(dst, j));
    mpq_set(real_at(dst, j), real_at(src, i));
    break;
  }
}

/* Turn the LS_REAL list l into LS_MPQ, keeping its elements. */
static void
widen_mpq(WyList *l)
{
  mpq_t *nd = alloc_array(l->cap ? l->cap : 1, sizeof(mpq_t), false);
  const wyv *ws = reals_of(l);
  for (size_t i = 0; i < l->len; i++) {
    WyQ q;
    wyrt_real_small(ws[i], &q);
    mpq_init(nd[i]);
    mpz_set_si(mpq_numref(nd[i]), q.num);      /* canonical already */
    mpz_set_si(mpq_denref(nd[i]), q.den);
  }
  wyrt_free(l->data);
  l->data = nd;
  l->h.sub = WY_LS_MPQ;
}

/* Turn l into storage s (LS_ANY, or LS_MPQ from LS_REAL), keeping its
 * elements. */
static void
widen_to(WyList *l, WyListStore s)
{
  wyv *nd;
  if (store_of(l) == s || store_of(l) == WY_LS_ANY) return;
  wyrt_list_written(l, 0, SIZE_MAX);
  if (s == WY_LS_MPQ) {
    widen_mpq(l);
    return;
  }
  nd = alloc_array(l->cap ? l->cap : 1, sizeof(wyv), false);
  for (size_t i = 0; i < l->len; i++) nd[i] = wy_list_get(list_val(l), i);
  if (store_of(l) == WY_LS_MPQ)
    for (size_t i = 0; i < l->len; i++) mpq_clear(real_at(l, i));
  wyrt_free(l->data);
  l->data = nd;
  l->h.sub = WY_LS_ANY;
}

static void
widen(WyList *l)
{
  widen_to(l, WY_LS_ANY);
}

/* Give the empty list l storage kind s. */
static void
restore(WyList *l, WyListStore s)
{
  s = mode_store(s);
  if (store_of(l) == s) return;
  wyrt_list_written(l, 0, SIZE_MAX);
  if (l->cap) l->data = realloc_array(l->data, l->cap, elem_size[s]);
  l->h.sub = (uint8_t)s;
}

static void
reserve(WyList *l, size_t need)
{
  size_t cap;
  if (need <= l->cap) return;
  cap = l->cap * 2;
  if (cap < need) cap = need;
  if (cap < 4) cap = 4;
  /* doubling must not be what runs out: need alone may fit */
  if (cap > need && (cap > SIZE_MAX / elem_size[store_of(l)] ||
                     cap * elem_size[store_of(l)] > memory_limit()))
    cap = need;
  l->data = realloc_array(l->data, cap, elem_size[store_of(l)]);
  l->cap = cap;
}

/* A copy of src with room for cap >= src->len elements. */
static WyList *
copy_list(WyList *src, size_t cap)
{
  WyList *d = wyrt_new_list(store_of(src), cap);
  wy_list_host(src);
  if (is_flat(store_of(src))) {
    if (src->len)
      memcpy(d->data, src->data, src->len * elem_size[store_of(src)]);
  } else {
    for (size_t i = 0; i < src->len; i++) copy_elem(d, i, src, i);
  }
  d->len = src->len;
  return d;
}

/* Make *slot unique (copy when shared or when `self` is the list). */
static WyList *
make_unique(wyv *slot, bool self, size_t extra)
{
  WyList *l = wy_list(*slot);
  if (l->h.rc > 1 || self) {
    WyList *c = copy_list(l, l->len + extra);
    wy_set(slot, list_val(c));
    l = c;
  }
  return l;
}

/* Do all elements of src fit storage s? */
static bool
all_fit(WyListStore s, WyList *src)
{
  if (s == WY_LS_ANY || store_of(src) == s) return true;
  if (store_of(src) != WY_LS_ANY) return false;
  for (size_t i = 0; i < src->len; i++)
    if (!fits(s, any_at(src)[i])) return false;
  return true;
}

/* Append the first n elements of src to dst, which has room for them
 * and a storage they fit.  dst and src may be the same list. */
static void
append_elems(WyList *dst, WyList *src, size_t n)
{
  size_t base = dst->len;
  wy_list_host(src);
  if (store_of(dst) == store_of(src)) {
    if (is_flat(store_of(dst)))
      memcpy((char *)dst->data + base * elem_size[store_of(dst)], src->data,
             n * elem_size[store_of(dst)]);
    else
      for (size_t i = 0; i < n; i++) copy_elem(dst, base + i, src, i);
  } else {
    for (size_t i = 0; i < n; i++) {
      wyv v = wy_list_get(list_val(src), i);
      put(dst, base + i, v);
      wy_decref(v);
    }
  }
  dst->len = base + n;
}

/* ---------------------------------------------------------------- */
/* Residency: the hooks libwyrt_ocl installs (wyrt_impl.h)            */

const WyrtResHooks *wyrt_res_hooks;

/* Fill in the lazy range l (wy_list_range). */
static void
fill_range(WyList *l)
{
  int64_t *xs = l->data, a = xs[0];
  if (l->h.flags & WY_LIST_DOWN)
    for (size_t i = 1; i < l->len; i++) xs[i] = a - (int64_t)i;
  else
    for (size_t i = 1; i < l->len; i++) xs[i] = a + (int64_t)i;
  l->h.flags &= (uint16_t)~(WY_LIST_RANGE | WY_LIST_DOWN | WY_LIST_STALE);
}

void
wy_list_fetch(WyList *l)
{
  if (l->h.flags & WY_LIST_RANGE) fill_range(l);
  else if (l->h.flags & WY_LIST_STALE) wyrt_res_hooks->fetch(l);
}

void
wyrt_list_put_shared(WyList *l, size_t i, wyv v)
{
  if (!fits(store_of(l), v)) widen_to(l, wider(store_of(l), v));
  replace(l, i, v);
}

/* ---------------------------------------------------------------- */
/* Construction                                                       */

wyv
wy_list_new(WyListStore hint, size_t cap)
{
  return list_val(wyrt_new_list(hint, cap));
}

static WyListStore
pick_store(WyListStore hint, size_t n, const wyv *elems)
{
  bool ints = true, bools = true, reals = true;
  if (n == 0) return hint;
  for (size_t i = 0; i < n; i++) {
    ints = ints && wy_is_small(elems[i]);
    bools = bools && is_bool(elems[i]);
    reals = reals && wyrt_is_real(elems[i]);
  }
  if (ints) return WY_LS_INT;
  if (bools) return WY_LS_BOOL;
  if (reals && wy_real_mode) return mode_store(WY_LS_REAL);
  if (reals) {
    for (size_t i = 0; i < n; i++)
      if (!fits(WY_LS_REAL, elems[i]))
        return hint == WY_LS_REAL && !wy_real_mode ? WY_LS_MPQ : WY_LS_ANY;
    return WY_LS_REAL;
  }
  return WY_LS_ANY;
}

wyv
wy_list_of(WyListStore hint, size_t n, const wyv *elems)
{
  WyList *l = wyrt_new_list(pick_store(hint, n, elems), n);
  for (size_t i = 0; i < n; i++) put(l, i, elems[i]);
  l->len = n;
  return list_val(l);
}

/* Ranges of at least this many elements are filled lazily. */
enum { LAZY_RANGE = 4096 };

wyv
wy_list_range(wyv a, wyv b)
{
  int64_t x, y;
  WyList *l;
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y)) {
    int64_t step = x < y ? 1 : -1;
    size_t n = x < y ? (size_t)(y - x) : (size_t)(x - y);
    if (n >= LAZY_RANGE) {
      /* filled on first use: a kernel that writes every element (the
       * usual `xs = 0..n` before a loop that sets each xs[i]) leaves
       * the host pages untouched */
      l = wyrt_new_list_zero(WY_LS_INT, n);
      ((int64_t *)l->data)[0] = x;
      l->len = n;
      l->h.flags |= WY_LIST_RANGE | WY_LIST_STALE | (step < 0 ? WY_LIST_DOWN
                                                              : 0);
      return list_val(l);
    }
    l = wyrt_new_list(WY_LS_INT, n);
    for (size_t i = 0; i < n; i++, x += step) ints_of(l)[i] = x;
    l->len = n;
  } else {
    int dir = wy_int_cmp(a, b);
    wyv step = wy_small(dir < 0 ? 1 : -1), cur = a;
    wy_incref(cur);
    l = wyrt_new_list(WY_LS_ANY, 0);
    while (wy_int_cmp(cur, b) != 0) {
      wyrt_list_push_unique(l, cur);
      wy_set(&cur, wy_int_add(cur, step));
    }
    wy_decref(cur);
  }
  return list_val(l);
}

/* ---------------------------------------------------------------- */
/* Indexing and update                                                */

size_t
wyrt_index(wyv i, size_t len, const WyPos *pos)
{
  int64_t x;
  if (wyrt_small_or_char(i, &x)) {
    if (x < 0) wy_fail("index out of bounds (negative)", pos);
    if ((uint64_t)x >= len)
      wy_fail("index out of bounds (not less than length)", pos);
    return (size_t)x;
  }
  if (wy_int_cmp(i, wy_small(0)) < 0)
    wy_fail("index out of bounds (negative)", pos);
  wy_fail("index out of bounds (not less than length)", pos);
}

size_t
wyrt_bound(wyv b, size_t len, const WyPos *pos)
{
  int64_t x;
  if (wyrt_small_or_char(b, &x)) {
    if (x < 0) wy_fail("index out of bounds (negative)", pos);
    if ((uint64_t)x > len)
      wy_fail("index out of bounds (not less than length)", pos);
    return (size_t)x;
  }
  if (wy_int_cmp(b, wy_small(0)) < 0)
    wy_fail("index out of bounds (negative)", pos);
  wy_fail("index out of bounds (not less than length)", pos);
}

wyv
wy_list_index(wyv l, wyv i, const WyPos *pos)
{
  WyList *x = wy_list(l);
  size_t k = wyrt_index(i, x->len, pos);
  if (store_of(x) == WY_LS_INT) return wy_small(ints_of(x)[k]);
  if (store_of(x) == WY_LS_REAL) return reals_of(x)[k];
  return wy_list_get(l, k);
}

void
wy_list_set(wyv *l, wyv i, wyv v, const WyPos *pos)
{
  size_t k = wyrt_index(i, wy_list(*l)->len, pos);
  bool self = v == *l;          /* xs[i] = xs: keep the old xs alive */
  WyList *x;
  if (self) wy_incref(v);
  x = make_unique(l, self, 0);
  wyrt_list_written(x, k, k + 1);
  if (!fits(store_of(x), v)) widen_to(x, wider(store_of(x), v));
  replace(x, k, v);
  if (self) wy_decref(v);
}

void
wy_list_put_d_slow(wyv *l, wyv i, double d, const WyPos *pos)
{
  wyv v = wy_f_make(d, NULL);    /* finite: no failure */
  wy_list_set(l, i, v, pos);
  wy_decref(v);
}

void
wy_list_put2_d_slow(wyv *l, wyv i, wyv j, double d, const WyPos *pos)
{
  wyv v = wy_f_make(d, NULL);
  wy_list_set(wy_list_slot(l, i, pos), j, v, pos);
  wy_decref(v);
}

wyv *
wy_list_slot(wyv *l, wyv i, const WyPos *pos)
{
  size_t k = wyrt_index(i, wy_list(*l)->len, pos);
  WyList *x = make_unique(l, false, 0);
  wyrt_list_written(x, k, k + 1);
  /* still stale: a device copy of rows, whose row k alone the write
   * brought here (ocl_resident.c); the others are not read */
  if ((x->h.flags & WY_LIST_STALE) && x->h.sub == WY_LS_ANY)
    return &((wyv *)x->data)[k];
  widen(x);
  return &any_at(x)[k];
}

/* ---------------------------------------------------------------- */
/* Storage arrays for loops (c_backend/cgen_rows.c)                    */

void *
wy_list_mut_slow(wyv *l, WyListStore store)
{
  WyList *x;
  if (!wyrt_is_list(*l)) return NULL;
  wy_list_host(wy_list(*l));
  x = make_unique(l, false, 0);
  if (store_of(x) != store || !x->len) return NULL;
  wyrt_list_written(x, 0, x->len);     /* a device copy is older now */
  return x->h.flags ? NULL : x->data;
}

void *
wy_list_row_mut_slow(wyv *l, wyv i, WyListStore store)
{
  WyList *x;
  size_t k;
  if (!wy_list_row_flat(*l, i, store)) return NULL;   /* x[i] is one */
  k = (size_t)wy_small_val(i);
  x = make_unique(l, false, 0);
  wyrt_list_written(x, k, k + 1);
  if (x->h.flags) return NULL;
  return wy_list_mut(&any_at(x)[k], store);
}

const void *
wy_list_row_flat_slow(wyv x, wyv i, WyListStore store)
{
  WyList *l;
  wyv r;
  if (!wyrt_is_list(x) || !wy_is_small(i) || wy_small_val(i) < 0)
    return NULL;
  l = wy_list(x);
  wy_list_host(l);
  if (l->h.sub != WY_LS_ANY || (uint64_t)wy_small_val(i) >= l->len)
    return NULL;
  r = ((const wyv *)l->data)[wy_small_val(i)];
  if (!wyrt_is_list(r)) return NULL;
  return wy_list(r)->len ? wy_list_flat(r, store) : NULL;
}

uint64_t
wy_list_grid(wyv x, wyv lo, wyv hi, WyListStore store, wyv *buf)
{
  WyList *l, *b;
  uint64_t least = UINT64_MAX;
  size_t a, n;
  if (!wyrt_is_list(x) || !wy_is_small(lo) || !wy_is_small(hi)
      || wy_small_val(lo) < 0 || wy_small_val(lo) >= wy_small_val(hi))
    return 0;
  l = wy_list(x);
  wy_list_host(l);
  a = (size_t)wy_small_val(lo);
  n = (size_t)wy_small_val(hi) - a;
  if (l->h.sub != WY_LS_ANY || (uint64_t)wy_small_val(hi) > l->len) return 0;
  /* the buffer: a list object that is no language value, held by the
   * caller's frame as its registers are; its data the row pointers */
  if (!wyrt_is_list(*buf) || wy_list(*buf)->h.rc != 1
      || wy_list(*buf)->cap < n)
    wy_set(buf, list_val(wyrt_new_list(WY_LS_INT, n)));
  b = wy_list(*buf);
  for (size_t i = 0; i < n; i++) {
    wyv r = ((const wyv *)l->data)[a + i];
    WyList *row;
    if (!wyrt_is_list(r)) return 0;
    row = wy_list(r);
    wy_list_host(row);
    if (row->h.sub != store || row->h.flags) return 0;
    if (row->len < least) least = row->len;
    if (store == WY_LS_F32) ((const float **)b->data)[i] = row->data;
    else ((const double **)b->data)[i] = row->data;
  }
  return least;
}

/* ---------------------------------------------------------------- */
/* Append and push                                                    */

wyv
wy_list_append(wyv a, wyv b)
{
  WyList *x = wy_list(a), *y = wy_list(b), *r;
  WyListStore s;
  if (x->len == 0) s = store_of(y);
  else if (y->len == 0 || store_of(x) == store_of(y)) s = store_of(x);
  else s = join(store_of(x), store_of(y));
  r = wyrt_new_list(s, x->len + y->len);
  append_elems(r, x, x->len);
  append_elems(r, y, y->len);
  return list_val(r);
}

void
wy_list_append_inplace(wyv *l, wyv b)
{
  WyList *x = wy_list(*l), *y = wy_list(b);
  size_t n = y->len;
  if (n == 0) return;
  if (x->h.rc > 1) {
    wy_set(l, wy_list_append(*l, b));
    return;
  }
  wyrt_list_written(x, 0, SIZE_MAX);
  if (x->len == 0) restore(x, store_of(y));
  else if (!all_fit(store_of(x), y))
    widen_to(x, join(store_of(x), store_of(y)));
  reserve(x, x->len + n);
  append_elems(x, y, n);
}

void
wyrt_list_push_unique(WyList *l, wyv e)
{
  wyrt_list_written(l, 0, SIZE_MAX);
  if (l->len == 0) restore(l, natural_store(store_of(l), e));
  else if (!fits(store_of(l), e)) widen_to(l, wider(store_of(l), e));
  if (l->len == l->cap) reserve(l, l->len + 1);
  put(l, l->len, e);
  l->len++;
}

void
wy_list_push(wyv *l, wyv e)
{
  WyList *x = wy_list(*l);
  bool self = e == *l;          /* xs + [xs]: keep the old xs alive */
  if (self) wy_incref(e);
  if (x->h.rc > 1 || self) x = make_unique(l, true, x->len / 2 + 4);
  wyrt_list_push_unique(x, e);
  if (self) wy_decref(e);
}

/* ---------------------------------------------------------------- */
/* Sublists and membership                                            */

wyv
wy_list_sub(wyv l, wyv a, wyv b, const WyPos *pos)
{
  WyList *x = wy_list(l), *r;
  size_t lo = wyrt_bound(a, x->len, pos), hi = wyrt_bound(b, x->len, pos);
  if (lo <= hi) {
    r = wyrt_new_list(store_of(x), hi - lo);
    for (size_t i = lo; i < hi; i++) copy_elem(r, i - lo, x, i);
    r->len = hi - lo;
  } else {                     /* a > b: elements b..a-1, reversed */
    r = wyrt_new_list(store_of(x), lo - hi);
    for (size_t i = 0; i < lo - hi; i++) copy_elem(r, i, x, lo - 1 - i);
    r->len = lo - hi;
  }
  return list_val(r);
}

bool
wy_list_contains(wyv l, wyv e)
{
  WyList *x = wy_list(l);
  switch (store_of(x)) {
  case WY_LS_INT:
    if (!wy_is_small(e)) return false;
    for (size_t i = 0; i < x->len; i++)
      if (ints_of(x)[i] == wy_small_val(e)) return true;
    return false;
  case WY_LS_BOOL:
    if (!is_bool(e)) return false;
    for (size_t i = 0; i < x->len; i++)
      if (bools_of(x)[i] == (e == WY_TRUE)) return true;
    return false;
  case WY_LS_REAL: {
    if (!fits(WY_LS_REAL, e)) return false;   /* canonical: no immediate */
    for (size_t i = 0; i < x->len; i++)
      if (reals_of(x)[i] == e) return true;
    return false;
  }
  case WY_LS_F64: {
    const double *ds = f64_of(x);
    double d;
    if (!wyrt_is_real(e)) return false;
    d = wy_f_val(e);
    for (size_t i = 0; i < x->len; i++)
      if (ds[i] == d) return true;
    return false;
  }
  case WY_LS_F32: {
    const float *fs = f32_of(x);
    double d;
    if (!wyrt_is_real(e)) return false;
    d = wy_f_val(e);
    for (size_t i = 0; i < x->len; i++)
      if (fs[i] == d) return true;
    return false;
  }
  case WY_LS_MPQ: {
    WyRealTmp t;
    mpq_srcptr q;
    if (!wyrt_is_real(e)) return false;
    q = wyrt_real_mpq(e, &t);
    for (size_t i = 0; i < x->len; i++)
      if (mpq_equal(real_at(x, i), q)) return true;
    return false;
  }
  case WY_LS_ANY:
    for (size_t i = 0; i < x->len; i++)
      if (wy_equals(any_at(x)[i], e)) return true;
    return false;
  }
  return false;
}

/* ---------------------------------------------------------------- */
/* Generic collection operations                                      */

wyv
wy_length(wyv v)
{
  switch (wy_kind(v)) {
  case WY_K_LIST: return wy_small((int64_t)wy_list(v)->len);
  case WY_K_STRING: return wy_small((int64_t)wy_string(v)->len);
  case WY_K_SET: return wy_small((int64_t)wy_setobj(v)->len);
  case WY_K_MAP: return wy_small((int64_t)wy_mapobj(v)->len);
  default: wyrt_internal("length of a value that has none");
  }
}

bool
wy_contains(wyv c, wyv e)
{
  switch (wy_kind(c)) {
  case WY_K_LIST: return wy_list_contains(c, e);
  case WY_K_SET: return wy_set_contains(c, e);
  default: wyrt_internal("membership in a value that is no collection");
  }
}

wyv
wy_index(wyv c, wyv i, const WyPos *pos)
{
  switch (wy_kind(c)) {
  case WY_K_LIST: return wy_list_index(c, i, pos);
  case WY_K_STRING: return wy_str_index(c, i, pos);
  case WY_K_MAP: return wy_map_get(c, i);
  default: wyrt_internal("indexing a value that is no list, string or map");
  }
}
