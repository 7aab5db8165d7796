/* compare.c -- structural equality and the total order of §6.3.
 *
 * wy_equals never converts: int 1 and real 1.0 differ (§5.4 for any-
 * typed operands).  wy_compare ranks kinds as §6.3 recommends (null <
 * bool < byte < char < int < real < string < set < list < tuple <
 * record < map < ref < function) and within a kind follows Java's
 * Util.compare: lists, tuples and sets shorter first, then element by
 * element; records by sorted field names, then the Java toString text
 * of the values.  Ties that Java leaves open are broken structurally,
 * so wy_compare(a, b) == 0 exactly when wy_equals(a, b): sets and maps
 * rely on that to find their members.
 */
#include <stdlib.h>

#include "wyrt_impl.h"

static inline int
sign3(long c)
{
  return (c > 0) - (c < 0);
}

/* ---------------------------------------------------------------- */
/* Equality                                                           */

static bool
list_equals(WyList *x, WyList *y)
{
  wyv a = (wyv)(uintptr_t)x, b = (wyv)(uintptr_t)y;
  if (x->len != y->len) return false;
  wy_list_host(x);
  wy_list_host(y);
  if (x->h.sub == y->h.sub) {
    switch ((WyListStore)x->h.sub) {
    case WY_LS_INT:
      return x->len == 0 || memcmp(x->data, y->data, x->len * 8) == 0;
    case WY_LS_BOOL:
      return x->len == 0 || memcmp(x->data, y->data, x->len) == 0;
    case WY_LS_REAL:    /* canonical immediates */
      return x->len == 0
             || memcmp(x->data, y->data, x->len * sizeof(wyv)) == 0;
    case WY_LS_MPQ:
      for (size_t i = 0; i < x->len; i++)
        if (!mpq_equal(((mpq_t *)x->data)[i], ((mpq_t *)y->data)[i]))
          return false;
      return true;
    case WY_LS_F64:     /* numbers: -0.0 == 0.0 */
      for (size_t i = 0; i < x->len; i++)
        if (((double *)x->data)[i] != ((double *)y->data)[i]) return false;
      return true;
    case WY_LS_F32:
      for (size_t i = 0; i < x->len; i++)
        if (((float *)x->data)[i] != ((float *)y->data)[i]) return false;
      return true;
    case WY_LS_ANY:
      for (size_t i = 0; i < x->len; i++)
        if (!wy_equals(((wyv *)x->data)[i], ((wyv *)y->data)[i]))
          return false;
      return true;
    }
  }
  for (size_t i = 0; i < x->len; i++) {
    wyv p = wy_list_get(a, i), q = wy_list_get(b, i);
    bool eq = wy_equals(p, q);
    wy_decref(p);
    wy_decref(q);
    if (!eq) return false;
  }
  return true;
}

static bool
all_equal(const wyv *a, const wyv *b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!wy_equals(a[i], b[i])) return false;
  return true;
}

static bool
same_shape(const WyShape *s, const WyShape *t)
{
  if (s == t) return true;
  if (s->n != t->n) return false;
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->names[i], t->names[i]) != 0) return false;
  return true;
}

bool
wy_equals(wyv a, wyv b)
{
  WyKind k;
  if (a == b) return true;
  if (!wy_is_obj(a) || !wy_is_obj(b)) return false;
  k = (WyKind)wy_obj(a)->kind;
  if (k != wy_obj(b)->kind) return false;
  switch (k) {
  case WY_K_INT:
    return mpz_cmp(wy_bigint(a)->z, wy_bigint(b)->z) == 0;
  case WY_K_REAL:       /* one canonical form per value */
    if (wy_obj(a)->sub != wy_obj(b)->sub) return false;
    if (wy_obj(a)->sub == WY_REAL_IEEE) return wy_real(a)->d == wy_real(b)->d;
    if (wy_obj(a)->sub == WY_REAL_SMALL)
      return wy_real(a)->s.num == wy_real(b)->s.num
             && wy_real(a)->s.den == wy_real(b)->s.den;
    return mpq_equal(wy_real(a)->q, wy_real(b)->q);
  case WY_K_STRING: {
    WyString *x = wy_string(a), *y = wy_string(b);
    return x->len == y->len
           && memcmp(x->data, y->data, x->len * sizeof(uint16_t)) == 0;
  }
  case WY_K_LIST:
    return list_equals(wy_list(a), wy_list(b));
  case WY_K_SET: {
    WySet *x = wy_setobj(a), *y = wy_setobj(b);
    return x->len == y->len && all_equal(x->data, y->data, x->len);
  }
  case WY_K_MAP: {
    WyMap *x = wy_mapobj(a), *y = wy_mapobj(b);
    return x->len == y->len && all_equal(x->keys, y->keys, x->len)
           && all_equal(x->vals, y->vals, x->len);
  }
  case WY_K_TUPLE: {
    WyTuple *x = wy_tupleobj(a), *y = wy_tupleobj(b);
    return x->n == y->n && all_equal(x->elems, y->elems, x->n);
  }
  case WY_K_RECORD: {
    WyRecord *x = wy_recordobj(a), *y = wy_recordobj(b);
    return same_shape(x->shape, y->shape)
           && all_equal(x->vals, y->vals, x->shape->n);
  }
  case WY_K_FUNC: {
    WyFunc *x = wy_funcobj(a), *y = wy_funcobj(b);
    return x->entry == y->entry && x->nbound == y->nbound
           && all_equal(x->bound, y->bound, x->nbound);
  }
  default:      /* references: identity, already compared */
    return false;
  }
}

/* ---------------------------------------------------------------- */
/* Ordering                                                           */

static const int kind_rank[] = {
  [WY_K_UNDEF] = 0, [WY_K_NULL] = 1, [WY_K_BOOL] = 2, [WY_K_BYTE] = 3,
  [WY_K_CHAR] = 4, [WY_K_INT] = 5, [WY_K_REAL] = 6, [WY_K_STRING] = 7,
  [WY_K_SET] = 8, [WY_K_LIST] = 9, [WY_K_TUPLE] = 10, [WY_K_RECORD] = 11,
  [WY_K_MAP] = 12, [WY_K_REF] = 13, [WY_K_FUNC] = 14,
};

static int
compare_seq(const wyv *a, const wyv *b, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    int c = wy_compare(a[i], b[i]);
    if (c) return c;
  }
  return 0;
}

static int
list_compare(WyList *x, WyList *y)
{
  wyv a = (wyv)(uintptr_t)x, b = (wyv)(uintptr_t)y;
  if (x->len != y->len) return x->len < y->len ? -1 : 1;
  wy_list_host(x);
  wy_list_host(y);
  if (x->h.sub == WY_LS_INT && y->h.sub == WY_LS_INT) {
    const int64_t *p = x->data, *q = y->data;
    for (size_t i = 0; i < x->len; i++)
      if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
    return 0;
  }
  if (x->h.sub == WY_LS_ANY && y->h.sub == WY_LS_ANY)
    return compare_seq(x->data, y->data, x->len);
  if (x->h.sub == WY_LS_F64 && y->h.sub == WY_LS_F64) {
    const double *p = x->data, *q = y->data;
    for (size_t i = 0; i < x->len; i++)
      if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
    return 0;
  }
  for (size_t i = 0; i < x->len; i++) {
    wyv p = wy_list_get(a, i), q = wy_list_get(b, i);
    int c = wy_compare(p, q);
    wy_decref(p);
    wy_decref(q);
    if (c) return c;
  }
  return 0;
}

static int
string_compare(WyString *x, WyString *y)
{
  size_t n = x->len < y->len ? x->len : y->len;
  for (size_t i = 0; i < n; i++)
    if (x->data[i] != y->data[i]) return x->data[i] < y->data[i] ? -1 : 1;
  return sign3((long)x->len - (long)y->len);
}

/* Java compares the toString texts of two field values. */
static int
text_compare(wyv a, wyv b)
{
  WyBuf x = {0}, y = {0};
  size_t n;
  int c;
  if (a & b & 1u) {     /* small ints: the common case, no formatting */
    if (a == b) return 0;
  }
  wyrt_format(&x, a, true);
  wyrt_format(&y, b, true);
  n = x.len < y.len ? x.len : y.len;
  c = n ? memcmp(x.p, y.p, n) : 0;
  if (c == 0) c = sign3((long)x.len - (long)y.len);
  free(x.p);
  free(y.p);
  return sign3(c);
}

static int
record_compare(WyRecord *x, WyRecord *y)
{
  size_t n = x->shape->n < y->shape->n ? x->shape->n : y->shape->n;
  for (size_t i = 0; i < n; i++) {
    int c = strcmp(x->shape->names[i], y->shape->names[i]);
    if (c) return sign3(c);
    c = text_compare(x->vals[i], y->vals[i]);
    if (c) return c;
  }
  if (x->shape->n != y->shape->n) return x->shape->n < y->shape->n ? -1 : 1;
  return compare_seq(x->vals, y->vals, n);
}

static int
address_compare(const void *p, const void *q)
{
  return (uintptr_t)p < (uintptr_t)q ? -1 : (uintptr_t)p > (uintptr_t)q;
}

static int
func_compare(WyFunc *x, WyFunc *y)
{
  int c;
  if (x->entry != y->entry) {
    c = strcmp(x->name ? x->name : "", y->name ? y->name : "");
    if (c) return sign3(c);
    return address_compare((const void *)(uintptr_t)x->entry,
                           (const void *)(uintptr_t)y->entry);
  }
  if (x->nbound != y->nbound) return x->nbound < y->nbound ? -1 : 1;
  return compare_seq(x->bound, y->bound, x->nbound);
}

/* Same kind, both heap objects. */
static int
object_compare(WyKind k, wyv a, wyv b)
{
  switch (k) {
  case WY_K_INT:
    return sign3(mpz_cmp(wy_bigint(a)->z, wy_bigint(b)->z));
  case WY_K_REAL:
    return wyrt_real_cmp(a, b);
  case WY_K_STRING:
    return string_compare(wy_string(a), wy_string(b));
  case WY_K_SET: {
    WySet *x = wy_setobj(a), *y = wy_setobj(b);
    if (x->len != y->len) return x->len < y->len ? -1 : 1;
    return compare_seq(x->data, y->data, x->len);
  }
  case WY_K_LIST:
    return list_compare(wy_list(a), wy_list(b));
  case WY_K_TUPLE: {
    WyTuple *x = wy_tupleobj(a), *y = wy_tupleobj(b);
    if (x->n != y->n) return x->n < y->n ? -1 : 1;
    return compare_seq(x->elems, y->elems, x->n);
  }
  case WY_K_RECORD:
    return record_compare(wy_recordobj(a), wy_recordobj(b));
  case WY_K_MAP: {
    WyMap *x = wy_mapobj(a), *y = wy_mapobj(b);
    int c;
    if (x->len != y->len) return x->len < y->len ? -1 : 1;
    if ((c = compare_seq(x->keys, y->keys, x->len))) return c;
    return compare_seq(x->vals, y->vals, x->len);
  }
  case WY_K_FUNC:
    return func_compare(wy_funcobj(a), wy_funcobj(b));
  default:
    return address_compare(wy_obj(a), wy_obj(b));
  }
}

int
wy_compare(wyv a, wyv b)
{
  WyKind ka, kb;
  if (a & b & 1u) return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
  if (a == b) return 0;
  ka = wy_kind(a);
  kb = wy_kind(b);
  if (ka != kb) return kind_rank[ka] < kind_rank[kb] ? -1 : 1;
  switch (ka) {
  case WY_K_INT:
    return wy_int_cmp(a, b);
  case WY_K_BOOL:
  case WY_K_BYTE:
  case WY_K_CHAR: {
    uint32_t x = wy_imm_payload(a), y = wy_imm_payload(b);
    return (x > y) - (x < y);
  }
  case WY_K_UNDEF:
  case WY_K_NULL:
    return 0;
  default:
    return object_compare(ka, a, b);
  }
}
