/* rt_int.c -- unit tests of int.c and arith.c: small/big boundaries,
 * canonical form, truncating division and remainder, bytes. */
#include "test.h"

static const WyPos pos = {"t.whiley", 3, 7};

/* v as an int64 (the test fails if it does not fit). */
static int64_t
i64(wyv v)
{
  int64_t x = 0;
  CHECK(1, wy_int_to_i64(v, &x));
  return x;
}

/* Checks `expected` (decimal) against the owned int v, and that a value
 * fitting 63 bits is small. */
#define CHECK_INT(expected, expr)                                       \
  do {                                                                  \
    wyv v_ = (expr);                                                    \
    int64_t x_;                                                         \
    if (wy_int_to_i64(v_, &x_) && wy_fits_small(x_))                    \
      CHECK(1, wy_is_small(v_));                                        \
    CHECK_STR(expected, v_);                                            \
  } while (0)

static void
test_small_big_boundary(void)
{
  wyv max = wy_small(WY_SMALL_MAX), min = wy_small(WY_SMALL_MIN);
  wyv one = wy_small(1), big;

  CHECK_INT("4611686018427387903", wy_int_add(max, wy_small(0)));
  big = wy_int_add(max, one);                   /* 2^62: big */
  CHECK(0, wy_is_small(big));
  CHECK(WY_K_INT, wy_kind(big));
  CHECK_STR("4611686018427387904", keep(big));
  CHECK_INT("4611686018427387903", wy_int_sub(big, one));   /* shrinks */
  CHECK_INT("-4611686018427387905", wy_int_sub(min, one));
  CHECK_INT("-4611686018427387904", wy_int_add(min, wy_small(0)));
  CHECK_INT("4611686018427387904", wy_int_neg(min));
  CHECK_INT("-4611686018427387904", wy_int_neg(big));       /* small */
  CHECK_INT("0", wy_int_sub(big, big));
  CHECK_INT("9223372036854775806", wy_int_add(max, max));
  CHECK_INT("-1", wy_int_add(min, max));
  CHECK_INT("4611686018427387904", wy_int_mul(wy_small(INT64_C(1) << 31),
                                              wy_small(INT64_C(1) << 31)));
  CHECK_INT("-4611686018427387904", wy_int_mul(wy_small(-(INT64_C(1) << 31)),
                                               wy_small(INT64_C(1) << 31)));
  CHECK_INT("4611686018427387904", wy_int_div(min, wy_small(-1), &pos));
  CHECK_INT("0", wy_int_rem(min, wy_small(-1), &pos));
  {
    wyv big2 = tmp(wy_int_mul(big, wy_small(2)));
    CHECK_INT("2", wy_int_div(big2, big, &pos));
    CHECK_INT("4611686018427387904", wy_int_div(big2, wy_small(2), &pos));
    CHECK_INT("0", wy_int_rem(big2, big, &pos));
    CHECK_INT("1", wy_int_sub(big2, tmp(wy_int_add(big, max))));
  }
  wy_decref(big);
}

static void
test_int64_boundary(void)
{
  wyv a = wy_int_from_i64(INT64_MAX), b, c;
  CHECK(0, wy_is_small(a));
  CHECK(INT64_MAX, i64(a));
  b = wy_int_add(a, wy_small(1));               /* 2^63 */
  CHECK_STR("9223372036854775808", keep(b));
  {
    int64_t x;
    CHECK(0, wy_int_to_i64(b, &x));
  }
  c = wy_int_from_i64(INT64_MIN);
  CHECK_STR("-9223372036854775808", keep(c));
  CHECK_INT("-9223372036854775809", wy_int_sub(c, wy_small(1)));
  CHECK_INT("9223372036854775808", wy_int_neg(c));
  CHECK_INT("-1", wy_int_add(c, a));
  CHECK_INT("-1", wy_int_div(c, a, &pos));
  CHECK_INT("-1", wy_int_rem(c, a, &pos));
  CHECK_INT("85070591730234615847396907784232501249", wy_int_mul(a, a));
  CHECK_INT("-85070591730234615865843651857942052864", wy_int_mul(c, b));
  CHECK_INT("1", wy_int_sub(b, a));
  CHECK(-1, wy_int_cmp(a, b));
  CHECK(1, wy_int_cmp(b, a));
  CHECK(-1, wy_int_cmp(c, wy_small(0)));
  CHECK(1, wy_int_lt(c, a));
  CHECK(1, wy_int_lt(wy_small(-5), b));
  CHECK(0, wy_int_lt(b, wy_small(-5)));
  CHECK(INT64_MIN, i64(c));
  wy_decref(a);
  wy_decref(b);
  wy_decref(c);
  CHECK_INT("4611686018427387904", wy_int_from_i64(INT64_C(1) << 62));
  CHECK_INT("4611686018427387903", wy_int_from_i64(WY_SMALL_MAX));
}

static void
test_int32_boundary(void)
{
  wyv m = wy_small(2147483647);
  CHECK_INT("2147483648", wy_int_add(m, wy_small(1)));
  CHECK_INT("-2147483649", wy_int_sub(wy_small(-2147483648), wy_small(1)));
  CHECK_INT("4611686014132420609", wy_int_mul(m, m));
  CHECK_INT("4294967296", wy_int_mul(wy_small(65536), wy_small(65536)));
  CHECK_INT("-2147483648", wy_int_neg(wy_small(2147483648)));
  CHECK_INT("1073741823", wy_int_div(m, wy_small(2), &pos));
  CHECK_INT("1", wy_int_rem(m, wy_small(2), &pos));
}

static void
test_division_signs(void)
{
  CHECK(-3, i64(wy_int_div(wy_small(-7), wy_small(2), &pos)));
  CHECK(-3, i64(wy_int_div(wy_small(7), wy_small(-2), &pos)));
  CHECK(3, i64(wy_int_div(wy_small(-7), wy_small(-2), &pos)));
  CHECK(3, i64(wy_int_div(wy_small(7), wy_small(2), &pos)));
  CHECK(-1, i64(wy_int_rem(wy_small(-7), wy_small(2), &pos)));
  CHECK(1, i64(wy_int_rem(wy_small(7), wy_small(-2), &pos)));
  CHECK(-1, i64(wy_int_rem(wy_small(-7), wy_small(-2), &pos)));
  CHECK(-2, i64(wy_int_rem(wy_small(-10), wy_small(4), &pos)));
  CHECK(2, i64(wy_int_rem(wy_small(10), wy_small(-4), &pos)));

  /* the same signs on big operands */
  wyv big = wy_int_from_str("-100000000000000000000007");
  CHECK_INT("-50000000000000000000003", wy_int_div(big, wy_small(2), &pos));
  CHECK_INT("-1", wy_int_rem(big, wy_small(2), &pos));
  CHECK_INT("50000000000000000000003", wy_int_div(big, wy_small(-2), &pos));
  CHECK_INT("-1", wy_int_rem(big, wy_small(-2), &pos));
  CHECK_INT("0", wy_int_div(wy_small(7), big, &pos));
  CHECK_INT("7", wy_int_rem(wy_small(7), big, &pos));
  CHECK_INT("-7", wy_int_rem(wy_small(-7), big, &pos));
  wy_decref(big);
}

static void
div_by_zero(void)
{
  wy_int_div(wy_small(1), wy_small(0), &pos);
}

static void
rem_by_zero(void)
{
  wy_int_rem(wy_small(1), wy_small(0), NULL);
}

static void
big_div_by_zero(void)
{
  wyv big = wy_int_from_str("100000000000000000000000");
  printf("before");
  wy_int_div(big, wy_small(0), &pos);
}

static void
test_errors(void)
{
  CHECK_FAILS("t.whiley:3:7: division by zero\n", 1, div_by_zero);
  CHECK_FAILS("division by zero\n", 1, rem_by_zero);
  CHECK_FAILS("t.whiley:3:7: division by zero\n", 1, big_div_by_zero);
}

static void
test_literals_and_chars(void)
{
  CHECK_INT("12345678901234567890123",
            wy_int_from_str("12345678901234567890123"));
  CHECK_INT("-10588848120", wy_int_from_str("-10588848120"));
  CHECK_INT("255", wy_int_from_str("0xff"));
  CHECK_INT("0", wy_int_from_str("-0"));
  CHECK_INT("152415787532388367504942236884722755800955129",
            wy_int_mul(tmp(wy_int_from_str("12345678901234567890123")),
                       tmp(wy_int_from_str("12345678901234567890123"))));
  CHECK(1, i64(wy_int_sub(wy_char('b'), wy_char('a'))));
  CHECK(98, i64(wy_int_add(wy_char('a'), wy_small(1))));
  CHECK(3, i64(wy_int_sub(wy_char('3'), wy_char('0'))));
  CHECK(WY_K_INT, wy_kind(wy_int_add(wy_char('a'), wy_char('b'))));
  CHECK(wy_char('b'), wy_int_to_char(wy_small(98)));
  CHECK(wy_char(0xFFFF), wy_int_to_char(wy_small(-1)));
  CHECK(wy_small(97), wy_char_to_int(wy_char('a')));
  CHECK(-1, wy_int_cmp(wy_char('a'), wy_small(98)));
}

static void
test_generic_and_bytes(void)
{
  CHECK(wy_small(5), wy_add(wy_small(2), wy_small(3)));
  CHECK_STR("3.5", wy_add(wy_small(3), tmp(wy_real_from_str("0.5"))));
  CHECK_STR("3.5", wy_div(wy_small(7), tmp(wy_real_from_str("2.0")), &pos));
  CHECK(wy_small(3), wy_div(wy_small(7), wy_small(2), &pos));
  CHECK(wy_small(-4), wy_neg(wy_small(4)));
  CHECK_STR("(-1/2)", wy_neg(tmp(wy_real_from_str("0.5"))));
  CHECK(-1, wy_num_cmp(wy_small(1), tmp(wy_real_from_str("1.5"))));
  CHECK(1, wy_num_cmp(tmp(wy_real_from_str("1.5")), wy_char(1)));
  CHECK(0, wy_num_cmp(tmp(wy_real_from_str("2.0")), wy_small(2)));

  CHECK_STR("00000000b", wy_byte_shl(wy_byte(0x80), wy_small(1)));
  CHECK_STR("00000101b", wy_byte_and(wy_byte(0x0F), wy_byte(0x35)));
  CHECK_STR("00111111b", wy_byte_or(wy_byte(0x0F), wy_byte(0x30)));
  CHECK_STR("00111010b", wy_byte_xor(wy_byte(0x0F), wy_byte(0x35)));
  CHECK_STR("11110000b", wy_byte_invert(wy_byte(0x0F)));
  CHECK_STR("01000000b", wy_byte_shr(wy_byte(0x80), wy_small(1)));
  CHECK_STR("00000010b", wy_byte_shl(wy_byte(0x01), wy_small(33)));
  CHECK_STR("00001000b", wy_byte_shl(wy_byte(1), wy_small(3)));
}

int
main(void)
{
  wyv console = wy_init(0, NULL);
  wy_decref(console);
  test_small_big_boundary();
  test_int64_boundary();
  test_int32_boundary();
  test_division_signs();
  test_errors();
  test_literals_and_chars();
  test_generic_and_bytes();
  test_done("rt_int");
  return 0;
}
