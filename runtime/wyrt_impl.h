/* wyrt_impl.h -- internals of libwyrt shared by the runtime's .c files.
 *
 * Generated programs never include this header: they see only wyrt.h.
 * It holds the layouts of the heap objects (one struct per WyKind), the
 * allocator, GMP views of int and real values, and the text buffer used
 * by printing.  One banner per .c file, as in chibicc.h.
 */
#ifndef WYRT_IMPL_H
#define WYRT_IMPL_H

#include <gmp.h>
#include <stdio.h>
#include <string.h>

#include "wyrt.h"

_Static_assert(sizeof(long) == 8, "libwyrt needs 64-bit longs");
_Static_assert(GMP_NUMB_BITS == 64, "libwyrt needs 64-bit GMP limbs");

/* ---------------------------------------------------------------- */
/* value.c: allocation, object headers, freeing                      */

void *wyrt_alloc(size_t n);              /* never NULL: fails instead */
/* n zero bytes (calloc: pages of a large block are not touched until
 * they are used) */
void *wyrt_alloc_zero(size_t n);
void *wyrt_realloc(void *p, size_t n);
/* NULL instead of failing (list.c names the list in its message) */
void *wyrt_try_alloc(size_t n, bool zero);
void *wyrt_try_realloc(void *p, size_t n);
void wyrt_free(void *p);
void wyrt_install_gmp_allocator(void);
/* A new object of `size` bytes with rc 1 and the given kind. */
WyObj *wyrt_new_obj(WyKind kind, size_t size);
void wyrt_free_state(void);              /* wy_exit: the free worklist */

/* ---------------------------------------------------------------- */
/* int.c: big integers                                               */

typedef struct WyBigInt {
  WyObj h;
  mpz_t z;        /* never fits 63 bits (canonical form) */
} WyBigInt;

/* Storage for a read-only mpz view of a small int or a char. */
typedef struct WyIntTmp {
  mpz_t z;
  mp_limb_t limb;
} WyIntTmp;

static inline WyBigInt *wy_bigint(wyv v) { return (WyBigInt *)wy_obj(v); }

static inline bool
wyrt_is_int(wyv v)
{
  return wy_is_small(v) || (wy_is_obj(v) && wy_obj(v)->kind == WY_K_INT);
}

static inline bool
wyrt_is_char(wyv v)
{
  return wy_is_imm(v) && ((v >> 3) & 31) == WY_IMM_CHAR;
}

static inline bool
wyrt_is_byte(wyv v)
{
  return wy_is_imm(v) && ((v >> 3) & 31) == WY_IMM_BYTE;
}

/* An int or a char: the kinds integer arithmetic accepts. */
static inline bool
wyrt_is_intlike(wyv v)
{
  return wyrt_is_int(v) || wyrt_is_char(v);
}

/* The value of a small int or char in *x; false for a big int. */
static inline bool
wyrt_small_or_char(wyv v, int64_t *x)
{
  if (wy_is_small(v)) {
    *x = wy_small_val(v);
    return true;
  }
  if (wyrt_is_char(v)) {
    *x = wy_imm_payload(v);
    return true;
  }
  return false;
}

mpz_srcptr wyrt_int_mpz(wyv v, WyIntTmp *t); /* int or char; read-only */
WyBigInt *wyrt_new_bigint(void);             /* value 0, not canonical */
wyv wyrt_int_finish(WyBigInt *b);            /* canonicalise (may free b) */
wyv wyrt_int_from_mpz(mpz_srcptr z);         /* copies */

/* ---------------------------------------------------------------- */
/* real.c: rationals                                                  */

/* The small form of a real: num/den with den >= 1 and gcd(|num|, den)
 * = 1, num any int64 and den at most INT64_MAX.  A real is small exactly
 * when its canonical fraction fits these words; every other real is a
 * GMP rational.  So each value has one representation, and two reals
 * are equal exactly when their forms and fields are equal. */
typedef struct WyQ {
  int64_t num, den;
} WyQ;

/* WyReal.h.sub; IEEE: a finite double without an immediate, in the
 * IEEE real modes only (wyrt.h) */
enum { WY_REAL_SMALL = 0, WY_REAL_BIG = 1, WY_REAL_IEEE = 2 };

/* A small real is the immediate of wyrt.h (tag 4) when num fits 40
 * signed bits and den 21 bits: sums of a million bytes, quarters,
 * sixteenths and the decimal literals up to six places all do.  Other
 * reals are heap objects, small (WyQ) or big (h.sub).  Small ones are
 * taken from and returned to a free list (real.c), so arithmetic on
 * them calls neither GMP nor malloc in a steady loop. */
typedef struct WyReal {
  WyObj h;
  union {
    WyQ s;        /* WY_REAL_SMALL */
    mpq_t q;      /* WY_REAL_BIG: canonical, and never fits a WyQ */
    double d;     /* WY_REAL_IEEE */
  };
} WyReal;

/* Storage for a read-only mpq view of a small real, an int or a char. */
typedef struct WyRealTmp {
  mpq_t q;
  WyIntTmp num;
  mp_limb_t den;
} WyRealTmp;

static inline WyReal *wy_real(wyv v) { return (WyReal *)wy_obj(v); }

static inline bool
wyrt_is_real(wyv v)
{
  return wy_is_qimm(v) || (wy_is_obj(v) && wy_obj(v)->kind == WY_K_REAL);
}

enum { WY_QIMM_DEN_BITS = 21, WY_QIMM_NUM_BITS = 40 };

/* A real in small form (immediate or WyQ object), not a big one. */
static inline bool
wyrt_is_small_real(wyv v)
{
  return wy_is_qimm(v) || (wy_is_obj(v) && wy_obj(v)->kind == WY_K_REAL
                           && wy_obj(v)->sub == WY_REAL_SMALL);
}

/* The small form of a real, or of an int or char (as n/1); false for a
 * big real or a big int. */
static inline bool
wyrt_real_small(wyv v, WyQ *q)
{
  if (wy_is_qimm(v)) {
    q->num = (int64_t)v >> (64 - WY_QIMM_NUM_BITS);   /* arithmetic */
    q->den = (int64_t)((v >> 3) & ((UINT64_C(1) << WY_QIMM_DEN_BITS) - 1));
    return true;
  }
  if (wy_is_obj(v)) {
    if (wy_obj(v)->kind != WY_K_REAL || wy_obj(v)->sub != WY_REAL_SMALL)
      return false;
    *q = wy_real(v)->s;
    return true;
  }
  q->den = 1;
  return wyrt_small_or_char(v, &q->num);
}

/* The real of the canonical small form q: an immediate when it fits,
 * else a new WyQ object (rc 1).  Never GMP. */
wyv wyrt_real_box(WyQ q);
/* The immediate of the canonical q in *out; false if q is too wide. */
static inline bool
wyrt_q_imm(WyQ q, wyv *out)
{
  const int64_t lim = INT64_C(1) << (WY_QIMM_NUM_BITS - 1);
  if (q.num < -lim || q.num >= lim
      || q.den >= (INT64_C(1) << WY_QIMM_DEN_BITS))
    return false;
  *out = ((uint64_t)q.num << (64 - WY_QIMM_NUM_BITS))
         | ((uint64_t)q.den << 3) | 4u;
  return true;
}
static inline wyv
wyrt_real_of_q(WyQ q)
{
  wyv v;
  return wyrt_q_imm(q, &v) ? v : wyrt_real_box(q);
}
/* n/d for any int64 n and d != 0: canonicalised, small when it fits. */
wyv wyrt_real_frac64(int64_t n, int64_t d);
/* Does the canonical q fit the small form?  Then *out is it. */
bool wyrt_mpq_to_q(mpq_srcptr q, WyQ *out);
/* The exact rational of a finite double in small form, if it fits. */
bool wyrt_q_of_double(double d, WyQ *out);
/* q correctly rounded to double. */
double wyrt_q_to_double(WyQ q);
/* The same without GMP (so on any thread); false when it needs GMP. */
bool wyrt_q_to_double_quick(WyQ q, double *d);
/* q = the finite double d, exactly (small words first, GMP beyond). */
void wyrt_mpq_set_double(mpq_ptr q, double d);

mpq_srcptr wyrt_real_mpq(wyv v, WyRealTmp *t); /* real, int or char */
/* The same view of a small form (read-only, valid while t lives). */
mpq_srcptr wyrt_q_mpq(WyQ q, WyRealTmp *t);
WyReal *wyrt_new_real(void);                   /* big form, value 0 */
/* The canonical value of the big-form r (whose mpq is canonical): r,
 * or a small real when it fits (r is then released). */
wyv wyrt_real_finish(WyReal *r);
void wyrt_real_release(WyReal *r);             /* rc reached 0 */
void wyrt_real_pool_free(void);                /* wy_exit */
wyv wyrt_real_from_mpq(mpq_srcptr q);          /* copies, canonical */
int wyrt_real_cmp(wyv a, wyv b);       /* reals, ints, chars: <0, 0, >0 */
double wyrt_mpz_to_double(mpz_srcptr z);       /* correctly rounded */
double wyrt_mpq_to_double(mpq_srcptr q);       /* correctly rounded */
/* real_ieee.c: the IEEE real modes (wyrt.h wy_real_mode) */
float wyrt_mpq_to_float(mpq_srcptr q);         /* correctly rounded */
wyv wyrt_f_from_double(double d);    /* rounded to the mode */
wyv wyrt_f_from_mpq(mpq_srcptr q);   /* rounded once */
wyv wyrt_f_from_str(const char *dec);
wyv wyrt_f_arith(char op, wyv a, wyv b, const WyPos *pos); /* + - * / n */
int wyrt_f_cmp(wyv a, wyv b);
void wyrt_f_mpq(wyv v, mpq_ptr q);   /* the exact value */
void wyrt_mpfr_setup(void);                    /* double emulation */

/* ---------------------------------------------------------------- */
/* string.c: UTF-16 strings                                          */

typedef struct WyString {
  WyObj h;
  size_t len, cap;  /* code units used, allocated */
  uint16_t data[];
} WyString;

static inline WyString *wy_string(wyv v) { return (WyString *)wy_obj(v); }

static inline bool
wyrt_is_string(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_STRING;
}

WyString *wyrt_new_str(size_t len);  /* len code units, uninitialised */

/* ---------------------------------------------------------------- */
/* list.c                                                             */

static inline bool
wyrt_is_list(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_LIST;
}

/* Check index i (an int) against len with the §8 messages. */
size_t wyrt_index(wyv i, size_t len, const WyPos *pos);
/* Check a sublist bound: 0 <= b <= len. */
size_t wyrt_bound(wyv b, size_t len, const WyPos *pos);
/* A new empty list, storage s, room for cap elements. */
WyList *wyrt_new_list(WyListStore s, size_t cap);
/* The same with cap elements of zero bits (flat storage only). */
WyList *wyrt_new_list_zero(WyListStore s, size_t cap);
/* A list of len zero elements (flat storage) whose storage is made only
 * when wyrt_list_materialise asks for it: the rows of a list a kernel
 * fills, which the host may never read (runtime/ocl_build.c).  Only
 * the download into such a row (ocl_marshal.c) may come first. */
WyList *wyrt_new_list_deferred(WyListStore s, size_t len);
void wyrt_list_materialise(WyList *l);
/* The storage of a list's elements (list.c's header says which is used
 * when), and typed views of its data, fetched from the device first
 * when the host copy is stale. */
static inline WyListStore store_of(WyList *l)
{ wy_list_host(l); return (WyListStore)l->h.sub; }  /* a fetch may widen */
static inline wyv *any_at(WyList *l)
{ wy_list_host(l); return (wyv *)l->data; }
static inline int64_t *ints_of(WyList *l)
{ wy_list_host(l); return (int64_t *)l->data; }
static inline uint8_t *bools_of(WyList *l)
{ wy_list_host(l); return (uint8_t *)l->data; }
static inline wyv *reals_of(WyList *l)        /* WY_LS_REAL: immediates */
{ wy_list_host(l); return (wyv *)l->data; }
static inline mpq_ptr real_at(WyList *l, size_t i)   /* WY_LS_MPQ */
{ wy_list_host(l); return ((mpq_t *)l->data)[i]; }
static inline double *f64_of(WyList *l)       /* WY_LS_F64 */
{ wy_list_host(l); return (double *)l->data; }
static inline float *f32_of(WyList *l)        /* WY_LS_F32 */
{ wy_list_host(l); return (float *)l->data; }
/* The storage of a list of reals in the program's real mode. */
static inline WyListStore wyrt_real_store(void)
{
  return wy_real_mode == WY_REAL_DOUBLE ? WY_LS_F64
         : wy_real_mode == WY_REAL_FLOAT ? WY_LS_F32 : WY_LS_REAL;
}

/* Residency hooks, installed by libwyrt_ocl when it gives a list a
 * device copy (so libwyrt needs no OpenCL).  fetch makes the host data
 * current; write says that the host is about to change the elements
 * lo .. hi-1 of a unique list (hi = SIZE_MAX: its length or storage),
 * after fetching them; drop forgets the device copy of a dying list. */
typedef struct WyrtResHooks {
  void (*fetch)(WyList *l);
  void (*write)(WyList *l, size_t lo, size_t hi);
  void (*drop)(WyList *l);
} WyrtResHooks;
extern const WyrtResHooks *wyrt_res_hooks;

static inline void
wyrt_list_written(WyList *l, size_t lo, size_t hi)
{
  if (l->h.flags & WY_LIST_RANGE) wy_list_fetch(l);   /* a lazy range */
  if (l->res) wyrt_res_hooks->write(l, lo, hi);
}
/* Called, when set, before the program ends in any way (wy_exit,
 * wy_fail): libwyrt_ocl's start-up thread must finish first. */
extern void (*wyrt_quiesce)(void);
/* Set element i of the list l in place whatever its count (the device
 * copy's fetch: every holder shares the new value); v is borrowed. */
void wyrt_list_put_shared(WyList *l, size_t i, wyv v);
/* Append the borrowed e to the unique list l (storage adjusted). */
void wyrt_list_push_unique(WyList *l, wyv e);

/* ---------------------------------------------------------------- */
/* setmap.c: sorted arrays                                           */

typedef struct WySet {
  WyObj h;
  size_t len, cap;
  wyv *data;        /* sorted by wy_compare, no duplicates */
} WySet;

typedef struct WyMap {
  WyObj h;
  size_t len, cap;
  wyv *keys;        /* sorted by wy_compare, no duplicates */
  wyv *vals;        /* vals[i] belongs to keys[i] */
} WyMap;

static inline WySet *wy_setobj(wyv v) { return (WySet *)wy_obj(v); }
static inline WyMap *wy_mapobj(wyv v) { return (WyMap *)wy_obj(v); }

static inline bool
wyrt_is_set(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_SET;
}

static inline bool
wyrt_is_map(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_MAP;
}

/* Build a set from n owned values (sorts, drops duplicates). */
wyv wyrt_set_take(size_t n, wyv *elems);

/* ---------------------------------------------------------------- */
/* compound.c: tuples, records, refs, functions                      */

typedef struct WyTuple {
  WyObj h;
  size_t n;
  wyv elems[];
} WyTuple;

typedef struct WyRecord {
  WyObj h;
  const WyShape *shape;  /* field names, sorted */
  wyv vals[];            /* vals[i] is field shape->names[i] */
} WyRecord;

typedef struct WyRef {
  WyObj h;
  wyv val;
} WyRef;

typedef struct WyFunc {
  WyObj h;
  WyFnEntry entry;
  const char *name;
  size_t nbound;
  wyv bound[];
} WyFunc;

static inline WyTuple *wy_tupleobj(wyv v) { return (WyTuple *)wy_obj(v); }
static inline WyRecord *wy_recordobj(wyv v) { return (WyRecord *)wy_obj(v); }
static inline WyRef *wy_refobj(wyv v) { return (WyRef *)wy_obj(v); }
static inline WyFunc *wy_funcobj(wyv v) { return (WyFunc *)wy_obj(v); }

static inline bool
wyrt_is_kind(wyv v, WyKind k)
{
  return wy_is_obj(v) && wy_obj(v)->kind == k;
}

/* Build a record from n owned values in shape order. */
wyv wyrt_record_take(const WyShape *shape, wyv *vals);

/* ---------------------------------------------------------------- */
/* print.c: text buffers and Any.toString                            */

typedef struct WyBuf {
  char *p;          /* realloc'd (plain libc), not NUL-terminated */
  size_t len, cap;
} WyBuf;

void wyrt_buf_reserve(WyBuf *b, size_t extra);

static inline void
wyrt_buf_putc(WyBuf *b, char c)
{
  if (b->len == b->cap) wyrt_buf_reserve(b, 1);
  b->p[b->len++] = c;
}

void wyrt_buf_put(WyBuf *b, const char *s, size_t n);
void wyrt_buf_puts(WyBuf *b, const char *s);
/* Append UTF-16 code units as UTF-8 (lone surrogates as 3 bytes). */
void wyrt_buf_utf16(WyBuf *b, const uint16_t *s, size_t n);
/* The text of v: Any.toString, or with raw = true the Java toString
 * used for map values (§6.2): strings and chars unquoted, bytes as
 * signed decimals. */
void wyrt_format(WyBuf *b, wyv v, bool raw);
void wyrt_format_mpz(WyBuf *b, mpz_srcptr z);
/* a number in the IEEE real modes: the shortest decimal (real_ieee.c) */
void wyrt_f_format(WyBuf *b, double d);
void wyrt_print_free(void);            /* wy_exit: the scratch buffer */

/* ---------------------------------------------------------------- */
/* lib_misc.c                                                         */

void wyrt_bench_free(void);           /* wy_exit: the region timings */

/* ---------------------------------------------------------------- */
/* error.c                                                            */

/* Throw v, transferring the caller's reference. */
_Noreturn void wyrt_throw_owned(wyv v);
/* A broken invariant of the runtime or the generated code. */
_Noreturn void wyrt_internal(const char *what);

#endif
