/* type_coll.c -- what can be done to a value whose type is a collection
 * kind (list, string, set, map) or a union of them, such as
 * `[int]|{int=>string}`: measured with |...|, iterated, indexed.  A
 * union answers for every member, so the operation must suit them all;
 * the back ends dispatch on the value's kind at run time.  An
 * intersection ([int] & [real]) answers as its first member that can. */
#include "wyil.h"

/* Deep enough for any sensible nesting of named unions; a cycle
 * through nominal types alone (T = T|[int]) stops here. */
#define COLL_DEPTH 32

static bool
has_length(Type *t, int depth)
{
  t = ty_expand(t);
  switch (t->kind) {
  case TY_LIST: case TY_STRING: case TY_SET: case TY_MAP: return true;
  case TY_INTERSECT:  /* a value of every member: one collection will do */
    for (int i = 0; i < t->n && depth <= COLL_DEPTH; i++)
      if (has_length(t->elems[i], depth + 1)) return true;
    return false;
  case TY_UNION:
    if (depth > COLL_DEPTH || t->n == 0) return false;
    for (int i = 0; i < t->n; i++)
      if (!has_length(t->elems[i], depth + 1)) return false;
    return true;
  default: return false;
  }
}

bool
ty_has_length(Type *t)
{
  return has_length(t, 0);
}

static Type *
iter_elem(Type *t, int depth)
{
  t = ty_expand(t);
  switch (t->kind) {
  case TY_LIST: case TY_SET: return t->elems[0];
  case TY_STRING: return ty_char;
  case TY_MAP: return ty_tuple(2, t->elems);
  case TY_INTERSECT:
    for (int i = 0; i < t->n && depth <= COLL_DEPTH; i++) {
      Type *e = iter_elem(t->elems[i], depth + 1);
      if (e) return e;
    }
    return NULL;
  case TY_UNION: {
    if (depth > COLL_DEPTH || t->n == 0) return NULL;
    Type *r = NULL;
    for (int i = 0; i < t->n; i++) {
      Type *e = iter_elem(t->elems[i], depth + 1);
      if (!e) return NULL;
      r = ty_union(r, e);
    }
    return r;
  }
  default: return NULL;
  }
}

Type *
ty_iter_elem(Type *t)
{
  return iter_elem(t, 0);
}

/* key: what indexes member t (int for lists and strings); the result
 * is the value found there. */
static Type *
index_val(Type *t, Type **key, int depth)
{
  t = ty_expand(t);
  switch (t->kind) {
  case TY_LIST: *key = ty_int; return t->elems[0];
  case TY_STRING: *key = ty_int; return ty_char;
  case TY_MAP: *key = t->elems[0]; return t->elems[1];
  case TY_INTERSECT:
    for (int i = 0; i < t->n && depth <= COLL_DEPTH; i++) {
      Type *v = index_val(t->elems[i], key, depth + 1);
      if (v) return v;
    }
    return NULL;
  case TY_UNION: {
    if (depth > COLL_DEPTH || t->n == 0) return NULL;
    Type *r = NULL, *k = NULL;
    for (int i = 0; i < t->n; i++) {
      Type *mk;
      Type *v = index_val(t->elems[i], &mk, depth + 1);
      if (!v) return NULL;
      r = ty_union(r, v);
      k = ty_union(k, mk);
    }
    *key = k;
    return r;
  }
  default: return NULL;
  }
}

Type *
ty_index_val(Type *t, Type **key)
{
  Type *k = NULL;
  Type *v = index_val(t, &k, 0);
  if (key) *key = v ? k : NULL;
  return v;
}

static Type *
tuple_elem(Type *t, int n, int i, int depth)
{
  t = ty_expand(t);
  if (t->kind == TY_TUPLE) return t->n == n ? t->elems[i] : NULL;
  if (t->kind != TY_UNION || depth > COLL_DEPTH || t->n == 0) return NULL;
  Type *r = NULL;
  for (int k = 0; k < t->n; k++) {
    Type *e = tuple_elem(t->elems[k], n, i, depth + 1);
    if (!e) return NULL;
    r = ty_union(r, e);
  }
  return r;
}

Type *
ty_tuple_elem(Type *t, int n, int i)
{
  return i >= 0 && i < n ? tuple_elem(t, n, i, 0) : NULL;
}

int
ty_tuple_arity(Type *t)
{
  t = ty_expand(t);
  if (t->kind == TY_TUPLE) return t->n;
  if (t->kind == TY_UNION && t->n > 0) {
    int n = ty_tuple_arity(t->elems[0]);
    return n >= 0 && ty_tuple_elem(t, n, 0) ? n : -1;
  }
  return -1;
}
