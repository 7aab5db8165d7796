/* setmap.c -- sets and maps as sorted arrays (§5.9, §5.11, §6.3).
 *
 * Elements (sets) and keys (maps) are kept sorted by wy_compare with no
 * duplicates, so membership is a binary search, set algebra is a merge,
 * equality is element-wise and printing and iteration walk the §6.3
 * order.  Mutators copy a shared set or map first (copy-on-write).
 * Set operations accept a list operand and treat it as the set of its
 * elements (§5.9), although the back end normally converts it first.
 */
#include <stdlib.h>

#include "wyrt_impl.h"

static inline wyv
set_val(WySet *s)
{
  return (wyv)(uintptr_t)s;
}

static inline wyv
map_val(WyMap *m)
{
  return (wyv)(uintptr_t)m;
}

static WySet *
new_set(size_t cap)
{
  WySet *s = (WySet *)wyrt_new_obj(WY_K_SET, sizeof(WySet));
  s->len = 0;
  s->cap = cap;
  s->data = cap ? wyrt_alloc(cap * sizeof(wyv)) : NULL;
  return s;
}

static int
compare_values(const void *a, const void *b)
{
  return wy_compare(*(const wyv *)a, *(const wyv *)b);
}

/* The position of the first element >= e in a[0..n); *found when it
 * equals e. */
static size_t
search(const wyv *a, size_t n, wyv e, bool *found)
{
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = wy_compare(a[mid], e);
    if (c == 0) {
      *found = true;
      return mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  *found = false;
  return lo;
}

/* Sort s->data and drop duplicates. */
static void
sort_dedupe(WySet *s)
{
  size_t n = 0;
  if (s->len < 2) return;
  qsort(s->data, s->len, sizeof(wyv), compare_values);
  for (size_t i = 0; i < s->len; i++) {
    if (n > 0 && wy_compare(s->data[n - 1], s->data[i]) == 0)
      wy_decref(s->data[i]);
    else
      s->data[n++] = s->data[i];
  }
  s->len = n;
}

wyv
wyrt_set_take(size_t n, wyv *elems)
{
  WySet *s = new_set(n);
  if (n) memcpy(s->data, elems, n * sizeof(wyv));
  s->len = n;
  sort_dedupe(s);
  return set_val(s);
}

wyv
wy_set_of(size_t n, const wyv *elems)
{
  WySet *s = new_set(n);
  for (size_t i = 0; i < n; i++) {
    s->data[i] = elems[i];
    wy_incref(elems[i]);
  }
  s->len = n;
  sort_dedupe(s);
  return set_val(s);
}

/* A set view of a set or list operand: a new reference. */
static WySet *
as_set(wyv v)
{
  if (wyrt_is_list(v)) {
    WySet *s = new_set(wy_list_len(v));
    for (size_t i = 0; i < wy_list_len(v); i++)
      s->data[i] = wy_list_get(v, i);
    s->len = wy_list_len(v);
    sort_dedupe(s);
    return s;
  }
  if (!wyrt_is_set(v)) wyrt_internal("set expected");
  wy_incref(v);
  return wy_setobj(v);
}

static inline void
push_copy(WySet *r, wyv v)
{
  wy_incref(v);
  r->data[r->len++] = v;
}

/* The merge behind union, intersection and difference: keep elements
 * only in a (ka), only in b (kb), in both (kab). */
static wyv
merge(wyv av, wyv bv, bool ka, bool kb, bool kab)
{
  WySet *a = as_set(av), *b = as_set(bv);
  WySet *r = new_set(a->len + b->len);
  size_t i = 0, j = 0;
  while (i < a->len && j < b->len) {
    int c = wy_compare(a->data[i], b->data[j]);
    if (c < 0) {
      if (ka) push_copy(r, a->data[i]);
      i++;
    } else if (c > 0) {
      if (kb) push_copy(r, b->data[j]);
      j++;
    } else {
      if (kab) push_copy(r, a->data[i]);
      i++, j++;
    }
  }
  for (; ka && i < a->len; i++) push_copy(r, a->data[i]);
  for (; kb && j < b->len; j++) push_copy(r, b->data[j]);
  wy_decref(set_val(a));
  wy_decref(set_val(b));
  return set_val(r);
}

wyv
wy_set_union(wyv a, wyv b)
{
  return merge(a, b, true, true, true);
}

wyv
wy_set_intersect(wyv a, wyv b)
{
  return merge(a, b, false, false, true);
}

wyv
wy_set_diff(wyv a, wyv b)
{
  return merge(a, b, true, false, false);
}

wyv
wy_set_add(wyv sv, wyv e)
{
  WySet *s = as_set(sv), *r;
  bool found;
  size_t k = search(s->data, s->len, e, &found);
  if (found) return set_val(s);
  r = new_set(s->len + 1);
  for (size_t i = 0; i < k; i++) push_copy(r, s->data[i]);
  push_copy(r, e);
  for (size_t i = k; i < s->len; i++) push_copy(r, s->data[i]);
  wy_decref(set_val(s));
  return set_val(r);
}

void
wy_set_add_inplace(wyv *sv, wyv e)
{
  WySet *s = wyrt_is_set(*sv) ? wy_setobj(*sv) : NULL;
  bool found;
  size_t k;
  if (!s || s->h.rc > 1 || e == *sv) {
    wy_set(sv, wy_set_add(*sv, e));
    return;
  }
  if (s->len == 0 || wy_compare(s->data[s->len - 1], e) < 0) {
    k = s->len;               /* the common case: ascending inserts */
  } else {
    k = search(s->data, s->len, e, &found);
    if (found) return;
  }
  if (s->len == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 4;
    s->data = wyrt_realloc(s->data, s->cap * sizeof(wyv));
  }
  memmove(s->data + k + 1, s->data + k, (s->len - k) * sizeof(wyv));
  wy_incref(e);
  s->data[k] = e;
  s->len++;
}

bool
wy_set_contains(wyv s, wyv e)
{
  bool found;
  if (wyrt_is_list(s)) return wy_list_contains(s, e);
  search(wy_setobj(s)->data, wy_setobj(s)->len, e, &found);
  return found;
}

bool
wy_set_subset(wyv av, wyv bv)
{
  WySet *a = as_set(av), *b = as_set(bv);
  size_t j = 0;
  bool ok = a->len <= b->len;
  for (size_t i = 0; ok && i < a->len; i++) {
    int c = 1;
    while (j < b->len && (c = wy_compare(b->data[j], a->data[i])) < 0) j++;
    ok = j < b->len && c == 0;
  }
  wy_decref(set_val(a));
  wy_decref(set_val(b));
  return ok;
}

bool
wy_set_subset_strict(wyv a, wyv b)
{
  WySet *x = as_set(a), *y = as_set(b);
  bool r = y->len > x->len && wy_set_subset(set_val(x), set_val(y));
  wy_decref(set_val(x));
  wy_decref(set_val(y));
  return r;
}

size_t
wy_set_len(wyv s)
{
  return wy_setobj(s)->len;
}

wyv
wy_set_get(wyv s, size_t i)
{
  wyv v = wy_setobj(s)->data[i];
  wy_incref(v);
  return v;
}

/* ---------------------------------------------------------------- */
/* Maps                                                               */

static WyMap *
new_map(size_t cap)
{
  WyMap *m = (WyMap *)wyrt_new_obj(WY_K_MAP, sizeof(WyMap));
  m->len = 0;
  m->cap = cap;
  m->keys = cap ? wyrt_alloc(cap * sizeof(wyv)) : NULL;
  m->vals = cap ? wyrt_alloc(cap * sizeof(wyv)) : NULL;
  return m;
}

typedef struct Entry {
  wyv key, val;
  size_t order;     /* position in the literal: the last one wins */
} Entry;

static int
compare_entries(const void *a, const void *b)
{
  const Entry *x = a, *y = b;
  int c = wy_compare(x->key, y->key);
  if (c) return c;
  return (x->order > y->order) - (x->order < y->order);
}

wyv
wy_map_of(size_t n, const wyv *keys, const wyv *vals)
{
  Entry *es = wyrt_alloc((n ? n : 1) * sizeof *es);
  WyMap *m = new_map(n);
  for (size_t i = 0; i < n; i++) es[i] = (Entry){keys[i], vals[i], i};
  qsort(es, n, sizeof *es, compare_entries);
  for (size_t i = 0; i < n; i++) {
    if (i + 1 < n && wy_compare(es[i].key, es[i + 1].key) == 0) continue;
    m->keys[m->len] = es[i].key;
    m->vals[m->len] = es[i].val;
    wy_incref(es[i].key);
    wy_incref(es[i].val);
    m->len++;
  }
  wyrt_free(es);
  return map_val(m);
}

wyv
wy_map_get(wyv mv, wyv k)
{
  WyMap *m = wy_mapobj(mv);
  bool found;
  size_t i = search(m->keys, m->len, k, &found);
  if (!found) return WY_NULL;
  wy_incref(m->vals[i]);
  return m->vals[i];
}

/* Make *mv unique, copying when shared or when `self`. */
static WyMap *
unique_map(wyv *mv, bool self)
{
  WyMap *m = wy_mapobj(*mv), *c;
  if (m->h.rc == 1 && !self) return m;
  c = new_map(m->len + 1);
  for (size_t i = 0; i < m->len; i++) {
    c->keys[i] = m->keys[i];
    c->vals[i] = m->vals[i];
    wy_incref(c->keys[i]);
    wy_incref(c->vals[i]);
  }
  c->len = m->len;
  wy_set(mv, map_val(c));
  return c;
}

/* The slot of key k in the unique map m, inserted (null) if absent. */
static wyv *
find_or_insert(WyMap *m, wyv k)
{
  bool found;
  size_t i = search(m->keys, m->len, k, &found);
  if (found) return &m->vals[i];
  if (m->len == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 4;
    m->keys = wyrt_realloc(m->keys, m->cap * sizeof(wyv));
    m->vals = wyrt_realloc(m->vals, m->cap * sizeof(wyv));
  }
  memmove(m->keys + i + 1, m->keys + i, (m->len - i) * sizeof(wyv));
  memmove(m->vals + i + 1, m->vals + i, (m->len - i) * sizeof(wyv));
  wy_incref(k);
  m->keys[i] = k;
  m->vals[i] = WY_NULL;
  m->len++;
  return &m->vals[i];
}

void
wy_map_put(wyv *mv, wyv k, wyv v)
{
  WyMap *m;
  wyv *slot;
  if (wyrt_is_set(*mv) && wy_set_len(*mv) == 0)   /* {} is also a map */
    wy_set(mv, map_val(new_map(0)));
  wy_incref(k);                 /* k or v may be *mv itself */
  wy_incref(v);
  m = unique_map(mv, k == *mv || v == *mv);
  slot = find_or_insert(m, k);
  wy_set(slot, v);
  wy_decref(k);
}

wyv *
wy_map_slot(wyv *mv, wyv k)
{
  if (wyrt_is_set(*mv) && wy_set_len(*mv) == 0)
    wy_set(mv, map_val(new_map(0)));
  wyv *slot;
  wy_incref(k);
  slot = find_or_insert(unique_map(mv, k == *mv), k);
  wy_decref(k);
  return slot;
}

size_t
wy_map_len(wyv m)
{
  return wy_mapobj(m)->len;
}

wyv
wy_map_key(wyv m, size_t i)
{
  wyv k = wy_mapobj(m)->keys[i];
  wy_incref(k);
  return k;
}

wyv
wy_map_val(wyv m, size_t i)
{
  wyv v = wy_mapobj(m)->vals[i];
  wy_incref(v);
  return v;
}
