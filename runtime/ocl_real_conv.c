/* ocl_real_conv.c -- exact reals (the runtime's rationals) to the
 * device's real type, correctly rounded.
 *
 * The small form's words go through one machine division or scaling
 * where that is exact; anything else through MPFR.  In an IEEE real
 * mode (wyrt.h) a word already holds the number: a copy, or a rounding
 * to float.  The quick form,
 * which never touches GMP or MPFR (whose allocations go through the
 * runtime's allocator, ocl_par.c), converts the immediates of a large
 * [real] on several threads.  An IEEE mode's [real] holds machine
 * numbers (LS_F64, LS_F32): a copy when the device's type is theirs,
 * which it is under --real=double|float (docs/reals.md).
 */
#define WY_OCL_IMPL
#include <math.h>
#include <mpfr.h>
#include <string.h>

#include "ocl.h"
#include "wyrt_impl.h"
#include "ocl_real_conv.h"

/* q as a double when that is exact and cheap to see: a numerator of at
 * most 53 bits over 1 or a power of two up to 2^1000. */
static bool
dyadic_double(mpq_srcptr q, double *d)
{
  mpz_srcptr num = mpq_numref(q), den = mpq_denref(q);
  mp_bitcnt_t k = 0;
  if (mpz_sizeinbase(num, 2) > 53) return false;
  if (mpz_cmp_ui(den, 1) != 0) {
    k = mpz_scan1(den, 0);
    if (k > 1000 || mpz_sizeinbase(den, 2) != k + 1) return false;
  }
  *d = ldexp(mpz_get_d(num), -(int)k);
  return true;
}

/* |num| <= 2^bits and den <= 2^bits: both exact in the float type. */
static bool
small_fraction(mpq_srcptr q, size_t bits)
{
  return mpz_sizeinbase(mpq_numref(q), 2) <= bits
         && mpz_sizeinbase(mpq_denref(q), 2) <= bits;
}

bool
wy_ocl_put_real(mpq_srcptr q, bool dbl, void *dst)
{
  double d;
  if (dbl) {
    if (!dyadic_double(q, &d)) {
      if (small_fraction(q, 53))
        d = mpz_get_d(mpq_numref(q)) / mpz_get_d(mpq_denref(q));
      else
        d = wyrt_mpq_to_double(q);
    }
    memcpy(dst, &d, sizeof d);
    return isfinite(d);
  } else {
    float f;
    if (dyadic_double(q, &d))
      f = (float)d;
    else if (small_fraction(q, 24))
      f = (float)mpz_get_d(mpq_numref(q)) / (float)mpz_get_d(mpq_denref(q));
    else
      f = wyrt_mpq_to_float(q);
    memcpy(dst, &f, sizeof f);
    return isfinite(f);
  }
}

/* A double as wyrt_q_to_double_quick makes it; a float likewise: num /
 * den is one correctly rounded division when both are exact floats (at
 * most 2^24); a power-of-two den only scales the correctly rounded
 * int64 conversion (exactly: den < 2^63 keeps the result out of the
 * subnormals); anything else needs the exact path. */
int
wy_ocl_put_q_quick(WyQ q, bool dbl, void *dst)
{
  uint64_t a = q.num < 0 ? 0 - (uint64_t)q.num : (uint64_t)q.num;
  if (dbl) {
    double d;
    if (!wyrt_q_to_double_quick(q, &d)) return WY_OCL_Q_EXACT;
    memcpy(dst, &d, sizeof d);
    return WY_OCL_Q_DONE;    /* |q| < 2^63 */
  }
  float f;
  if (a <= (UINT64_C(1) << 24) && q.den <= (INT64_C(1) << 24))
    f = (float)q.num / (float)q.den;
  else if ((q.den & (q.den - 1)) == 0)
    f = ldexpf((float)q.num, -__builtin_ctzll((uint64_t)q.den));
  else
    return WY_OCL_Q_EXACT;
  memcpy(dst, &f, sizeof f);
  return isfinite(f) ? WY_OCL_Q_DONE : WY_OCL_Q_RANGE;
}

bool
wy_ocl_put_q(WyQ q, bool dbl, void *dst)
{
  WyRealTmp t;
  float f;
  int st = wy_ocl_put_q_quick(q, dbl, dst);
  if (st != WY_OCL_Q_EXACT) return st == WY_OCL_Q_DONE;
  if (dbl) {
    double d = wyrt_mpq_to_double(wyrt_q_mpq(q, &t));
    memcpy(dst, &d, sizeof d);
    return true;
  }
  f = wyrt_mpq_to_float(wyrt_q_mpq(q, &t));
  memcpy(dst, &f, sizeof f);
  return isfinite(f);
}

/* An immediate real word: in an IEEE real mode (wyrt.h) the number it
 * holds, rounded to float for a float device; else its small form. */
int
wy_ocl_put_double(double d, bool dbl, void *dst)
{
  float f = (float)d;
  if (dbl) memcpy(dst, &d, sizeof d);
  else memcpy(dst, &f, sizeof f);
  return dbl || isfinite(f) ? WY_OCL_Q_DONE : WY_OCL_Q_RANGE;
}

int
wy_ocl_put_word_quick(wyv w, bool dbl, void *dst)
{
  WyQ q;
  if (wy_real_mode) return wy_ocl_put_double(wy_f_imm_val(w), dbl, dst);
  wyrt_real_small(w, &q);
  return wy_ocl_put_q_quick(q, dbl, dst);
}

bool
wy_ocl_put_word(wyv w, bool dbl, void *dst)
{
  WyQ q;
  if (wy_real_mode) return wy_ocl_put_word_quick(w, dbl, dst) == WY_OCL_Q_DONE;
  wyrt_real_small(w, &q);
  return wy_ocl_put_q(q, dbl, dst);
}

bool
wy_ocl_word_of(double d, wyv *w)
{
  WyQ x;
  if (wy_real_mode)
    return wy_f_imm(wy_real_mode == WY_REAL_FLOAT ? (double)(float)d : d, w);
  return wyrt_q_of_double(d, &x) && wyrt_q_imm(x, w);
}

/* ---------------------------------------------------------------- */
/* A large [real] on several threads                                  */

typedef struct RealCopy {
  const wyv *ws;     /* immediates (LS_REAL storage) */
  char *dst;
  size_t es;
  bool dbl;
} RealCopy;

static void
reals_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  const RealCopy *c = ctx;
  for (size_t i = lo; i < hi; i++) {
    if (wy_ocl_put_word_quick(c->ws[i], c->dbl, c->dst + i * c->es)
        != WY_OCL_Q_DONE) {
      *status = 1;
      return;
    }
  }
}

bool
wy_ocl_put_reals_quick(const wyv *ws, size_t n, bool dbl, char *dst,
                       size_t min, size_t grain)
{
  RealCopy c = {ws, dst, dbl ? sizeof(cl_double) : sizeof(cl_float), dbl};
  if (n < min) return false;
  return wy_ocl_par_for(n, grain, reals_slice, &c) == 0;
}

/* ---------------------------------------------------------------- */
/* LS_F64 and LS_F32 storage                                          */

typedef struct NumCopy {
  const char *src;
  WyListStore s;
  char *dst;
  bool dbl;
} NumCopy;

static void
nums_slice(void *ctx, size_t lo, size_t hi, int *status)
{
  const NumCopy *c = ctx;
  size_t es = c->s == WY_LS_F64 ? sizeof(double) : sizeof(float);
  if (wy_ocl_nums_same(c->s, c->dbl)) {
    memcpy(c->dst + lo * es, c->src + lo * es, (hi - lo) * es);
    return;
  }
  for (size_t i = lo; i < hi; i++)
    if (wy_ocl_put_double(wy_ocl_num_at(c->src, c->s, i), c->dbl,
                          c->dst + i * (c->dbl ? 8 : 4)) != WY_OCL_Q_DONE) {
      *status = 1;
      return;
    }
}

bool
wy_ocl_put_nums(const void *src, WyListStore s, size_t n, bool dbl,
                char *dst, size_t min, size_t grain)
{
  NumCopy c = {src, s, dst, dbl};
  int status = 0;
  if (n >= min) return wy_ocl_par_for(n, grain, nums_slice, &c) == 0;
  nums_slice(&c, 0, n, &status);
  return status == 0;
}
