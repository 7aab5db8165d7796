/* rt_types.c -- unit tests of types.c (`is`, coercions), compound.c
 * (records, refs, function values), error.c (exceptions), init.c and the
 * natives of lib_misc.c. */
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

#define LIST(...)                                                       \
  tmp(wy_list_of(WY_LS_ANY, sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv), \
                 (wyv[]){__VA_ARGS__}))
#define TUPLE(...)                                                      \
  tmp(wy_tuple_of(sizeof((wyv[]){__VA_ARGS__}) / sizeof(wyv),           \
                  (wyv[]){__VA_ARGS__}))

/* ---------------------------------------------------------------- */
/* Type descriptors                                                   */

static const WyType T_any = {.kind = WY_T_ANY};
static const WyType T_void = {.kind = WY_T_VOID};
static const WyType T_null = {.kind = WY_T_NULL};
static const WyType T_bool = {.kind = WY_T_BOOL};
static const WyType T_byte = {.kind = WY_T_BYTE};
static const WyType T_char = {.kind = WY_T_CHAR};
static const WyType T_int = {.kind = WY_T_INT};
static const WyType T_real = {.kind = WY_T_REAL};
static const WyType T_string = {.kind = WY_T_STRING};

static const WyType *const int_null_m[] = {&T_int, &T_null};
static const WyType T_int_or_null = {.kind = WY_T_UNION, .n = 2,
                                     .elems = int_null_m};
static const WyType *const int_m[] = {&T_int};
static const WyType *const real_m[] = {&T_real};
static const WyType *const any_m[] = {&T_any};
static const WyType *const void_m[] = {&T_void};
static const WyType *const char_m[] = {&T_char};
static const WyType T_list_int = {.kind = WY_T_LIST, .n = 1, .elems = int_m};
static const WyType T_list_real = {.kind = WY_T_LIST, .n = 1, .elems = real_m};
static const WyType T_list_any = {.kind = WY_T_LIST, .n = 1, .elems = any_m};
static const WyType T_list_char = {.kind = WY_T_LIST, .n = 1, .elems = char_m};
static const WyType T_set_int = {.kind = WY_T_SET, .n = 1, .elems = int_m};
static const WyType T_set_void = {.kind = WY_T_SET, .n = 1, .elems = void_m};
static const WyType T_ref_int = {.kind = WY_T_REF, .n = 1, .elems = int_m};
static const WyType *const int_real_m[] = {&T_int, &T_real};
static const WyType T_map_int_real = {.kind = WY_T_MAP, .n = 2,
                                      .elems = int_real_m};
static const WyType T_int_or_real = {.kind = WY_T_UNION, .n = 2,
                                     .elems = int_real_m};
static const WyType *const real_int_m[] = {&T_real, &T_int};
static const WyType T_map_real_int = {.kind = WY_T_MAP, .n = 2,
                                      .elems = real_int_m};
static const WyType *const real_real_m[] = {&T_real, &T_real};
static const WyType T_tuple_rr = {.kind = WY_T_TUPLE, .n = 2,
                                  .elems = real_real_m};
static const WyType *const int_int_m[] = {&T_int, &T_int};
static const WyType T_tuple_ii = {.kind = WY_T_TUPLE, .n = 2,
                                  .elems = int_int_m};
static const WyType *const real_listint_m[] = {&T_real, &T_list_int};
static const WyType T_real_or_listint = {.kind = WY_T_UNION, .n = 2,
                                         .elems = real_listint_m};
static const WyType T_not_null = {.kind = WY_T_NEGATION, .n = 1,
                                  .elems = (const WyType *const[]){&T_null}};
static const WyType T_func = {.kind = WY_T_FUNC};

static const char *const x_names[] = {"x"};
static const char *const xy_names[] = {"x", "y"};
static const WyShape x_shape = {1, x_names};
static const WyShape xy_shape = {2, xy_names};
static const WyType T_rec_x_int = {.kind = WY_T_RECORD, .n = 1, .elems = int_m,
                                   .names = x_names};
static const WyType T_rec_x_real = {.kind = WY_T_RECORD, .n = 1,
                                    .elems = real_m, .names = x_names};
static const WyType T_open_x_int = {.kind = WY_T_RECORD, .n = 1,
                                    .elems = int_m, .names = x_names,
                                    .open = true};
static const WyType T_rec_xy = {.kind = WY_T_RECORD, .n = 2,
                                .elems = int_int_m, .names = xy_names};

/* define nat as int where $ >= 0 */
static bool
nat_where(wyv v)
{
  return wy_int_cmp(v, wy_small(0)) >= 0;
}
static const WyType T_nat = {.kind = WY_T_NOMINAL, .n = 1, .elems = int_m,
                             .name = "nat", .where = nat_where};

/* define LinkedList as null | {int data, LinkedList next} */
static const WyType T_LinkedList, T_Link;
static const WyType *const ll_m[] = {&T_null, &T_Link};
static const WyType T_LinkedList = {.kind = WY_T_UNION, .n = 2,
                                    .elems = ll_m};
static const char *const link_names[] = {"data", "next"};
static const WyShape link_shape = {2, link_names};
static const WyType *const link_m[] = {&T_int, &T_LinkedList};
static const WyType T_Link = {.kind = WY_T_RECORD, .n = 2, .elems = link_m,
                              .names = link_names};

/* define X as X | int (not contractive) */
static const WyType T_X, T_X_union;
static const WyType *const x_m[] = {&T_X, &T_int};
static const WyType T_X_union = {.kind = WY_T_UNION, .n = 2, .elems = x_m};
static const WyType T_X = {.kind = WY_T_NOMINAL, .n = 1,
                           .elems = (const WyType *const[]){&T_X_union},
                           .name = "X"};

/* define Node as ref {Node|null next} */
static const WyType T_Node, T_NodeRec, T_NodeOrNull;
static const WyType *const node_or_null_m[] = {&T_Node, &T_null};
static const WyType T_NodeOrNull = {.kind = WY_T_UNION, .n = 2,
                                    .elems = node_or_null_m};
static const char *const next_names[] = {"next"};
static const WyShape next_shape = {1, next_names};
static const WyType T_NodeRec = {
  .kind = WY_T_RECORD, .n = 1,
  .elems = (const WyType *const[]){&T_NodeOrNull}, .names = next_names};
static const WyType T_Node = {.kind = WY_T_REF, .n = 1,
                              .elems = (const WyType *const[]){&T_NodeRec}};

static void
test_is_basic(void)
{
  CHECK(1, wy_is(wy_small(1), &T_int));
  CHECK(1, wy_is(tmp(wy_int_from_str("100000000000000000000")), &T_int));
  CHECK(0, wy_is(wy_small(1), &T_real));           /* 1 is real: false */
  CHECK(0, wy_is(wy_char('a'), &T_int));
  CHECK(1, wy_is(wy_char('a'), &T_char));
  CHECK(1, wy_is(R("1.0"), &T_real));
  CHECK(1, wy_is(WY_NULL, &T_null));
  CHECK(1, wy_is(WY_TRUE, &T_bool));
  CHECK(1, wy_is(wy_byte(3), &T_byte));
  CHECK(0, wy_is(wy_byte(3), &T_int));
  CHECK(1, wy_is(S("s"), &T_string));
  CHECK(1, wy_is(S("s"), &T_any));
  CHECK(0, wy_is(S("s"), &T_void));
  CHECK(1, wy_is(wy_small(3), &T_int_or_null));
  CHECK(1, wy_is(WY_NULL, &T_int_or_null));
  CHECK(0, wy_is(S("s"), &T_int_or_null));
  CHECK(1, wy_is(wy_small(3), &T_not_null));
  CHECK(0, wy_is(WY_NULL, &T_not_null));
  CHECK(1, wy_is(wy_small(0), &T_nat));
  CHECK(0, wy_is(wy_small(-1), &T_nat));
  CHECK(0, wy_is(WY_NULL, &T_nat));
}

static void
test_is_compound(void)
{
  wyv l = tmp(wy_list_range(wy_small(0), wy_small(3)));
  CHECK(1, wy_is(l, &T_list_int));
  CHECK(0, wy_is(l, &T_list_real));
  CHECK(1, wy_is(l, &T_list_any));
  CHECK(0, wy_is(l, &T_int));
  CHECK(0, wy_is(LIST(wy_small(1), R("2.5")), &T_list_int));
  CHECK(1, wy_is(LIST(wy_small(1),
                      tmp(wy_int_from_str("1000000000000000000000"))),
                 &T_list_int));
  CHECK(1, wy_is(tmp(wy_list_new(WY_LS_ANY, 0)), &T_list_real));   /* [] */
  CHECK(0, wy_is(S("ab"), &T_list_char));
  CHECK(1, wy_is(tmp(wy_set_of(0, NULL)), &T_set_void));
  CHECK(0, wy_is(tmp(wy_set_of(1, (wyv[]){wy_small(1)})), &T_set_void));
  CHECK(1, wy_is(tmp(wy_set_of(1, (wyv[]){wy_small(1)})), &T_set_int));
  CHECK(1, wy_is(tmp(wy_map_of(1, (wyv[]){wy_small(1)}, (wyv[]){R("0.5")})),
                 &T_map_int_real));
  CHECK(0, wy_is(tmp(wy_map_of(1, (wyv[]){wy_small(1)}, (wyv[]){wy_small(1)})),
                 &T_map_int_real));
  CHECK(1, wy_is(TUPLE(wy_small(1), wy_small(2)), &T_tuple_ii));
  CHECK(0, wy_is(TUPLE(wy_small(1), wy_small(2), wy_small(3)), &T_tuple_ii));
  CHECK(0, wy_is(TUPLE(wy_small(1), R("2.0")), &T_tuple_ii));

  wyv rx = tmp(wy_record_of(&x_shape, (wyv[]){wy_small(1)}));
  wyv rxy = tmp(wy_record_of(&xy_shape, (wyv[]){wy_small(1), wy_small(2)}));
  CHECK(1, wy_is(rx, &T_rec_x_int));
  CHECK(0, wy_is(rx, &T_rec_x_real));
  CHECK(0, wy_is(rxy, &T_rec_x_int));             /* closed: no width */
  CHECK(1, wy_is(rxy, &T_open_x_int));            /* {int x, ...} */
  CHECK(1, wy_is(rx, &T_open_x_int));
  CHECK(1, wy_is(rxy, &T_rec_xy));
  CHECK(0, wy_is(rx, &T_rec_xy));
  CHECK(0, wy_is(tmp(wy_record_of(&xy_shape, (wyv[]){WY_NULL, wy_small(2)})),
                 &T_open_x_int));

  CHECK(1, wy_is(tmp(wy_ref_new(wy_small(5))), &T_ref_int));
  CHECK(0, wy_is(tmp(wy_ref_new(WY_NULL)), &T_ref_int));
  CHECK(1, wy_is(tmp(wy_func_new(NULL, "f", 0, NULL)), &T_func));
}

static void
test_is_recursive(void)
{
  wyv list = WY_NULL;
  for (int i = 0; i < 10000; i++) {          /* a 10000-node linked list */
    wyv node = wy_record_of(&link_shape, (wyv[]){wy_small(i), list});
    wy_decref(list);
    list = node;
  }
  CHECK(1, wy_is(list, &T_LinkedList));
  CHECK(1, wy_is(WY_NULL, &T_LinkedList));
  CHECK(0, wy_is(wy_small(1), &T_LinkedList));
  {
    wyv bad = tmp(wy_record_of(&link_shape, (wyv[]){wy_small(1), wy_small(2)}));
    CHECK(0, wy_is(bad, &T_LinkedList));
  }
  wy_decref(list);                            /* freed without recursion */

  CHECK(1, wy_is(wy_small(5), &T_X));          /* X = X | int */
  CHECK(0, wy_is(WY_NULL, &T_X));

  {                                           /* a cycle through a ref */
    wyv node = wy_ref_new(WY_NULL), rec;
    rec = wy_record_of(&next_shape, (wyv[]){node});
    wy_set(wy_ref_slot(node), rec);
    CHECK(1, wy_is(node, &T_Node));
    wy_set(wy_ref_slot(node), WY_NULL);       /* break the cycle */
    CHECK(0, wy_is(node, &T_Node));
    wy_decref(node);
  }
}

static void
test_convert(void)
{
  wyv l = tmp(wy_list_range(wy_small(1), wy_small(4)));
  wyv c = tmp(wy_convert(l, &T_list_real));
  CHECK_STR("[1.0, 2.0, 3.0]", keep(c));
  CHECK(1, c != l);
  CHECK(WY_LS_REAL, wy_list(c)->h.sub);
  CHECK(1, tmp(wy_convert(c, &T_list_real)) == c);  /* same object */
  CHECK(1, tmp(wy_convert(l, &T_list_int)) == l);
  CHECK_STR("123.0", wy_convert(wy_small(123), &T_real));
  CHECK_STR("97", wy_convert(wy_char('a'), &T_int));
  CHECK_STR("'b'", wy_convert(wy_small(98), &T_char));
  CHECK_STR("[72, 105]", wy_convert(S("Hi"), &T_list_int));
  CHECK_STR("[72.0, 105.0]", wy_convert(S("Hi"), &T_list_real));
  CHECK_STR("{1, 3}", wy_convert(LIST(wy_small(3), wy_small(1), wy_small(3)),
                                 &T_set_int));
  CHECK_STR("{0=>1.2, 1=>2.3}", wy_convert(LIST(R("1.2"), R("2.3")),
                                           &T_map_int_real));
  CHECK_STR("{0=>1.0, 1=>2.0}", wy_convert(LIST(wy_small(1), wy_small(2)),
                                           &T_map_int_real));
  {
    wyv m = tmp(wy_convert(tmp(wy_set_of(0, NULL)), &T_map_int_real));
    CHECK(WY_K_MAP, wy_kind(m));
    CHECK_STR("{}", keep(m));
  }
  CHECK_STR("{x:1.0}", wy_convert(tmp(wy_record_of(&x_shape,
                                                   (wyv[]){wy_small(1)})),
                                  &T_rec_x_real));
  CHECK_STR("(1.0,2.0)", wy_convert(TUPLE(wy_small(1), wy_small(2)),
                                    &T_tuple_rr));
  CHECK_STR("{1.0=>2, 2.0=>3}",
            wy_convert(tmp(wy_map_of(2, (wyv[]){wy_small(2), wy_small(1)},
                                     (wyv[]){wy_small(3), wy_small(2)})),
                       &T_map_real_int));
  CHECK_STR("3.0", wy_convert(wy_small(3), &T_real_or_listint));
  CHECK(wy_small(1), wy_convert(wy_small(1), &T_int_or_real));
  CHECK_STR("[1, 2]", wy_convert(LIST(wy_small(1), wy_small(2)),
                                 &T_real_or_listint));
  CHECK_STR("-1", wy_convert(wy_small(-1), &T_nat));
  CHECK_STR("[\"a\", 1]", wy_convert(LIST(S("a"), wy_small(1)), &T_list_any));
}

/* ---------------------------------------------------------------- */
/* Exceptions                                                          */

static void
thrower(wyv v)
{
  wy_throw(v);
}

static void
test_exceptions(void)
{
  WyHandler outer, inner;
  volatile int reached = 0;
  wy_try_push(&outer);
  if (setjmp(outer.env) == 0) {
    wy_try_push(&inner);
    if (setjmp(inner.env) == 0) {
      thrower(S("oops"));
      reached = 1;
    } else {
      CHECK_STR("\"oops\"", inner.thrown);
      reached = 2;
    }
    wy_try_pop(&inner);                        /* no-op: already popped */
    thrower(wy_small(7));
  } else {
    CHECK(2, reached);
    CHECK_STR("7", outer.thrown);
    reached = 3;
  }
  wy_try_pop(&outer);
  CHECK(3, reached);

  wy_try_push(&outer);                         /* a normal exit */
  if (setjmp(outer.env) == 0) reached = 4;
  wy_try_pop(&outer);
  CHECK(4, reached);

  wy_try_push(&outer);
  if (setjmp(outer.env) == 0) {
    wy_lib_Int_parse(S("12a4"));
    reached = 5;
  } else {
    CHECK_STR("{end:2,msg:\"invalid number string\",start:2}", outer.thrown);
    reached = 6;
  }
  CHECK(6, reached);
  wy_try_push(&outer);
  if (setjmp(outer.env) == 0) {
    wy_lib_Real_parse(S("1.2.3"));
    reached = 7;
  } else {
    CHECK_STR("{end:3,msg:\"invalid number string\",start:3}", outer.thrown);
    reached = 8;
  }
  CHECK(8, reached);
}

static void
uncaught(void)
{
  wy_throw(wy_small(5));
}

static void
parse_empty(void)
{
  wy_lib_Int_parse(wy_str_lit(""));
}

static void
utf8_wide(void)
{
  wy_lib_String_toUTF8(wy_str_lit("\xE2\x82\xAC"));
}

static void
bench(void)
{
  wy_lib_Util_beginGPUBenchmarking();
  wy_lib_Util_endGPUBenchmarking();
  wy_lib_Util_beginGPUBenchmarking();
  wy_lib_Util_endGPUBenchmarking();
  wy_lib_Util_printOutGPUBenchmarkResults();
  wy_exit();
}

static void
test_failures(void)
{
  char out[256], err[256];
  CHECK_FAILS("uncaught exception: 5\n", 1, uncaught);
  CHECK_FAILS("index out of bounds (not less than length)\n", 1, parse_empty);
  CHECK_FAILS("precondition not satisfied\n", 1, utf8_wide);
  CHECK(0, run_child(bench, out, sizeof out, err, sizeof err));
  CHECK(1, strstr(err, "\nregion,1,") != NULL);
  CHECK(1, strstr(err, "\nregion,2,") != NULL);
}

/* ---------------------------------------------------------------- */
/* Records, references, function values, start-up                      */

static wyv
add_entry(const wyv *args)
{
  return wy_int_add(args[0], args[1]);
}

static wyv
concat_entry(const wyv *args)
{
  return wy_str_append(args[0], args[1]);
}

static void
test_compound(void)
{
  wyv r = wy_record_of(&xy_shape, (wyv[]){wy_small(1), S("s")}), q, f;
  CHECK(wy_small(1), wy_record_get(r, "x"));
  CHECK(1, wy_record_has(r, "y"));
  CHECK(0, wy_record_has(r, "z"));
  q = keep(r);
  wy_record_set(&q, "x", wy_small(5));
  CHECK_STR("{x:1,y:\"s\"}", keep(r));
  CHECK_STR("{x:5,y:\"s\"}", keep(q));
  wy_set(wy_record_slot(&q, "y"), wy_small(0));
  CHECK_STR("{x:5,y:0}", keep(q));
  CHECK(0, wy_equals(r, q));
  wy_record_set(&q, "x", wy_small(1));
  wy_record_set(&q, "y", S("s"));
  CHECK(1, wy_equals(r, q));
  wy_record_set(&q, "y", q);                    /* q.y = q */
  CHECK_STR("{x:1,y:{x:1,y:\"s\"}}", keep(q));
  wy_decref(q);
  wy_decref(r);

  r = wy_ref_new(tmp(wy_list_range(wy_small(0), wy_small(2))));
  q = keep(r);                                  /* an alias */
  wy_list_set(wy_ref_slot(r), wy_small(0), wy_small(9), NULL);
  CHECK_STR("[9, 1]", wy_ref_get(q));
  CHECK(1, wy_equals(r, q));
  CHECK(0, wy_equals(r, tmp(wy_ref_new(WY_NULL))));
  wy_decref(q);
  wy_decref(r);

  f = wy_func_new(add_entry, "add", 1, (wyv[]){wy_small(10)});
  CHECK(wy_small(15), wy_func_call(f, 1, (wyv[]){wy_small(5)}));
  wy_decref(f);
  f = wy_func_new(add_entry, "add", 0, NULL);
  CHECK(wy_small(3), wy_func_call(f, 2, (wyv[]){wy_small(1), wy_small(2)}));
  wy_decref(f);
  f = wy_func_new(concat_entry, "cat", 1, (wyv[]){S("pre-")});
  CHECK_TEXT("pre-fix", wy_func_call(f, 1, (wyv[]){S("fix")}));
  wy_decref(f);
}

static void
test_init(void)
{
  char *argv[] = {"prog", "a", "h\xC3\xA9llo", NULL};
  wyv console = wy_init(3, argv);
  CHECK_STR("[\"a\", \"h\xC3\xA9llo\"]", wy_record_get(console, "args"));
  CHECK(WY_K_REF, wy_kind(tmp(wy_record_get(console, "out"))));
  wy_decref(console);
  console = wy_init(1, argv);
  CHECK_STR("[]", wy_record_get(console, "args"));
  wy_decref(console);
}

static void
test_misc_natives(void)
{
  CHECK_TEXT("ff", wy_lib_Int_toHexString(wy_small(255)));
  CHECK_TEXT("1a2b", wy_lib_Int_toHexString(wy_small(0x1a2b)));
  CHECK_TEXT("", wy_lib_Int_toHexString(wy_small(0)));
  CHECK_TEXT("", wy_lib_Int_toHexString(wy_small(-5)));
  CHECK_STR("-123", wy_lib_Int_parse(S("-123")));
  CHECK_STR("123456789012345678901234567890",
            wy_lib_Int_parse(S("123456789012345678901234567890")));
  CHECK_STR("0", wy_lib_Int_parse(S("-")));
  CHECK_STR("3.25", wy_lib_Real_parse(S("3.25")));
  CHECK_STR("5.0", wy_lib_Real_parse(S("5.")));
  CHECK_STR("42.0", wy_lib_Real_parse(S("42")));
  CHECK_STR("11001000b", wy_lib_Int_toUnsignedByte(wy_small(200)));
  CHECK_STR("11111111b", wy_lib_Int_toSignedByte(wy_small(-1)));
  CHECK_STR("01111111b", wy_lib_Int_toSignedByte(wy_small(127)));
  CHECK_STR("[00000000b, 00000001b]",
            wy_lib_Int_toUnsignedBytes(wy_small(256)));
  CHECK_STR("[00000000b]", wy_lib_Int_toUnsignedBytes(wy_small(0)));
  CHECK_STR("255", wy_lib_Byte_toUnsignedInt(wy_byte(0xFF)));
  CHECK_STR("-1", wy_lib_Byte_toInt(wy_byte(0xFF)));
  CHECK_STR("127", wy_lib_Byte_toInt(wy_byte(0x7F)));
  CHECK_STR("-1", wy_lib_Byte_toInt(tmp(wy_list_new(WY_LS_ANY, 0))));
  CHECK_STR("32767", wy_lib_Byte_toInt(LIST(wy_byte(0xFF), wy_byte(0x7F))));
  CHECK_STR("-32768", wy_lib_Byte_toInt(LIST(wy_byte(0x00), wy_byte(0x80))));
  CHECK_STR("256", wy_lib_Byte_toUnsignedInt(LIST(wy_byte(0), wy_byte(1))));
  CHECK_STR("'A'", wy_lib_Byte_toChar(wy_byte(65)));
  CHECK_STR("2", wy_lib_String_indexOf(S("hello"), wy_char('l'), wy_small(0)));
  CHECK_STR("3", wy_lib_String_indexOf(S("hello"), wy_char('l'), wy_small(3)));
  CHECK_STR("null", wy_lib_String_indexOf(S("hello"), wy_char('z'),
                                          wy_small(0)));
  CHECK_STR("3", wy_lib_String_lastIndexOf(S("hello"), wy_char('l')));
  CHECK_STR("null", wy_lib_String_lastIndexOf(S("hello"), wy_char('z')));
  CHECK_TEXT("heLLo", wy_lib_String_replace(S("hello"), wy_char('l'),
                                            wy_char('L')));
  CHECK_TEXT("Hi", wy_lib_String_fromASCII(LIST(wy_byte(72), wy_byte(105))));
  CHECK_STR("[01001000b, 01101001b]", wy_lib_String_toUTF8(S("Hi")));
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_is_basic();
  test_is_compound();
  test_is_recursive();
  test_convert();
  test_exceptions();
  test_failures();
  test_compound();
  test_init();
  test_misc_natives();
  test_done("rt_types");
  return 0;
}
