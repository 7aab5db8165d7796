/* arith.c -- arithmetic on operands whose static type is a union, mixed
 * numeric comparison, and the byte operators.
 *
 * Ints (and chars) stay ints; a real on either side makes the result a
 * real (§4.5 rule 8).  Bytes are 8-bit patterns with logical shifts; the
 * shift count is taken mod 32 as Java's int shifts do (§5.17).
 */
#include "wyrt_impl.h"

int
wy_num_cmp(wyv a, wyv b)
{
  if (a & b & 1u) return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
  if (wyrt_is_intlike(a) && wyrt_is_intlike(b)) return wy_int_cmp(a, b);
  return wyrt_real_cmp(a, b);
}

static bool
both_int(wyv a, wyv b)
{
  return wyrt_is_intlike(a) && wyrt_is_intlike(b);
}

wyv
wy_add(wyv a, wyv b)
{
  return both_int(a, b) ? wy_int_add(a, b) : wy_real_add(a, b);
}

wyv
wy_sub(wyv a, wyv b)
{
  return both_int(a, b) ? wy_int_sub(a, b) : wy_real_sub(a, b);
}

wyv
wy_mul(wyv a, wyv b)
{
  return both_int(a, b) ? wy_int_mul(a, b) : wy_real_mul(a, b);
}

wyv
wy_div(wyv a, wyv b, const WyPos *pos)
{
  return both_int(a, b) ? wy_int_div(a, b, pos) : wy_real_div(a, b, pos);
}

wyv
wy_neg(wyv a)
{
  return wyrt_is_intlike(a) ? wy_int_neg(a) : wy_real_neg(a);
}

/* ---------------------------------------------------------------- */
/* Bytes                                                              */

static inline uint8_t
byte_of(wyv b)
{
  return (uint8_t)wy_imm_payload(b);
}

/* Java: (b & 0xFF) << n.intValue(), the count taken mod 32. */
static unsigned
shift_count(wyv n)
{
  int64_t x;
  WyIntTmp t;
  if (wyrt_small_or_char(n, &x)) return (unsigned)((uint64_t)x & 31u);
  return (unsigned)mpz_fdiv_ui(wyrt_int_mpz(n, &t), 32);
}

wyv
wy_byte_and(wyv a, wyv b)
{
  return wy_byte(byte_of(a) & byte_of(b));
}

wyv
wy_byte_or(wyv a, wyv b)
{
  return wy_byte(byte_of(a) | byte_of(b));
}

wyv
wy_byte_xor(wyv a, wyv b)
{
  return wy_byte(byte_of(a) ^ byte_of(b));
}

wyv
wy_byte_shl(wyv a, wyv n)
{
  return wy_byte((uint8_t)((uint32_t)byte_of(a) << shift_count(n)));
}

wyv
wy_byte_shr(wyv a, wyv n)
{
  return wy_byte((uint8_t)((uint32_t)byte_of(a) >> shift_count(n)));
}

wyv
wy_byte_invert(wyv a)
{
  return wy_byte((uint8_t)~byte_of(a));
}
