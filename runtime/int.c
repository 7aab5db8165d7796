/* int.c -- unbounded integers: the slow paths behind wyrt.h's inline
 * fast paths, division, conversions.
 *
 * A small int (63 bits) lives in the value word; anything larger is a
 * WyBigInt holding a GMP integer.  Every result goes through
 * wyrt_int_finish, so a result that fits 63 bits always comes back small
 * (one canonical form; wy_equals can compare words).  Chars are accepted
 * as operands and count as their code unit (§5.3).  Division truncates
 * towards zero and the remainder takes the sign of the dividend (§5.1).
 */
#include <stdlib.h>

#include "wyrt_impl.h"

mpz_srcptr
wyrt_int_mpz(wyv v, WyIntTmp *t)
{
  int64_t x;
  if (wyrt_small_or_char(v, &x)) {
    t->limb = x < 0 ? -(uint64_t)x : (uint64_t)x;
    return mpz_roinit_n(t->z, &t->limb, x < 0 ? -1 : x > 0 ? 1 : 0);
  }
  if (!wyrt_is_kind(v, WY_K_INT)) wyrt_internal("int expected");
  return wy_bigint(v)->z;
}

WyBigInt *
wyrt_new_bigint(void)
{
  WyBigInt *b = (WyBigInt *)wyrt_new_obj(WY_K_INT, sizeof(WyBigInt));
  mpz_init(b->z);
  return b;
}

wyv
wyrt_int_finish(WyBigInt *b)
{
  if (mpz_fits_slong_p(b->z)) {
    long x = mpz_get_si(b->z);
    if (wy_fits_small(x)) {
      mpz_clear(b->z);
      wyrt_free(b);
      return wy_small(x);
    }
  }
  return (wyv)(uintptr_t)b;
}

wyv
wyrt_int_from_mpz(mpz_srcptr z)
{
  WyBigInt *b = wyrt_new_bigint();
  mpz_set(b->z, z);
  return wyrt_int_finish(b);
}

wyv
wy_int_from_i64(int64_t x)
{
  WyBigInt *b;
  if (wy_fits_small(x)) return wy_small(x);
  b = wyrt_new_bigint();
  mpz_set_si(b->z, x);
  return (wyv)(uintptr_t)b;
}

/* Decimal, optionally signed; "0x..." is read as hexadecimal. */
wyv
wy_int_from_str(const char *dec)
{
  WyBigInt *b = wyrt_new_bigint();
  const char *p = dec;
  bool neg = false;
  int base = 10;
  if (*p == '-') {
    neg = true;
    p++;
  }
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  }
  if (mpz_set_str(b->z, p, base) != 0) wyrt_internal("bad int literal");
  if (neg) mpz_neg(b->z, b->z);
  return wyrt_int_finish(b);
}

bool
wy_int_to_i64(wyv v, int64_t *out)
{
  if (wyrt_small_or_char(v, out)) return true;
  if (!wyrt_is_kind(v, WY_K_INT)) return false;
  if (!mpz_fits_slong_p(wy_bigint(v)->z)) return false;
  *out = mpz_get_si(wy_bigint(v)->z);
  return true;
}

/* (char) i: Java keeps the low 16 bits. */
wyv
wy_int_to_char(wyv i)
{
  int64_t x;
  if (wyrt_is_char(i)) return i;
  if (wyrt_small_or_char(i, &x)) return wy_char((uint16_t)x);
  return wy_char((uint16_t)mpz_fdiv_ui(wyrt_int_mpz(i, NULL), 65536));
}

wyv
wy_char_to_int(wyv c)
{
  if (wyrt_is_char(c)) return wy_small(wy_imm_payload(c));
  wy_incref(c);
  return c;
}

/* The binary operations share this shape: both operands small (or
 * chars) give an exact int64 computation; otherwise GMP. */
typedef void (*MpzOp)(mpz_ptr, mpz_srcptr, mpz_srcptr);

static wyv
big_op(MpzOp op, wyv a, wyv b)
{
  WyIntTmp ta, tb;
  mpz_srcptr x = wyrt_int_mpz(a, &ta), y = wyrt_int_mpz(b, &tb);
  WyBigInt *r = wyrt_new_bigint();
  op(r->z, x, y);
  return wyrt_int_finish(r);
}

wyv
wy_int_add_slow(wyv a, wyv b)
{
  int64_t x, y;
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y))
    return wy_int_from_i64(x + y);   /* 63-bit operands cannot overflow */
  return big_op(mpz_add, a, b);
}

wyv
wy_int_sub_slow(wyv a, wyv b)
{
  int64_t x, y;
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y))
    return wy_int_from_i64(x - y);
  return big_op(mpz_sub, a, b);
}

wyv
wy_int_mul_slow(wyv a, wyv b)
{
  int64_t x, y, r;
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y)
      && !__builtin_mul_overflow(x, y, &r))
    return wy_int_from_i64(r);
  return big_op(mpz_mul, a, b);
}

static bool
is_zero(wyv v)
{
  return v == wy_small(0);   /* zero is always small (canonical) */
}

wyv
wy_int_div(wyv a, wyv b, const WyPos *pos)
{
  int64_t x, y;
  if (is_zero(b) || b == wy_char(0)) wy_fail("division by zero", pos);
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y))
    return wy_int_from_i64(x / y);   /* C99 truncates, as Java does */
  return big_op(mpz_tdiv_q, a, b);
}

wyv
wy_int_rem(wyv a, wyv b, const WyPos *pos)
{
  int64_t x, y;
  if (is_zero(b) || b == wy_char(0)) wy_fail("division by zero", pos);
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y))
    return wy_small(x % y);          /* sign of the dividend */
  return big_op(mpz_tdiv_r, a, b);
}

wyv
wy_int_neg(wyv a)
{
  int64_t x;
  WyIntTmp t;
  WyBigInt *r;
  if (wyrt_small_or_char(a, &x)) return wy_int_from_i64(-x);
  r = wyrt_new_bigint();
  mpz_neg(r->z, wyrt_int_mpz(a, &t));
  return wyrt_int_finish(r);
}

int
wy_int_cmp(wyv a, wyv b)
{
  int64_t x, y;
  WyIntTmp ta, tb;
  int c;
  if (wyrt_small_or_char(a, &x) && wyrt_small_or_char(b, &y))
    return (x > y) - (x < y);
  c = mpz_cmp(wyrt_int_mpz(a, &ta), wyrt_int_mpz(b, &tb));
  return (c > 0) - (c < 0);
}
