/* type.c -- the type language of the dialect (spec §4): constructors,
 * union simplification, structural subtyping over possibly recursive
 * nominal types, and printing in Whiley syntax. */
#include <stdlib.h>
#include <string.h>

#include "wyil.h"

static Type prim[] = {
  [TY_VOID] = {.kind = TY_VOID},     [TY_ANY] = {.kind = TY_ANY},
  [TY_NULL] = {.kind = TY_NULL},     [TY_BOOL] = {.kind = TY_BOOL},
  [TY_BYTE] = {.kind = TY_BYTE},     [TY_CHAR] = {.kind = TY_CHAR},
  [TY_INT] = {.kind = TY_INT},       [TY_REAL] = {.kind = TY_REAL},
  [TY_STRING] = {.kind = TY_STRING},
};

Type *ty_void = &prim[TY_VOID], *ty_any = &prim[TY_ANY],
     *ty_null = &prim[TY_NULL], *ty_bool = &prim[TY_BOOL],
     *ty_byte = &prim[TY_BYTE], *ty_char = &prim[TY_CHAR],
     *ty_int = &prim[TY_INT], *ty_real = &prim[TY_REAL],
     *ty_string = &prim[TY_STRING];

static Type *
new_type(TypeKind kind, int n)
{
  Type *t = wyil_alloc(sizeof(Type));
  t->kind = kind;
  t->n = n;
  if (n > 0) t->elems = wyil_alloc(sizeof(Type *) * (size_t)n);
  return t;
}

static Type *
unary(TypeKind kind, Type *elem)
{
  Type *t = new_type(kind, 1);
  t->elems[0] = elem;
  return t;
}

Type *ty_list(Type *elem) { return unary(TY_LIST, elem); }
Type *ty_set(Type *elem) { return unary(TY_SET, elem); }
Type *ty_ref(Type *elem) { return unary(TY_REF, elem); }
Type *ty_negation(Type *elem) { return unary(TY_NEGATION, elem); }

Type *
ty_map(Type *key, Type *val)
{
  Type *t = new_type(TY_MAP, 2);
  t->elems[0] = key;
  t->elems[1] = val;
  return t;
}

Type *
ty_tuple(int n, Type **elems)
{
  Type *t = new_type(TY_TUPLE, n);
  memcpy(t->elems, elems, sizeof(Type *) * (size_t)n);
  return t;
}

Type *
ty_intersect(int n, Type **elems)
{
  Type *t = new_type(TY_INTERSECT, n);
  memcpy(t->elems, elems, sizeof(Type *) * (size_t)n);
  return t;
}

Type *
ty_record(int n, const char **names, Type **types, bool open)
{
  Type *t = new_type(TY_RECORD, n);
  t->names = wyil_alloc(sizeof(char *) * (size_t)(n ? n : 1));
  t->open = open;
  /* insertion sort by name: records are small */
  for (int i = 0; i < n; i++) {
    int k = i;
    while (k > 0 && strcmp(t->names[k - 1], names[i]) > 0) {
      t->names[k] = t->names[k - 1];
      t->elems[k] = t->elems[k - 1];
      k--;
    }
    t->names[k] = names[i];
    t->elems[k] = types[i];
  }
  return t;
}

Type *
ty_func(Type *ret, int n, Type **params)
{
  Type *t = new_type(TY_FUNC, n);
  if (n) memcpy(t->elems, params, sizeof(Type *) * (size_t)n);
  t->ret = ret;
  return t;
}

Type *
ty_method(Type *ret, Type *receiver, int n, Type **params)
{
  Type *t = ty_func(ret, n, params);
  t->kind = TY_METHOD;
  t->receiver = receiver;
  return t;
}

Type *
ty_nominal(TypeDef *def)
{
  Type *t = new_type(TY_NOMINAL, 0);
  t->def = def;
  return t;
}

Type *
ty_expand(Type *t)
{
  for (int guard = 0; t && t->kind == TY_NOMINAL; guard++) {
    if (guard > 64 || !t->def->type) return ty_any; /* T = T: degenerate */
    t = t->def->type;
  }
  return t;
}

bool
ty_is(Type *t, TypeKind k)
{
  return ty_expand(t)->kind == k;
}

/* ---- subtyping --------------------------------------------------- */

/* Pairs under comparison: a recursive type compared with itself
 * coinductively assumes the pair holds (the automata view of §4.3). */
typedef struct Assume {
  Type *a, *b;
  struct Assume *prev;
} Assume;

static bool sub(Type *a, Type *b, Assume *as);

static bool
all_sub(int n, Type **a, Type **b, Assume *as)
{
  for (int i = 0; i < n; i++)
    if (!sub(a[i], b[i], as)) return false;
  return true;
}

static bool
record_sub(Type *a, Type *b, Assume *as)
{
  if (!b->open) {
    if (a->open || a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
      if (strcmp(a->names[i], b->names[i])) return false;
    return all_sub(a->n, a->elems, b->elems, as);
  }
  /* open b: a must have every field of b */
  for (int i = 0; i < b->n; i++) {
    int k = 0;
    while (k < a->n && strcmp(a->names[k], b->names[i])) k++;
    if (k == a->n || !sub(a->elems[k], b->elems[i], as)) return false;
  }
  return true;
}

/* {null|int x} <= {int x}|{null x}: a record is split on a field of
 * union type, each part checked on its own (distributivity).  Bounded:
 * this many splits deep. */
#define MAX_SPLITS 6
static int splits;

static bool
distribute(Type *a, Type *b, Assume *as)
{
  if (splits >= MAX_SPLITS) return false;
  for (int i = 0; i < a->n; i++) {
    Type *f = ty_expand(a->elems[i]);
    if (f->kind != TY_UNION || f->n < 2) continue;
    bool ok = true;
    splits++;
    for (int k = 0; k < f->n && ok; k++) {
      Type **ts = wyil_alloc(sizeof(Type *) * (size_t)a->n);
      memcpy(ts, a->elems, sizeof(Type *) * (size_t)a->n);
      ts[i] = f->elems[k];
      Type part = *a;  /* names stay sorted: same fields */
      part.elems = ts;
      ok = sub(&part, b, as);
    }
    splits--;
    return ok;
  }
  return false;
}

static bool
sub(Type *a, Type *b, Assume *as)
{
  if (a == b) return true;
  if (a->kind == TY_NOMINAL || b->kind == TY_NOMINAL) {
    for (Assume *p = as; p; p = p->prev)
      if (p->a == a && p->b == b) return true;
    Assume here = {a, b, as};
    return sub(ty_expand(a), ty_expand(b), &here);
  }
  if (a->kind == TY_VOID || b->kind == TY_ANY) return true;
  if (a->kind == TY_UNION) {
    for (int i = 0; i < a->n; i++)
      if (!sub(a->elems[i], b, as)) return false;
    return true;
  }
  if (b->kind == TY_UNION) {
    for (int i = 0; i < b->n; i++)
      if (sub(a, b->elems[i], as)) return true;
    return a->kind == TY_RECORD && distribute(a, b, as);
  }
  if (b->kind == TY_NEGATION) /* a <= !c when a and c are disjoint */
    return a->kind != TY_ANY && !sub(a, b->elems[0], as)
           && !sub(b->elems[0], a, as);
  if (b->kind == TY_INTERSECT) {
    for (int i = 0; i < b->n; i++)
      if (!sub(a, b->elems[i], as)) return false;
    return true;
  }
  if (a->kind == TY_INTERSECT) {
    for (int i = 0; i < a->n; i++)
      if (sub(a->elems[i], b, as)) return true;
    return false;
  }
  /* a function serves where a method is expected (it has no effects) */
  if (a->kind == TY_FUNC && b->kind == TY_METHOD && !b->receiver)
    return a->n == b->n && all_sub(a->n, b->elems, a->elems, as)
           && sub(a->ret, b->ret, as);
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case TY_LIST: case TY_SET: case TY_REF:
    return sub(a->elems[0], b->elems[0], as);
  case TY_MAP:
    return all_sub(2, a->elems, b->elems, as);
  case TY_TUPLE:
    return a->n == b->n && all_sub(a->n, a->elems, b->elems, as);
  case TY_RECORD:
    return record_sub(a, b, as);
  case TY_FUNC: case TY_METHOD:
    /* contravariant parameters, covariant result */
    return a->n == b->n && all_sub(a->n, b->elems, a->elems, as)
           && sub(a->ret, b->ret, as);
  default:
    return true; /* same primitive kind */
  }
}

bool
ty_subtype(Type *a, Type *b)
{
  return sub(a, b, NULL);
}

bool
ty_equal(Type *a, Type *b)
{
  return ty_subtype(a, b) && ty_subtype(b, a);
}

/* ---- unions ------------------------------------------------------ */

static bool has_constraint(Type *t, int depth);

/* Does union member m make member t redundant?  Only if every value of
 * t is one of m: a constrained m (nat, {pos f}) does not cover the raw
 * type it ignores in subtyping, so `rec1|rec2` keeps rec2 even when
 * rec2's raw type is within rec1's (a value of rec2 may break rec1's
 * constraint). */
static bool
covers(Type *m, Type *t)
{
  if (!ty_subtype(t, m)) return false;
  if (t == m || !has_constraint(m, 0)) return true;
  return t->kind == TY_NOMINAL && m->kind == TY_NOMINAL && t->def == m->def;
}

int ty_pending;

/* Does t reach a named type whose definition is still being resolved
 * (its type NULL)?  Subtyping would see `any` there: define Link as
 * {List next}, List as int|Link must not drop int as covered by Link. */
static bool
unresolved(Type *t, int depth)
{
  if (!t || depth > 8) return false;
  if (t->kind == TY_NOMINAL)
    return !t->def->type || unresolved(t->def->type, depth + 1);
  for (int i = 0; i < t->n; i++)
    if (unresolved(t->elems[i], depth + 1)) return true;
  return t->ret && unresolved(t->ret, depth + 1);
}

static void
add_member(PtrVec *v, Type *t)
{
  if (t->kind == TY_UNION) {
    for (int i = 0; i < t->n; i++) add_member(v, t->elems[i]);
    return;
  }
  if (t->kind == TY_VOID) return;
  if (ty_pending && unresolved(t, 0)) {  /* keep it as it is */
    for (int i = 0; i < v->n; i++)
      if (v->v[i] == t) return;
    vec_push(v, t);
    return;
  }
  for (int i = 0; i < v->n; i++) {
    Type *m = v->v[i];
    if (ty_pending && unresolved(m, 0)) continue;
    if (covers(m, t)) return;           /* already covered */
    if (covers(t, m)) {                 /* t covers m: replace */
      v->v[i] = t;
      /* t may now cover later members too */
      for (int k = i + 1; k < v->n; k++)
        if (covers(t, v->v[k])) v->v[k--] = v->v[--v->n];
      return;
    }
  }
  vec_push(v, t);
}

Type *
ty_union(Type *a, Type *b)
{
  if (!a) return b;
  if (!b) return a;
  if (a == b) return a;
  PtrVec v = {0};
  add_member(&v, a);
  add_member(&v, b);
  if (v.n == 0) return ty_void;
  if (v.n == 1) return v.v[0];
  for (int i = 0; i < v.n; i++)
    if (((Type *)v.v[i])->kind == TY_ANY) return ty_any;
  Type *t = new_type(TY_UNION, v.n);
  memcpy(t->elems, v.v, sizeof(Type *) * (size_t)v.n);
  return t;
}

/* ---- queries ----------------------------------------------------- */

Type *
ty_field_type(Type *t, const char *f)
{
  t = ty_expand(t);
  if (t->kind == TY_RECORD) {
    for (int i = 0; i < t->n; i++)
      if (!strcmp(t->names[i], f)) return t->elems[i];
    return NULL;
  }
  if (t->kind == TY_UNION) {
    Type *r = NULL;
    for (int i = 0; i < t->n; i++) {
      Type *ft = ty_field_type(t->elems[i], f);
      if (!ft) return NULL;
      r = ty_union(r, ft);
    }
    return r;
  }
  if (t->kind == TY_INTERSECT) {
    /* a value of every member: a member that has the field says (the
     * smallest such type is the best) */
    Type *r = NULL;
    for (int i = 0; i < t->n; i++) {
      Type *ft = ty_field_type(t->elems[i], f);
      if (ft && (!r || ty_subtype(ft, r))) r = ft;
    }
    return r;
  }
  return NULL;
}

static Type *
collection_elem(Type *t, TypeKind k)
{
  t = ty_expand(t);
  if (t->kind == k) return t->elems[0];
  if (t->kind == TY_UNION) {
    Type *r = NULL;
    for (int i = 0; i < t->n; i++) {
      Type *e = collection_elem(t->elems[i], k);
      if (!e) return NULL;
      r = ty_union(r, e);
    }
    return r;
  }
  return NULL;
}

Type *ty_list_elem(Type *t) { return collection_elem(t, TY_LIST); }
Type *ty_set_elem(Type *t) { return collection_elem(t, TY_SET); }

static bool
has_constraint(Type *t, int depth)
{
  if (!t || depth > 16) return false;
  if (t->kind == TY_NOMINAL)
    return t->def->constrained || t->def->where != NULL
           || has_constraint(t->def->type, depth + 1);
  for (int i = 0; i < t->n; i++)
    if (t->kind != TY_FUNC && t->kind != TY_METHOD
        && has_constraint(t->elems[i], depth + 1))
      return true;
  return false;
}

bool
ty_has_constraint(Type *t)
{
  return has_constraint(t, 0);
}

/* ---- printing ---------------------------------------------------- */

static void
print_list(StrBuf *sb, int n, Type **elems, const char *sep)
{
  for (int i = 0; i < n; i++) {
    if (i) sb_puts(sb, sep);
    ty_print(sb, elems[i]);
  }
}

void
ty_print(StrBuf *sb, Type *t)
{
  static const char *const names[] = {
    [TY_VOID] = "void", [TY_ANY] = "any", [TY_NULL] = "null",
    [TY_BOOL] = "bool", [TY_BYTE] = "byte", [TY_CHAR] = "char",
    [TY_INT] = "int", [TY_REAL] = "real", [TY_STRING] = "string",
  };
  switch (t->kind) {
  case TY_LIST: sb_putc(sb, '['); ty_print(sb, t->elems[0]); sb_putc(sb, ']');
    break;
  case TY_SET: sb_putc(sb, '{'); ty_print(sb, t->elems[0]); sb_putc(sb, '}');
    break;
  case TY_MAP:
    sb_putc(sb, '{');
    print_list(sb, 2, t->elems, "=>");
    sb_putc(sb, '}');
    break;
  case TY_TUPLE:
    sb_putc(sb, '(');
    print_list(sb, t->n, t->elems, ",");
    sb_putc(sb, ')');
    break;
  case TY_RECORD:
    sb_putc(sb, '{');
    for (int i = 0; i < t->n; i++) {
      if (i) sb_putc(sb, ',');
      ty_print(sb, t->elems[i]);
      sb_printf(sb, " %s", t->names[i]);
    }
    if (t->open) sb_puts(sb, t->n ? ",..." : "...");
    sb_putc(sb, '}');
    break;
  case TY_REF: sb_puts(sb, "ref("); ty_print(sb, t->elems[0]); sb_putc(sb, ')');
    break;
  case TY_FUNC: case TY_METHOD:
    if (t->kind == TY_METHOD) sb_puts(sb, "::");
    ty_print(sb, t->ret);
    sb_putc(sb, '(');
    print_list(sb, t->n, t->elems, ",");
    sb_putc(sb, ')');
    break;
  case TY_UNION: print_list(sb, t->n, t->elems, "|"); break;
  case TY_INTERSECT: print_list(sb, t->n, t->elems, "&"); break;
  case TY_NEGATION: sb_putc(sb, '!'); ty_print(sb, t->elems[0]); break;
  case TY_NOMINAL: sb_puts(sb, t->def->name); break;
  default: sb_puts(sb, names[t->kind]); break;
  }
}

const char *
ty_str(Type *t)
{
  StrBuf sb = {0};
  ty_print(&sb, t);
  char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}
