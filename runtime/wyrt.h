/* wyrt.h -- the public interface of libwyrt, the wyc runtime.
 *
 * Generated C programs include this header and nothing else of the
 * project.  It defines the value representation of the Whiley dialect
 * (spec whiley-dialect.md §4.2) and every operation the C back end calls.
 *
 * VALUES.  Every Whiley value is a `wyv`, one 64-bit word:
 *   - low bit 1:             a small int, value = (int64_t)v >> 1 (63 bits);
 *   - low 3 bits == 2:       an immediate: null, bool, char or byte; the
 *                            kind in bits 3..7, the payload in bits 32..63;
 *   - low 3 bits == 4:       a small real num/den (canonical, below):
 *                            den in bits 3..23 (21 bits, >= 1), num in
 *                            bits 24..63 (40 bits, signed);
 *   - low 3 bits == 0, != 0: a pointer to a reference-counted WyObj;
 *   - 0 (WY_UNDEF):          "no value": an unassigned register.
 * Ints outside 63 bits are GMP integers (WY_BIGINT objects); an operation
 * whose result fits 63 bits always returns the small form, so a value has
 * one canonical representation and equality of small ints is word
 * equality.  Reals are exact rationals in one of three forms, chosen by
 * the canonical fraction (gcd 1, den > 0) alone, so that each value has
 * one representation: the immediate above when num and den fit its
 * fields (no allocation at all: the common case); else a WY_K_REAL
 * object holding int64 num and den when they fit those (pooled, no
 * GMP); else a WY_K_REAL object holding a GMP rational (wyrt_impl.h,
 * WyReal).  Equal reals are equal words or equal objects of one form.
 *
 * OWNERSHIP (one rule, no exceptions): every function BORROWS its wyv
 * arguments and RETURNS A NEW REFERENCE that the caller owns.  Mutators
 * that take `wyv *slot` update *slot in place (copy-on-write when the
 * object is shared) and borrow their other arguments.  wy_incref and
 * wy_decref are the only reference-count operations generated code uses.
 * Words that are not pointers (small ints, immediates, immediate reals)
 * have no count: both are no-ops on them, so the rule costs them nothing.
 *
 * ERRORS.  Language errors (spec §8) call wy_fail: flush stdout, print
 * "FILE:LINE:COL: MESSAGE" (or just MESSAGE without a position) on stderr,
 * exit(1).  Source positions are passed as `const WyPos *`, static data
 * emitted by the back end; NULL is allowed.
 */
#ifndef WYRT_H
#define WYRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* wyc's version: `wyc --version`, and part of the kernel cache's key */
#define WYC_VERSION "0.1.0"

typedef uint64_t wyv;

#define WY_UNDEF ((wyv)0)

/* ---------------------------------------------------------------- */
/* Positions, for error messages                                     */

typedef struct WyPos {
  const char *file;  /* source file as given on the wyc command line */
  int line, col;     /* 1-based */
} WyPos;

/* ---------------------------------------------------------------- */
/* Immediates and objects                                            */

enum WyImmKind { WY_IMM_NULL = 1, WY_IMM_BOOL, WY_IMM_CHAR, WY_IMM_BYTE };

#define WY_MAKE_IMM(kind, payload) \
  (((wyv)(uint32_t)(payload) << 32) | ((wyv)(kind) << 3) | 2u)
#define WY_NULL  WY_MAKE_IMM(WY_IMM_NULL, 0)
#define WY_FALSE WY_MAKE_IMM(WY_IMM_BOOL, 0)
#define WY_TRUE  WY_MAKE_IMM(WY_IMM_BOOL, 1)

/* Heap object kinds.  ORDER WyKind: wy_kind() returns these for every
 * value, immediates included, so one switch covers everything. */
typedef enum WyKind {
  WY_K_UNDEF, WY_K_NULL, WY_K_BOOL, WY_K_BYTE, WY_K_CHAR, WY_K_INT,
  WY_K_REAL, WY_K_STRING, WY_K_SET, WY_K_LIST, WY_K_TUPLE, WY_K_RECORD,
  WY_K_MAP, WY_K_REF, WY_K_FUNC
} WyKind;

/* Every heap object starts with this header. */
typedef struct WyObj {
  uint32_t rc;    /* reference count; freed when it drops to 0 */
  uint8_t kind;   /* WyKind */
  uint8_t sub;    /* kind-specific: list storage kind (WyListStore) */
  uint16_t flags; /* kind-specific: lists, WY_LIST_STALE */
} WyObj;

static inline bool wy_is_small(wyv v) { return (v & 1u) != 0; }
static inline bool wy_is_imm(wyv v) { return (v & 7u) == 2u; }
static inline bool wy_is_qimm(wyv v) { return (v & 7u) == 4u; }
static inline bool wy_is_obj(wyv v) { return v != 0 && (v & 7u) == 0; }
static inline WyObj *wy_obj(wyv v) { return (WyObj *)(uintptr_t)v; }

void wy_free_obj(WyObj *o); /* called when rc reaches 0; frees children */

static inline void
wy_incref(wyv v)
{
  if (wy_is_obj(v)) wy_obj(v)->rc++;
}

static inline void
wy_decref(wyv v)
{
  if (wy_is_obj(v) && --wy_obj(v)->rc == 0) wy_free_obj(wy_obj(v));
}

/* Replace *slot by the owned value nv (decref the old one). */
static inline void
wy_set(wyv *slot, wyv nv)
{
  wyv old = *slot;
  *slot = nv;
  wy_decref(old);
}

WyKind wy_kind(wyv v);

/* ---------------------------------------------------------------- */
/* Scalars                                                           */

#define WY_SMALL_MIN (-(INT64_C(1) << 62))
#define WY_SMALL_MAX ((INT64_C(1) << 62) - 1)

static inline bool wy_fits_small(int64_t x)
{ return x >= WY_SMALL_MIN && x <= WY_SMALL_MAX; }
static inline wyv wy_small(int64_t x) { return ((wyv)x << 1) | 1u; }
static inline int64_t wy_small_val(wyv v) { return (int64_t)v >> 1; }

wyv wy_int_from_i64(int64_t x);          /* any int64, big if needed */
wyv wy_int_from_str(const char *dec);    /* decimal literal, '-' allowed */
bool wy_int_to_i64(wyv v, int64_t *out); /* false if it does not fit */

wyv wy_real_from_str(const char *dec);   /* "3.234" -> 1617/500, exact */
wyv wy_real_from_frac(wyv num, wyv den); /* ints; den != 0; normalised */
wyv wy_real_from_int(wyv i);             /* also accepts a char */
wyv wy_real_from_double(double d);       /* exact binary value of d */
double wy_real_to_double(wyv r);         /* nearest double (ints too) */
/* Added by the runtime: `(char) i` keeps the low 16 bits (Java); the
 * code of a char as an int (an int is returned as it is, incref'd). */
wyv wy_int_to_char(wyv i);
wyv wy_char_to_int(wyv c);

static inline wyv wy_bool(bool b) { return b ? WY_TRUE : WY_FALSE; }
static inline bool wy_truth(wyv v) { return v == WY_TRUE; }
static inline wyv wy_char(uint32_t c) { return WY_MAKE_IMM(WY_IMM_CHAR, c); }
static inline wyv wy_byte(uint8_t b) { return WY_MAKE_IMM(WY_IMM_BYTE, b); }
static inline uint32_t wy_imm_payload(wyv v) { return (uint32_t)(v >> 32); }

/* Integer arithmetic (operands int or char; spec §5.1, §5.3).  The fast
 * paths are inline; the slow paths live in int.c. */
wyv wy_int_add_slow(wyv a, wyv b);
wyv wy_int_sub_slow(wyv a, wyv b);
wyv wy_int_mul_slow(wyv a, wyv b);
/* truncating; "division by zero" */
wyv wy_int_div(wyv a, wyv b, const WyPos *pos);
wyv wy_int_rem(wyv a, wyv b, const WyPos *pos); /* sign of dividend */
wyv wy_int_neg(wyv a);
int wy_int_cmp(wyv a, wyv b);                   /* <0, 0, >0 */

static inline wyv
wy_int_add(wyv a, wyv b)
{
  int64_t r;
  if ((a & b & 1u) && !__builtin_add_overflow(wy_small_val(a),
                                              wy_small_val(b), &r)
      && wy_fits_small(r))
    return wy_small(r);
  return wy_int_add_slow(a, b);
}

static inline wyv
wy_int_sub(wyv a, wyv b)
{
  int64_t r;
  if ((a & b & 1u) && !__builtin_sub_overflow(wy_small_val(a),
                                              wy_small_val(b), &r)
      && wy_fits_small(r))
    return wy_small(r);
  return wy_int_sub_slow(a, b);
}

static inline wyv
wy_int_mul(wyv a, wyv b)
{
  int64_t r;
  if ((a & b & 1u) && !__builtin_mul_overflow(wy_small_val(a),
                                              wy_small_val(b), &r)
      && wy_fits_small(r))
    return wy_small(r);
  return wy_int_mul_slow(a, b);
}

static inline bool
wy_int_lt(wyv a, wyv b)
{
  if (a & b & 1u) return (int64_t)a < (int64_t)b;
  return wy_int_cmp(a, b) < 0;
}

/* Real arithmetic: operands are reals or ints/chars (converted first). */
wyv wy_real_add(wyv a, wyv b);
wyv wy_real_sub(wyv a, wyv b);
wyv wy_real_mul(wyv a, wyv b);
wyv wy_real_div(wyv a, wyv b, const WyPos *pos); /* "division by zero" */
wyv wy_real_neg(wyv a);
wyv wy_real_num(wyv r);  /* numerator of the normalised fraction (int) */
wyv wy_real_den(wyv r);  /* denominator, > 0 (int) */

/* ---------------------------------------------------------------- */
/* IEEE reals (`wyc --real=double|float`, docs/reals.md)              */

/* The program's real mode, fixed before main runs (the generated main
 * sets it first).  WY_REAL_EXACT: reals are the exact rationals above.
 * WY_REAL_DOUBLE, WY_REAL_FLOAT: every real is an IEEE double (in FLOAT
 * mode, a double that holds a float's value: each result is rounded to
 * float), and the tag-4 word means that number instead of num/den:
 * the double's bits rotated left by one (the sign to bit 0), its
 * exponent rebased so that 2^-126 .. 2^128 (every normal float) has a
 * biased exponent of 1 .. 255, shifted left by 3 over the tag.  The
 * word 4 (payload 0) is 0.0; -0.0 is stored as 0.0, so that equal
 * values are equal words.  A finite double outside that range is a
 * WY_K_REAL object (WY_REAL_IEEE).  A result that is not finite fails
 * with "real overflow". */
enum { WY_REAL_EXACT, WY_REAL_DOUBLE, WY_REAL_FLOAT };
extern int wy_real_mode;

#define WY_FIMM_BIAS ((uint64_t)896 << 53)

static inline bool
wy_f_imm(double d, wyv *w)
{
  uint64_t b, r, p;
  memcpy(&b, &d, sizeof b);
  r = (b << 1) | (b >> 63);
  p = r - WY_FIMM_BIAS;
  if ((p >> 53) - 1 < 255) {
    *w = (p << 3) | 4u;
    return true;
  }
  if ((b << 1) == 0) {          /* +0.0 and -0.0 */
    *w = 4u;
    return true;
  }
  return false;
}

static inline double
wy_f_imm_val(wyv w)
{
  uint64_t p = w >> 3, r, b;
  double d;
  r = p + WY_FIMM_BIAS;
  b = (r >> 1) | (r << 63);
  b &= -(uint64_t)(p != 0);     /* payload 0 is 0.0: no branch */
  memcpy(&d, &b, sizeof d);
  return d;
}

/* The word of d known to have one (the generated code's constants). */
static inline wyv
wy_f_word(double d)
{
  wyv w = 4u;
  wy_f_imm(d, &w);
  return w;
}

/* The slow paths (real_ieee.c): a double that has no immediate (boxed;
 * "real overflow" at pos when not finite), and the value of anything
 * that is not an immediate (a boxed real, an int or a char, rounded to
 * the mode's precision). */
wyv wy_f_box(double d, const WyPos *pos);
double wy_f_unbox(wyv v);

static inline wyv
wy_f_make(double d, const WyPos *pos)
{
  wyv w;
  if (__builtin_expect(wy_f_imm(d, &w), 1)) return w;
  return wy_f_box(d, pos);
}

static inline double
wy_f_val(wyv v)
{
  if (__builtin_expect((v & 7u) == 4u, 1)) return wy_f_imm_val(v);
  return wy_f_unbox(v);
}

/* The generated code's real arithmetic in DOUBLE (wy_d_) and FLOAT
 * (wy_s_) mode: operands reals or ints/chars, like wy_real_*. */
_Noreturn void wy_f_div_zero(const WyPos *pos);
_Noreturn void wy_f_overflow(const WyPos *pos);  /* "real overflow" */
static inline wyv wy_d_add(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make(wy_f_val(a) + wy_f_val(b), pos); }
static inline wyv wy_d_sub(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make(wy_f_val(a) - wy_f_val(b), pos); }
static inline wyv wy_d_mul(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make(wy_f_val(a) * wy_f_val(b), pos); }
static inline wyv wy_d_div(wyv a, wyv b, const WyPos *pos)
{
  double y = wy_f_val(b);
  if (__builtin_expect(y == 0.0, 0)) wy_f_div_zero(pos);
  return wy_f_make(wy_f_val(a) / y, pos);
}
static inline wyv wy_d_neg(wyv a, const WyPos *pos)
{ return wy_f_make(-wy_f_val(a), pos); }
/* float: the double result of two floats rounded once to float is the
 * float operation's result (double has more than 2 * 24 + 2 bits) */
static inline wyv wy_s_add(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make((float)(wy_f_val(a) + wy_f_val(b)), pos); }
static inline wyv wy_s_sub(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make((float)(wy_f_val(a) - wy_f_val(b)), pos); }
static inline wyv wy_s_mul(wyv a, wyv b, const WyPos *pos)
{ return wy_f_make((float)(wy_f_val(a) * wy_f_val(b)), pos); }
static inline wyv wy_s_div(wyv a, wyv b, const WyPos *pos)
{
  double y = wy_f_val(b);
  if (__builtin_expect(y == 0.0, 0)) wy_f_div_zero(pos);
  return wy_f_make((float)(wy_f_val(a) / y), pos);
}
static inline wyv wy_s_neg(wyv a, const WyPos *pos)
{ return wy_f_make(-wy_f_val(a), pos); }
/* Unboxed reals: the generated code keeps a register whose type is
 * real in a C double (c_backend/cgen_unbox.c).  wy_f_fin: d itself when
 * it is finite, else "real overflow" at pos (what wy_f_make reports);
 * wy_f_int_d, wy_f_int_s: an int (or char, or real) as the DOUBLE or
 * FLOAT mode's number, rounded once, as wy_f_val does. */
static inline double wy_f_fin(double d, const WyPos *pos)
{
  if (__builtin_expect(!__builtin_isfinite(d), 0)) wy_f_overflow(pos);
  return d;
}
/* wy_f_fin for the result d of an operation that read x, an unchecked
 * result (at xpos) that can only make d not finite too: the overflow
 * is x's when x is not finite, else d's. */
static inline double wy_f_fin2(double d, double x, const WyPos *xpos,
                               const WyPos *pos)
{
  if (__builtin_expect(!__builtin_isfinite(d), 0)) {
    (void)wy_f_fin(x, xpos);
    wy_f_overflow(pos);
  }
  return d;
}
/* The same for the floats of FLOAT mode's registers. */
static inline float wy_f_finf(float d, const WyPos *pos)
{
  if (__builtin_expect(!__builtin_isfinite(d), 0)) wy_f_overflow(pos);
  return d;
}
static inline float wy_f_fin2f(float d, float x, const WyPos *xpos,
                               const WyPos *pos)
{
  if (__builtin_expect(!__builtin_isfinite(d), 0)) {
    (void)wy_f_finf(x, xpos);
    wy_f_overflow(pos);
  }
  return d;
}
static inline double wy_f_int_d(wyv v)
{
  if (v & 1u) return (double)wy_small_val(v);
  return wy_f_val(v);
}
static inline double wy_f_int_s(wyv v)
{
  if (v & 1u) return (double)(float)wy_small_val(v);
  return wy_f_val(v);
}
/* comparisons of two reals (or ints) in either IEEE mode */
static inline bool wy_f_lt(wyv a, wyv b) { return wy_f_val(a) < wy_f_val(b); }
static inline bool wy_f_le(wyv a, wyv b) { return wy_f_val(a) <= wy_f_val(b); }
static inline bool wy_f_eq(wyv a, wyv b) { return wy_f_val(a) == wy_f_val(b); }

/* Numeric comparison of ints, chars and reals in any mix (§5.4). */
int wy_num_cmp(wyv a, wyv b);

/* Generic arithmetic for operands whose static type is a union: ints
 * stay ints, any real operand makes the result real. */
wyv wy_add(wyv a, wyv b);
wyv wy_sub(wyv a, wyv b);
wyv wy_mul(wyv a, wyv b);
wyv wy_div(wyv a, wyv b, const WyPos *pos);
wyv wy_neg(wyv a);

/* Bytes (§5.17). */
wyv wy_byte_and(wyv a, wyv b);
wyv wy_byte_or(wyv a, wyv b);
wyv wy_byte_xor(wyv a, wyv b);
wyv wy_byte_shl(wyv a, wyv n);
wyv wy_byte_shr(wyv a, wyv n);
wyv wy_byte_invert(wyv a);

/* ---------------------------------------------------------------- */
/* Equality, ordering, hashing                                        */

/* Structural value equality with NO conversion: int 1 != real 1.0
 * (§5.4 for any-typed operands).  The back end converts operands to a
 * common type first when the static types call for it. */
bool wy_equals(wyv a, wyv b);
/* Total order of §6.3 (kinds ranked null < bool < byte < char < int <
 * real < string < set < list < tuple < record < map < ref < function). */
int wy_compare(wyv a, wyv b);

/* ---------------------------------------------------------------- */
/* Strings (UTF-16 code units, immutable except through wy_str_set)   */

wyv wy_str_from_utf8(const char *s, size_t nbytes);
wyv wy_str_lit(const char *utf8);            /* NUL-terminated */
size_t wy_str_len(wyv s);
uint16_t wy_str_at(wyv s, size_t i);
wyv wy_str_append(wyv a, wyv b);             /* string + string; also
                                                any + string or string +
                                                any, as in §5.10 */
wyv wy_str_append_char(wyv s, wyv c);        /* string + char */
wyv wy_str_prepend_char(wyv c, wyv s);       /* char + string */
wyv wy_str_index(wyv s, wyv i, const WyPos *pos);   /* char; bounds checked */
void wy_str_set(wyv *s, wyv i, wyv c, const WyPos *pos);
wyv wy_str_sub(wyv s, wyv a, wyv b, const WyPos *pos);
wyv wy_str_to_int_list(wyv s);               /* string -> [int] (§4.4) */
char *wy_str_to_utf8(wyv s);                 /* malloc'd, NUL-terminated */
/* Added: *s = *s + b (b a string, a char, or any value as its
 * Any.toString, §5.10), in place and amortised O(1) when *s is unique. */
void wy_str_append_inplace(wyv *s, wyv b);

/* ---------------------------------------------------------------- */
/* Lists                                                              */

/* Storage kinds (WyObj.sub of a list).  A list picks its storage from
 * what it holds and changes it silently: storing a value that does not
 * fit turns an LS_INT list into LS_ANY (an LS_REAL list into LS_MPQ
 * when it is a real beyond the immediate).  Only performance depends on
 * it; marshalling (the OpenCL runtime) reads the flat arrays directly.
 * Reals are stored by the program's real mode: in exact mode LS_REAL
 * or LS_MPQ, in DOUBLE mode LS_F64, in FLOAT mode LS_F32 (the machine
 * numbers themselves, every real of the mode fits); the hint LS_REAL
 * means the mode's kind, so no list of an IEEE mode is LS_REAL or
 * LS_MPQ, and none of exact mode LS_F64 or LS_F32. */
typedef enum WyListStore {
  WY_LS_ANY,   /* wyv[]: any values */
  WY_LS_INT,   /* int64_t[]: small ints only (63-bit range) */
  WY_LS_REAL,  /* wyv[] of immediate reals only, no pointers (the hint
                  the back end gives for [real]) */
  WY_LS_BOOL,  /* uint8_t[]: bools only */
  WY_LS_MPQ,   /* mpq_t[] inline: reals, once one of them needs GMP */
  WY_LS_F64,   /* double[]: the reals of DOUBLE mode (finite; a -0.0
                  reads as the real 0.0) */
  WY_LS_F32    /* float[]: the reals of FLOAT mode (likewise) */
} WyListStore;

/* Residency (design.md "Runtime"): a list may have a copy on the OpenCL
 * device (res, owned by libwyrt_ocl; NULL otherwise).  When a kernel
 * left newer values there, h.flags has WY_LIST_STALE and the host data
 * must be fetched before it is read: wy_list_fetch does that (a lazy
 * range is stale too, without a device copy).  The
 * length and the shape never change on the device. */
typedef struct WyList {
  WyObj h;         /* h.sub = WyListStore, h.flags: WY_LIST_STALE */
  size_t len, cap; /* elements used, allocated */
  void *data;      /* storage array, by h.sub */
  struct WyOclRes *res;  /* the device copy, or NULL */
} WyList;

/* WY_LIST_RANGE (with STALE): a range a..b not filled in yet (list.c,
 * wy_list_range): data[0] holds a, the rest is zero until the first
 * read or write fills it (wy_list_fetch); WY_LIST_DOWN: it descends. */
enum { WY_LIST_STALE = 1, WY_LIST_RANGE = 2, WY_LIST_DOWN = 4 };

static inline WyList *wy_list(wyv v) { return (WyList *)(uintptr_t)v; }
static inline size_t wy_list_len(wyv l) { return wy_list(l)->len; }
/* Bring the host data of l up to date (a download when it is stale). */
void wy_list_fetch(WyList *l);
static inline void wy_list_host(WyList *l)
{ if (__builtin_expect(l->h.flags & WY_LIST_STALE, 0)) wy_list_fetch(l); }

/* A new empty list with `cap` reserved slots; `hint` picks the storage
 * (the elements' static type is known to the back end). */
wyv wy_list_new(WyListStore hint, size_t cap);
wyv wy_list_of(WyListStore hint, size_t n, const wyv *elems); /* literal */
wyv wy_list_range(wyv a, wyv b);      /* a..b, §5.5 (descending if a > b) */
wyv wy_list_get(wyv l, size_t i);     /* unchecked index */
wyv wy_list_index(wyv l, wyv i, const WyPos *pos); /* checked (§8 msgs) */
/* Fast read of element i of an LS_INT list, no bounds check: for the
 * back end when it has just checked the bounds. */
static inline wyv wy_list_get_int_fast(wyv l, size_t i)
{
  /* a stale list is fetched by wy_list_get: the fetch may widen flat
   * ints that a 64-bit kernel left beyond 63 bits into values */
  if (wy_list(l)->h.flags & WY_LIST_STALE) return wy_list_get(l, i);
  return wy_small(((int64_t *)wy_list(l)->data)[i]);
}
/* The same for any list: inline for LS_REAL (immediate reals, no count),
 * LS_ANY, LS_F64 and LS_F32 (their numbers as words) whose host data is
 * current; a stale list is fetched by wy_list_get (a fetch may change
 * the storage). */
static inline wyv wy_list_get_fast(wyv l, size_t i)
{
  WyList *x = wy_list(l);
  if (!(x->h.flags & WY_LIST_STALE)) {
    if (x->h.sub == WY_LS_REAL) return ((const wyv *)x->data)[i];
    if (x->h.sub == WY_LS_ANY) {
      wyv v = ((const wyv *)x->data)[i];
      wy_incref(v);
      return v;
    }
    if (x->h.sub == WY_LS_F64)
      return wy_f_make(((const double *)x->data)[i], NULL);
    if (x->h.sub == WY_LS_F32)
      return wy_f_make(((const float *)x->data)[i], NULL);
  }
  return wy_list_get(l, i);
}
/* In the IEEE modes: l[i] of a [real] list as a double, checked as
 * wy_list_index is; inline for current LS_F64 and LS_F32 storage. */
static inline double wy_list_real_at(wyv l, wyv i, const WyPos *pos)
{
  WyList *x = wy_list(l);
  if ((i & 1u) && (uint64_t)wy_small_val(i) < x->len
      && !(x->h.flags & WY_LIST_STALE)) {
    if (x->h.sub == WY_LS_F64)
      return ((const double *)x->data)[wy_small_val(i)];
    if (x->h.sub == WY_LS_F32)
      return ((const float *)x->data)[wy_small_val(i)];
  }
  wyv v = wy_list_index(l, i, pos);
  double d = wy_f_val(v);
  wy_decref(v);
  return d;
}
/* The same where the generated code has checked the bounds of i. */
static inline double wy_list_real_get(wyv l, wyv i, const WyPos *pos)
{
  WyList *x = wy_list(l);
  if (!(x->h.flags & WY_LIST_STALE)) {
    if (x->h.sub == WY_LS_F64)
      return ((const double *)x->data)[wy_small_val(i)];
    if (x->h.sub == WY_LS_F32)
      return ((const float *)x->data)[wy_small_val(i)];
  }
  return wy_list_real_at(l, i, pos);
}
/* The facts of loops (c_backend/cgen_bounds.c): |y| when y is a list,
 * else -1; the length of row w of x when x is a current list of lists,
 * w in bounds and that row a list, else -1. */
static inline int64_t wy_list_len_or(wyv y)
{
  if (!wy_is_obj(y) || wy_obj(y)->kind != WY_K_LIST) return -1;
  return (int64_t)wy_list(y)->len;
}
static inline int64_t wy_list_row_len(wyv x, wyv w)
{
  if (wy_list_len_or(x) < 0 || !wy_is_small(w) || wy_small_val(w) < 0
      || (uint64_t)wy_small_val(w) >= wy_list(x)->len
      || (wy_list(x)->h.flags & WY_LIST_STALE)
      || wy_list(x)->h.sub != WY_LS_ANY)
    return -1;
  return wy_list_len_or(((const wyv *)wy_list(x)->data)[wy_small_val(w)]);
}
/* The elements of list l for reads in a loop that leaves l as it is:
 * its host data brought up to date, then its storage array when the
 * storage kind is `store` (WY_LS_F64: doubles, WY_LS_F32: floats,
 * WY_LS_INT: int64_t), NULL otherwise.  The array stays valid while l holds its
 * reference and nothing writes l (value semantics: a write through
 * another holder copies first). */
static inline const void *wy_list_flat(wyv l, WyListStore store)
{
  WyList *x = wy_list(l);
  wy_list_host(x);
  return x->h.sub == store ? x->data : NULL;
}
/* l[i] = v: *l is made unique first (copy-on-write); bounds-checked with
 * the §8 messages (Java has no check here; any fatal error is allowed). */
void wy_list_set(wyv *l, wyv i, wyv v, const WyPos *pos);
/* A pointer to slot i of *l for a nested update chain (x[i][j] = e):
 * makes *l unique and LS_ANY first.  Valid until *l is next changed. */
wyv *wy_list_slot(wyv *l, wyv i, const WyPos *pos);
/* The generated code's stores l[i] = v and l[i][j] = v, and its reads of
 * a row it does not keep (IEEE modes): in place, inline, when the lists
 * are unique, current, with no device copy, i (and j) in bounds and v
 * fits the storage as it is (a small int in LS_INT, an immediate real
 * in LS_F64 or LS_F32); else as wy_list_set (after wy_list_slot) does
 * it.  The _d forms store a real given as the mode's number d (finite,
 * as every unboxed register is), which LS_F64 and LS_F32 hold as it
 * is: no word is made for it. */
static inline bool wy_list_here(WyList *x, wyv i)
{
  return x->h.rc == 1 && !x->h.flags && !x->res && wy_is_small(i)
         && (uint64_t)wy_small_val(i) < x->len;
}
static inline bool wy_list_put_num(WyList *x, wyv i, double d)
{
  if (!wy_list_here(x, i)) return false;
  if (x->h.sub == WY_LS_F64) {
    ((double *)x->data)[wy_small_val(i)] = d;
    return true;
  }
  if (x->h.sub == WY_LS_F32) {
    ((float *)x->data)[wy_small_val(i)] = (float)d;
    return true;
  }
  return false;
}
static inline bool wy_list_put_here(WyList *x, wyv i, wyv v)
{
  if (wy_is_qimm(v)) return wy_list_put_num(x, i, wy_f_imm_val(v));
  if (wy_list_here(x, i) && x->h.sub == WY_LS_INT && wy_is_small(v)) {
    ((int64_t *)x->data)[wy_small_val(i)] = wy_small_val(v);
    return true;
  }
  return false;
}
/* Row i of *l for an inline store: *l unique, current, LS_ANY, with no
 * device copy and i in bounds, the row a list; else NULL. */
static inline WyList *wy_list_row_here(wyv *l, wyv i)
{
  WyList *x = wy_list(*l);
  wyv r;
  if (!wy_list_here(x, i) || x->h.sub != WY_LS_ANY) return NULL;
  r = ((const wyv *)x->data)[wy_small_val(i)];
  return wy_is_obj(r) && wy_obj(r)->kind == WY_K_LIST ? wy_list(r) : NULL;
}
static inline void wy_list_put(wyv *l, wyv i, wyv v, const WyPos *pos)
{
  if (!wy_list_put_here(wy_list(*l), i, v)) wy_list_set(l, i, v, pos);
}
static inline void wy_list_put2(wyv *l, wyv i, wyv j, wyv v,
                                const WyPos *pos)
{
  WyList *r = wy_list_row_here(l, i);
  if (!r || !wy_list_put_here(r, j, v))
    wy_list_set(wy_list_slot(l, i, pos), j, v, pos);
}
/* The slow paths of the _d stores (list.c): the word of d stored. */
void wy_list_put_d_slow(wyv *l, wyv i, double d, const WyPos *pos);
void wy_list_put2_d_slow(wyv *l, wyv i, wyv j, double d, const WyPos *pos);
static inline void wy_list_put_d(wyv *l, wyv i, double d, const WyPos *pos)
{
  if (!wy_list_put_num(wy_list(*l), i, d)) wy_list_put_d_slow(l, i, d, pos);
}
static inline void wy_list_put2_d(wyv *l, wyv i, wyv j, double d,
                                  const WyPos *pos)
{
  WyList *r = wy_list_row_here(l, i);
  if (!r || !wy_list_put_num(r, j, d)) wy_list_put2_d_slow(l, i, j, d, pos);
}
/* Storage arrays hoisted out of a loop (c_backend/cgen_rows.c), NULL
 * where there is none (then the loop as written runs).  wy_list_mut:
 * that of *l, made unique (a copy when shared) and current, a device
 * copy told that the host writes all of it, when its storage is
 * `store` and it has elements; wy_list_row_mut: that of row i of the
 * list of lists *l, both made so.  The array stays valid while the loop
 * changes *l only through it and takes no reference to *l or the row
 * (value semantics: a write elsewhere copies first).  wy_list_row_flat:
 * for reads, the array of row i of x as wy_list_flat gives it, when x
 * is a list of lists (brought up to date) and i in bounds. */
void *wy_list_mut_slow(wyv *l, WyListStore store);
void *wy_list_row_mut_slow(wyv *l, wyv i, WyListStore store);
const void *wy_list_row_flat_slow(wyv x, wyv i, WyListStore store);
/* (inline where the lists are unique or current already) */
static inline bool wy_list_as(WyList *x, bool mine, WyListStore store)
{
  return (!mine || (x->h.rc == 1 && !x->res)) && !x->h.flags
         && x->h.sub == store && x->len;
}
static inline void *wy_list_mut(wyv *l, WyListStore store)
{
  if (wy_is_obj(*l) && wy_obj(*l)->kind == WY_K_LIST
      && wy_list_as(wy_list(*l), true, store))
    return wy_list(*l)->data;
  return wy_list_mut_slow(l, store);
}
static inline void *wy_list_row_mut(wyv *l, wyv i, WyListStore store)
{
  WyList *r = wy_is_obj(*l) && wy_obj(*l)->kind == WY_K_LIST
              ? wy_list_row_here(l, i) : NULL;
  if (r && wy_list_as(r, true, store)) return r->data;
  return wy_list_row_mut_slow(l, i, store);
}
static inline const void *wy_list_row_flat(wyv x, wyv i, WyListStore store)
{
  if (wy_is_obj(x) && wy_obj(x)->kind == WY_K_LIST && !wy_list(x)->h.flags
      && wy_list(x)->h.sub == WY_LS_ANY && wy_is_small(i)
      && (uint64_t)wy_small_val(i) < wy_list(x)->len) {
    wyv r = ((const wyv *)wy_list(x)->data)[wy_small_val(i)];
    if (wy_is_obj(r) && wy_obj(r)->kind == WY_K_LIST
        && wy_list_as(wy_list(r), false, store))
      return wy_list(r)->data;
  }
  return wy_list_row_flat_slow(x, i, store);
}
/* In an iteration of such a loop, the array of row i of x (a current
 * LS_ANY list with i in bounds: the loop's fact) when that row is a
 * current list of storage `store` (kind, storage and flags: one word)
 * and j an index in its bounds; else NULL.  Inline, no call.
 * wy_list_index_of: an index as such a j (UINT64_MAX: none is). */
static inline const void *wy_list_row_num(wyv x, int64_t i, uint64_t j,
                                          WyListStore store)
{
  wyv r = ((const wyv *)wy_list(x)->data)[i];
  WyObj want = {0, WY_K_LIST, (uint8_t)store, 0};
  uint32_t a, b;
  if (!wy_is_obj(r)) return NULL;
  memcpy(&a, (const char *)wy_obj(r) + offsetof(WyObj, kind), sizeof a);
  memcpy(&b, (const char *)&want + offsetof(WyObj, kind), sizeof b);
  if (a != b || j >= wy_list(r)->len) return NULL;
  return wy_list(r)->data;
}
/* Where a loop around that one keeps x: rows lo .. hi-1 of x, when x
 * is a list of lists (brought up to date) with 0 <= lo < hi <= |x|, and
 * those rows are all current lists of storage `store`: their least
 * length is returned (else 0), and their arrays are in order in the
 * data of *buf (as `const double *` for LS_F64, `const float *` for
 * LS_F32), a list object made or reused here, held and released by the
 * caller like a register, and no language value. */
uint64_t wy_list_grid(wyv x, wyv lo, wyv hi, WyListStore store, wyv *buf);
static inline uint64_t wy_list_index_of(wyv j)
{
  return wy_is_small(j) && wy_small_val(j) >= 0 ? (uint64_t)wy_small_val(j)
                                                : UINT64_MAX;
}
/* l[i] without a reference of its own, for an element that l keeps (a
 * row of a list of lists, or an immediate): valid while l is. */
static inline wyv wy_list_borrow(wyv l, wyv i, const WyPos *pos)
{
  WyList *x = wy_list(l);
  wyv v;
  if (!(x->h.flags & WY_LIST_STALE) && x->h.sub == WY_LS_ANY
      && wy_is_small(i) && (uint64_t)wy_small_val(i) < x->len)
    return ((const wyv *)x->data)[wy_small_val(i)];
  v = wy_list_index(l, i, pos);   /* fetched now, or fails */
  wy_decref(v);                   /* l keeps it */
  return v;
}
wyv wy_list_append(wyv a, wyv b);     /* a + b (new list) */
/* *l = *l + b: in place, amortised O(1) per element when *l is unique. */
void wy_list_append_inplace(wyv *l, wyv b);
/* *l = *l + [e]: in place, amortised O(1) when *l is unique. */
void wy_list_push(wyv *l, wyv e);
wyv wy_list_sub(wyv l, wyv a, wyv b, const WyPos *pos); /* §5.8 */
bool wy_list_contains(wyv l, wyv e);

/* ---------------------------------------------------------------- */
/* Sets and maps: sorted by wy_compare, unique keys                   */

wyv wy_set_of(size_t n, const wyv *elems);
wyv wy_set_union(wyv a, wyv b);
wyv wy_set_intersect(wyv a, wyv b);
wyv wy_set_diff(wyv a, wyv b);
wyv wy_set_add(wyv s, wyv e);             /* s ∪ {e} */
void wy_set_add_inplace(wyv *s, wyv e);
bool wy_set_contains(wyv s, wyv e);
bool wy_set_subset(wyv a, wyv b);          /* a ⊆ b */
bool wy_set_subset_strict(wyv a, wyv b);   /* a ⊂ b */
size_t wy_set_len(wyv s);
wyv wy_set_get(wyv s, size_t i);           /* i-th in sorted order */

wyv wy_map_of(size_t n, const wyv *keys, const wyv *vals);
wyv wy_map_get(wyv m, wyv k);              /* WY_NULL when absent */
void wy_map_put(wyv *m, wyv k, wyv v);
size_t wy_map_len(wyv m);
wyv wy_map_key(wyv m, size_t i);           /* i-th key in sorted order */
wyv wy_map_val(wyv m, size_t i);
/* Added: the slot of m[k] for a nested update chain (m[k].f = e); makes
 * *m unique first and inserts k |-> null when absent.  An empty set in
 * *m is turned into an empty map (`{}` is both, §1.4). */
wyv *wy_map_slot(wyv *m, wyv k);

/* Generic length of a list, set, map or string (`|e|`), as an int. */
wyv wy_length(wyv v);
/* Generic membership `e in c` for lists and sets. */
bool wy_contains(wyv c, wyv e);
/* Added: e[i] on a list or string (checked, §8) or a map (WY_NULL when
 * absent), for operands whose static type is a union. */
wyv wy_index(wyv c, wyv i, const WyPos *pos);

/* ---------------------------------------------------------------- */
/* Tuples, records, references, functions                             */

wyv wy_tuple_of(size_t n, const wyv *elems);
wyv wy_tuple_get(wyv t, size_t i);
size_t wy_tuple_len(wyv t);

/* A record shape: its field names, sorted by strcmp (Java compareTo on
 * ASCII).  Shapes are static data emitted by the back end; two shapes
 * with the same names are interchangeable (compared by name). */
typedef struct WyShape {
  size_t n;               /* number of fields */
  const char *const *names;
} WyShape;

wyv wy_record_of(const WyShape *shape, const wyv *vals); /* vals sorted */
wyv wy_record_get(wyv r, const char *field);  /* fails if absent */
void wy_record_set(wyv *r, const char *field, wyv v);
/* Slot of a field for a nested update chain; makes *r unique first. */
wyv *wy_record_slot(wyv *r, const char *field);
bool wy_record_has(wyv r, const char *field);

wyv wy_ref_new(wyv v);                 /* new e */
wyv wy_ref_get(wyv r);                 /* *r (a new reference) */
wyv *wy_ref_slot(wyv r);               /* for r->f = e (shared, no copy) */

/* Function values: a C entry taking (bound..., args...) as an array.
 * The back end emits one such trampoline per function whose address is
 * taken. */
typedef wyv (*WyFnEntry)(const wyv *args);
wyv wy_func_new(WyFnEntry entry, const char *name, size_t nbound,
                const wyv *bound);
wyv wy_func_call(wyv f, size_t nargs, const wyv *args);

/* ---------------------------------------------------------------- */
/* Runtime type descriptors: `is` tests and coercions                 */

typedef enum WyTypeKind {
  WY_T_VOID, WY_T_ANY, WY_T_NULL, WY_T_BOOL, WY_T_BYTE, WY_T_CHAR,
  WY_T_INT, WY_T_REAL, WY_T_STRING, WY_T_LIST, WY_T_SET, WY_T_MAP,
  WY_T_TUPLE, WY_T_RECORD, WY_T_REF, WY_T_FUNC, WY_T_UNION,
  WY_T_NEGATION, WY_T_INTERSECT, WY_T_NOMINAL
} WyTypeKind;

/* Static, possibly cyclic (recursive types), emitted by the back end. */
typedef struct WyType WyType;
struct WyType {
  WyTypeKind kind;
  size_t n;                    /* members: tuple/union/record/func arity */
  const WyType *const *elems;  /* list/set/ref: [0]; map: key [0], val [1];
                                  tuple/union/intersect: n members;
                                  record: n field types, sorted by name;
                                  negation/nominal: [0] */
  const char *const *names;    /* record: n field names, sorted */
  bool open;                   /* record: has `...` */
  const char *name;            /* nominal: its name, for messages */
  /* nominal with a `where`: the constraint, NULL if none */
  bool (*where)(wyv v);
};

bool wy_is(wyv v, const WyType *t);       /* `v is T` (§5.14), deep */
/* Convert v to type t (§4.4): int/char -> real, lists -> sets/maps,
 * string -> [int], element-wise inside compound values; values already
 * of the target's kinds are returned unchanged (incref'd).  For a union
 * target, a value that matches a member as it is stays as it is;
 * otherwise the first member it coerces to is used. */
wyv wy_convert(wyv v, const WyType *t);

/* ---------------------------------------------------------------- */
/* Printing (§6)                                                      */

wyv wy_to_string(wyv v);          /* Any.toString, as a string value */
void wy_print_any(wyv v);         /* stdout, Any.toString text */
void wy_print_str(wyv s);         /* stdout, raw string */
void wy_print_newline(void);
/* Append the Any.toString text of v to a growing C buffer; *buf may be
 * NULL initially.  Used by to_string and by tests. */
void wy_format(wyv v, char **buf, size_t *len, size_t *cap);

/* ---------------------------------------------------------------- */
/* Errors and exceptions                                              */

_Noreturn void wy_fail(const char *msg, const WyPos *pos);
/* The position of the call of a whiley.lang.Math native being made (the
 * generated code sets it around the call), or NULL: the place a failure
 * inside the native (a real that is not finite) reports. */
extern const WyPos *wy_native_at;

/* The position of the list-building instruction being run (a range or
 * an append), set around it by the generated code, or
 * NULL: where "out of memory (N bytes for a list of M elements)" points
 * when a list is larger than the machine can give (list.c). */
extern const WyPos *wy_alloc_at;

/* The stack-depth guard.  Every generated function calls wy_enter(pos)
 * first (pos: its declaration) and wy_leave() on its way out; deep
 * recursion becomes the language error "FILE:LINE:COL: stack overflow
 * (recursion deeper than N)", exit 1, instead of SIGSEGV.  The test is
 * on the stack pointer itself (frames differ in size): wy_init sets
 * wyrt_stack_low from the main thread's stack limit (RLIMIT_STACK) less
 * a reserve for the runtime's own calls.  Generated functions run on
 * the main thread only; NULL (no wy_init) turns the test off. */
extern long wyrt_depth;            /* generated functions active */
extern char *wyrt_stack_low;       /* a frame below it is too deep */
_Noreturn void wyrt_stack_overflow(const WyPos *pos);
static inline void
wy_enter(const WyPos *pos)
{
  char *frame = __builtin_frame_address(0);   /* not a local's address: */
  wyrt_depth++;                               /* ASan moves locals */
  if (__builtin_expect(frame < wyrt_stack_low, 0)) wyrt_stack_overflow(pos);
}
static inline void
wy_leave(void)
{
  wyrt_depth--;
}
/* Called by wy_init with an address in main's frame. */
void wyrt_stack_setup(char *top);

/* Exceptions (§3.9): try pushes a handler; throw longjmps to the
 * innermost one with the thrown value.  Handlers pop on normal exit. */
#include <setjmp.h>
typedef struct WyHandler {
  jmp_buf env;
  struct WyHandler *prev;
  wyv thrown;              /* owned by the catcher after the longjmp */
  long depth;              /* wyrt_depth at the try, restored by a throw */
} WyHandler;
void wy_try_push(WyHandler *h);
void wy_try_pop(WyHandler *h);
_Noreturn void wy_throw(wyv v);     /* borrows v (increfs it) */

/* ---------------------------------------------------------------- */
/* Run-time configuration (config.c; docs/runtime-variables.md)       */

/* Every variable the runtime reads; ORDER config.c's table.  User
 * variables first, then the developer settings inside WYC_DEV. */
typedef enum WyrtCfg {
  WYRT_CFG_DEVICE, WYRT_CFG_QUIET, WYRT_CFG_PROFILE, WYRT_CFG_OFFLOAD,
  WYRT_CFG_DEVICE_MEMORY, WYRT_CFG_THREADS,
  WYRT_CFG_PRESTART, WYRT_CFG_PARTIAL_UPLOAD, WYRT_CFG_BINARY_CACHE,
  WYRT_CFG_BUILD_LOG, WYRT_CFG_CL_OPTIONS, WYRT_CFG_TUNE, WYRT_CFG_CHAIN,
  WYRT_CFG_CHUNK_BYTES, WYRT_CFG_SMALL_CALLS, WYRT_CFG_EARLY_CALLS,
  WYRT_CFG_MEMORY_GUARD, WYRT_CFG_FP64,
  WYRT_CFG_COUNT
} WyrtCfg;

typedef enum WyrtCfgClass {
  WYRT_CFG_USER,          /* an environment variable of its own */
  WYRT_CFG_DEV            /* an item of WYC_DEV=NAME=VALUE,... */
} WyrtCfgClass;

typedef enum WyrtCfgKind {
  WYRT_CFG_K_WORD,          /* one of accepts' words (0|1: a switch) */
  WYRT_CFG_K_COUNT,    /* a whole number from lo to hi */
  WYRT_CFG_K_BYTES,         /* bytes, lo up to hi - 1; K, M, G suffixes */
  WYRT_CFG_K_SELECTOR,      /* gpu, cpu, none or P:D */
  WYRT_CFG_K_TEXT           /* anything */
} WyrtCfgKind;

typedef struct WyrtCfgInfo {
  const char *name;       /* WYC_QUIET; a developer setting's item name */
  WyrtCfgClass class;
  WyrtCfgKind kind;
  const char *accepts;    /* "0|gpu|always", "N", "BYTES", ... */
  uint64_t lo, hi;        /* K_COUNT and K_BYTES bounds */
  const char *dflt;       /* the default as a value; "": none (the
                             reader decides, e.g. one thread per CPU) */
  const char *old;        /* the variable an earlier version read, an
                             error now; NULL */
  const char *help;       /* one line */
} WyrtCfgInfo;

/* The words of WORD entries; ORDER their accepts in config.c. */
typedef enum WyrtWhere {        /* tune, chain: 0|gpu|always */
  WYRT_WHERE_NEVER, WYRT_WHERE_GPU, WYRT_WHERE_ALWAYS
} WyrtWhere;
enum { WYRT_OFFLOAD_AUTO, WYRT_OFFLOAD_MANDATORY };   /* WYC_OFFLOAD */
enum { WYRT_CALLS_AUTO, WYRT_CALLS_DEVICE };   /* small_calls, early_calls */

typedef enum WyrtDeviceKind {
  WYRT_DEVICE_DEFAULT, WYRT_DEVICE_GPU, WYRT_DEVICE_CPU, WYRT_DEVICE_NONE,
  WYRT_DEVICE_NUMBERED
} WyrtDeviceKind;

typedef struct WyrtDevice {
  WyrtDeviceKind kind;
  unsigned platform, device;   /* WYRT_DEVICE_NUMBERED: P:D */
} WyrtDevice;

/* Reads and validates the table, once (thread-safe); a bad value is a
 * message per variable and exit status 2.  Every accessor calls it. */
void wyrt_config_load(void);
/* Reads the environment again: for tests that change it, while no
 * other thread reads the configuration. */
void wyrt_config_reload(void);
const WyrtCfgInfo *wyrt_config_info(WyrtCfg id);
bool wyrt_config_set(WyrtCfg id);          /* given, not the default */
int wyrt_config_word(WyrtCfg id);          /* WORD: the word's index */
bool wyrt_config_on(WyrtCfg id);           /* WORD: index != 0 */
uint64_t wyrt_config_num(WyrtCfg id);      /* K_COUNT, K_BYTES; 0: none */
const char *wyrt_config_text(WyrtCfg id);  /* the text as given, or "" */
WyrtDevice wyrt_config_device(void);       /* WYC_DEVICE */
/* The user variables, one line each; all: the developer settings too. */
void wyrt_config_help(FILE *out, bool all);

/* ---------------------------------------------------------------- */
/* Program start-up and the standard library's natives                */

/* Called by the generated main(): sets up GMP's allocator, stdout
 * buffering, and returns the Console record {out, args}. */
wyv wy_init(int argc, char **argv);
/* Flushes stdout and frees global state; the program's exit status: 0,
 * or 1 (with a message on stderr) when stdout lost output (a full disk,
 * a closed pipe). */
int wy_exit(void);
/* Added: blocks the runtime (GMP included) has allocated and not freed;
 * 0 after wy_exit when a program released every value (leak tests). */
size_t wy_live_blocks(void);

/* Natives of whiley.lang.* (spec §7).  A `native` declaration in
 * stdlib/whiley/<pkg>/<Module>.whiley binds to wy_lib_<Module>_<function>
 * taking one wyv per parameter and returning a wyv (WY_NULL for void).
 * Overloads share one C function: the compiler has already converted the
 * arguments to the chosen overload's parameter types, so the function
 * dispatches on the kinds it receives.  Preconditions are checked by the
 * generated code, not here.  (System.print/println are not natives: the
 * back end emits wy_print_str / wy_print_any by static type.) */
wyv wy_lib_Any_toString(wyv v);             /* added: = wy_to_string */
wyv wy_lib_Math_abs(wyv x);                 /* int or real */
wyv wy_lib_Math_min(wyv a, wyv b);
wyv wy_lib_Math_max(wyv a, wyv b);
wyv wy_lib_Math_pow(wyv base, wyv exp);     /* ints, exp > 0 */
wyv wy_lib_Math_floor(wyv x);               /* real (or int) -> int */
wyv wy_lib_Math_ceil(wyv x);
wyv wy_lib_Math_round(wyv x);               /* half away from zero */
wyv wy_lib_Math_isqrt(wyv x);
wyv wy_lib_Math_sqrt(wyv x, wyv err);       /* int or real x */
wyv wy_lib_Math_exp(wyv x);
wyv wy_lib_Math_exp10(wyv x);
wyv wy_lib_Math_log(wyv x);
wyv wy_lib_Math_log10(wyv x);
wyv wy_lib_Math_sin(wyv x);
wyv wy_lib_Math_cos(wyv x);
wyv wy_lib_Math_tan(wyv x);
wyv wy_lib_Math_asin(wyv x);
wyv wy_lib_Math_acos(wyv x);
wyv wy_lib_Math_atan(wyv x);
wyv wy_lib_Math_random(void);
wyv wy_lib_Time_current(void);              /* real seconds, millis/1000 */
wyv wy_lib_Int_toHexString(wyv x);
wyv wy_lib_Int_parse(wyv s);                /* throws SyntaxError record */
wyv wy_lib_Real_parse(wyv s);
wyv wy_lib_Char_toString(wyv c);
wyv wy_lib_Byte_toString(wyv b);
wyv wy_lib_Byte_toUnsignedInt(wyv b);       /* byte or [byte] */
wyv wy_lib_Byte_toInt(wyv b);               /* byte or [byte], signed */
wyv wy_lib_Byte_toChar(wyv b);
wyv wy_lib_Int_toUnsignedByte(wyv v);
wyv wy_lib_Int_toSignedByte(wyv v);
wyv wy_lib_Int_toUnsignedBytes(wyv v);
wyv wy_lib_String_indexOf(wyv s, wyv c, wyv start); /* int|null */
wyv wy_lib_String_lastIndexOf(wyv s, wyv c);
wyv wy_lib_String_replace(wyv s, wyv old, wyv nw);
wyv wy_lib_String_fromASCII(wyv bytes);
wyv wy_lib_String_toUTF8(wyv s);

/* whiley.io.File (lib_file.c): Reader/Writer references over open files;
 * close serves both, read(r, max) takes at most max bytes, readAll the
 * rest of the file, write a [byte]. */
wyv wy_lib_File_Reader(wyv name);
wyv wy_lib_File_Writer(wyv name);
wyv wy_lib_File_close(wyv ref);             /* returns WY_NULL */
wyv wy_lib_File_read(wyv ref, wyv max);
wyv wy_lib_File_readAll(wyv ref);
wyv wy_lib_File_write(wyv ref, wyv data);   /* returns WY_NULL */

/* whiley.gpgpu.Util: timing of offloaded work (spec §7.11).  Until the
 * OpenCL runtime exists they record wall-clock time between begin and
 * end; print writes the CSV summary to stderr. */
wyv wy_lib_Util_beginGPUBenchmarking(void);   /* return WY_NULL */
wyv wy_lib_Util_endGPUBenchmarking(void);
wyv wy_lib_Util_printOutGPUBenchmarkResults(void);

#endif
