/* real_ieee.c -- reals as IEEE numbers (`wyc --real=double|float`).
 *
 * In the IEEE real modes (wyrt.h, wy_real_mode) every real is a finite
 * double; in FLOAT mode one that holds a float's value, each result
 * rounded once to float.  The tag-4 word holds most of them (wyrt.h,
 * wy_f_imm); this file has the slow paths the inline operations call
 * (a boxed double, an int operand), the conversions into the mode from
 * ints, fractions, decimals and doubles, each correctly rounded once,
 * and the printed form: the shortest decimal that reads back to the
 * same number, laid out as Python's repr lays out a float, so that an
 * output can be checked against Python.  real.c's public operations
 * come here when the mode is not exact.
 */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>

#include "wyrt_impl.h"

int wy_real_mode = WY_REAL_EXACT;

static inline bool
single(void)
{
  return wy_real_mode == WY_REAL_FLOAT;
}

static inline wyv
real_val(WyReal *r)
{
  return (wyv)(uintptr_t)r;
}

wyv
wy_f_box(double d, const WyPos *pos)
{
  wyv w;
  if (!isfinite(d)) wy_f_overflow(pos);
  if (wy_f_imm(d, &w)) return w;
  WyReal *r = (WyReal *)wyrt_new_obj(WY_K_REAL, sizeof(WyReal));
  r->h.sub = WY_REAL_IEEE;
  r->d = d;
  return real_val(r);
}

void
wy_f_overflow(const WyPos *pos)
{
  wy_fail("real overflow (a result that is not finite)", pos);
}

void
wy_f_div_zero(const WyPos *pos)
{
  wy_fail("division by zero", pos);
}

/* q correctly rounded to float: MPFR at 24 bits in float's exponent
 * range (MPFR's convention: x = m * 2^e with 1/2 <= |m| < 1). */
float
wyrt_mpq_to_float(mpq_srcptr q)
{
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t x;
  float f;
  int t;
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_init2(x, 24);
  t = mpfr_set_q(x, q, MPFR_RNDN);
  t = mpfr_check_range(x, t, MPFR_RNDN);
  mpfr_subnormalize(x, t, MPFR_RNDN);
  f = mpfr_get_flt(x, MPFR_RNDN);
  mpfr_clear(x);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return f;
}

/* An int (or char) as the mode's real, correctly rounded once. */
static double
int_value(wyv v)
{
  if (wy_is_small(v)) {
    int64_t x = wy_small_val(v);
    return single() ? (double)(float)x : (double)x;
  }
  if (wy_kind(v) == WY_K_CHAR) return (double)wy_imm_payload(v);
  if (wy_kind(v) == WY_K_INT) {
    mpq_t q;
    double d;
    mpq_init(q);
    mpq_set_z(q, wy_bigint(v)->z);
    d = single() ? (double)wyrt_mpq_to_float(q) : wyrt_mpq_to_double(q);
    mpq_clear(q);
    return d;
  }
  wy_fail("a value that is not a number where a real was expected", NULL);
}

double
wy_f_unbox(wyv v)
{
  if (wy_is_obj(v) && wy_obj(v)->kind == WY_K_REAL
      && wy_obj(v)->sub == WY_REAL_IEEE)
    return wy_real(v)->d;
  if (wy_is_qimm(v)) return wy_f_imm_val(v);
  return int_value(v);
}

/* d rounded to the mode's precision, as a value. */
wyv
wyrt_f_from_double(double d)
{
  return wy_f_make(single() ? (double)(float)d : d, NULL);
}

wyv
wyrt_f_from_mpq(mpq_srcptr q)
{
  return wy_f_make(single() ? (double)wyrt_mpq_to_float(q)
                            : wyrt_mpq_to_double(q), NULL);
}

wyv
wyrt_f_from_str(const char *dec)
{
  return wy_f_make(single() ? (double)strtof(dec, NULL)
                            : strtod(dec, NULL), NULL);
}

/* The public operations of real.c in an IEEE mode. */
wyv
wyrt_f_arith(char op, wyv a, wyv b, const WyPos *pos)
{
  double x = wy_f_val(a), y = op == 'n' ? 0.0 : wy_f_val(b), r;
  switch (op) {
  case '+': r = x + y; break;
  case '-': r = x - y; break;
  case '*': r = x * y; break;
  case '/':
    if (y == 0.0) wy_f_div_zero(pos);
    r = x / y;
    break;
  default: r = -x; break;
  }
  return wy_f_make(single() ? (double)(float)r : r, pos);
}

int
wyrt_f_cmp(wyv a, wyv b)
{
  double x = wy_f_val(a), y = wy_f_val(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The exact rational value of the number v (its num and den). */
void
wyrt_f_mpq(wyv v, mpq_ptr q)
{
  mpq_set_d(q, wy_f_val(v));
}

/* The shortest digits of d that read back to d (to the same float in
 * FLOAT mode): "%.*e" is correctly rounded, so the first precision that
 * reads back gives the nearest shortest string. */
static int
shortest(double d, char *buf, size_t n)
{
  int maxp = single() ? 9 : 17;
  for (int p = 1; p <= maxp; p++) {
    snprintf(buf, n, "%.*e", p - 1, d);
    if (single() ? strtof(buf, NULL) == (float)d : strtod(buf, NULL) == d)
      return p;
  }
  return maxp;
}

void
wyrt_f_format(WyBuf *b, double d)
{
  char buf[40], digits[24];
  int nd = 0, exp10, decpt;
  if (d == 0.0) {
    wyrt_buf_puts(b, "0.0");
    return;
  }
  if (d < 0) {
    wyrt_buf_putc(b, '-');
    d = -d;
  }
  shortest(d, buf, sizeof buf);
  /* buf: D[.DDD]e[+-]XX */
  for (const char *s = buf; *s && *s != 'e'; s++)
    if (*s != '.') digits[nd++] = *s;
  exp10 = atoi(strchr(buf, 'e') + 1);
  while (nd > 1 && digits[nd - 1] == '0') nd--;
  decpt = exp10 + 1;               /* d = 0.DIGITS * 10^decpt */
  if (decpt <= -4 || decpt > 16) {
    wyrt_buf_putc(b, digits[0]);
    if (nd > 1) {
      wyrt_buf_putc(b, '.');
      wyrt_buf_put(b, digits + 1, (size_t)(nd - 1));
    }
    snprintf(buf, sizeof buf, "e%c%02d", exp10 < 0 ? '-' : '+',
             exp10 < 0 ? -exp10 : exp10);
    wyrt_buf_puts(b, buf);
    return;
  }
  if (decpt <= 0) {
    wyrt_buf_puts(b, "0.");
    for (int i = 0; i < -decpt; i++) wyrt_buf_putc(b, '0');
    wyrt_buf_put(b, digits, (size_t)nd);
    return;
  }
  for (int i = 0; i < decpt; i++) wyrt_buf_putc(b, i < nd ? digits[i] : '0');
  wyrt_buf_putc(b, '.');
  if (nd > decpt) wyrt_buf_put(b, digits + decpt, (size_t)(nd - decpt));
  else wyrt_buf_putc(b, '0');
}
