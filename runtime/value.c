/* value.c -- allocation, value kinds and freeing of heap objects.
 *
 * Every allocation of the runtime, GMP's included (wy_init installs the
 * functions below with mp_set_memory_functions), goes through
 * wyrt_alloc / wyrt_realloc / wyrt_free, which count the live blocks so
 * that tests can check that a program frees everything (wy_live_blocks).
 *
 * Freeing is iterative: wy_free_obj pushes objects whose count drops to
 * zero on a worklist instead of recursing, so a linked structure of a
 * million records does not overflow the C stack.
 */
#include <stdlib.h>

#include "wyrt_impl.h"

static size_t live_blocks;  /* blocks allocated and not yet freed */

void *
wyrt_alloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p) wy_fail("out of memory", NULL);
  live_blocks++;
  return p;
}

void *
wyrt_alloc_zero(size_t n)
{
  void *p = calloc(n ? n : 1, 1);
  if (!p) wy_fail("out of memory", NULL);
  live_blocks++;
  return p;
}

/* The same as wyrt_alloc(_zero) and wyrt_realloc, but NULL when there
 * is no memory (the caller says what it wanted: list.c). */
void *
wyrt_try_alloc(size_t n, bool zero)
{
  void *p = zero ? calloc(n ? n : 1, 1) : malloc(n ? n : 1);
  if (p) live_blocks++;
  return p;
}

void *
wyrt_try_realloc(void *p, size_t n)
{
  if (!p) return wyrt_try_alloc(n, false);
  return realloc(p, n ? n : 1);
}

void *
wyrt_realloc(void *p, size_t n)
{
  void *q;
  if (!p) return wyrt_alloc(n);
  q = realloc(p, n ? n : 1);
  if (!q) wy_fail("out of memory", NULL);
  return q;
}

void
wyrt_free(void *p)
{
  if (!p) return;
  live_blocks--;
  free(p);
}

size_t
wy_live_blocks(void)
{
  return live_blocks;
}

static void *
gmp_alloc(size_t n)
{
  return wyrt_alloc(n);
}

static void *
gmp_realloc(void *p, size_t old, size_t n)
{
  (void)old;
  return wyrt_realloc(p, n);
}

static void
gmp_free(void *p, size_t n)
{
  (void)n;
  wyrt_free(p);
}

void
wyrt_install_gmp_allocator(void)
{
  mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}

WyObj *
wyrt_new_obj(WyKind kind, size_t size)
{
  WyObj *o = wyrt_alloc(size);
  o->rc = 1;
  o->kind = (uint8_t)kind;
  o->sub = 0;
  o->flags = 0;
  return o;
}

WyKind
wy_kind(wyv v)
{
  if (wy_is_small(v)) return WY_K_INT;
  if (v == WY_UNDEF) return WY_K_UNDEF;
  if (wy_is_qimm(v)) return WY_K_REAL;
  if (wy_is_imm(v)) {
    switch ((v >> 3) & 31) {
    case WY_IMM_NULL: return WY_K_NULL;
    case WY_IMM_BOOL: return WY_K_BOOL;
    case WY_IMM_CHAR: return WY_K_CHAR;
    case WY_IMM_BYTE: return WY_K_BYTE;
    }
    wyrt_internal("bad immediate value");
  }
  return (WyKind)wy_obj(v)->kind;
}

/* ---------------------------------------------------------------- */
/* Freeing                                                            */

static WyObj **pending;           /* objects whose rc reached 0 */
static size_t npending, cap_pending;
static bool draining;             /* inside the loop of wy_free_obj */

static void
push_pending(WyObj *o)
{
  if (npending == cap_pending) {
    cap_pending = cap_pending ? 2 * cap_pending : 64;
    pending = wyrt_realloc(pending, cap_pending * sizeof *pending);
  }
  pending[npending++] = o;
}

/* Drop one reference to a child; queue it if it dies. */
static inline void
release(wyv v)
{
  if (wy_is_obj(v) && --wy_obj(v)->rc == 0) push_pending(wy_obj(v));
}

static void
release_all(const wyv *vs, size_t n)
{
  for (size_t i = 0; i < n; i++) release(vs[i]);
}

static void
free_list(WyList *l)
{
  if (l->res) wyrt_res_hooks->drop(l);   /* no fetch: nobody reads it */
  switch ((WyListStore)l->h.sub) {
  case WY_LS_ANY:
    release_all(l->data, l->len);
    break;
  case WY_LS_MPQ:
    for (size_t i = 0; i < l->len; i++) mpq_clear(((mpq_t *)l->data)[i]);
    break;
  case WY_LS_REAL:
  case WY_LS_INT:
  case WY_LS_BOOL:
  case WY_LS_F64:
  case WY_LS_F32:
    break;
  }
  wyrt_free(l->data);
}

/* Free one object whose count is 0, queueing its dying children. */
static void
free_one(WyObj *o)
{
  switch ((WyKind)o->kind) {
  case WY_K_INT:
    mpz_clear(((WyBigInt *)o)->z);
    break;
  case WY_K_REAL:
    wyrt_real_release((WyReal *)o);   /* kept for reuse, or freed */
    return;
  case WY_K_STRING:
    break;
  case WY_K_LIST:
    free_list((WyList *)o);
    break;
  case WY_K_SET: {
    WySet *s = (WySet *)o;
    release_all(s->data, s->len);
    wyrt_free(s->data);
    break;
  }
  case WY_K_MAP: {
    WyMap *m = (WyMap *)o;
    release_all(m->keys, m->len);
    release_all(m->vals, m->len);
    wyrt_free(m->keys);
    wyrt_free(m->vals);
    break;
  }
  case WY_K_TUPLE: {
    WyTuple *t = (WyTuple *)o;
    release_all(t->elems, t->n);
    break;
  }
  case WY_K_RECORD: {
    WyRecord *r = (WyRecord *)o;
    release_all(r->vals, r->shape->n);
    break;
  }
  case WY_K_REF:
    release(((WyRef *)o)->val);
    break;
  case WY_K_FUNC: {
    WyFunc *f = (WyFunc *)o;
    release_all(f->bound, f->nbound);
    break;
  }
  default:
    wyrt_internal("freeing an object of unknown kind");
  }
  wyrt_free(o);
}

void
wy_free_obj(WyObj *o)
{
  if (draining) {           /* reached through a mpz/mpq free: queue it */
    push_pending(o);
    return;
  }
  draining = true;
  free_one(o);
  while (npending > 0) free_one(pending[--npending]);
  draining = false;
}

void
wyrt_free_state(void)
{
  wyrt_free(pending);
  pending = NULL;
  npending = cap_pending = 0;
}
