/* real.c -- exact rationals (§5.2): construction, arithmetic, doubles.
 *
 * A real is a WyReal holding a canonical GMP rational (gcd 1, den > 0);
 * an integer-valued real stays a real (1.0 is not 1, §4.2).  Operands
 * that are ints or chars are viewed as n/1 without allocating.
 * Conversions to double use MPFR at 53 bits with the exponent range of
 * IEEE doubles, so they are correctly rounded, subnormals included.
 */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>

#include "wyrt_impl.h"

mpq_srcptr
wyrt_real_mpq(wyv v, WyRealTmp *t)
{
  if (wyrt_is_real(v)) return wy_real(v)->q;
  *mpq_numref(t->q) = *wyrt_int_mpz(v, &t->num);  /* shallow, read-only */
  t->one = 1;
  mpz_roinit_n(mpq_denref(t->q), &t->one, 1);
  return t->q;
}

/* Freed reals whose small limb arrays are kept for reuse: real-heavy
 * loops allocate and free one result per operation.  Off under
 * AddressSanitizer, so that it still sees every use after free. */
#ifdef __SANITIZE_ADDRESS__
static const int pool_limit = 0;
#else
static const int pool_limit = 256;
#endif
static WyReal *pool[256];
static int npool;

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
  mpq_init(r->q);
  return r;
}

void
wyrt_real_release(WyReal *r)
{
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
}

static inline wyv
real_val(WyReal *r)
{
  return (wyv)(uintptr_t)r;
}

wyv
wyrt_real_from_mpq(mpq_srcptr q)
{
  WyReal *r = wyrt_new_real();
  mpq_set(r->q, q);
  return real_val(r);
}

/* "3.234" -> 1617/500; an optional '-', digits, an optional fraction. */
wyv
wy_real_from_str(const char *dec)
{
  WyReal *r = wyrt_new_real();
  size_t n = strlen(dec), frac = 0;
  char *digits = wyrt_alloc(n + 1), *d = digits;
  bool seen_point = false;
  for (const char *p = dec; *p; p++) {
    if (*p == '.') {
      seen_point = true;
    } else {
      *d++ = *p;
      if (seen_point) frac++;
    }
  }
  *d = 0;
  if (mpz_set_str(mpq_numref(r->q), digits, 10) != 0)
    wyrt_internal("bad real literal");
  wyrt_free(digits);
  mpz_ui_pow_ui(mpq_denref(r->q), 10, frac);
  mpq_canonicalize(r->q);
  return real_val(r);
}

wyv
wy_real_from_frac(wyv num, wyv den)
{
  WyIntTmp tn, td;
  mpz_srcptr n = wyrt_int_mpz(num, &tn), d = wyrt_int_mpz(den, &td);
  WyReal *r;
  if (mpz_sgn(d) == 0) wy_fail("division by zero", NULL);
  r = wyrt_new_real();
  mpz_set(mpq_numref(r->q), n);
  mpz_set(mpq_denref(r->q), d);
  mpq_canonicalize(r->q);
  return real_val(r);
}

wyv
wy_real_from_int(wyv i)
{
  WyRealTmp t;
  if (wyrt_is_real(i)) {
    wy_incref(i);
    return i;
  }
  return wyrt_real_from_mpq(wyrt_real_mpq(i, &t));
}

wyv
wy_real_from_double(double d)
{
  WyReal *r;
  if (!isfinite(d)) wy_fail("real value is not finite", NULL);
  r = wyrt_new_real();
  mpq_set_d(r->q, d);   /* exact */
  return real_val(r);
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

double
wy_real_to_double(wyv r)
{
  WyRealTmp t;
  int64_t x;
  if (wyrt_small_or_char(r, &x) && x > -(INT64_C(1) << 53)
      && x < (INT64_C(1) << 53))
    return (double)x;
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
  return real_val(r);
}

wyv
wy_real_add(wyv a, wyv b)
{
  return real_op(mpq_add, a, b);
}

wyv
wy_real_sub(wyv a, wyv b)
{
  return real_op(mpq_sub, a, b);
}

wyv
wy_real_mul(wyv a, wyv b)
{
  return real_op(mpq_mul, a, b);
}

wyv
wy_real_div(wyv a, wyv b, const WyPos *pos)
{
  WyRealTmp t;
  if (mpq_sgn(wyrt_real_mpq(b, &t)) == 0) wy_fail("division by zero", pos);
  return real_op(mpq_div, a, b);
}

wyv
wy_real_neg(wyv a)
{
  WyRealTmp t;
  mpq_srcptr x = wyrt_real_mpq(a, &t);
  WyReal *r = wyrt_new_real();
  mpq_neg(r->q, x);
  return real_val(r);
}

wyv
wy_real_num(wyv r)
{
  WyRealTmp t;
  return wyrt_int_from_mpz(mpq_numref(wyrt_real_mpq(r, &t)));
}

wyv
wy_real_den(wyv r)
{
  WyRealTmp t;
  return wyrt_int_from_mpz(mpq_denref(wyrt_real_mpq(r, &t)));
}
