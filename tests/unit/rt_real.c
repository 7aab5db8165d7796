/* rt_real.c -- unit tests of real.c, print.c's real formatting (§6.4)
 * and the Math natives (§7.3). */
#include "test.h"

static const WyPos pos = {"r.whiley", 9, 2};

static wyv
R(const char *dec)
{
  return tmp(wy_real_from_str(dec));
}

static wyv
frac(int64_t n, int64_t d)
{
  return tmp(wy_real_from_frac(wy_small(n), wy_small(d)));
}

static void
test_printing(void)
{
  CHECK_STR("5.0", wy_real_from_str("5.0"));
  CHECK_STR("-1.0", wy_real_from_str("-1.0"));
  CHECK_STR("0.0", wy_real_from_str("0.0"));
  CHECK_STR("123.0", wy_real_from_int(wy_small(123)));
  CHECK_STR("-5632.0", wy_real_from_str("-5632"));
  CHECK_STR("3.234", wy_real_from_str("3.234"));
  CHECK_STR("5.242325252", wy_real_from_str("5.242325252"));
  CHECK_STR("0.001953125", wy_real_from_frac(wy_small(1), wy_small(512)));
  CHECK_STR("(1000/3123)", wy_real_from_frac(wy_small(1000), wy_small(3123)));
  CHECK_STR("(1/1024)", wy_real_from_frac(wy_small(1), wy_small(1024)));
  CHECK_STR("(-154/125)", wy_real_from_str("-1.232"));
  CHECK_STR("(-3/2)", wy_real_from_str("-1.5"));
  CHECK_STR("(-6/5)", wy_real_from_str("-1.2"));
  CHECK_STR("(-1/100000)", wy_real_from_str("-0.00001"));
  CHECK_STR("(1/3)", wy_real_div(wy_small(1), R("3.0"), &pos));
  CHECK_STR("2.5", wy_real_from_str("2.5"));
  CHECK_STR("15.7", wy_real_from_str("15.7"));
  CHECK_STR("0.5", wy_real_from_str("0.50"));
  CHECK_STR("(1234567891/10000000000)", wy_real_from_str("0.1234567891"));
  CHECK_STR("0.123456789", wy_real_from_str("0.123456789"));
  CHECK_STR("123456789012345678901.25",
            wy_real_from_str("123456789012345678901.25"));
  CHECK_STR("0.000001", wy_real_from_str("0.000001"));      /* 1E-6: plain */
  CHECK_STR("1E-7.0", wy_real_from_str("0.0000001"));       /* Java quirk */
  CHECK_STR("1.2E-7", wy_real_from_str("0.00000012"));
  CHECK_STR("1.23E-7", wy_real_from_str("0.000000123"));
  CHECK_STR("0.00000123", wy_real_from_str("0.00000123"));
}

static void
test_construction(void)
{
  wyv x = frac(-10, 4);                         /* -10.0/4 = -5/2 */
  CHECK_STR("-5", wy_real_num(x));
  CHECK_STR("2", wy_real_den(x));
  CHECK_STR("(-5/2)", keep(x));
  CHECK_STR("(-5/2)", wy_real_from_frac(wy_small(5), wy_small(-2)));
  CHECK_STR("1617", wy_real_num(R("3.234")));
  CHECK_STR("500", wy_real_den(R("3.234")));
  CHECK_STR("7", wy_real_num(wy_small(7)));
  CHECK_STR("1", wy_real_den(wy_small(7)));
  CHECK(WY_K_REAL, wy_kind(R("1.0")));
  CHECK_STR("98.0", wy_real_from_int(wy_char('b')));
  CHECK_STR("(3602879701896397/36028797018963968)", wy_real_from_double(0.1));
  CHECK_STR("0.0", wy_real_from_double(0.0));
  CHECK_STR("(-1/2)", wy_real_from_double(-0.5));
  CHECK_STR("(1/202402253307310618352495346718917307049556649764142118356901358"
            "027430339567995346891960383701437124495187077864316811911389808737"
            "385793476867013399940738509921517424276566361364466907742093216341"
            "239767678472745068562007483424692698618103355649159556340810056512"
            "358769552333414615230502532186327508646006263307707741093494784)",
            wy_real_from_double(4.9406564584124654e-324));
  CHECK(1, wy_real_to_double(R("0.1")) == 0.1);
  CHECK(1, wy_real_to_double(frac(1, 3)) == 1.0 / 3.0);
  CHECK(1, wy_real_to_double(wy_small(-7)) == -7.0);
  CHECK(1, wy_real_to_double(frac(2, 3)) == 2.0 / 3.0);
}

static void
test_arithmetic(void)
{
  CHECK_STR("3.5", wy_real_add(wy_small(3), R("0.5")));
  CHECK_STR("3.5", wy_real_div(wy_small(7), R("2.0"), &pos));
  CHECK_STR("(-617/500)", wy_real_sub(R("0.0"), R("1.234")));
  CHECK_STR("4.0", wy_real_mul(R("2.0"), wy_small(2)));
  CHECK_STR("1.0", wy_real_add(frac(1, 3), frac(2, 3)));
  CHECK_STR("(-3/2)", wy_real_neg(R("1.5")));
  CHECK_STR("0.0", wy_real_neg(R("0.0")));
  CHECK(-1, wy_num_cmp(frac(1, 3), R("0.34")));
  CHECK(1, wy_num_cmp(frac(1, 3), R("0.33")));
  CHECK(0, wy_num_cmp(R("3.0"), wy_small(3)));
  CHECK(0, wy_equals(R("3.0"), wy_small(3)));     /* distinct kinds */
  CHECK(1, wy_equals(R("3.0"), frac(6, 2)));
}

static void
real_div_zero(void)
{
  wy_real_div(wy_real_from_str("1.5"), wy_real_from_str("0.0"), &pos);
}

static void
frac_zero(void)
{
  wy_real_from_frac(wy_small(1), wy_small(0));
}

static void
test_errors(void)
{
  CHECK_FAILS("r.whiley:9:2: division by zero\n", 1, real_div_zero);
  CHECK_FAILS("division by zero\n", 1, frac_zero);
}

static void
test_math_exact(void)
{
  CHECK_STR("3", wy_lib_Math_round(R("2.5")));
  CHECK_STR("-3", wy_lib_Math_round(R("-2.5")));
  CHECK_STR("0", wy_lib_Math_round(R("0.49")));
  CHECK_STR("2", wy_lib_Math_round(R("1.5")));
  CHECK_STR("-2", wy_lib_Math_round(R("-1.5")));
  CHECK_STR("-1", wy_lib_Math_round(R("-0.5")));
  CHECK_STR("-2", wy_lib_Math_round(R("-2.4999")));
  CHECK_STR("7", wy_lib_Math_round(wy_small(7)));
  CHECK_STR("-1", wy_lib_Math_floor(R("-0.5")));
  CHECK_STR("2", wy_lib_Math_floor(R("2.0")));
  CHECK_STR("-4", wy_lib_Math_floor(R("-3.5")));
  CHECK_STR("-3", wy_lib_Math_floor(R("-3.0")));
  CHECK_STR("3", wy_lib_Math_floor(R("3.99")));
  CHECK_STR("0", wy_lib_Math_ceil(R("-0.5")));
  CHECK_STR("12", wy_lib_Math_ceil(R("12.0")));
  CHECK_STR("-3", wy_lib_Math_ceil(R("-3.5")));
  CHECK_STR("4", wy_lib_Math_ceil(R("3.01")));
  CHECK_STR("5", wy_lib_Math_abs(wy_small(-5)));
  CHECK_STR("5", wy_lib_Math_abs(wy_small(5)));
  CHECK_STR("1.5", wy_lib_Math_abs(R("-1.5")));
  CHECK_STR("3.5", wy_lib_Math_min(R("3.5"), R("7.0")));
  CHECK_STR("7.0", wy_lib_Math_max(R("3.5"), R("7.0")));
  CHECK_STR("3", wy_lib_Math_min(wy_small(3), wy_small(7)));
  CHECK_STR("7", wy_lib_Math_max(wy_small(3), wy_small(7)));
  CHECK_STR("524288", wy_lib_Math_pow(wy_small(2), wy_small(19)));
  CHECK_STR("12157665459056928801", wy_lib_Math_pow(wy_small(3), wy_small(40)));
  CHECK_STR("-8", wy_lib_Math_pow(wy_small(-2), wy_small(3)));
  CHECK_STR("4", wy_lib_Math_isqrt(wy_small(17)));
  CHECK_STR("4", wy_lib_Math_isqrt(wy_small(16)));
  CHECK_STR("0", wy_lib_Math_isqrt(wy_small(0)));
  CHECK_STR("1000000000000", wy_lib_Math_isqrt(
      tmp(wy_int_from_str("1000000000000000000000000"))));
}

static void
test_math_doubles(void)
{
  CHECK_STR("(6121026514868073/2251799813685248)", wy_lib_Math_exp(R("1.0")));
  CHECK_STR("(6369051672525773/4503599627370496)",
            wy_lib_Math_sqrt(R("2.0"), R("0.001")));
  CHECK_STR("(6369051672525773/4503599627370496)",
            wy_lib_Math_sqrt(wy_small(2), R("0.001")));
  CHECK_STR("1.5", wy_lib_Math_sqrt(R("2.25"), R("0.001")));
  CHECK_STR("4.0", wy_lib_Math_sqrt(wy_small(16), R("0.001")));
  CHECK_STR("0.0", wy_lib_Math_sqrt(wy_small(0), R("0.001")));
  CHECK_STR("0.0", wy_lib_Math_log(R("1.0")));
  CHECK_STR("2.0", wy_lib_Math_log10(R("100.0")));
  CHECK_STR("1000.0", wy_lib_Math_exp10(R("3.0")));
  CHECK_STR("0.0", wy_lib_Math_sin(R("0.0")));
  CHECK_STR("1.0", wy_lib_Math_cos(R("0.0")));
  CHECK(1, wy_real_to_double(tmp(wy_lib_Math_atan(R("1.0"))))
               == 0.78539816339744828);
  CHECK(1, wy_real_to_double(tmp(wy_lib_Math_asin(R("1.0"))))
               == 1.5707963267948966);
  CHECK(1, wy_real_to_double(tmp(wy_lib_Math_exp(R("-1.5"))))
               == 0.22313016014842982);
  /* the argument is num.doubleValue()/den.doubleValue() */
  CHECK(1, wy_real_to_double(tmp(wy_lib_Math_exp(frac(-1, 8))))
               == 0.88249690258459546);
  for (int i = 0; i < 100; i++) {
    wyv r = tmp(wy_lib_Math_random());
    CHECK(1, wy_num_cmp(r, wy_small(0)) >= 0 && wy_num_cmp(r, wy_small(1)) < 0);
  }
}

static void
test_time(void)
{
  wyv t = tmp(wy_lib_Time_current());
  CHECK(WY_K_REAL, wy_kind(t));
  CHECK(1, wy_real_to_double(t) > 1.6e9);
  CHECK(1, wy_num_cmp(tmp(wy_real_den(t)), wy_small(1000)) <= 0);
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_printing();
  test_construction();
  test_arithmetic();
  test_errors();
  test_math_exact();
  test_math_doubles();
  test_time();
  test_done("rt_real");
  return 0;
}
