/* compound.c -- tuples, records, references and function values.
 *
 * Tuples and records are fixed-size arrays of values after the header;
 * a record also points to its static WyShape (field names sorted by
 * strcmp).  Records and tuples are values: updates copy a shared one
 * first.  A reference is a shared mutable cell and is never copied.  A
 * function value is a C entry point plus the values bound by partial
 * application or captured by a lambda (§2.6).
 */
#include "wyrt_impl.h"

static inline wyv
obj_val(void *o)
{
  return (wyv)(uintptr_t)o;
}

/* ---------------------------------------------------------------- */
/* Tuples                                                             */

wyv
wy_tuple_of(size_t n, const wyv *elems)
{
  WyTuple *t = (WyTuple *)wyrt_new_obj(WY_K_TUPLE,
                                       sizeof(WyTuple) + n * sizeof(wyv));
  t->n = n;
  for (size_t i = 0; i < n; i++) {
    t->elems[i] = elems[i];
    wy_incref(elems[i]);
  }
  return obj_val(t);
}

wyv
wy_tuple_get(wyv t, size_t i)
{
  wyv v = wy_tupleobj(t)->elems[i];
  wy_incref(v);
  return v;
}

size_t
wy_tuple_len(wyv t)
{
  return wy_tupleobj(t)->n;
}

/* ---------------------------------------------------------------- */
/* Records                                                            */

static WyRecord *
new_record(const WyShape *shape)
{
  WyRecord *r = (WyRecord *)wyrt_new_obj(
      WY_K_RECORD, sizeof(WyRecord) + shape->n * sizeof(wyv));
  r->shape = shape;
  return r;
}

wyv
wyrt_record_take(const WyShape *shape, wyv *vals)
{
  WyRecord *r = new_record(shape);
  for (size_t i = 0; i < shape->n; i++) r->vals[i] = vals[i];
  return obj_val(r);
}

wyv
wy_record_of(const WyShape *shape, const wyv *vals)
{
  WyRecord *r = new_record(shape);
  for (size_t i = 0; i < shape->n; i++) {
    r->vals[i] = vals[i];
    wy_incref(vals[i]);
  }
  return obj_val(r);
}

/* The index of field in r's shape, or -1. */
static long
field_index(const WyRecord *r, const char *field)
{
  const WyShape *s = r->shape;
  for (size_t i = 0; i < s->n; i++)
    if (s->names[i] == field || strcmp(s->names[i], field) == 0)
      return (long)i;
  return -1;
}

static size_t
must_find(const WyRecord *r, const char *field)
{
  long i = field_index(r, field);
  if (i < 0) {
    static char msg[160];
    snprintf(msg, sizeof msg, "record has no field '%.100s'", field);
    wyrt_internal(msg);
  }
  return (size_t)i;
}

wyv
wy_record_get(wyv r, const char *field)
{
  WyRecord *x = wy_recordobj(r);
  wyv v = x->vals[must_find(x, field)];
  wy_incref(v);
  return v;
}

bool
wy_record_has(wyv r, const char *field)
{
  return wyrt_is_kind(r, WY_K_RECORD)
         && field_index(wy_recordobj(r), field) >= 0;
}

/* Make *r unique: copy when shared or when `self`. */
static WyRecord *
unique_record(wyv *r, bool self)
{
  WyRecord *x = wy_recordobj(*r), *c;
  if (x->h.rc == 1 && !self) return x;
  c = new_record(x->shape);
  for (size_t i = 0; i < x->shape->n; i++) {
    c->vals[i] = x->vals[i];
    wy_incref(c->vals[i]);
  }
  wy_set(r, obj_val(c));
  return c;
}

void
wy_record_set(wyv *r, const char *field, wyv v)
{
  size_t i = must_find(wy_recordobj(*r), field);
  WyRecord *x;
  wy_incref(v);                 /* first: v may be *r itself */
  x = unique_record(r, v == *r);
  wy_set(&x->vals[i], v);
}

wyv *
wy_record_slot(wyv *r, const char *field)
{
  size_t i = must_find(wy_recordobj(*r), field);
  return &unique_record(r, false)->vals[i];
}

/* ---------------------------------------------------------------- */
/* References                                                         */

wyv
wy_ref_new(wyv v)
{
  WyRef *r = (WyRef *)wyrt_new_obj(WY_K_REF, sizeof(WyRef));
  r->val = v;
  wy_incref(v);
  return obj_val(r);
}

wyv
wy_ref_get(wyv r)
{
  wyv v = wy_refobj(r)->val;
  wy_incref(v);
  return v;
}

wyv *
wy_ref_slot(wyv r)
{
  return &wy_refobj(r)->val;
}

/* ---------------------------------------------------------------- */
/* Function values                                                    */

wyv
wy_func_new(WyFnEntry entry, const char *name, size_t nbound,
            const wyv *bound)
{
  WyFunc *f = (WyFunc *)wyrt_new_obj(WY_K_FUNC,
                                     sizeof(WyFunc) + nbound * sizeof(wyv));
  f->entry = entry;
  f->name = name;
  f->nbound = nbound;
  for (size_t i = 0; i < nbound; i++) {
    f->bound[i] = bound[i];
    wy_incref(bound[i]);
  }
  return obj_val(f);
}

wyv
wy_func_call(wyv fv, size_t nargs, const wyv *args)
{
  WyFunc *f = wy_funcobj(fv);
  wyv small[16], *all, r;
  size_t n = f->nbound + nargs;
  if (f->nbound == 0) return f->entry(args);
  all = n <= 16 ? small : wyrt_alloc(n * sizeof(wyv));
  memcpy(all, f->bound, f->nbound * sizeof(wyv));
  if (nargs) memcpy(all + f->nbound, args, nargs * sizeof(wyv));
  r = f->entry(all);
  if (all != small) wyrt_free(all);
  return r;
}
