/* rt_setmap.c -- unit tests of setmap.c and compare.c: sorted sets and
 * maps, the §6.3 order, set algebra, copy-on-write of maps. */
#include "test.h"

static wyv
S(const char *s)
{
  return tmp(wy_str_lit(s));
}

static wyv
R(const char *dec)
{
  return tmp(wy_real_from_str(dec));
}

#define SET(...)                                                        \
  tmp(wy_set_of(sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv),             \
                (wyv[]){__VA_ARGS__}))
#define LIST(...)                                                       \
  tmp(wy_list_of(WY_LS_ANY, sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv), \
                 (wyv[]){__VA_ARGS__}))

static void
test_sets(void)
{
  wyv a = SET(wy_small(3), wy_small(1), wy_small(2), wy_small(3));
  wyv b = SET(wy_small(2), wy_small(4));
  wyv s;
  CHECK_STR("{1, 2, 3}", keep(a));
  CHECK(3, wy_set_len(a));
  CHECK_STR("{1, 2, 3, 4}", wy_set_union(a, b));
  CHECK_STR("{2}", wy_set_intersect(a, b));
  CHECK_STR("{1, 3}", wy_set_diff(a, b));
  CHECK_STR("{1, 2, 3, 5}", wy_set_add(a, wy_small(5)));
  CHECK_STR("{1, 2, 3}", wy_set_add(a, wy_small(2)));
  CHECK(1, wy_set_contains(a, wy_small(2)));
  CHECK(0, wy_set_contains(a, wy_small(4)));
  CHECK(0, wy_set_contains(a, tmp(wy_real_from_str("2.0"))));
  CHECK(1, wy_set_subset(SET(wy_small(1), wy_small(3)), a));
  CHECK(1, wy_set_subset(a, a));
  CHECK(0, wy_set_subset_strict(a, a));
  CHECK(1, wy_set_subset_strict(SET(wy_small(1)), a));
  CHECK(0, wy_set_subset(b, a));
  CHECK(1, wy_equals(a, SET(wy_small(2), wy_small(3), wy_small(1))));
  CHECK_STR("{}", wy_set_of(0, NULL));
  CHECK_STR("{1, 2, 3, 4}", wy_set_union(a, LIST(wy_small(4), wy_small(1))));
  CHECK_STR("2", wy_set_get(a, 1));

  s = wy_set_of(0, NULL);                   /* a comprehension */
  for (int i = 10; i >= 0; i -= 2) wy_set_add_inplace(&s, wy_small(i % 7));
  wy_set_add_inplace(&s, wy_small(100));
  CHECK_STR("{0, 1, 2, 3, 4, 6, 100}", keep(s));
  {
    wyv t = keep(s);
    wy_set_add_inplace(&t, wy_small(-1));
    CHECK_STR("{0, 1, 2, 3, 4, 6, 100}", keep(s));
    CHECK_STR("{-1, 0, 1, 2, 3, 4, 6, 100}", keep(t));
    wy_decref(t);
  }
  wy_decref(s);
}

static void
test_order(void)
{
  CHECK_STR("{1, 2, 1.0}", wy_set_of(3, (wyv[]){R("1.0"), wy_small(2),
                                                wy_small(1)}));
  CHECK_STR("{-4, -3, -2, -1}", wy_set_of(4, (wyv[]){wy_small(-1),
                                                     wy_small(-3), wy_small(-2),
                                                     wy_small(-4)}));
  CHECK_STR("{[1], [2], [1, 2]}",
            wy_set_of(3, (wyv[]){LIST(wy_small(1), wy_small(2)),
                                 LIST(wy_small(2)), LIST(wy_small(1))}));
  CHECK_STR("{null, false, true, 00000001b, 'a', 'b', -5, 0.5, \"a\", "
            "\"ab\", \"b\", {}, []}",
            wy_set_of(13, (wyv[]){S("b"), tmp(wy_list_new(WY_LS_ANY, 0)),
                                  wy_char('b'), R("0.5"),
                                  wy_small(-5), WY_TRUE, WY_NULL, S("ab"),
                                  tmp(wy_set_of(0, NULL)), wy_byte(1),
                                  wy_char('a'), WY_FALSE, S("a")}));
  CHECK(1, wy_compare(wy_small(5), R("0.5")) < 0);
  CHECK(1, wy_compare(tmp(wy_int_from_str("100000000000000000000")),
                      R("0.5")) < 0);
  CHECK(1, wy_compare(wy_small(5),
                      tmp(wy_int_from_str("1000000000000000000000"))) < 0);
  CHECK(1, wy_compare(tmp(wy_int_from_str("-1000000000000000000000")),
                      wy_small(-5)) < 0);
  CHECK(0, wy_compare(wy_char('a'), wy_char('a')));
  CHECK(1, wy_compare(wy_char('a'), wy_small(0)) < 0);
}

static const char *const xy_names[] = {"x", "y"};
static const WyShape xy = {2, xy_names};
static const char *const x_names[] = {"x"};
static const WyShape x_only = {1, x_names};

static void
test_record_order(void)
{
  /* Java compares the printed values: "10" < "9" */
  wyv r9 = tmp(wy_record_of(&x_only, (wyv[]){wy_small(9)}));
  wyv r10 = tmp(wy_record_of(&x_only, (wyv[]){wy_small(10)}));
  wyv rxy = tmp(wy_record_of(&xy, (wyv[]){wy_small(1), wy_small(2)}));
  CHECK_STR("{{x:1,y:2}, {x:10}, {x:9}}", wy_set_of(3, (wyv[]){rxy, r9, r10}));
  CHECK(0, wy_compare(r9, tmp(wy_record_of(&x_only, (wyv[]){wy_small(9)}))));
  /* equal texts, different values: still distinct members */
  {
    wyv ma = tmp(wy_map_of(1, (wyv[]){wy_small(1)}, (wyv[]){S("a")}));
    wyv r1 = tmp(wy_record_of(&x_only, (wyv[]){S("a")}));
    wyv r2 = tmp(wy_record_of(&x_only, (wyv[]){ma}));
    wyv r3 = tmp(wy_record_of(&x_only, (wyv[]){wy_char('a')}));
    CHECK(3, wy_set_len(tmp(wy_set_of(3, (wyv[]){r1, r2, r3}))));
    CHECK(0, wy_equals(r1, r3));
    CHECK(1, wy_compare(r1, r3) != 0);
  }
}

static void
test_maps(void)
{
  wyv m = wy_map_of(2, (wyv[]){wy_small(3), wy_small(1)},
                    (wyv[]){wy_small(2), wy_small(1)});
  wyv m2;
  CHECK_STR("{1=>1, 3=>2}", keep(m));
  CHECK(2, wy_map_len(m));
  CHECK(wy_small(2), wy_map_get(m, wy_small(3)));
  CHECK(WY_NULL, wy_map_get(m, wy_small(2)));
  m2 = keep(m);
  wy_map_put(&m2, wy_small(2), wy_small(7));
  CHECK_STR("{1=>1, 3=>2}", keep(m));
  CHECK_STR("{1=>1, 2=>7, 3=>2}", keep(m2));
  wy_map_put(&m2, wy_small(1), wy_small(0));          /* replace */
  CHECK_STR("{1=>0, 2=>7, 3=>2}", keep(m2));
  CHECK_STR("1", wy_map_key(m2, 0));
  CHECK_STR("7", wy_map_val(m2, 1));
  CHECK_STR("3", wy_length(m2));
  {
    wyv before = m2;
    wy_map_put(&m2, wy_small(9), wy_small(9));        /* unique: in place */
    CHECK(1, m2 == before);
  }
  wy_decref(m2);
  wy_decref(m);

  CHECK_STR("{3=>4, 1.0=>1.5, 2.0=>2.5}",
            wy_map_of(3, (wyv[]){R("2.0"), wy_small(3), R("1.0")},
                      (wyv[]){R("2.5"), wy_small(4), R("1.5")}));
  CHECK_STR("{1=>3}",                                  /* later key wins */
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(1)},
                      (wyv[]){wy_small(2), wy_small(3)}));
  /* the map-value quirk of §6.2 */
  CHECK_STR("{1=>one, 2=>two}",
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(2)},
                      (wyv[]){S("one"), S("two")}));
  CHECK_STR("{1=>a, 2=>b}",
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(2)},
                      (wyv[]){wy_char('a'), wy_char('b')}));
  CHECK_STR("{1=>3, 2=>-1}",
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(2)},
                      (wyv[]){wy_byte(3), wy_byte(0xFF)}));
  CHECK_STR("{1=>{2=>z}}",
            wy_map_of(1, (wyv[]){wy_small(1)},
                      (wyv[]){tmp(wy_map_of(1, (wyv[]){wy_small(2)},
                                            (wyv[]){S("z")}))}));
  CHECK_STR("{1=>[1, 2], 2=>[\"x\"]}",
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(2)},
                      (wyv[]){LIST(wy_small(1), wy_small(2)), LIST(S("x"))}));
  CHECK_STR("{\"k\"=>1}", wy_map_of(1, (wyv[]){S("k")}, (wyv[]){wy_small(1)}));
  CHECK_STR("{'a'=>0}", wy_map_of(1, (wyv[]){wy_char('a')},
                                  (wyv[]){wy_small(0)}));

  m = wy_set_of(0, NULL);                              /* {} used as a map */
  wy_map_put(&m, S("a"), wy_small(1));
  {
    wyv *slot = wy_map_slot(&m, S("b"));
    wy_set(slot, wy_small(2));
  }
  CHECK_STR("{\"a\"=>1, \"b\"=>2}", keep(m));
  wy_decref(m);
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_sets();
  test_order();
  test_record_order();
  test_maps();
  test_done("rt_setmap");
  return 0;
}
