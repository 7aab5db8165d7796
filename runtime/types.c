/* types.c -- runtime type tests (`is`, §5.14) and coercions (§4.4).
 *
 * Type descriptors are static graphs emitted by the back end and may be
 * cyclic (recursive types).  Both walks are driven by the value, which
 * is finite: a structural type (list, record, ...) consumes one level of
 * the value, so recursion through it terminates.  The only cycles that
 * consume nothing go through unions, intersections, negations and
 * nominal types; a chain of the types visited at the current value
 * level detects them (such a type has no values: the test fails).  The
 * one way a value can be cyclic is through references, which are
 * checked coinductively: a (ref, type) pair already being checked is
 * assumed to match.
 */
#include "wyrt_impl.h"

/* Types visited at the current value level, innermost first. */
typedef struct Chain {
  const WyType *t;
  const struct Chain *up;
} Chain;

/* References being checked, innermost first. */
typedef struct RefVisit {
  const WyObj *ref;
  const WyType *t;
  const struct RefVisit *up;
} RefVisit;

static bool
on_chain(const Chain *c, const WyType *t)
{
  for (; c; c = c->up)
    if (c->t == t) return true;
  return false;
}

static bool is_val(wyv v, const WyType *t, const Chain *chain,
                   const RefVisit *refs);

/* Does element type t accept every value of kind `k` as it is? */
static bool
accepts_all(const WyType *t, WyTypeKind k)
{
  if (t->kind == WY_T_ANY || t->kind == k) return true;
  if (t->kind == WY_T_UNION)
    for (size_t i = 0; i < t->n; i++)
      if (t->elems[i]->kind == WY_T_ANY || t->elems[i]->kind == k)
        return true;
  return false;
}

static bool
all_are(const wyv *vs, size_t n, const WyType *t, const RefVisit *refs)
{
  for (size_t i = 0; i < n; i++)
    if (!is_val(vs[i], t, NULL, refs)) return false;
  return true;
}

static bool
list_is(WyList *l, const WyType *e, const RefVisit *refs)
{
  if (e->kind == WY_T_ANY || l->len == 0) return true;
  if (e->kind == WY_T_VOID) return false;
  wy_list_host(l);
  switch ((WyListStore)l->h.sub) {
  case WY_LS_INT:
    if (accepts_all(e, WY_T_INT)) return true;
    for (size_t i = 0; i < l->len; i++)
      if (!is_val(wy_small(((int64_t *)l->data)[i]), e, NULL, refs))
        return false;
    return true;
  case WY_LS_BOOL:
    if (accepts_all(e, WY_T_BOOL)) return true;
    break;
  case WY_LS_REAL:
  case WY_LS_MPQ:
  case WY_LS_F64:
  case WY_LS_F32:
    if (accepts_all(e, WY_T_REAL)) return true;
    break;
  case WY_LS_ANY:
    return all_are(l->data, l->len, e, refs);
  }
  for (size_t i = 0; i < l->len; i++) {
    wyv x = wy_list_get((wyv)(uintptr_t)l, i);
    bool ok = is_val(x, e, NULL, refs);
    wy_decref(x);
    if (!ok) return false;
  }
  return true;
}

static bool
record_is(WyRecord *r, const WyType *t, const RefVisit *refs)
{
  const WyShape *s = r->shape;
  size_t j = 0;
  if (!t->open && s->n != t->n) return false;
  for (size_t i = 0; i < t->n; i++) {     /* both name lists sorted */
    while (j < s->n && strcmp(s->names[j], t->names[i]) < 0) {
      if (!t->open) return false;
      j++;
    }
    if (j == s->n || strcmp(s->names[j], t->names[i]) != 0) return false;
    if (!is_val(r->vals[j], t->elems[i], NULL, refs)) return false;
    j++;
  }
  return true;
}

static bool
tuple_is(WyTuple *x, const WyType *t, const RefVisit *refs)
{
  if (x->n != t->n) return false;
  for (size_t i = 0; i < t->n; i++)
    if (!is_val(x->elems[i], t->elems[i], NULL, refs)) return false;
  return true;
}

static bool
ref_is(wyv v, const WyType *t, const RefVisit *refs)
{
  RefVisit here = {wy_obj(v), t, refs};
  for (const RefVisit *r = refs; r; r = r->up)
    if (r->ref == wy_obj(v) && r->t == t) return true;
  return is_val(wy_refobj(v)->val, t->elems[0], NULL, &here);
}

/* Structural types: v must be an object of the matching kind. */
static bool
compound_is(wyv v, const WyType *t, const RefVisit *refs)
{
  WyKind k = wy_kind(v);
  switch (t->kind) {
  case WY_T_LIST:
    return k == WY_K_LIST && list_is(wy_list(v), t->elems[0], refs);
  case WY_T_SET:
    if (k != WY_K_SET) return false;
    if (t->elems[0]->kind == WY_T_VOID) return wy_setobj(v)->len == 0;
    return all_are(wy_setobj(v)->data, wy_setobj(v)->len, t->elems[0], refs);
  case WY_T_MAP:
    if (k != WY_K_MAP) return false;
    return all_are(wy_mapobj(v)->keys, wy_mapobj(v)->len, t->elems[0], refs)
           && all_are(wy_mapobj(v)->vals, wy_mapobj(v)->len, t->elems[1],
                      refs);
  case WY_T_TUPLE:
    return k == WY_K_TUPLE && tuple_is(wy_tupleobj(v), t, refs);
  case WY_T_RECORD:
    return k == WY_K_RECORD && record_is(wy_recordobj(v), t, refs);
  case WY_T_REF:
    return k == WY_K_REF && ref_is(v, t, refs);
  case WY_T_FUNC:
    return k == WY_K_FUNC;
  default:
    return false;
  }
}

static bool
is_val(wyv v, const WyType *t, const Chain *chain, const RefVisit *refs)
{
  Chain here = {t, chain};
  switch (t->kind) {
  case WY_T_VOID: return false;
  case WY_T_ANY: return v != WY_UNDEF;
  case WY_T_NULL: return v == WY_NULL;
  case WY_T_BOOL: return v == WY_TRUE || v == WY_FALSE;
  case WY_T_BYTE: return wyrt_is_byte(v);
  case WY_T_CHAR: return wyrt_is_char(v);
  case WY_T_INT: return wyrt_is_int(v);
  case WY_T_REAL: return wyrt_is_real(v);
  case WY_T_STRING: return wyrt_is_string(v);
  case WY_T_UNION:
    if (on_chain(chain, t)) return false;
    for (size_t i = 0; i < t->n; i++)
      if (is_val(v, t->elems[i], &here, refs)) return true;
    return false;
  case WY_T_INTERSECT:
    if (on_chain(chain, t)) return false;
    for (size_t i = 0; i < t->n; i++)
      if (!is_val(v, t->elems[i], &here, refs)) return false;
    return true;
  case WY_T_NEGATION:
    if (on_chain(chain, t)) return false;
    return !is_val(v, t->elems[0], &here, refs);
  case WY_T_NOMINAL:
    if (on_chain(chain, t)) return false;
    return is_val(v, t->elems[0], &here, refs) && (!t->where || t->where(v));
  default:
    return compound_is(v, t, refs);
  }
}

bool
wy_is(wyv v, const WyType *t)
{
  return is_val(v, t, NULL, NULL);
}

/* ---------------------------------------------------------------- */
/* Coercions                                                          */

static wyv convert(wyv v, const WyType *t, const Chain *chain);

static inline wyv
keep(wyv v)
{
  wy_incref(v);
  return v;
}

/* Convert the elements of list l to e; l itself when nothing changes. */
static wyv
convert_list(wyv l, const WyType *e)
{
  WyList *x = wy_list(l), *r = NULL;
  WyListStore s = (WyListStore)x->h.sub;
  if (e->kind == WY_T_ANY || x->len == 0
      || (s == WY_LS_INT && accepts_all(e, WY_T_INT))
      || (s == WY_LS_BOOL && accepts_all(e, WY_T_BOOL))
      || ((s == WY_LS_REAL || s == WY_LS_MPQ || s == WY_LS_F64
           || s == WY_LS_F32) && accepts_all(e, WY_T_REAL)))
    return keep(l);
  for (size_t i = 0; i < x->len; i++) {
    wyv a = wy_list_get(l, i), c = convert(a, e, NULL);
    if (!r && c != a) {
      r = wyrt_new_list(e->kind == WY_T_REAL ? WY_LS_REAL : WY_LS_ANY,
                        x->len);
      for (size_t j = 0; j < i; j++) {
        wyv b = wy_list_get(l, j);
        wyrt_list_push_unique(r, b);
        wy_decref(b);
      }
    }
    if (r) wyrt_list_push_unique(r, c);
    wy_decref(a);
    wy_decref(c);
  }
  return r ? (wyv)(uintptr_t)r : keep(l);
}

/* Convert n values to t (or to ts[i]) into out; true if any changed. */
static bool
convert_all(const wyv *vs, size_t n, const WyType *t,
            const WyType *const *ts, wyv *out)
{
  bool changed = false;
  for (size_t i = 0; i < n; i++) {
    out[i] = convert(vs[i], ts ? ts[i] : t, NULL);
    changed = changed || out[i] != vs[i];
  }
  return changed;
}

static void
release_all(wyv *vs, size_t n)
{
  for (size_t i = 0; i < n; i++) wy_decref(vs[i]);
}

static wyv
list_to_set(wyv l, const WyType *e)
{
  size_t n = wy_list_len(l);
  wyv *vs = wyrt_alloc((n ? n : 1) * sizeof(wyv)), r;
  for (size_t i = 0; i < n; i++) {
    wyv a = wy_list_get(l, i);
    vs[i] = convert(a, e, NULL);
    wy_decref(a);
  }
  r = wyrt_set_take(n, vs);
  wyrt_free(vs);
  return r;
}

static wyv
convert_set(wyv v, const WyType *t)
{
  WySet *s;
  wyv *vs, r;
  if (wyrt_is_list(v)) return list_to_set(v, t->elems[0]);
  if (!wyrt_is_set(v)) return keep(v);
  s = wy_setobj(v);
  vs = wyrt_alloc((s->len ? s->len : 1) * sizeof(wyv));
  if (!convert_all(s->data, s->len, t->elems[0], NULL, vs)) {
    release_all(vs, s->len);
    wyrt_free(vs);
    return keep(v);
  }
  r = wyrt_set_take(s->len, vs);
  wyrt_free(vs);
  return r;
}

static wyv
convert_map(wyv v, const WyType *t)
{
  size_t n;
  wyv *ks, *vs, r;
  bool changed;
  if (wyrt_is_set(v) && wy_setobj(v)->len == 0) return wy_map_of(0, NULL, NULL);
  if (wyrt_is_list(v)) {              /* [T] -> {int=>T}: index |-> elem */
    n = wy_list_len(v);
    ks = wyrt_alloc((n ? n : 1) * sizeof(wyv));
    vs = wyrt_alloc((n ? n : 1) * sizeof(wyv));
    for (size_t i = 0; i < n; i++) {
      wyv e = wy_list_get(v, i);
      ks[i] = convert(wy_small((int64_t)i), t->elems[0], NULL);
      vs[i] = convert(e, t->elems[1], NULL);
      wy_decref(e);
    }
    changed = true;
  } else if (wyrt_is_map(v)) {
    WyMap *m = wy_mapobj(v);
    n = m->len;
    ks = wyrt_alloc((n ? n : 1) * sizeof(wyv));
    vs = wyrt_alloc((n ? n : 1) * sizeof(wyv));
    changed = convert_all(m->keys, n, t->elems[0], NULL, ks);
    changed = convert_all(m->vals, n, t->elems[1], NULL, vs) || changed;
  } else {
    return keep(v);
  }
  r = changed ? wy_map_of(n, ks, vs) : keep(v);
  release_all(ks, n);
  release_all(vs, n);
  wyrt_free(ks);
  wyrt_free(vs);
  return r;
}

static wyv
convert_tuple(wyv v, const WyType *t)
{
  WyTuple *x;
  wyv *vs, r;
  if (!wyrt_is_kind(v, WY_K_TUPLE) || wy_tupleobj(v)->n != t->n) return keep(v);
  x = wy_tupleobj(v);
  vs = wyrt_alloc((x->n ? x->n : 1) * sizeof(wyv));
  r = convert_all(x->elems, x->n, NULL, t->elems, vs) ? wy_tuple_of(x->n, vs)
                                                      : keep(v);
  release_all(vs, x->n);
  wyrt_free(vs);
  return r;
}

static wyv
convert_record(wyv v, const WyType *t)
{
  WyRecord *x;
  wyv *vs;
  bool changed = false;
  if (!wyrt_is_kind(v, WY_K_RECORD)) return keep(v);
  x = wy_recordobj(v);
  if (!t->open && x->shape->n != t->n) return keep(v);
  vs = wyrt_alloc((x->shape->n ? x->shape->n : 1) * sizeof(wyv));
  for (size_t j = 0; j < x->shape->n; j++) {
    const WyType *ft = NULL;
    for (size_t i = 0; i < t->n && !ft; i++)
      if (strcmp(t->names[i], x->shape->names[j]) == 0) ft = t->elems[i];
    vs[j] = ft ? convert(x->vals[j], ft, NULL) : keep(x->vals[j]);
    changed = changed || vs[j] != x->vals[j];
  }
  if (changed) {
    wyv r = wyrt_record_take(x->shape, vs);
    wyrt_free(vs);
    return r;
  }
  release_all(vs, x->shape->n);
  wyrt_free(vs);
  return keep(v);
}

static wyv
convert_union(wyv v, const WyType *t, const Chain *chain)
{
  Chain here = {t, chain};
  if (on_chain(chain, t)) return keep(v);
  for (size_t i = 0; i < t->n; i++)
    if (is_val(v, t->elems[i], &here, NULL)) return keep(v);
  for (size_t i = 0; i < t->n; i++) {
    wyv c = convert(v, t->elems[i], &here);
    if (c != v && is_val(c, t->elems[i], &here, NULL)) return c;
    wy_decref(c);
  }
  return keep(v);
}

static wyv
convert(wyv v, const WyType *t, const Chain *chain)
{
  switch (t->kind) {
  case WY_T_INT:
    return wyrt_is_char(v) ? wy_char_to_int(v) : keep(v);
  case WY_T_CHAR:
    return wyrt_is_int(v) ? wy_int_to_char(v) : keep(v);
  case WY_T_REAL:
    return wyrt_is_intlike(v) ? wy_real_from_int(v) : keep(v);
  case WY_T_LIST:
    if (wyrt_is_string(v)) {
      wyv l = wy_str_to_int_list(v), r = convert_list(l, t->elems[0]);
      wy_decref(l);
      return r;
    }
    return wyrt_is_list(v) ? convert_list(v, t->elems[0]) : keep(v);
  case WY_T_SET:
    return convert_set(v, t);
  case WY_T_MAP:
    return convert_map(v, t);
  case WY_T_TUPLE:
    return convert_tuple(v, t);
  case WY_T_RECORD:
    return convert_record(v, t);
  case WY_T_UNION:
    return convert_union(v, t, chain);
  case WY_T_NOMINAL: {
    Chain here = {t, chain};
    if (on_chain(chain, t)) return keep(v);
    return convert(v, t->elems[0], &here);
  }
  default:
    return keep(v);
  }
}

wyv
wy_convert(wyv v, const WyType *t)
{
  return convert(v, t, NULL);
}
