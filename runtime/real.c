/* real.c -- exact rationals (§5.2): construction, arithmetic, doubles.
 *
 * A real is canonical (gcd 1, den > 0) in one of three forms (wyrt.h,
 * wyrt_impl.h WyReal): small, an int64 numerator over an int64
 * denominator, an immediate word when they are shorter still, or big, a
 * GMP rational that does not fit those words.  wyrt_real_of_q picks the
 * small form's word.  An integer-valued real
 * stays a real (1.0 is not 1, §4.2).  Operations on small operands
 * compute with 128-bit intermediates and fall back to GMP exactly when
 * the canonical result does not fit; every GMP result goes through
 * wyrt_real_finish, which turns it small when it fits.  Operands that
 * are ints or chars are viewed as n/1 without allocating.
 * Conversions to double use MPFR at 53 bits with the exponent range of
 * IEEE doubles, so they are correctly rounded, subnormals included.
 */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>

#include "wyrt_impl.h"

/* __int128 (GCC and Clang on 64-bit targets, which libwyrt requires:
 * see the asserts in wyrt_impl.h): with |n| <= 2^63 and 1 <= d < 2^63,
 * a product n1*d2 or d1*d2 is below 2^126 in magnitude and a sum of two
 * such products below 2^127, so every intermediate of +, -, *, / and of
 * a comparison is exact in 128 bits. */
typedef __int128 i128;
typedef unsigned __int128 u128;

/* ---------------------------------------------------------------- */
/* Allocation: a free list per form                                   */

/* Freed reals kept for reuse: real-heavy loops allocate and free one
 * result per operation.  Big ones keep their small limb arrays.  Off
 * under AddressSanitizer, so that it still sees every use after free. */
#ifdef __SANITIZE_ADDRESS__
static const int pool_limit = 0, spool_limit = 0;
#else
static const int pool_limit = 256, spool_limit = 1024;
#endif
static WyReal *pool[256], *spool[1024];
static int npool, nspool;

WyReal *
wyrt_new_real(void)
{
  WyReal *r;
  if (npool > 0) {
    r = pool[--npool];
    r->h.rc = 1;
    mpq_set_ui(r->q, 0, 1);
    return r;
  }
  r = (WyReal *)wyrt_new_obj(WY_K_REAL, sizeof(WyReal));
  r->h.sub = WY_REAL_BIG;
  mpq_init(r->q);
  return r;
}

static inline wyv
real_val(WyReal *r)
{
  return (wyv)(uintptr_t)r;
}

wyv
wyrt_real_box(WyQ q)
{
  WyReal *r;
  if (nspool > 0) {
    r = spool[--nspool];
    r->h.rc = 1;
  } else {
    r = (WyReal *)wyrt_new_obj(WY_K_REAL, sizeof(WyReal));
    r->h.sub = WY_REAL_SMALL;
  }
  r->s = q;
  return real_val(r);
}

void
wyrt_real_release(WyReal *r)
{
  if (r->h.sub == WY_REAL_IEEE) {
    wyrt_free(r);
    return;
  }
  if (r->h.sub == WY_REAL_SMALL) {
    if (nspool < spool_limit) spool[nspool++] = r;
    else wyrt_free(r);
    return;
  }
  if (npool < pool_limit
      && mpq_numref(r->q)->_mp_alloc <= 4
      && mpq_denref(r->q)->_mp_alloc <= 4) {
    pool[npool++] = r;
    return;
  }
  mpq_clear(r->q);
  wyrt_free(r);
}

void
wyrt_real_pool_free(void)
{
  while (npool > 0) {
    WyReal *r = pool[--npool];
    mpq_clear(r->q);
    wyrt_free(r);
  }
  while (nspool > 0) wyrt_free(spool[--nspool]);
}

/* ---------------------------------------------------------------- */
/* Canonical forms                                                    */

static inline uint64_t
gcd64(uint64_t a, uint64_t b)
{
  int k;
  if (a == 0) return b;
  if (b == 0) return a;
  k = __builtin_ctzll(a | b);
  a >>= __builtin_ctzll(a);
  do {
    b >>= __builtin_ctzll(b);
    if (a > b) {
      uint64_t t = a;
      a = b;
      b = t;
    }
    b -= a;
  } while (b);
  return a << k;
}

static u128
gcd128(u128 a, u128 b)
{
  while ((a >> 64) || (b >> 64)) {
    u128 t;
    if (b == 0) return a;
    t = a % b;
    a = b;
    b = t;
  }
  return gcd64((uint64_t)a, (uint64_t)b);
}

static void
mpz_set_u128(mpz_ptr z, u128 x, bool neg)
{
  mpz_set_ui(z, (unsigned long)(x >> 64));
  mpz_mul_2exp(z, z, 64);
  mpz_add_ui(z, z, (unsigned long)(uint64_t)x);
  if (neg) mpz_neg(z, z);
}

/* *a / *b (both non-zero) in lowest terms. */
static inline void
reduce64(uint64_t *a, uint64_t *b)
{
  int k = __builtin_ctzll(*a | *b);  /* common factors of 2: shifts */
  *a >>= k;
  *b >>= k;
  /* a power-of-two b is now 1 or has an odd a: gcd 1, no division
   * (device doubles and quarters come here) */
  if (*b & (*b - 1)) {
    uint64_t g = gcd64(*a, *b);
    if (g != 1) {
      *a /= g;
      *b /= g;
    }
  }
}

/* The canonical real n/d (d != 0): small when it fits, else GMP. */
static wyv
real_make128(i128 n, i128 d)
{
  bool neg = (n < 0) != (d < 0);
  u128 un = n < 0 ? -(u128)n : (u128)n, ud = d < 0 ? -(u128)d : (u128)d;
  WyReal *r;
  if (ud != 1) {
    if (!(un >> 64) && !(ud >> 64)) {    /* the common case: 64-bit */
      uint64_t a = (uint64_t)un, b = (uint64_t)ud;
      if (a == 0) b = 1;
      else reduce64(&a, &b);
      un = a;
      ud = b;
    } else {
      u128 g = gcd128(un, ud);
      if (g != 1) {
        un /= g;
        ud /= g;
      }
    }
  }
  if (ud <= (u128)INT64_MAX && un <= (neg ? (u128)1 << 63 : (u128)INT64_MAX))
    /* (int64_t) of a uint64 above INT64_MAX wraps (GCC defines it):
     * -2^63 comes out as INT64_MIN */
    return wyrt_real_of_q((WyQ){neg ? (int64_t)(0 - (uint64_t)un)
                                    : (int64_t)(uint64_t)un,
                                (int64_t)(uint64_t)ud});
  r = wyrt_new_real();
  mpz_set_u128(mpq_numref(r->q), un, neg && un != 0);
  mpz_set_u128(mpq_denref(r->q), ud, false);
  return real_val(r);
}

/* real_make128 for 0 < d, inline: two immediates' sums, differences
 * and quotients stay in int64 (|num| < 2^39, den < 2^21: a cross
 * product is below 2^60), and so do most of their products. */
static inline wyv
real_make64(int64_t n, int64_t d)
{
  uint64_t a = n < 0 ? 0 - (uint64_t)n : (uint64_t)n, b = (uint64_t)d;
  if (b == 1) return wyrt_real_of_q((WyQ){n, 1});
  if (a == 0) return wyrt_real_of_q((WyQ){0, 1});
  reduce64(&a, &b);
  /* a <= 2^63; (int64_t) of 0 - a wraps (GCC defines it) */
  return wyrt_real_of_q((WyQ){n < 0 ? (int64_t)(0 - a) : (int64_t)a,
                              (int64_t)b});
}

/* Both immediates: their small forms in *x and *y. */
static inline bool
both_imm(wyv a, wyv b, WyQ *x, WyQ *y)
{
  if (!wy_is_qimm(a) || !wy_is_qimm(b)) return false;
  wyrt_real_small(a, x);
  wyrt_real_small(b, y);
  return true;
}

wyv
wyrt_real_frac64(int64_t n, int64_t d)
{
  return real_make128(n, d);
}

bool
wyrt_mpq_to_q(mpq_srcptr q, WyQ *out)
{
  if (!mpz_fits_slong_p(mpq_numref(q)) || !mpz_fits_slong_p(mpq_denref(q)))
    return false;
  out->num = mpz_get_si(mpq_numref(q));
  out->den = mpz_get_si(mpq_denref(q));
  return true;
}

wyv
wyrt_real_finish(WyReal *r)
{
  WyQ q;
  if (!wyrt_mpq_to_q(r->q, &q)) return real_val(r);
  wyrt_real_release(r);      /* rc 1, never shared yet */
  return wyrt_real_of_q(q);
}

mpq_srcptr
wyrt_q_mpq(WyQ q, WyRealTmp *t)
{
  t->num.limb = q.num < 0 ? 0 - (uint64_t)q.num : (uint64_t)q.num;
  mpz_roinit_n(mpq_numref(t->q), &t->num.limb,
               q.num < 0 ? -1 : q.num > 0 ? 1 : 0);
  t->den = (uint64_t)q.den;
  mpz_roinit_n(mpq_denref(t->q), &t->den, 1);
  return t->q;
}

mpq_srcptr
wyrt_real_mpq(wyv v, WyRealTmp *t)
{
  WyQ q;
  if (wyrt_is_real(v)) {
    /* an IEEE mode's numbers have no exact view: their callers take
     * real_ieee.c's paths first */
    if (wy_real_mode) wyrt_internal("an exact view of an IEEE real");
    if (wyrt_real_small(v, &q)) return wyrt_q_mpq(q, t);
    return wy_real(v)->q;
  }
  *mpq_numref(t->q) = *wyrt_int_mpz(v, &t->num);  /* shallow, read-only */
  t->den = 1;
  mpz_roinit_n(mpq_denref(t->q), &t->den, 1);
  return t->q;
}

wyv
wyrt_real_from_mpq(mpq_srcptr q)
{
  WyQ s;
  WyReal *r;
  if (wyrt_mpq_to_q(q, &s)) return wyrt_real_of_q(s);
  r = wyrt_new_real();
  mpq_set(r->q, q);
  return real_val(r);
}

/* ---------------------------------------------------------------- */
/* Construction                                                       */

/* In an IEEE mode (real_ieee.c): num/den rounded once; the numerator or
 * denominator of a number's exact value. */
static wyv
f_from_frac(wyv num, wyv den)
{
  WyIntTmp tn, td;
  mpq_t q;
  wyv r;
  mpz_srcptr d = wyrt_int_mpz(den, &td);
  if (mpz_sgn(d) == 0) wy_fail("division by zero", NULL);
  mpq_init(q);
  mpz_set(mpq_numref(q), wyrt_int_mpz(num, &tn));
  mpz_set(mpq_denref(q), d);
  mpq_canonicalize(q);
  r = wyrt_f_from_mpq(q);
  mpq_clear(q);
  return r;
}

static wyv
f_part(wyv v, bool num)
{
  mpq_t q;
  wyv r;
  mpq_init(q);
  wyrt_f_mpq(v, q);
  r = wyrt_int_from_mpz(num ? mpq_numref(q) : mpq_denref(q));
  mpq_clear(q);
  return r;
}

/* "3.234" -> 1617/500; an optional '-', digits, an optional fraction. */
wyv
wy_real_from_str(const char *dec)
{
  if (wy_real_mode) return wyrt_f_from_str(dec);
  WyReal *r;
  size_t n = strlen(dec), frac = 0, ndigits = 0;
  char *digits, *d;
  bool seen_point = false;
  int64_t x = 0, p10 = 1;
  for (const char *p = dec; *p; p++) {
    if (*p == '.') {
      seen_point = true;
    } else if (*p != '-') {
      ndigits++;
      if (seen_point) frac++;
    }
  }
  if (ndigits <= 18) {          /* 10^18 < 2^63: the small form directly */
    seen_point = false;
    for (const char *p = dec; *p; p++) {
      if (*p == '.') {
        seen_point = true;
      } else if (*p != '-') {
        x = x * 10 + (*p - '0');
        if (seen_point) p10 *= 10;
      }
    }
    return real_make128(dec[0] == '-' ? -x : x, p10);
  }
  r = wyrt_new_real();
  digits = wyrt_alloc(n + 1);
  d = digits;
  for (const char *p = dec; *p; p++)
    if (*p != '.') *d++ = *p;
  *d = 0;
  if (mpz_set_str(mpq_numref(r->q), digits, 10) != 0)
    wyrt_internal("bad real literal");
  wyrt_free(digits);
  mpz_ui_pow_ui(mpq_denref(r->q), 10, frac);
  mpq_canonicalize(r->q);
  return wyrt_real_finish(r);
}

wyv
wy_real_from_frac(wyv num, wyv den)
{
  if (wy_real_mode) return f_from_frac(num, den);
  WyIntTmp tn, td;
  mpz_srcptr n, d;
  int64_t x, y;
  WyReal *r;
  if (wyrt_small_or_char(num, &x) && wyrt_small_or_char(den, &y)) {
    if (y == 0) wy_fail("division by zero", NULL);
    return real_make128(x, y);
  }
  n = wyrt_int_mpz(num, &tn);
  d = wyrt_int_mpz(den, &td);
  if (mpz_sgn(d) == 0) wy_fail("division by zero", NULL);
  r = wyrt_new_real();
  mpz_set(mpq_numref(r->q), n);
  mpz_set(mpq_denref(r->q), d);
  mpq_canonicalize(r->q);
  return wyrt_real_finish(r);
}

wyv
wy_real_from_int(wyv i)
{
  if (wy_real_mode)
    return wyrt_is_real(i) ? (wy_incref(i), i)
                           : wyrt_f_from_double(wy_f_val(i));
  WyRealTmp t;
  int64_t x;
  if (wyrt_is_real(i)) {
    wy_incref(i);
    return i;
  }
  if (wyrt_small_or_char(i, &x)) return wyrt_real_of_q((WyQ){x, 1});
  return wyrt_real_from_mpq(wyrt_real_mpq(i, &t));
}

bool
wyrt_q_of_double(double d, WyQ *out)
{
  int e, tz;
  uint64_t bits, a;
  bool neg;
  if (d == 0) {                  /* -0.0 too: the rational 0 */
    *out = (WyQ){0, 1};
    return true;
  }
  /* d = -1^neg * a * 2^e exactly, from its IEEE fields (a normal d:
   * a subnormal one is below 2^-1022, too small for the pair) */
  memcpy(&bits, &d, sizeof bits);
  neg = bits >> 63;
  e = (int)((bits >> 52) & 0x7ff);
  if (e == 0 || e == 0x7ff) return false;
  a = (bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
  e -= 1075;
  tz = __builtin_ctzll(a);
  a >>= tz;
  e += tz;
  if (e >= 0) {                  /* an integer: a * 2^e below 2^63 */
    if (e > 62 || a > (UINT64_C(1) << (63 - e)) - 1) return false;
    a <<= e;
    *out = (WyQ){neg ? -(int64_t)a : (int64_t)a, 1};
    return true;
  }
  if (e < -62) return false;     /* 2^-e would not fit the denominator */
  *out = (WyQ){neg ? -(int64_t)a : (int64_t)a, INT64_C(1) << -e};
  return true;
}

/* q = the finite d, exactly: from the small form's words when d has
 * one (no GMP arithmetic, and no allocation once q has its limbs), else
 * mpq_set_d.  The device's results on their way into LS_MPQ storage. */
void
wyrt_mpq_set_double(mpq_ptr q, double d)
{
  WyQ s;
  if (wyrt_q_of_double(d, &s)) {     /* canonical: den a power of two */
    mpz_set_si(mpq_numref(q), s.num);
    mpz_set_si(mpq_denref(q), s.den);
    return;
  }
  mpq_set_d(q, d);
}

wyv
wy_real_from_double(double d)
{
  if (wy_real_mode) {
    if (!isfinite(d)) wy_fail("real value is not finite", NULL);
    return wyrt_f_from_double(d);
  }
  WyReal *r;
  WyQ q;
  if (!isfinite(d)) wy_fail("real value is not finite", NULL);
  if (wyrt_q_of_double(d, &q)) return wyrt_real_of_q(q);
  r = wyrt_new_real();
  mpq_set_d(r->q, d);   /* exact */
  return wyrt_real_finish(r);
}

/* MPFR emulates IEEE double: 53 bits, exponents of doubles. */
void
wyrt_mpfr_setup(void)
{
  static bool done;
  if (done) return;
  done = true;
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
}

double
wyrt_mpz_to_double(mpz_srcptr z)
{
  mpfr_t x;
  double d;
  int t;
  wyrt_mpfr_setup();
  mpfr_init2(x, 53);
  t = mpfr_set_z(x, z, MPFR_RNDN);
  mpfr_subnormalize(x, t, MPFR_RNDN);
  d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  return d;
}

double
wyrt_mpq_to_double(mpq_srcptr q)
{
  mpfr_t x;
  double d;
  int t;
  wyrt_mpfr_setup();
  mpfr_init2(x, 53);
  t = mpfr_set_q(x, q, MPFR_RNDN);
  mpfr_subnormalize(x, t, MPFR_RNDN);
  d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  return d;
}

/* q correctly rounded to double without GMP, where the words allow:
 * num / den in double arithmetic is one correctly rounded division when
 * both are exact doubles (at most 2^53); a power-of-two denominator only
 * scales (no subnormal: den < 2^63), after the correctly rounded int64
 * -> double conversion. */
bool
wyrt_q_to_double_quick(WyQ q, double *d)
{
  uint64_t a = q.num < 0 ? 0 - (uint64_t)q.num : (uint64_t)q.num;
  if (a <= (UINT64_C(1) << 53) && q.den <= (INT64_C(1) << 53))
    *d = (double)q.num / (double)q.den;
  else if ((q.den & (q.den - 1)) == 0)
    *d = ldexp((double)q.num, -__builtin_ctzll((uint64_t)q.den));
  else
    return false;
  return true;
}

/* q correctly rounded to double: the quick way, else MPFR. */
double
wyrt_q_to_double(WyQ q)
{
  WyRealTmp t;
  double d;
  if (wyrt_q_to_double_quick(q, &d)) return d;
  return wyrt_mpq_to_double(wyrt_q_mpq(q, &t));
}

double
wy_real_to_double(wyv r)
{
  if (wy_real_mode) return wy_f_val(r);
  WyRealTmp t;
  WyQ q;
  if (wyrt_real_small(r, &q)) return wyrt_q_to_double(q);
  return wyrt_mpq_to_double(wyrt_real_mpq(r, &t));
}

/* ---------------------------------------------------------------- */
/* Arithmetic                                                         */

typedef void (*MpqOp)(mpq_ptr, mpq_srcptr, mpq_srcptr);

static wyv
real_op(MpqOp op, wyv a, wyv b)
{
  WyRealTmp ta, tb;
  mpq_srcptr x = wyrt_real_mpq(a, &ta), y = wyrt_real_mpq(b, &tb);
  WyReal *r = wyrt_new_real();
  op(r->q, x, y);
  return wyrt_real_finish(r);
}

wyv
wy_real_add(wyv a, wyv b)
{
  if (wy_real_mode) return wyrt_f_arith('+', a, b, NULL);
  WyQ x, y;
  if (both_imm(a, b, &x, &y)) {
    if (x.den == y.den) return real_make64(x.num + y.num, x.den);
    return real_make64(x.num * y.den + y.num * x.den, x.den * y.den);
  }
  if (wyrt_real_small(a, &x) && wyrt_real_small(b, &y)) {
    if (x.den == y.den) {
      if (x.den == 1) {
        int64_t n;
        if (!__builtin_add_overflow(x.num, y.num, &n))
          return wyrt_real_of_q((WyQ){n, 1});
      }
      return real_make128((i128)x.num + y.num, x.den);
    }
    return real_make128((i128)x.num * y.den + (i128)y.num * x.den,
                        (i128)x.den * y.den);
  }
  return real_op(mpq_add, a, b);
}

wyv
wy_real_sub(wyv a, wyv b)
{
  if (wy_real_mode) return wyrt_f_arith('-', a, b, NULL);
  WyQ x, y;
  if (both_imm(a, b, &x, &y)) {
    if (x.den == y.den) return real_make64(x.num - y.num, x.den);
    return real_make64(x.num * y.den - y.num * x.den, x.den * y.den);
  }
  if (wyrt_real_small(a, &x) && wyrt_real_small(b, &y)) {
    if (x.den == y.den) return real_make128((i128)x.num - y.num, x.den);
    return real_make128((i128)x.num * y.den - (i128)y.num * x.den,
                        (i128)x.den * y.den);
  }
  return real_op(mpq_sub, a, b);
}

wyv
wy_real_mul(wyv a, wyv b)
{
  if (wy_real_mode) return wyrt_f_arith('*', a, b, NULL);
  WyQ x, y;
  int64_t n;
  if (both_imm(a, b, &x, &y) && !__builtin_mul_overflow(x.num, y.num, &n))
    return real_make64(n, x.den * y.den);         /* dens below 2^42 */
  if (wyrt_real_small(a, &x) && wyrt_real_small(b, &y))
    return real_make128((i128)x.num * y.num, (i128)x.den * y.den);
  return real_op(mpq_mul, a, b);
}

wyv
wy_real_div(wyv a, wyv b, const WyPos *pos)
{
  if (wy_real_mode) return wyrt_f_arith('/', a, b, pos);
  WyRealTmp t;
  WyQ x, y;
  if (wyrt_real_small(b, &y)) {
    if (y.num == 0) wy_fail("division by zero", pos);
    if (wy_is_qimm(a) && wy_is_qimm(b)) {   /* products below 2^60 */
      wyrt_real_small(a, &x);
      return y.num > 0 ? real_make64(x.num * y.den, x.den * y.num)
                       : real_make64(-x.num * y.den, x.den * -y.num);
    }
    if (wyrt_real_small(a, &x))
      return real_make128((i128)x.num * y.den, (i128)x.den * y.num);
  } else if (mpq_sgn(wyrt_real_mpq(b, &t)) == 0) {
    wy_fail("division by zero", pos);
  }
  return real_op(mpq_div, a, b);
}

wyv
wy_real_neg(wyv a)
{
  if (wy_real_mode) return wyrt_f_arith('n', a, a, NULL);
  WyRealTmp t;
  WyQ x;
  mpq_srcptr q;
  WyReal *r;
  if (wyrt_real_small(a, &x) && x.num != INT64_MIN)
    return wyrt_real_of_q((WyQ){-x.num, x.den});
  q = wyrt_real_mpq(a, &t);
  r = wyrt_new_real();
  mpq_neg(r->q, q);
  return wyrt_real_finish(r);
}

/* Numeric order of two reals, ints or chars in any mix. */
int
wyrt_real_cmp(wyv a, wyv b)
{
  if (wy_real_mode) return wyrt_f_cmp(a, b);
  WyRealTmp ta, tb;
  WyQ x, y;
  int c;
  if (wyrt_real_small(a, &x) && wyrt_real_small(b, &y)) {
    i128 l = (i128)x.num * y.den, r = (i128)y.num * x.den;
    return (l > r) - (l < r);
  }
  c = mpq_cmp(wyrt_real_mpq(a, &ta), wyrt_real_mpq(b, &tb));
  return (c > 0) - (c < 0);
}

wyv
wy_real_num(wyv r)
{
  if (wy_real_mode) return f_part(r, true);
  WyRealTmp t;
  WyQ q;
  if (wyrt_real_small(r, &q)) return wy_int_from_i64(q.num);
  return wyrt_int_from_mpz(mpq_numref(wyrt_real_mpq(r, &t)));
}

wyv
wy_real_den(wyv r)
{
  if (wy_real_mode) return f_part(r, false);
  WyRealTmp t;
  WyQ q;
  if (wyrt_real_small(r, &q)) return wy_int_from_i64(q.den);
  return wyrt_int_from_mpz(mpq_denref(wyrt_real_mpq(r, &t)));
}
