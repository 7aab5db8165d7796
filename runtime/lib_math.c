/* lib_math.c -- natives of whiley.lang.Math (§7.3).
 *
 * abs/min/max/pow/floor/ceil/round/isqrt are exact, on ints or reals as
 * the Whiley sources of the 2013 library define them.  The
 * transcendental functions follow Math$native.java: the argument becomes
 * the double num.doubleValue() / den.doubleValue() (two roundings), the
 * function is evaluated on that double, and the result is the exact
 * binary value of the returned double.  MPFR at 53 bits with the double
 * exponent range gives correctly rounded results (the Java build used
 * java.lang.Math, which may differ in the last place).  sqrt takes the
 * double square root of the numerator and of the denominator separately
 * and divides the two exact values, as Math.sqrt(real, real) did.
 * In the IEEE real modes (real_ieee.c) the argument is the number
 * itself, sqrt is IEEE's, floor, ceil and round C's (round: half away
 * from zero, as here), and results are rounded to the mode.
 */
#include <math.h>
#include <mpfr.h>
#include <time.h>
#include <unistd.h>

#include "wyrt_impl.h"

typedef int (*MpfrFn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* Java WyRat.doubleValue(): num.doubleValue() / den.doubleValue(). */
static double
java_double(wyv x)
{
  WyRealTmp t;
  if (wy_real_mode) return wy_f_val(x);   /* the number itself */
  mpq_srcptr q = wyrt_real_mpq(x, &t);
  return wyrt_mpz_to_double(mpq_numref(q)) / wyrt_mpz_to_double(mpq_denref(q));
}

/* f(d) rounded to the nearest double, as an exact real. */
static wyv
apply(MpfrFn f, double d)
{
  mpfr_t a, r;
  double y;
  int t;
  wyrt_mpfr_setup();
  mpfr_inits2(53, a, r, (mpfr_ptr)0);
  mpfr_set_d(a, d, MPFR_RNDN);
  t = f(r, a, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  y = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, (mpfr_ptr)0);
  return wy_real_from_double(y);
}

static wyv
keep(wyv v)
{
  wy_incref(v);
  return v;
}

wyv
wy_lib_Math_abs(wyv x)
{
  if (wyrt_is_intlike(x))
    return wy_int_cmp(x, wy_small(0)) < 0 ? wy_int_neg(x) : wy_char_to_int(x);
  if (wyrt_real_cmp(x, wy_small(0)) >= 0) return keep(x);
  return wy_real_neg(x);
}

wyv
wy_lib_Math_min(wyv a, wyv b)
{
  return keep(wy_num_cmp(a, b) > 0 ? b : a);
}

wyv
wy_lib_Math_max(wyv a, wyv b)
{
  return keep(wy_num_cmp(a, b) < 0 ? b : a);
}

wyv
wy_lib_Math_pow(wyv base, wyv exp)
{
  WyIntTmp tb, te;
  mpz_srcptr e = wyrt_int_mpz(exp, &te), b = wyrt_int_mpz(base, &tb);
  WyBigInt *r;
  if (mpz_sgn(e) <= 0) return wy_small(1);     /* the loop runs 0 times */
  if (!mpz_fits_ulong_p(e)) {
    if (mpz_cmpabs_ui(b, 1) > 0) wy_fail("out of memory", NULL);
    if (mpz_sgn(b) >= 0 || mpz_even_p(e)) return wy_small(mpz_sgn(b) != 0);
    return wy_small(-1);
  }
  r = wyrt_new_bigint();
  mpz_pow_ui(r->z, b, mpz_get_ui(e));
  return wyrt_int_finish(r);
}

typedef void (*DivFn)(mpz_ptr, mpz_srcptr, mpz_srcptr);

/* An integral double as an int, exactly (an IEEE real mode's floor,
 * ceil and round). */
static wyv
int_of_double(double d)
{
  WyBigInt *r;
  if (d > -0x1p62 && d < 0x1p62) return wy_small((int64_t)d);
  r = wyrt_new_bigint();
  mpz_set_d(r->z, d);
  return wyrt_int_finish(r);
}

static wyv
divide_real(DivFn f, wyv x)
{
  WyRealTmp t;
  mpq_srcptr q;
  WyBigInt *r;
  if (wyrt_is_intlike(x)) return wy_char_to_int(x);
  if (wy_real_mode)
    return int_of_double(f == mpz_fdiv_q ? floor(wy_f_val(x))
                                         : ceil(wy_f_val(x)));
  q = wyrt_real_mpq(x, &t);
  r = wyrt_new_bigint();
  f(r->z, mpq_numref(q), mpq_denref(q));
  return wyrt_int_finish(r);
}

wyv
wy_lib_Math_floor(wyv x)
{
  return divide_real(mpz_fdiv_q, x);
}

wyv
wy_lib_Math_ceil(wyv x)
{
  return divide_real(mpz_cdiv_q, x);
}

/* Half away from zero: floor(x + 1/2) for x >= 0, else ceil(x - 1/2). */
wyv
wy_lib_Math_round(wyv x)
{
  WyRealTmp t;
  mpq_srcptr q;
  WyBigInt *r;
  mpz_t twice;
  if (wyrt_is_intlike(x)) return wy_char_to_int(x);
  if (wy_real_mode) return int_of_double(round(wy_f_val(x)));
  q = wyrt_real_mpq(x, &t);
  /* (2n + d) / 2d rounded down, or (2n - d) / 2d rounded up. */
  mpz_init(twice);
  r = wyrt_new_bigint();
  mpz_mul_2exp(r->z, mpq_numref(q), 1);
  mpz_mul_2exp(twice, mpq_denref(q), 1);
  if (mpz_sgn(mpq_numref(q)) >= 0) {
    mpz_add(r->z, r->z, mpq_denref(q));
    mpz_fdiv_q(r->z, r->z, twice);
  } else {
    mpz_sub(r->z, r->z, mpq_denref(q));
    mpz_cdiv_q(r->z, r->z, twice);
  }
  mpz_clear(twice);
  return wyrt_int_finish(r);
}

wyv
wy_lib_Math_isqrt(wyv x)
{
  WyIntTmp t;
  mpz_srcptr z = wyrt_int_mpz(x, &t);
  WyBigInt *r;
  if (mpz_sgn(z) < 0) wy_fail("precondition not satisfied", NULL);
  r = wyrt_new_bigint();
  mpz_sqrt(r->z, z);
  return wyrt_int_finish(r);
}

/* The double square root of a non-negative integer, exactly. */
static void
sqrt_int(mpq_ptr out, mpz_srcptr z)
{
  mpfr_t a, r;
  size_t bits = mpz_sizeinbase(z, 2);
  double y;
  int t;
  if (mpz_sgn(z) < 0) wy_fail("precondition not satisfied", NULL);
  wyrt_mpfr_setup();
  mpfr_init2(a, bits > 53 ? (mpfr_prec_t)bits : 53);
  mpfr_init2(r, 53);
  mpfr_set_z(a, z, MPFR_RNDN);                 /* exact */
  t = mpfr_sqrt(r, a, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  y = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, (mpfr_ptr)0);
  if (!(y < 1e308)) wy_fail("real value is not finite", NULL);
  mpq_set_d(out, y);
}

wyv
wy_lib_Math_sqrt(wyv x, wyv err)
{
  WyRealTmp t;
  mpq_srcptr q;
  WyReal *r;
  mpq_t d;
  (void)err;                                   /* ignored, as in Java */
  if (wy_real_mode) {
    /* correctly rounded in either mode: double's square root rounded to
     * float is float's */
    double y = wy_f_val(x);
    if (y < 0) wy_fail("precondition not satisfied", NULL);
    return wyrt_f_from_double(sqrt(y));
  }
  q = wyrt_real_mpq(x, &t);
  r = wyrt_new_real();
  sqrt_int(r->q, mpq_numref(q));
  if (mpz_cmp_ui(mpq_denref(q), 1) != 0) {
    mpq_init(d);
    sqrt_int(d, mpq_denref(q));
    mpq_div(r->q, r->q, d);
    mpq_clear(d);
  }
  return wyrt_real_finish(r);
}

wyv
wy_lib_Math_exp(wyv x)
{
  return apply(mpfr_exp, java_double(x));
}

wyv
wy_lib_Math_exp10(wyv x)
{
  return apply(mpfr_exp10, java_double(x));
}

wyv
wy_lib_Math_log(wyv x)
{
  return apply(mpfr_log, java_double(x));
}

wyv
wy_lib_Math_log10(wyv x)
{
  return apply(mpfr_log10, java_double(x));
}

wyv
wy_lib_Math_sin(wyv x)
{
  return apply(mpfr_sin, java_double(x));
}

wyv
wy_lib_Math_cos(wyv x)
{
  return apply(mpfr_cos, java_double(x));
}

wyv
wy_lib_Math_tan(wyv x)
{
  return apply(mpfr_tan, java_double(x));
}

wyv
wy_lib_Math_asin(wyv x)
{
  return apply(mpfr_asin, java_double(x));
}

wyv
wy_lib_Math_acos(wyv x)
{
  return apply(mpfr_acos, java_double(x));
}

wyv
wy_lib_Math_atan(wyv x)
{
  return apply(mpfr_atan, java_double(x));
}

/* A uniform double in [0, 1) from xorshift64*, seeded from the clock. */
wyv
wy_lib_Math_random(void)
{
  static uint64_t state;
  struct timespec ts;
  if (state == 0) {
    clock_gettime(CLOCK_REALTIME, &ts);
    state = ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec
            ^ ((uint64_t)getpid() << 32) ^ 0x9E3779B97F4A7C15u;
  }
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return wy_real_from_double(
      (double)((state * 0x2545F4914F6CDD1Du) >> 11) * 0x1.0p-53);
}
