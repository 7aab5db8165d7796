/* rt_list.c -- unit tests of list.c and string.c: storage kinds and
 * widening, copy-on-write, ranges, sublists, append, bounds errors. */
#include "test.h"
#include "wyrt_impl.h"

static const WyPos pos = {"l.whiley", 4, 9};

static wyv
ints(size_t n, const int64_t *xs)
{
  wyv vs[64];
  for (size_t i = 0; i < n; i++) vs[i] = wy_small(xs[i]);
  return wy_list_of(WY_LS_INT, n, vs);
}

#define INTS(...)                                                       \
  ints(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t),              \
       (int64_t[]){__VA_ARGS__})

static WyListStore
store(wyv l)
{
  return (WyListStore)wy_list(l)->h.sub;
}

static void
test_copy_on_write(void)
{
  wyv a = INTS(1, 2, 3), b = a;
  void *data = wy_list(a)->data;
  wy_incref(b);                                  /* b = a */
  wy_list_set(&b, wy_small(0), wy_small(9), &pos);
  CHECK_STR("[1, 2, 3]", keep(a));
  CHECK_STR("[9, 2, 3]", keep(b));
  CHECK(1, a != b);
  CHECK(1, wy_list(a)->data == data);
  CHECK(1, wy_obj(a)->rc);
  CHECK(1, wy_obj(b)->rc);
  wy_list_set(&a, wy_small(2), wy_small(7), &pos);  /* unique: in place */
  CHECK(1, wy_list(a)->data == data);
  CHECK_STR("[1, 2, 7]", keep(a));
  {
    wyv c = keep(a);                             /* push on a shared list */
    wy_list_push(&c, wy_small(4));
    CHECK_STR("[1, 2, 7]", keep(a));
    CHECK_STR("[1, 2, 7, 4]", keep(c));
    wy_decref(c);
  }
  {
    wyv before = a;
    wy_list_push(&a, wy_small(5));               /* unique: same object */
    CHECK(1, a == before);
    CHECK_STR("[1, 2, 7, 5]", keep(a));
  }
  wy_decref(a);
  wy_decref(b);
}

static void
test_widening(void)
{
  wyv l = INTS(1, 2, 3), big = tmp(wy_int_from_str("1180591620717411303424"));
  CHECK(WY_LS_INT, store(l));
  wy_list_set(&l, wy_small(1), big, &pos);
  CHECK(WY_LS_ANY, store(l));
  CHECK_STR("[1, 1180591620717411303424, 3]", keep(l));
  CHECK(1, wy_equals(tmp(wy_list_get(l, 1)), big));
  wy_list_set(&l, wy_small(1), wy_small(2), &pos);
  CHECK(1, wy_equals(l, tmp(INTS(1, 2, 3))));   /* LS_ANY == LS_INT */
  CHECK(0, wy_compare(l, tmp(INTS(1, 2, 3))));
  wy_decref(l);

  l = INTS(1, 2);
  wy_list_push(&l, tmp(wy_str_lit("x")));
  CHECK(WY_LS_ANY, store(l));
  CHECK_STR("[1, 2, \"x\"]", keep(l));
  wy_decref(l);

  l = wy_list_new(WY_LS_ANY, 0);                 /* [] re-picks storage */
  wy_list_push(&l, wy_small(5));
  CHECK(WY_LS_INT, store(l));
  wy_list_push(&l, WY_TRUE);
  CHECK(WY_LS_ANY, store(l));
  CHECK_STR("[5, true]", keep(l));
  wy_decref(l);

  l = wy_list_of(WY_LS_BOOL, 2, (wyv[]){WY_TRUE, WY_FALSE});
  CHECK(WY_LS_BOOL, store(l));
  CHECK_STR("[true, false]", keep(l));
  CHECK(WY_TRUE, wy_list_get(l, 0));
  wy_decref(l);

  l = wy_list_of(WY_LS_REAL, 2, (wyv[]){tmp(wy_real_from_str("1.5")),
                                        tmp(wy_real_from_str("-2.0"))});
  CHECK(WY_LS_REAL, store(l));
  CHECK_STR("[1.5, -2.0]", keep(l));
  wy_list_set(&l, wy_small(0), tmp(wy_real_from_str("0.25")), &pos);
  CHECK_STR("[0.25, -2.0]", keep(l));
  wy_list_push(&l, tmp(wy_real_from_str("3.0")));
  CHECK(WY_LS_REAL, store(l));
  CHECK(1, wy_list_contains(l, tmp(wy_real_from_str("3.0"))));
  CHECK(0, wy_list_contains(l, wy_small(3)));
  wy_list_push(&l, wy_small(1));                 /* an int: widens */
  CHECK(WY_LS_ANY, store(l));
  CHECK_STR("[0.25, -2.0, 3.0, 1]", keep(l));
  wy_decref(l);

  l = wy_list_of(WY_LS_ANY, 3, (wyv[]){wy_small(1), WY_NULL, wy_small(2)});
  CHECK(WY_LS_ANY, store(l));
  CHECK_STR("[1, null, 2]", keep(l));
  wy_decref(l);
}

static void
test_ranges(void)
{
  CHECK_STR("[0, 1, 2, 3, 4]", wy_list_range(wy_small(0), wy_small(5)));
  CHECK_STR("[5, 4, 3, 2, 1]", wy_list_range(wy_small(5), wy_small(0)));
  CHECK_STR("[]", wy_list_range(wy_small(3), wy_small(3)));
  CHECK_STR("[-2, -1, 0, 1]", wy_list_range(wy_small(-2), wy_small(2)));
  CHECK_STR("[1, 0, -1]", wy_list_range(wy_small(1), wy_small(-2)));
  CHECK(17, wy_list_len(tmp(wy_list_range(wy_small(0), wy_small(17)))));
  {
    wyv a = tmp(wy_int_from_str("100000000000000000000"));
    wyv b = tmp(wy_int_from_str("100000000000000000003"));
    CHECK_STR("[100000000000000000000, 100000000000000000001, "
              "100000000000000000002]", wy_list_range(a, b));
    CHECK_STR("[100000000000000000003, 100000000000000000002, "
              "100000000000000000001]", wy_list_range(b, a));
  }
  CHECK_STR("[0, 1, 2, 3, 4, 40, 41]",
            wy_list_append(tmp(wy_list_range(wy_small(0), wy_small(5))),
                           tmp(wy_list_range(wy_small(40), wy_small(42)))));
}

static void
test_sublists(void)
{
  wyv l = tmp(INTS(1, 2, 3, 4, 5));
  CHECK_STR("[2, 3]", wy_list_sub(l, wy_small(1), wy_small(3), &pos));
  CHECK_STR("[3, 2, 1]", wy_list_sub(l, wy_small(3), wy_small(0), &pos));
  CHECK_STR("[5, 4, 3, 2, 1]", wy_list_sub(l, wy_small(5), wy_small(0), &pos));
  CHECK_STR("[]", wy_list_sub(l, wy_small(2), wy_small(2), &pos));
  CHECK_STR("[1, 2, 3, 4, 5]", wy_list_sub(l, wy_small(0), wy_small(5), &pos));
  {
    wyv s = tmp(wy_str_lit("Hello World"));
    CHECK_TEXT("World", wy_str_sub(s, wy_small(6), wy_small(11), &pos));
    CHECK_TEXT("", wy_str_sub(s, wy_small(3), wy_small(3), &pos));
  }
  {
    wyv m = tmp(wy_list_of(WY_LS_ANY, 3, (wyv[]){tmp(wy_str_lit("a")),
                                                 WY_NULL, wy_small(3)}));
    CHECK_STR("[3, null, \"a\"]", wy_list_sub(m, wy_small(3), wy_small(0),
                                              &pos));
  }
}

static void
test_append(void)
{
  wyv a = INTS(1, 2), b = tmp(INTS(3));
  void *data;
  CHECK_STR("[1, 2, 3]", wy_list_append(a, b));
  wy_list_append_inplace(&a, b);
  CHECK_STR("[1, 2, 3]", keep(a));
  wy_list_append_inplace(&a, a);                  /* xs = xs + xs */
  CHECK_STR("[1, 2, 3, 1, 2, 3]", keep(a));
  {
    wyv c = keep(a);                              /* shared: copies */
    wy_list_append_inplace(&c, b);
    CHECK_STR("[1, 2, 3, 1, 2, 3]", keep(a));
    CHECK_STR("[1, 2, 3, 1, 2, 3, 3]", keep(c));
    wy_decref(c);
  }
  wy_list_append_inplace(&a, tmp(wy_list_of(WY_LS_ANY, 1,
                                            (wyv[]){tmp(wy_str_lit("s"))})));
  CHECK(WY_LS_ANY, store(a));
  CHECK_STR("[1, 2, 3, 1, 2, 3, \"s\"]", keep(a));
  wy_decref(a);

  a = wy_list_new(WY_LS_INT, 0);                  /* amortised growth */
  wy_list_push(&a, wy_small(0));
  data = wy_list(a)->data;
  for (int i = 1; i < 4; i++) wy_list_push(&a, wy_small(i));
  CHECK(1, wy_list(a)->data == data);
  CHECK(4, wy_list(a)->cap);
  wy_list_push(&a, wy_small(4));
  CHECK(8, wy_list(a)->cap);
  wy_decref(a);

  a = wy_list_new(WY_LS_ANY, 0);
  wy_list_push(&a, a);                            /* xs + [xs] */
  CHECK_STR("[[]]", keep(a));
  wy_list_push(&a, a);
  CHECK_STR("[[], [[]]]", keep(a));
  wy_decref(a);

  a = tmp(INTS(4, 5, 6));
  CHECK(1, wy_list_contains(a, wy_small(5)));
  CHECK(0, wy_list_contains(a, wy_small(7)));
  CHECK(0, wy_list_contains(a, wy_char(5)));
  CHECK(1, wy_contains(a, wy_small(6)));
  CHECK_STR("3", wy_length(a));
}

static void
test_nested_update(void)
{
  wyv row = tmp(INTS(1, 2)), grid = wy_list_of(WY_LS_ANY, 2,
                                               (wyv[]){row, row});
  wyv copy = keep(grid);
  wyv *slot = wy_list_slot(&grid, wy_small(1), &pos);   /* grid[1][0] = 9 */
  wy_list_set(slot, wy_small(0), wy_small(9), &pos);
  CHECK_STR("[[1, 2], [9, 2]]", keep(grid));
  CHECK_STR("[[1, 2], [1, 2]]", keep(copy));
  CHECK_STR("[1, 2]", keep(row));
  wy_decref(copy);
  wy_decref(grid);
}

static void
neg_index(void)
{
  wy_list_index(tmp(INTS(1, 2)), wy_small(-1), &pos);
}

static void
big_index(void)
{
  wy_list_index(tmp(INTS(1, 2)), wy_small(2), &pos);
}

static void
str_index(void)
{
  wy_str_index(tmp(wy_str_lit("ab")), wy_small(5), NULL);
}

static void
set_index(void)
{
  wyv l = INTS(1);
  wy_list_set(&l, tmp(wy_int_from_str("-100000000000000000000")), WY_NULL,
              &pos);
}

static void
test_bounds(void)
{
  wyv l = tmp(INTS(10, 20));
  CHECK(wy_small(20), wy_list_index(l, wy_small(1), &pos));
  CHECK(wy_small(10), wy_list_get_int_fast(l, 0));
  CHECK_FAILS("l.whiley:4:9: index out of bounds (negative)\n", 1, neg_index);
  CHECK_FAILS("l.whiley:4:9: index out of bounds (not less than length)\n", 1,
              big_index);
  CHECK_FAILS("index out of bounds (not less than length)\n", 1, str_index);
  CHECK_FAILS("l.whiley:4:9: index out of bounds (negative)\n", 1, set_index);
}

static void
test_strings(void)
{
  wyv s = wy_str_lit("He11o"), t;
  CHECK(5, wy_str_len(s));
  CHECK('1', wy_str_at(s, 2));
  CHECK(wy_char('o'), wy_str_index(s, wy_small(4), &pos));
  t = keep(s);
  wy_str_set(&t, wy_small(2), wy_char('l'), &pos);
  CHECK_TEXT("He11o", keep(s));
  CHECK_TEXT("Hel1o", keep(t));
  CHECK_TEXT("He11o!", wy_str_append_char(s, wy_char('!')));
  CHECK_TEXT("[He11o", wy_str_prepend_char(wy_char('['), s));
  CHECK_TEXT("He11oHel1o", wy_str_append(s, t));
  CHECK_STR("[72, 101, 49, 49, 111]", wy_str_to_int_list(s));
  CHECK(1, wy_equals(s, tmp(wy_str_lit("He11o"))));
  CHECK(0, wy_equals(s, t));
  CHECK(1, wy_compare(s, t) < 0);
  wy_str_append_inplace(&t, wy_char('x'));
  wy_str_append_inplace(&t, s);
  wy_str_append_inplace(&t, t);
  CHECK_TEXT("Hel1oxHe11oHel1oxHe11o", keep(t));
  wy_decref(s);
  wy_decref(t);

  s = wy_str_lit("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z");   /* aé€😀z */
  CHECK(6, wy_str_len(s));
  CHECK(0xE9, wy_str_at(s, 1));
  CHECK(0x20AC, wy_str_at(s, 2));
  CHECK(0xD83D, wy_str_at(s, 3));
  CHECK(0xDE00, wy_str_at(s, 4));
  CHECK_TEXT("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z", keep(s));
  CHECK_STR("\"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z\"", keep(s));
  CHECK_STR("6", wy_length(s));
  wy_decref(s);
  s = wy_str_from_utf8("a\0b", 3);
  CHECK(3, wy_str_len(s));
  wy_decref(s);
}

/* A list whose storage is made only when asked (runtime/ocl_build.c's
 * lists, which a kernel fills): its length is there at once, its
 * storage comes as zeros of its kind (0.0 for reals, whose zero bits
 * are no real), and one never made frees cleanly. */
static void
test_deferred(void)
{
  WyList *l = wyrt_new_list_deferred(WY_LS_INT, 3);
  wyv v = (wyv)(uintptr_t)l;
  CHECK(3, wy_list_len(v));
  CHECK(1, l->data == NULL);
  wyrt_list_materialise(l);
  CHECK(1, l->data != NULL);
  CHECK_STR("[0, 0, 0]", keep(v));
  wyrt_list_materialise(l);               /* made once */
  wy_decref(v);
  l = wyrt_new_list_deferred(WY_LS_REAL, 2);
  v = (wyv)(uintptr_t)l;
  wyrt_list_materialise(l);
  CHECK_STR("[0.0, 0.0]", keep(v));
  wy_decref(v);
  l = wyrt_new_list_deferred(WY_LS_BOOL, 2);
  v = (wyv)(uintptr_t)l;
  wyrt_list_materialise(l);
  CHECK_STR("[false, false]", keep(v));
  wy_decref(v);
  wy_decref((wyv)(uintptr_t)wyrt_new_list_deferred(WY_LS_INT, 5));
  l = wyrt_new_list_deferred(WY_LS_INT, 0);  /* nothing to make */
  wyrt_list_materialise(l);
  CHECK(1, l->data == NULL);
  CHECK_STR("[]", keep((wyv)(uintptr_t)l));
  wy_decref((wyv)(uintptr_t)l);
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_deferred();
  test_copy_on_write();
  test_widening();
  test_ranges();
  test_sublists();
  test_append();
  test_nested_update();
  test_bounds();
  test_strings();
  test_done("rt_list");
  return 0;
}
