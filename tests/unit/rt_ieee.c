/* rt_ieee.c -- unit tests of the IEEE real modes (real_ieee.c, wyrt.h's
 * tag-4 word in --real=double|float): the word's range and canonical
 * zero, arithmetic and its rounding, conversions, the printed form
 * (expected texts are Python's repr of the same doubles, and numpy's of
 * the same float32), lists, sets and the failures. */
#include <math.h>

#include "test.h"

static const WyPos pos = {"f.whiley", 4, 7};

static wyv
D(double d)
{
  return tmp(wy_real_from_double(d));
}

/* the word round-trips every double it takes, and takes every normal
 * float's magnitude range */
static void
test_words(void)
{
  static const double ds[] = {1.0, -1.0, 0.1, 1e30, -3.5e-30, 0x1p-126,
                              0x1.fffffep127, 0x1p128, 1e38, 12345.678};
  wyv w;
  for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
    CHECK(1, wy_f_imm(ds[i], &w));
    CHECK(4, (int)(w & 7));
    CHECK(1, wy_f_imm_val(w) == ds[i]);
  }
  CHECK(1, wy_f_imm(0.0, &w));
  CHECK(4, (int64_t)w);
  CHECK(1, wy_f_imm(-0.0, &w));      /* one word for both zeros */
  CHECK(4, (int64_t)w);
  CHECK(0, wy_f_imm(0x1p-127, &w));  /* below: boxed */
  CHECK(0, wy_f_imm(1e300, &w));
  CHECK(0, wy_f_imm(4.9e-324, &w));
}

static void
test_double(void)
{
  CHECK_STR("0.30000000000000004", wy_real_add(D(0.1), D(0.2)));
  CHECK_STR("0.1", wy_real_from_str("0.1"));
  CHECK_STR("0.3333333333333333",
            wy_real_from_frac(wy_small(1), wy_small(3)));
  CHECK_STR("3.0", wy_real_from_int(wy_small(3)));
  CHECK_STR("1e+20", wy_real_from_str("100000000000000000000.0"));
  CHECK_STR("1e+16", wy_real_from_double(1e16));
  CHECK_STR("1000000000000000.0", wy_real_from_double(1e15));
  CHECK_STR("0.0001", wy_real_from_double(1e-4));
  CHECK_STR("1e-05", wy_real_from_double(1e-5));
  CHECK_STR("1.5e-300", wy_real_mul(D(1.5e-150), D(1e-150)));  /* boxed */
  CHECK_STR("-2.5e+300", wy_real_neg(D(2.5e300)));
  CHECK_STR("9.223372036854776e+18",
            wy_real_from_str("9223372036854775807.0"));
  CHECK_STR("0.0", wy_real_sub(D(0.5), D(0.5)));
  CHECK_STR("7.5", wy_d_mul(D(2.5), wy_small(3), &pos));   /* int operand */
  CHECK(1, wy_f_lt(D(0.1), D(0.2)));
  CHECK(0, wy_f_le(D(0.3), D(0.1)));
  CHECK(1, wy_equals(tmp(wy_real_from_str("1e300")), D(1e300)));  /* boxed */
  CHECK(-1, wy_num_cmp(D(1e-300), D(2e-300)));
  CHECK_STR("3602879701896397", wy_real_num(D(0.1)));   /* exact value */
  CHECK_STR("36028797018963968", wy_real_den(D(0.1)));
  CHECK_STR("2", wy_lib_Math_floor(D(2.5)));
  CHECK_STR("-3", wy_lib_Math_round(D(-2.5)));
  CHECK_STR("1.4142135623730951", wy_lib_Math_sqrt(D(2.0), D(1e-9)));
  /* one word per value: a set of equal reals has one element */
  wyv half = tmp(wy_real_from_frac(wy_small(1), wy_small(2)));
  wyv s = tmp(wy_set_of(3, (wyv[]){D(0.5), half, D(0.5)}));
  CHECK_STR("1", wy_length(s));
  CHECK_STR("[0.5, 1e-300, 2.0]",
            wy_list_of(WY_LS_REAL, 3, (wyv[]){D(0.5), D(1e-300), D(2.0)}));
}

static void
overflow(void)
{
  wy_d_mul(D(1e300), D(1e300), &pos);
}

static void
div_zero(void)
{
  wy_d_div(D(1.0), D(0.0), &pos);
}

/* FLOAT mode: each result rounded to float32 (numpy's repr) */
static void
test_float(void)
{
  wy_real_mode = WY_REAL_FLOAT;
  CHECK_STR("0.1", wy_real_from_str("0.1"));
  CHECK_STR("0.3", wy_s_add(D(0.1), D(0.2), &pos));
  CHECK_STR("0.33333334", wy_real_from_frac(wy_small(1), wy_small(3)));
  CHECK_STR("16777216.0", wy_real_from_int(wy_small(16777217)));
  CHECK_STR("1.4142135", wy_lib_Math_sqrt(D(2.0), D(1e-9)));
  CHECK(1, (double)(float)wy_f_val(D(0.1)) == wy_f_val(D(0.1)));
  wy_real_mode = WY_REAL_DOUBLE;
}

int
main(void)
{
  wy_real_mode = WY_REAL_DOUBLE;   /* as the generated main does first */
  wy_decref(wy_init(0, NULL));
  test_words();
  test_double();
  CHECK_FAILS("f.whiley:4:7: real overflow (a result that is not finite)\n",
              1, overflow);
  CHECK_FAILS("f.whiley:4:7: division by zero\n", 1, div_zero);
  test_float();
  test_done("rt_ieee");
}
