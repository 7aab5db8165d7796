/* rt_numlist.c -- unit tests of the IEEE modes' [real] storage
 * (runtime/list.c: LS_F64 under --real=double, LS_F32 under float):
 * the storage a list takes and leaves, reads and stores, sublists,
 * appends, equality, order, membership, sets, printing, a negative
 * zero, copy-on-write, and the arrays the generated loops hoist
 * (wy_list_mut, wy_list_row_mut, wy_list_row_flat, wy_list_grid,
 * wy_list_row_num).  Expected texts are Python's repr of the same
 * doubles (for FLOAT mode: the shortest decimal that struct's float32
 * of it reads back to). */
#include <math.h>

#include "test.h"
#include "wyrt_impl.h"

static const WyPos pos = {"n.whiley", 3, 5};

static wyv
D(double d)
{
  return tmp(wy_real_from_double(d));
}

static WyListStore
store(wyv l)
{
  return (WyListStore)wy_list(l)->h.sub;
}

/* [d0, d1, ...] built as the generated code builds a [real] literal */
static wyv
reals(size_t n, const double *ds)
{
  wyv vs[16];
  for (size_t i = 0; i < n; i++) vs[i] = D(ds[i]);
  return wy_list_of(WY_LS_REAL, n, vs);
}

#define REALS(...)                                                      \
  reals(sizeof((double[]){__VA_ARGS__}) / sizeof(double),               \
        (double[]){__VA_ARGS__})

static const double *
f64(wyv l)
{
  return wy_list(l)->data;
}

static void
test_storage(void)
{
  wyv a = tmp(REALS(0.1, 1e-300, 2.0)), b, e;
  CHECK(WY_LS_F64, store(a));
  CHECK(1, f64(a)[0] == 0.1 && f64(a)[1] == 1e-300);  /* the numbers */
  CHECK_STR("[0.1, 1e-300, 2.0]", keep(a));
  e = tmp(wy_list_get(a, 1));               /* a boxed word again */
  CHECK(1, wy_is_obj(e) && wy_f_val(e) == 1e-300);
  CHECK(1, wy_f_val(tmp(wy_list_index(a, wy_small(0), &pos))) == 0.1);
  /* pushes: reals keep LS_F64, an int widens it */
  b = wy_list_new(WY_LS_ANY, 0);            /* `xs = []` */
  wy_list_push(&b, D(0.5));
  CHECK(WY_LS_F64, store(b));
  wy_list_push(&b, D(0.25));
  CHECK(WY_LS_F64, store(b));
  wy_list_push(&b, wy_small(3));
  CHECK(WY_LS_ANY, store(b));
  CHECK_STR("[0.5, 0.25, 3]", b);
  /* appends and sublists */
  CHECK(WY_LS_F64, store(tmp(wy_list_append(a, a))));
  CHECK_STR("[0.1, 1e-300, 2.0, 0.1, 1e-300, 2.0]", wy_list_append(a, a));
  CHECK_STR("[2.0, 1e-300]", wy_list_sub(a, wy_small(3), wy_small(1), &pos));
  b = wy_list_sub(a, wy_small(1), wy_small(3), &pos);
  CHECK(WY_LS_F64, store(b));
  wy_list_append_inplace(&b, tmp(wy_list_of(WY_LS_INT, 1,
                                            (wyv[]){wy_small(7)})));
  CHECK(WY_LS_ANY, store(b));
  CHECK_STR("[1e-300, 2.0, 7]", b);
  /* a deferred list (a build kernel's) reads zeros */
  b = (wyv)(uintptr_t)wyrt_new_list_deferred(WY_LS_REAL, 2);
  CHECK(WY_LS_F64, store(b));
  wyrt_list_materialise(wy_list(b));
  CHECK_STR("[0.0, 0.0]", b);
  /* [int] converted to [real] */
  static const WyType treal = {.kind = WY_T_REAL};
  static const WyType *const te[] = {&treal};
  static const WyType tlist = {.kind = WY_T_LIST, .elems = te};
  b = tmp(wy_convert(tmp(wy_list_of(WY_LS_INT, 2, (wyv[]){wy_small(3),
                                                          wy_small(-1)})),
                     &tlist));
  CHECK(WY_LS_F64, store(b));
  CHECK_STR("[3.0, -1.0]", keep(b));
  CHECK(1, wy_is(a, &tlist));
}

static void
test_compare(void)
{
  wyv a = tmp(REALS(0.1, 0.2)), z = tmp(REALS(0.0, 1.0)), any;
  wyv s;
  /* a stored -0.0 (an unboxed register's) reads as 0.0 */
  wy_list_put_d(&z, wy_small(0), -0.0, &pos);
  CHECK(1, signbit(f64(z)[0]) != 0);
  CHECK_STR("[0.0, 1.0]", keep(z));
  CHECK(1, wy_equals(z, tmp(REALS(0.0, 1.0))));
  CHECK(0, wy_compare(z, tmp(REALS(0.0, 1.0))));
  CHECK(1, wy_list_contains(z, D(0.0)));
  CHECK(1, wy_list_contains(a, D(0.2)));
  CHECK(0, wy_list_contains(a, D(0.3)));
  CHECK(0, wy_list_contains(a, wy_small(0)));     /* no conversion */
  CHECK(-1, wy_compare(a, tmp(REALS(0.1, 0.3))));
  CHECK(1, wy_compare(a, tmp(REALS(0.1, -0.2))));
  CHECK(-1, wy_compare(tmp(REALS(5.0)), a));      /* shorter first */
  /* the same reals in LS_ANY storage are the same list */
  any = wy_list_new(WY_LS_ANY, 0);
  wy_list_push(&any, tmp(wy_str_lit("x")));
  wy_list_set(&any, wy_small(0), D(0.1), &pos);
  wy_list_push(&any, D(0.2));
  CHECK(WY_LS_ANY, store(any));
  CHECK(1, wy_equals(any, a));
  CHECK(0, wy_compare(a, any));
  wy_decref(any);
  /* a set of them: [0.0, 1.0] and the -0.0 one are one element */
  s = tmp(wy_set_of(4, (wyv[]){z, a, tmp(REALS(0.0, 1.0)), a}));
  CHECK_STR("2", wy_length(s));
  CHECK_STR("{[0.0, 1.0], [0.1, 0.2]}", keep(s));
  CHECK(1, wy_set_contains(s, tmp(REALS(0.1, 0.2))));
}

static void
test_copy_on_write(void)
{
  wyv a = REALS(0.5, 1.5, 2.5), b = keep(a);     /* b = a */
  wy_list_put_d(&b, wy_small(0), 1.0, &pos);
  CHECK_STR("[0.5, 1.5, 2.5]", keep(a));
  CHECK_STR("[1.0, 1.5, 2.5]", keep(b));
  CHECK(1, a != b);
  {
    /* a loop's array: the shared list is copied first */
    wyv c = keep(a);
    double *p = wy_list_mut(&c, WY_LS_F64);
    CHECK(1, p != NULL && c != a);
    p[2] = 9.0;
    CHECK_STR("[0.5, 1.5, 9.0]", c);
    CHECK_STR("[0.5, 1.5, 2.5]", keep(a));
    CHECK(1, wy_list_mut(&a, WY_LS_F64) == f64(a));   /* unique */
    CHECK(1, wy_list_mut(&a, WY_LS_F32) == NULL);     /* not floats */
  }
  {
    /* rows that are one list: a written row is copied, a read one is
     * the list's own row (the same array when it is the row written) */
    wyv r = REALS(2.0, 4.0), g, h, row;
    g = wy_list_of(WY_LS_ANY, 2, (wyv[]){r, r});
    h = keep(g);                                  /* h = g */
    double *w = wy_list_row_mut(&h, wy_small(1), WY_LS_F64);
    CHECK(1, w != NULL && h != g && w != f64(r));
    w[0] = -1.0;
    CHECK(1, wy_list_row_flat(h, wy_small(1), WY_LS_F64) == w);
    CHECK(1, wy_list_row_flat(h, wy_small(0), WY_LS_F64) == f64(r));
    CHECK(1, wy_list_row_flat(h, wy_small(2), WY_LS_F64) == NULL);
    CHECK(1, wy_list_row_mut(&h, wy_small(-1), WY_LS_F64) == NULL);
    CHECK_STR("[[2.0, 4.0], [-1.0, 4.0]]", keep(h));
    CHECK_STR("[[2.0, 4.0], [2.0, 4.0]]", keep(g));
    CHECK_STR("[2.0, 4.0]", keep(r));
    /* the rows' arrays and their least length */
    wyv buf = WY_UNDEF;
    CHECK(2, wy_list_grid(h, wy_small(0), wy_small(2), WY_LS_F64, &buf));
    const double *const *rows = wy_list(buf)->data;
    CHECK(1, rows[0] == f64(r) && rows[1] == w);
    CHECK(0, wy_list_grid(h, wy_small(1), wy_small(3), WY_LS_F64, &buf));
    CHECK(0, wy_list_grid(h, wy_small(0), wy_small(2), WY_LS_F32, &buf));
    row = wy_list_new(WY_LS_ANY, 0);              /* a row of no reals */
    wy_list_push(&h, row);
    CHECK(2, wy_list_grid(h, wy_small(0), wy_small(2), WY_LS_F64, &buf));
    CHECK(0, wy_list_grid(h, wy_small(1), wy_small(3), WY_LS_F64, &buf));
    /* an iteration's guard: the row's array, when j is in its bounds */
    CHECK(1, wy_list_row_num(h, 1, 1, WY_LS_F64) == w);
    CHECK(1, wy_list_row_num(h, 1, 2, WY_LS_F64) == NULL);
    CHECK(1, wy_list_row_num(h, 2, 0, WY_LS_F64) == NULL);
    CHECK(1, wy_list_row_num(h, 0, wy_list_index_of(wy_small(-1)),
                             WY_LS_F64) == NULL);
    CHECK(1, wy_list_index_of(wy_small(1)) == 1);
    wy_decref(row);
    wy_decref(buf);
    wy_decref(h);
    wy_decref(g);
    wy_decref(r);
  }
  {
    /* the generated code's stores of a number: in place when unique */
    wyv m = wy_list_of(WY_LS_ANY, 1, (wyv[]){tmp(REALS(1.0, 2.0))});
    wyv n = keep(m);
    wy_list_put2_d(&m, wy_small(0), wy_small(1), 0.75, &pos);
    CHECK_STR("[[1.0, 0.75]]", keep(m));
    CHECK_STR("[[1.0, 2.0]]", n);
    wyv row = ((const wyv *)wy_list(m)->data)[0];    /* m keeps it */
    void *data = wy_list(row)->data;
    wy_list_put2_d(&m, wy_small(0), wy_small(0), 0.5, &pos);
    CHECK(1, ((const wyv *)wy_list(m)->data)[0] == row);
    CHECK(1, wy_list(row)->data == data);
    CHECK_STR("[[0.5, 0.75]]", m);
  }
  wy_decref(a);
  wy_decref(b);
}

/* FLOAT mode: floats, each stored value the float it was */
static void
test_float(void)
{
  wy_real_mode = WY_REAL_FLOAT;
  wyv a = tmp(wy_list_of(WY_LS_REAL, 3, (wyv[]){
    tmp(wy_real_from_str("0.1")), tmp(wy_real_from_str("16777216.0")),
    tmp(wy_real_from_str("0.3"))}));
  CHECK(WY_LS_F32, store(a));
  CHECK(1, ((const float *)wy_list(a)->data)[0] == 0.1f);
  CHECK_STR("[0.1, 16777216.0, 0.3]", keep(a));
  wy_list_put_d(&a, wy_small(1), 16777216.0 + 1.0, &pos); /* rounded */
  CHECK_STR("[0.1, 16777216.0, 0.3]", keep(a));
  CHECK(1, wy_list_contains(a, tmp(wy_real_from_str("0.1"))));
  CHECK(1, wy_equals(a, tmp(wy_list_append(tmp(wy_list_sub(a, wy_small(0),
                                                           wy_small(1),
                                                           &pos)),
                                           tmp(wy_list_sub(a, wy_small(1),
                                                           wy_small(3),
                                                           &pos))))));
  CHECK(1, wy_list_mut(&a, WY_LS_F32) == wy_list(a)->data);
  CHECK_STR("0.3", wy_list_get(a, 2));
  wy_real_mode = WY_REAL_DOUBLE;
}

/* exact mode keeps its words */
static void
test_exact(void)
{
  wy_real_mode = WY_REAL_EXACT;
  wyv a = tmp(wy_list_of(WY_LS_REAL, 1, (wyv[]){
    tmp(wy_real_from_str("0.1"))}));
  CHECK(WY_LS_REAL, store(a));
  CHECK_STR("[0.1]", keep(a));
  wy_real_mode = WY_REAL_DOUBLE;
}

int
main(void)
{
  wy_real_mode = WY_REAL_DOUBLE;   /* as the generated main does first */
  wy_decref(wy_init(0, NULL));
  test_storage();
  test_compare();
  test_copy_on_write();
  test_float();
  test_exact();
  test_done("rt_numlist");
  return 0;
}
