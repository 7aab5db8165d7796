/* rt_print.c -- unit tests of print.c: the Any.toString text of every
 * kind of value (§6.2), wy_to_string, and output to stdout. */
#include "test.h"

static wyv
S(const char *s)
{
  return tmp(wy_str_lit(s));
}

#define LIST(...)                                                       \
  tmp(wy_list_of(WY_LS_ANY, sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv), \
                 (wyv[]){__VA_ARGS__}))
#define TUPLE(...)                                                      \
  tmp(wy_tuple_of(sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv),           \
                  (wyv[]){__VA_ARGS__}))

static const char *const expr_names[] = {"left", "op", "right"};
static const WyShape expr_shape = {3, expr_names};
static const char *const xy_names[] = {"x", "y"};
static const WyShape xy_shape = {2, xy_names};
static const char *const case_names[] = {"B", "a"};   /* 'B' < 'a' */
static const WyShape case_shape = {2, case_names};

static void
test_scalars(void)
{
  CHECK_STR("null", WY_NULL);
  CHECK_STR("true", WY_TRUE);
  CHECK_STR("false", WY_FALSE);
  CHECK_STR("'c'", wy_char('c'));
  CHECK_STR("'\n'", wy_char('\n'));
  CHECK_STR("10000000b", wy_byte(0x80));
  CHECK_STR("00000101b", wy_byte(5));
  CHECK_STR("0", wy_small(0));
  CHECK_STR("-10588848120", wy_small(-10588848120));
  CHECK_STR("\"cruel\"", wy_str_lit("cruel"));
  CHECK_STR("\"q\"s\"", wy_str_lit("q\"s"));          /* no escaping */
  CHECK_STR("\"\"", wy_str_lit(""));
}

static void
test_compounds(void)
{
  CHECK_STR("[1, 2, 3]", wy_list_range(wy_small(1), wy_small(4)));
  CHECK_STR("[]", wy_list_new(WY_LS_INT, 0));
  CHECK_STR("(1,3)", keep(TUPLE(wy_small(1), wy_small(3))));
  CHECK_STR("(-5,2)", keep(TUPLE(wy_small(-5), wy_small(2))));
  CHECK_STR("(1.0,2.0)", keep(TUPLE(tmp(wy_real_from_str("1")),
                                    tmp(wy_real_from_str("2")))));
  CHECK_STR("{left:1,op:1,right:2}",
            wy_record_of(&expr_shape,
                         (wyv[]){wy_small(1), wy_small(1), wy_small(2)}));
  CHECK_STR("{x:123542.0,y:123}",
            wy_record_of(&xy_shape, (wyv[]){tmp(wy_real_from_str("123542")),
                                            wy_small(123)}));
  CHECK_STR("{B:1,a:2}",
            wy_record_of(&case_shape, (wyv[]){wy_small(1), wy_small(2)}));
  CHECK_STR("{1, 2, 1.0}",
            wy_set_of(3, (wyv[]){wy_small(2), tmp(wy_real_from_str("1.0")),
                                 wy_small(1)}));
  CHECK_STR("{1=>1, 3=>2}",
            wy_map_of(2, (wyv[]){wy_small(1), wy_small(3)},
                      (wyv[]){wy_small(1), wy_small(2)}));
  CHECK_STR("[\"a\", \"b\"]", keep(LIST(S("a"), S("b"))));
  CHECK_STR("['a', 'b', 'c']",
            keep(LIST(wy_char('a'), wy_char('b'), wy_char('c'))));
  CHECK_STR("[[2, 3, 4], [2, 3, 4]]",
            keep(LIST(tmp(wy_list_range(wy_small(2), wy_small(5))),
                      tmp(wy_list_range(wy_small(2), wy_small(5))))));
  CHECK_STR("[1, 2.5]", keep(LIST(wy_small(1), tmp(wy_real_from_str("2.5")))));
  CHECK_STR("{flag:false,rows:[{x:0,y:false}]}",
            wy_record_of(&(WyShape){2, (const char *[]){"flag", "rows"}},
                         (wyv[]){WY_FALSE,
                                 LIST(tmp(wy_record_of(
                                     &xy_shape,
                                     (wyv[]){wy_small(0), WY_FALSE})))}));
  CHECK_STR("([1, 2],{x:\"a\",y:null})",
            keep(TUPLE(tmp(wy_list_range(wy_small(1), wy_small(3))),
                       tmp(wy_record_of(&xy_shape,
                                        (wyv[]){S("a"), WY_NULL})))));
}

static void
test_to_string(void)
{
  wyv s = tmp(wy_to_string(tmp(wy_real_from_str("-1.5"))));
  CHECK_TEXT("(-3/2)", keep(s));
  CHECK_TEXT("a(-3/2)", wy_str_append(S("a"), s));
  CHECK_TEXT("[\"x\"]", wy_to_string(LIST(S("x"))));
  CHECK_TEXT("'c'", wy_lib_Char_toString(wy_char('c')));
  CHECK_TEXT("00000101b", wy_lib_Byte_toString(wy_byte(5)));
  CHECK_TEXT("null", wy_to_string(WY_NULL));
}

static void
print_values(void)
{
  wyv l = wy_list_range(wy_small(0), wy_small(3));
  wyv s = wy_str_lit("He11o W\xC3\xB6rld");
  wy_print_any(l);
  wy_print_newline();
  wy_print_str(s);
  wy_print_newline();
  wy_print_any(s);
  wy_print_newline();
  for (int i = 0; i < 5; i++) wy_print_any(wy_small(i - 2));
  wy_print_str(wy_char('!'));
  wy_decref(l);
  wy_decref(s);
}

static void
print_then_fail(void)
{
  wy_decref(wy_init(0, NULL));
  wy_print_any(wy_small(42));        /* kept, even with no newline */
  wy_fail("assertion failed", &(WyPos){"main.whiley", 12, 5});
}

static void
print_many(void)
{
  wy_decref(wy_init(0, NULL));
  for (int i = 0; i < 40000; i++) {
    wy_print_any(wy_small(i));
    wy_print_newline();
  }
  wy_exit();
}

static void
test_stdout(void)
{
  CHECK_OUTPUT("[0, 1, 2]\nHe11o W\xC3\xB6rld\n\"He11o W\xC3\xB6rld\"\n"
               "-2-1012!",
               print_values);
  CHECK_FAILS("main.whiley:12:5: assertion failed\n", 1, print_then_fail);
  {
    char out[1 << 16], err[64];
    CHECK(0, run_child(print_then_fail, out, sizeof out, err, sizeof err) - 1);
    CHECK_TEXT("42", wy_str_lit(out));
  }
  {
    static char out[1 << 19];
    char err[64];
    size_t lines = 0;
    CHECK(0, run_child(print_many, out, sizeof out, err, sizeof err));
    for (char *p = out; *p; p++) lines += *p == '\n';
    CHECK(40000, lines);
    CHECK(0, strncmp(out + strlen(out) - 6, "39999\n", 6));
  }
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_scalars();
  test_compounds();
  test_to_string();
  test_stdout();
  test_done("rt_print");
  return 0;
}
