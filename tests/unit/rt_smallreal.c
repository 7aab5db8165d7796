/* rt_smallreal.c -- unit tests of the small forms of reals (wyrt.h
 * VALUES, wyrt_impl.h WyReal): the immediate, the int64 pair and GMP, the
 * boundaries between them, one canonical form per value however it was
 * computed, and [real] lists' flat storage.  Expected values computed
 * with Python's fractions module. */
#include <math.h>

#include "test.h"
#include "wyrt_impl.h"

static const WyPos pos = {"s.whiley", 3, 4};

enum { IMM, PAIR, BIG };

/* Which form v has (v is a real). */
static int
form(wyv v)
{
  if (wy_is_qimm(v)) return IMM;
  CHECK(WY_K_REAL, wy_kind(v));
  return wy_real(v)->h.sub == WY_REAL_SMALL ? PAIR : BIG;
}

static wyv
I(int64_t x)
{
  return tmp(wy_int_from_i64(x));
}

/* n/d from ints (GMP only when they are big). */
static wyv
Q(int64_t n, int64_t d)
{
  return tmp(wy_real_from_frac(I(n), I(d)));
}

static wyv
S(const char *dec)
{
  return tmp(wy_real_from_str(dec));
}

/* The same value reached through GMP: (x + 10^30) - 10^30. */
static wyv
via_gmp(wyv x)
{
  wyv big = S("1000000000000000000000000000000.0");
  wyv y = tmp(wy_real_add(x, big));
  CHECK(BIG, form(y));
  return tmp(wy_real_sub(y, big));
}

static void
test_forms(void)
{
  int64_t lim = INT64_C(1) << 39;
  CHECK(IMM, form(Q(lim - 1, 1)));
  CHECK(PAIR, form(Q(lim, 1)));
  CHECK(IMM, form(Q(-lim, 1)));
  CHECK(PAIR, form(Q(-lim - 1, 1)));
  CHECK(IMM, form(Q(1, (1 << 21) - 1)));
  CHECK(PAIR, form(Q(1, 1 << 21)));
  CHECK(IMM, form(S("-0.000001")));
  CHECK(PAIR, form(Q(INT64_MAX, 1)));
  CHECK(PAIR, form(Q(INT64_MIN, 1)));
  CHECK(PAIR, form(Q(1, INT64_MAX)));
  CHECK(PAIR, form(Q(INT64_MIN, INT64_MAX)));
  CHECK(BIG, form(Q(1, INT64_MIN)));           /* -1/2^63 */
  CHECK(PAIR, form(Q(INT64_MIN, 2)));          /* -2^62, reduced */
  CHECK(PAIR, form(Q(2, INT64_MIN)));          /* -1/2^62 */
  CHECK_STR("(1/9223372036854775807)", keep(Q(1, INT64_MAX)));
  CHECK_STR("(-1/9223372036854775808)", keep(Q(1, INT64_MIN)));
  CHECK_STR("(-9223372036854775808/9223372036854775807)",
            keep(Q(INT64_MIN, INT64_MAX)));
  CHECK_STR("9223372036854775807.0", keep(Q(INT64_MAX, 1)));
  CHECK_STR("-9223372036854775808.0", keep(Q(INT64_MIN, 1)));
  CHECK_STR("-9223372036854775808", wy_real_num(Q(INT64_MIN, 1)));
  CHECK_STR("9223372036854775807", wy_real_den(Q(1, INT64_MAX)));
  CHECK_STR("9223372036854775808", wy_real_den(Q(1, INT64_MIN)));
  /* a big int that fits int64 gives the pair form */
  CHECK(PAIR, form(tmp(wy_real_from_int(I(INT64_C(1) << 62)))));
}

static void
test_overflow(void)
{
  wyv max = Q(INT64_MAX, 1), min = Q(INT64_MIN, 1), one = S("1.0");
  wyv p = tmp(wy_real_mul(max, max)), s, t;
  /* products beyond 64 bits go to GMP, and come back */
  CHECK(BIG, form(p));
  CHECK_STR("85070591730234615847396907784232501249.0", keep(p));
  t = tmp(wy_real_div(p, max, &pos));
  CHECK(PAIR, form(t));
  CHECK(1, wy_equals(t, max));
  /* sums: INT64_MAX + 1, then - 1 */
  s = tmp(wy_real_add(max, one));
  CHECK(BIG, form(s));
  CHECK_STR("9223372036854775808.0", keep(s));
  t = tmp(wy_real_sub(s, one));
  CHECK(PAIR, form(t));
  CHECK(1, wy_equals(t, max));
  CHECK(0, wy_compare(t, max));
  /* -INT64_MIN does not fit; its negation does again */
  t = tmp(wy_real_neg(min));
  CHECK(BIG, form(t));
  CHECK_STR("9223372036854775808.0", keep(t));
  CHECK(1, wy_equals(tmp(wy_real_neg(t)), min));
  CHECK_STR("-18446744073709551616.0", wy_real_add(min, min));
  CHECK_STR("-18446744073709551615.0", wy_real_add(min, Q(-INT64_MAX, 1)));
  CHECK_STR("0.0", wy_real_add(min, s));
  /* denominators: 1/p * 1/q with p*q > INT64_MAX, then * p */
  t = tmp(wy_real_mul(Q(1, 3037000493), Q(1, 3037000507)));
  CHECK(BIG, form(t));
  CHECK_STR("(1/9223372037000249951)", keep(t));
  t = tmp(wy_real_mul(t, Q(3037000493, 1)));
  CHECK(PAIR, form(t));
  CHECK_STR("(1/3037000507)", keep(t));
  /* a sum whose cross products overflow 64 bits but whose value fits */
  t = tmp(wy_real_add(Q(INT64_MAX, 3037000493), Q(-INT64_MAX, 3037000493)));
  CHECK(IMM, form(t));
  CHECK_STR("0.0", keep(t));
  CHECK_STR("(9223372036854775804/3)",
            wy_real_add(Q(INT64_MAX, 3), Q(-1, 1)));
  /* 128-bit cross products: (MAX/(MAX-1)) - (MIN/MAX) */
  CHECK_STR("(170141183460469231694793815568465002497/"
            "85070591730234615838173535747377725442)",
            wy_real_sub(Q(INT64_MAX, INT64_MAX - 1), Q(INT64_MIN, INT64_MAX)));
  CHECK_STR("(85070591730234615865843651857942052864/"
            "85070591730234615847396907784232501249)",
            wy_real_div(Q(INT64_MIN, INT64_MAX), Q(INT64_MAX, INT64_MIN),
                        &pos));
}

/* The same value, however computed, is one representation: equal words
 * for immediates, equal objects otherwise; sets and maps find it. */
static void
test_canonical(void)
{
  wyv a = S("0.75"), b = via_gmp(Q(3, 4));
  wyv c = Q(INT64_MAX, 7), d = via_gmp(c), set, map;
  CHECK(IMM, form(b));
  CHECK(1, a == b);
  CHECK(PAIR, form(d));
  CHECK(1, wy_equals(c, d));
  CHECK(0, wy_compare(c, d));
  CHECK(1, wy_equals(tmp(wy_real_div(S("3.0"), S("4.0"), &pos)), a));
  CHECK(1, wy_equals(tmp(wy_real_from_double(0.75)), a));
  CHECK(1, wy_equals(tmp(wy_real_mul(Q(3, 8), S("2.0"))), a));
  set = tmp(wy_set_of(4, (wyv[]){a, b, c, d}));
  CHECK(2, wy_set_len(set));
  CHECK(1, wy_set_contains(set, via_gmp(S("0.75"))));
  map = tmp(wy_map_of(1, (wyv[]){c}, (wyv[]){wy_small(5)}));
  CHECK_STR("5", wy_map_get(map, d));
  /* int 1 and real 1.0 stay different (§5.4), in every form */
  CHECK(0, wy_equals(wy_small(1), S("1.0")));
  CHECK(0, wy_equals(I(INT64_MAX), Q(INT64_MAX, 1)));
}

static void
test_compare(void)
{
  wyv max = Q(INT64_MAX, 1), half = S("0.5");
  wyv big = tmp(wy_real_add(max, half));        /* beyond the pair */
  CHECK(BIG, form(big));
  CHECK(-1, wy_num_cmp(max, big));
  CHECK(1, wy_num_cmp(big, max));
  CHECK(-1, wy_compare(half, big));
  CHECK(1, wy_num_cmp(half, Q(-1, 1 << 22)));   /* imm vs pair */
  CHECK(-1, wy_num_cmp(Q(INT64_MIN, 1), Q(INT64_MIN + 1, 1)));
  CHECK(1, wy_num_cmp(Q(1, INT64_MAX), Q(1, INT64_MIN)));
  CHECK(1, wy_num_cmp(Q(INT64_MAX - 1, INT64_MAX),
                      Q(INT64_MAX - 2, INT64_MAX - 1)));
  CHECK(-1, wy_num_cmp(Q(1, 3), wy_small(1)));  /* with ints */
  CHECK(1, wy_num_cmp(I(INT64_MAX), Q(INT64_MAX - 1, 1)));
  CHECK(0, wy_num_cmp(wy_char('a'), Q(97, 1)));
}

static void
div_zero_small(void)
{
  wy_real_div(S("1.5"), S("0.0"), &pos);
}

static void
div_zero_big(void)
{
  wyv big = tmp(wy_real_mul(Q(INT64_MAX, 1), Q(INT64_MAX, 1)));
  wy_real_div(big, tmp(wy_real_sub(big, big)), &pos);
}

static void
div_zero_int(void)
{
  wy_real_div(Q(INT64_MAX, 3), wy_small(0), NULL);
}

static void
test_zero(void)
{
  wyv zero = S("0.0");
  CHECK_FAILS("s.whiley:3:4: division by zero\n", 1, div_zero_small);
  CHECK_FAILS("s.whiley:3:4: division by zero\n", 1, div_zero_big);
  CHECK_FAILS("division by zero\n", 1, div_zero_int);
  CHECK(IMM, form(zero));
  CHECK(1, tmp(wy_real_from_double(-0.0)) == zero);
  CHECK(1, tmp(wy_real_neg(zero)) == zero);
  CHECK(1, Q(0, -5) == zero);
  CHECK(1, tmp(wy_real_mul(S("-0.5"), zero)) == zero);
  CHECK(1, tmp(wy_real_add(Q(INT64_MIN, 3), tmp(wy_real_neg(Q(INT64_MIN, 3)))))
           == zero);
  CHECK(1, tmp(wy_real_sub(via_gmp(S("0.1")), S("0.1"))) == zero);
  CHECK_STR("0.0", wy_real_neg(zero));
  CHECK_STR("(-1/2)", wy_real_from_frac(wy_small(5), wy_small(-10)));
  CHECK_STR("(-1/3)", wy_real_div(S("1.0"), S("-3.0"), &pos));
  CHECK(0, wy_num_cmp(zero, tmp(wy_real_from_double(-0.0))));
}

static void
test_doubles(void)
{
  CHECK(PAIR, form(tmp(wy_real_from_double(0x1p62))));
  CHECK(BIG, form(tmp(wy_real_from_double(0x1p63))));
  CHECK(PAIR, form(tmp(wy_real_from_double(-0x1p63))));   /* INT64_MIN */
  CHECK(1, wy_equals(tmp(wy_real_from_double(-0x1p63)), Q(INT64_MIN, 1)));
  CHECK(PAIR, form(tmp(wy_real_from_double(0x1p-62))));
  CHECK(BIG, form(tmp(wy_real_from_double(0x1p-63))));
  CHECK(IMM, form(tmp(wy_real_from_double(-0.375))));
  CHECK_STR("(-3/8)", wy_real_from_double(-0.375));
  CHECK_STR("(3602879701896397/36028797018963968)", wy_real_from_double(0.1));
  /* correctly rounded, also where num or den exceeds 2^53 */
  CHECK(1, wy_real_to_double(Q(1, 3)) == 1.0 / 3.0);
  CHECK(1, wy_real_to_double(Q(INT64_MAX, 3)) == 0x1.5555555555555p+61);
  CHECK(1, wy_real_to_double(Q((INT64_C(1) << 62) + 1, 4)) == 0x1p60);
  CHECK(1, wy_real_to_double(Q(INT64_MAX, (INT64_C(1) << 53) + 1))
           == 0x1.fffffffffffffp+9);
  CHECK(1, wy_real_to_double(Q(INT64_MIN, 1)) == -0x1p63);
}

/* The exact rational of a double, from its bits, equals GMP's (mpq_set_d)
 * in value and form, and converts back to the same double; over
 * pseudo-random bit patterns of every exponent. */
static void
test_doubles_random(void)
{
  uint64_t x = 88172645463325252u;
  int seen[3] = {0, 0, 0};
  mpq_t q;
  mpq_init(q);
  for (int i = 0; i < 20000; i++) {
    double d;
    wyv a, b;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    if (i % 4 == 0) {                 /* any bit pattern */
      memcpy(&d, &x, sizeof d);
      if (!(d == d) || d - d != 0) continue;    /* NaN or infinite */
    } else {                          /* m * 2^e around the forms' edges */
      int64_t m = (int64_t)(x & ((UINT64_C(1) << 53) - 1)) >> (x >> 59);
      d = ldexp((double)(x >> 63 ? -m : m), (int)((x >> 20) % 160) - 120);
    }
    a = wy_real_from_double(d);
    mpq_set_d(q, d);
    b = wyrt_real_from_mpq(q);
    CHECK(1, a == b || wy_equals(a, b));
    CHECK(form(b), form(a));
    seen[form(a)]++;
    CHECK(1, wy_real_to_double(a) == d);
    wy_decref(a);
    wy_decref(b);
  }
  mpq_clear(q);
  CHECK(1, seen[IMM] > 500 && seen[PAIR] > 500 && seen[BIG] > 500);
}

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t
next(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* A random int64 of 0 to 63 significant bits, either sign. */
static int64_t
any_width(void)
{
  uint64_t x = next();
  int64_t v = (int64_t)(x >> 1) >> (next() % 64);
  return x & 1 ? -v - (int64_t)(next() % 2) : v;   /* INT64_MIN too */
}

/* Are got and want (both consumed) one value in one form? */
static bool
same(wyv got, wyv want)
{
  bool ok = wy_equals(got, want) && form(got) == form(want);
  wy_decref(got);
  wy_decref(want);
  return ok;
}

/* + - * / and the order of random small reals of every width agree with
 * GMP on the same values (through mpq views), value and form. */
static void
test_arith_random(void)
{
  int seen[3] = {0, 0, 0};
  mpq_t r;
  mpq_init(r);
  for (int i = 0; i < 20000; i++) {
    int64_t d1 = any_width(), d2 = any_width();
    wyv a, b, sum;
    WyRealTmp ta, tb;
    mpq_srcptr x, y;
    if (d1 == 0) d1 = 1;
    if (d2 == 0) d2 = -1;
    a = wyrt_real_frac64(any_width(), d1);
    b = wyrt_real_frac64(any_width(), d2);
    x = wyrt_real_mpq(a, &ta);
    y = wyrt_real_mpq(b, &tb);
    mpq_add(r, x, y);
    sum = wy_real_add(a, b);
    seen[form(sum)]++;
    CHECK(1, same(sum, wyrt_real_from_mpq(r)));
    mpq_sub(r, x, y);
    CHECK(1, same(wy_real_sub(a, b), wyrt_real_from_mpq(r)));
    mpq_mul(r, x, y);
    CHECK(1, same(wy_real_mul(a, b), wyrt_real_from_mpq(r)));
    if (mpq_sgn(y)) {
      mpq_div(r, x, y);
      CHECK(1, same(wy_real_div(a, b, &pos), wyrt_real_from_mpq(r)));
    }
    mpq_neg(r, x);
    CHECK(1, same(wy_real_neg(a), wyrt_real_from_mpq(r)));
    CHECK((mpq_cmp(x, y) > 0) - (mpq_cmp(x, y) < 0), wy_num_cmp(a, b));
    CHECK(wy_num_cmp(a, b), wy_compare(a, b));
    wy_incref(a);                    /* the same value through GMP */
    CHECK(1, same(a, wyrt_real_from_mpq(x)));
    wy_decref(a);
    wy_decref(b);
  }
  mpq_clear(r);
  CHECK(1, seen[IMM] > 500 && seen[PAIR] > 500 && seen[BIG] > 500);
}

static void
test_lists(void)
{
  wyv q = S("0.25"), max = Q(INT64_MAX, 1), big;
  wyv l = tmp(wy_list_of(WY_LS_REAL, 2, (wyv[]){q, S("-0.75")}));
  wyv l2, row = tmp(wy_list_new(WY_LS_ANY, 0));
  CHECK(WY_LS_REAL, wy_list(l)->h.sub);
  CHECK(1, wy_list_contains(l, via_gmp(q)));
  CHECK(1, tmp(wy_list_get(l, 0)) == q);
  l2 = tmp(wy_list_append(l, l));
  wy_list_push(&l2, max);                 /* needs more than a word */
  CHECK(WY_LS_MPQ, wy_list(l2)->h.sub);
  CHECK(PAIR, form(tmp(wy_list_get(l2, 4))));
  CHECK(IMM, form(tmp(wy_list_get(l2, 1))));
  CHECK(1, wy_list_contains(l2, S("-0.75")));
  CHECK(1, wy_list_contains(l2, via_gmp(max)));
  CHECK(0, wy_list_contains(l2, I(INT64_MAX)));
  CHECK_STR("[0.25, (-3/4), 0.25, (-3/4), 9223372036854775807.0]", keep(l2));
  /* equal lists in different storage */
  wy_list_push(&row, q);
  CHECK(WY_LS_REAL, wy_list(row)->h.sub);   /* `row = []` too */
  wy_list_push(&row, S("-0.75"));
  wy_list_push(&row, q);
  wy_list_push(&row, S("-0.75"));
  CHECK(0, wy_equals(row, l2));
  wy_list_push(&row, via_gmp(max));
  CHECK(WY_LS_MPQ, wy_list(row)->h.sub);
  CHECK(1, wy_equals(row, l2));
  CHECK(0, wy_compare(row, l2));
  /* a big element, set in place, and read back */
  big = tmp(wy_real_add(max, max));
  wy_list_set(&l, wy_small(1), big, &pos);
  CHECK(WY_LS_MPQ, wy_list(l)->h.sub);
  CHECK(1, wy_equals(tmp(wy_list_get(l, 1)), big));
  CHECK(1, tmp(wy_list_get(l, 0)) == q);
  CHECK_STR("[0.25, 18446744073709551614.0]", keep(l));
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_forms();
  test_overflow();
  test_canonical();
  test_compare();
  test_zero();
  test_doubles();
  test_doubles_random();
  test_arith_random();
  test_lists();
  test_done("rt_smallreal");
  return 0;
}
