/* cgen_basic.c -- unit tests of the C back end: small WYIL modules built
 * by hand with the wyil/ builder, translated by cgen_module, compiled
 * with the system cc against libwyrt, run, and their stdout checked.
 * Prints (does not check) the times of the counting loop over a range
 * and of an append loop: speed is measured by benchmarks, not tests.
 *
 * Run from the repository root (make units; build/unit/cgen_basic).
 * WYC_BUILD names the build directory holding libwyrt.a (default
 * "build"); WYC_ASAN=1 links with the sanitizers and skips timings;
 * WYC_KEEP=1 keeps the generated files (/tmp/cgen_basic*).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../c_backend/cgen.h"
#include "../../wyil/wyil.h"

static int failures;

/* CHECK(expected, actual): compare strings; `name` is the test's. */
#define CHECK(expected, actual) check_str(expected, actual, name, __LINE__)

static void
check_str(const char *expected, const char *actual, const char *what,
          int line)
{
  if (actual && !strcmp(expected, actual)) {
    printf("  ok: %s\n", what);
    return;
  }
  printf("FAIL line %d: %s\n  expected: [%s]\n  got:      [%s]\n", line, what,
         expected, actual ? actual : "(null)");
  failures++;
}

/* ---------------------------------------------------------------- */
/* Building WYIL                                                      */

static SrcPos P = {"t.whiley", 3, 5};

typedef struct T {
  Module *m;
  Func *fn;                 /* function being built */
  Func *println_any, *println_str, *print_any;
} T;

static int
reg(T *t)
{
  return wyil_new_reg(t->fn, NULL);
}

/* Emit op with n register operands given as varargs. */
static Insn *
E(T *t, Op op, Type *ty, int dst, int n, ...)
{
  int args[16];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) args[i] = va_arg(ap, int);
  va_end(ap);
  return wyil_emit(t->fn, op, ty, dst, n, args, P);
}

static Const *
mk_const(ConstKind k, const char *text)
{
  Const *c = wyil_alloc(sizeof(Const));
  c->kind = k;
  c->text = text;
  return c;
}

static int
k_const(T *t, Const *c, Type *ty)
{
  int r = reg(t);
  E(t, OP_CONST, ty, r, 0)->cst = c;
  return r;
}

static int
k_int(T *t, const char *text)
{
  return k_const(t, mk_const(C_INT, text), ty_int);
}

static int
k_str(T *t, const char *s)
{
  return k_const(t, mk_const(C_STRING, s), ty_string);
}

static Func *
native(Module *m, const char *module, const char *name, Type *ret, int n,
       Type **params)
{
  Func *fn = wyil_new_func(m, module, name, ty_method(ret, NULL, n, params),
                           P);
  fn->is_native = true;
  return fn;
}

static T *
new_prog(void)
{
  T *t = wyil_alloc(sizeof(T));
  t->m = wyil_new_module("t", "t.whiley");
  Type *any_p[2] = {ty_any, ty_any}, *str_p[2] = {ty_any, ty_string};
  t->println_any = native(t->m, "whiley/lang/System", "println", ty_void, 2,
                          any_p);
  t->println_str = native(t->m, "whiley/lang/System", "println", ty_void, 2,
                          str_p);
  t->print_any = native(t->m, "whiley/lang/System", "print", ty_void, 2,
                        any_p);
  Type *main_p[1] = {ty_any};
  t->fn = wyil_new_func(t->m, "t", "main",
                        ty_method(ty_void, NULL, 1, main_p), P);
  t->fn->cname = "w_main";
  t->m->main = t->fn;
  return t;
}

/* sys.out.println(%r), by static type. */
static void
println(T *t, int r, Type *ty)
{
  Func *f = ty_is(ty, TY_STRING) ? t->println_str : t->println_any;
  E(t, OP_INVOKE, f->type, -1, 2, 0, r)->callee = f;
}

/* A function `name(params) -> ret` to build; t->fn switches to it. */
static Func *
begin_func(T *t, const char *name, Type *ret, int n, Type **params)
{
  t->fn = wyil_new_func(t->m, "t", name, ty_func(ret, n, params), P);
  t->fn->cname = wyil_fmt("w_%s", name);
  return t->fn;
}

/* `forall %d in %src` ... `end`, with a break label after. */
static int
forall(T *t, int src, Type *ty)
{
  int d = reg(t);
  E(t, OP_FORALL, ty, d, 1, src);
  return d;
}

static void
end(T *t)
{
  E(t, OP_NOP, NULL, -1, 0);
  E(t, OP_END, NULL, -1, 0);
}

static void
ret_void(T *t)
{
  E(t, OP_RETURN, NULL, -1, 0);
}

/* ---------------------------------------------------------------- */
/* Compiling and running                                              */

static char tmpdir[] = "/tmp/cgen_basicXXXXXX";

/* Translate, compile and run the module; returns its stdout (malloc'd)
 * or NULL on a compile failure.  *secs: the run's wall time. */
static char *
run(T *t, const char *name, double *secs)
{
  wyil_verify(t->m);
  char cfile[256], exe[256], cmd[1024];
  snprintf(cfile, sizeof cfile, "%s/%s.c", tmpdir, name);
  snprintf(exe, sizeof exe, "%s/%s", tmpdir, name);
  FILE *f = fopen(cfile, "w");
  if (!f) return NULL;
  cgen_module(f, t->m, NULL);
  fclose(f);
  const char *build = getenv("WYC_BUILD") ? getenv("WYC_BUILD") : "build";
  const char *san = getenv("WYC_ASAN")
                    ? "-fsanitize=address,undefined -g" : "";
  snprintf(cmd, sizeof cmd,
           "cc -std=c11 -O2 -Wall -Werror %s -Iruntime -o %s %s "
           "%s/libwyrt.a -lmpfr -lgmp -lm", san, exe, cfile, build);
  if (system(cmd) != 0) {
    printf("FAIL: %s does not compile (%s)\n", name, cfile);
    failures++;
    return NULL;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  FILE *p = popen(exe, "r");
  char *out = calloc(1, 1 << 20);
  size_t n = p ? fread(out, 1, (1 << 20) - 1, p) : 0;
  out[n] = 0;
  int st = p ? pclose(p) : -1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (secs)
    *secs = (double)(t1.tv_sec - t0.tv_sec)
            + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (st != 0) {
    printf("FAIL: %s exited with status %d\n", name, st);
    failures++;
  }
  return out;
}

/* ---------------------------------------------------------------- */
/* The programs                                                       */

/* sum = 0; for i in 0..10: sum = sum + i; println(sum);
 * for i in 5..0: print(i) (descending); for i in a..b with a big bound */
static void
test_sum_loop(void)
{
  const char *name = "sum_loop";
  T *t = new_prog();
  int sum = k_int(t, "0");
  int lo = k_int(t, "0"), hi = k_int(t, "10");
  int rg = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), rg, 2, lo, hi);
  int i = forall(t, rg, ty_list(ty_int));
  int s2 = reg(t);
  E(t, OP_ADD, ty_int, s2, 2, sum, i);
  E(t, OP_ASSIGN, ty_int, sum, 1, s2);
  end(t);
  println(t, sum, ty_int);
  /* descending */
  int a = k_int(t, "5"), b = k_int(t, "0");
  int rg2 = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), rg2, 2, a, b);
  int j = forall(t, rg2, ty_list(ty_int));
  E(t, OP_INVOKE, t->print_any->type, -1, 2, 0, j)->callee = t->print_any;
  end(t);
  /* a range that is also printed: materialised */
  int rg3 = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), rg3, 2, b, a);
  println(t, rg3, ty_list(ty_int));
  /* big bounds fall back to a list */
  int big = k_int(t, "100000000000000000000");
  int big2 = k_int(t, "100000000000000000002");
  int rg4 = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), rg4, 2, big, big2);
  int x = forall(t, rg4, ty_list(ty_int));
  println(t, x, ty_int);
  end(t);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("45\n54321[0, 1, 2, 3, 4]\n100000000000000000000\n"
        "100000000000000000001\n", out);
  free(out);
}

/* for j in 0..10: for i in 0..1000000: sum = (sum + i) % 10001 */
static void
test_range_speed(void)
{
  const char *name = "range_speed";
  T *t = new_prog();
  int sum = k_int(t, "0");
  int z = k_int(t, "0"), ten = k_int(t, "10"), mil = k_int(t, "1000000");
  int m = k_int(t, "10001");
  int r1 = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), r1, 2, z, ten);
  forall(t, r1, ty_list(ty_int));
  int r2 = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), r2, 2, z, mil);
  int i = forall(t, r2, ty_list(ty_int));
  int a = reg(t), b = reg(t), c = reg(t);
  E(t, OP_ASSIGN, ty_int, a, 1, sum);
  E(t, OP_ADD, ty_int, b, 2, a, i);
  E(t, OP_REM, ty_int, c, 2, b, m);
  E(t, OP_ASSIGN, ty_int, sum, 1, c);
  end(t);
  end(t);
  println(t, sum, ty_int);
  ret_void(t);
  long expect = 0;
  for (int j = 0; j < 10; j++)
    for (long k = 0; k < 1000000; k++) expect = (expect + k) % 10001;
  double secs = 0;
  char *out = run(t, name, &secs);
  CHECK(wyil_fmt("%ld\n", expect), out);
  printf("  range loop: %.3f s\n", secs);
  free(out);
}

/* xs = [0,0,0,0,0]; for i in 0..5: xs[i] = i*i; ys = xs; ys[0] = 9 */
static void
test_list_update(void)
{
  const char *name = "list_update";
  T *t = new_prog();
  Type *li = ty_list(ty_int);
  int z = k_int(t, "0"), five = k_int(t, "5");
  int xs = reg(t);
  E(t, OP_NEWLIST, li, xs, 5, z, z, z, z, z);
  int rg = reg(t);
  E(t, OP_RANGE, li, rg, 2, z, five);
  int i = forall(t, rg, li);
  int sq = reg(t);
  E(t, OP_MUL, ty_int, sq, 2, i, i);
  Insn *u = E(t, OP_UPDATE, li, xs, 2, i, sq);
  u->nsteps = 1;
  u->steps = wyil_alloc(sizeof(UpdStep));
  u->steps[0] = (UpdStep){UPD_INDEX, NULL, li};
  end(t);
  int ys = reg(t);
  E(t, OP_ASSIGN, li, ys, 1, xs);
  int nine = k_int(t, "9");
  u = E(t, OP_UPDATE, li, ys, 2, z, nine);
  u->nsteps = 1;
  u->steps = wyil_alloc(sizeof(UpdStep));
  u->steps[0] = (UpdStep){UPD_INDEX, NULL, li};
  println(t, xs, li);
  println(t, ys, li);
  /* xs[2] with the inserted checks, then xs[7]: an error */
  int two = k_int(t, "2"), len = reg(t), e = reg(t);
  E(t, OP_ASSERT, ty_int, -1, 2, two, z)->cmp = CMP_GE;
  E(t, OP_LENGTHOF, li, len, 1, xs);
  E(t, OP_ASSERT, ty_int, -1, 2, two, len)->cmp = CMP_LT;
  E(t, OP_INDEXOF, li, e, 2, xs, two);
  println(t, e, ty_int);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("[0, 1, 4, 9, 16]\n[9, 1, 4, 9, 16]\n4\n", out);
  free(out);
}

/* xs = []; for i in 0..200000: xs = xs + [i] (as the front end lowers
 * it: a copy of xs, a one-element list, append, assign back) */
static void
test_append_loop(void)
{
  const char *name = "append_loop";
  T *t = new_prog();
  Type *li = ty_list(ty_int);
  int xs = reg(t);
  E(t, OP_NEWLIST, li, xs, 0);
  int z = k_int(t, "0"), n = k_int(t, "200000");
  int rg = reg(t);
  E(t, OP_RANGE, li, rg, 2, z, n);
  int i = forall(t, rg, li);
  int cp = reg(t), one = reg(t), cat = reg(t);
  E(t, OP_ASSIGN, li, cp, 1, xs);
  E(t, OP_NEWLIST, li, one, 1, i);
  E(t, OP_APPEND, li, cat, 2, cp, one);
  E(t, OP_ASSIGN, li, xs, 1, cat);
  end(t);
  /* the in-place form of APPENDL too: xs = xs ++ [7] */
  int seven = k_int(t, "7");
  E(t, OP_APPENDL, li, xs, 2, xs, seven);
  int len = reg(t);
  E(t, OP_LENGTHOF, li, len, 1, xs);
  println(t, len, ty_int);
  int k = k_int(t, "199999"), e = reg(t);
  E(t, OP_INDEXOF, li, e, 2, xs, k);
  println(t, e, ty_int);
  ret_void(t);
  double secs = 0;
  char *out = run(t, name, &secs);
  CHECK("200001\n199999\n", out);
  printf("  append loop: %.3f s\n", secs);
  free(out);
}

/* r = {x: 1, y: "a"}; r.x = 5; println(r); println(r.y) (a string) */
static void
test_record(void)
{
  const char *name = "record";
  T *t = new_prog();
  const char *names[2] = {"y", "x"};
  Type *types[2] = {ty_string, ty_int};
  Type *rt = ty_record(2, names, types, false);
  int one = k_int(t, "1"), a = k_str(t, "a");
  int r = reg(t);
  E(t, OP_NEWRECORD, rt, r, 2, one, a);    /* sorted: x, y */
  int five = k_int(t, "5");
  Insn *u = E(t, OP_UPDATE, rt, r, 1, five);
  u->nsteps = 1;
  u->steps = wyil_alloc(sizeof(UpdStep));
  u->steps[0] = (UpdStep){UPD_FIELD, "x", rt};
  println(t, r, rt);
  int y = reg(t);
  E(t, OP_FIELDLOAD, rt, y, 1, r)->name = "y";
  println(t, y, ty_string);
  /* nested: {[int] data} d; d.data[1] = 3 */
  const char *dn[1] = {"data"};
  Type *dt[1] = {ty_list(ty_int)};
  Type *drt = ty_record(1, dn, dt, false);
  int l = reg(t), d = reg(t), d2 = reg(t), three = k_int(t, "3");
  E(t, OP_NEWLIST, ty_list(ty_int), l, 3, one, one, one);
  E(t, OP_NEWRECORD, drt, d, 1, l);
  E(t, OP_ASSIGN, drt, d2, 1, d);
  u = E(t, OP_UPDATE, drt, d, 2, one, three);
  u->nsteps = 2;
  u->steps = wyil_alloc(sizeof(UpdStep) * 2);
  u->steps[0] = (UpdStep){UPD_FIELD, "data", drt};
  u->steps[1] = (UpdStep){UPD_INDEX, NULL, ty_list(ty_int)};
  println(t, d, drt);
  println(t, d2, drt);
  println(t, l, ty_list(ty_int));
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("{x:5,y:\"a\"}\na\n{data:[1, 3, 1]}\n{data:[1, 1, 1]}\n[1, 1, 1]\n",
        out);
  free(out);
}

/* s = "ab" + "cd"; s = s + 'e'; s = 'z' + s; println(s) */
static void
test_string(void)
{
  const char *name = "string";
  T *t = new_prog();
  int a = k_str(t, "ab"), b = k_str(t, "cd"), s = reg(t), s2 = reg(t);
  E(t, OP_SAPPEND, ty_string, s, 2, a, b);
  Const *ce = mk_const(C_CHAR, NULL);
  ce->u = 'e';
  int e = k_const(t, ce, ty_char);
  E(t, OP_SAPPENDL, ty_string, s2, 2, s, e);
  Const *cz = mk_const(C_CHAR, NULL);
  cz->u = 'z';
  int z = k_const(t, cz, ty_char);
  E(t, OP_SAPPENDR, ty_string, s, 2, z, s2);
  println(t, s, ty_string);
  println(t, s, ty_any);
  int len = reg(t);
  E(t, OP_LENGTHOF, ty_string, len, 1, s);
  println(t, len, ty_int);
  /* for c in s: print(c) */
  int c = forall(t, s, ty_string);
  E(t, OP_INVOKE, t->print_any->type, -1, 2, 0, c)->callee = t->print_any;
  end(t);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("zabcde\n\"zabcde\"\n6\n'z''a''b''c''d''e'", out);
  free(out);
}

/* (int,int) f(int a, int b): return (a+b, a*b)
 * main: t = f(3, 4); println(t); println(t[1]); 2.5 * 3 as real */
static void
test_call_tuple(void)
{
  const char *name = "call_tuple";
  T *t = new_prog();
  Func *main = t->fn;
  Type *pt[2] = {ty_int, ty_int};
  Type *tt = ty_tuple(2, pt);
  Func *f = begin_func(t, "f", tt, 2, pt);
  int s = reg(t), p = reg(t), r = reg(t);
  E(t, OP_ADD, ty_int, s, 2, 0, 1);
  E(t, OP_MUL, ty_int, p, 2, 0, 1);
  E(t, OP_NEWTUPLE, tt, r, 2, s, p);
  E(t, OP_RETURN, tt, -1, 1, r);
  t->fn = main;
  int a = k_int(t, "3"), b = k_int(t, "4"), res = reg(t), x = reg(t);
  E(t, OP_INVOKE, f->type, res, 2, a, b)->callee = f;
  println(t, res, tt);
  Insn *in = E(t, OP_TUPLELOAD, tt, x, 1, res);
  in->imm = 1;
  println(t, x, ty_int);
  /* reals: convert 3 to real, multiply by 2.5; 1/3 */
  int h = k_const(t, mk_const(C_REAL, "5/2"), ty_real);
  int three = reg(t), m = reg(t);
  E(t, OP_CONVERT, ty_int, three, 1, a)->type2 = ty_real;
  E(t, OP_MUL, ty_real, m, 2, h, three);
  println(t, m, ty_real);
  int q = reg(t);
  E(t, OP_DIV, ty_real, q, 2, h, three);
  println(t, q, ty_real);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("(7,12)\n12\n7.5\n(5/6)\n", out);
  free(out);
}

/* if/else on ints, a switch, a set and a map */
static void
test_branches(void)
{
  const char *name = "branches";
  T *t = new_prog();
  int a = k_int(t, "3"), b = k_int(t, "4");
  int l_else = wyil_new_label(t->fn), l_end = wyil_new_label(t->fn);
  Insn *in = E(t, OP_IF, ty_int, -1, 2, a, b);
  in->cmp = CMP_GE;
  in->label = l_else;
  println(t, k_str(t, "lt"), ty_string);
  E(t, OP_GOTO, NULL, -1, 0)->label = l_end;
  E(t, OP_LABEL, NULL, -1, 0)->label = l_else;
  println(t, k_str(t, "ge"), ty_string);
  E(t, OP_LABEL, NULL, -1, 0)->label = l_end;
  /* switch b: 1 -> "one", 4 -> "four", * -> "other" */
  int l1 = wyil_new_label(t->fn), l4 = wyil_new_label(t->fn);
  int ld = wyil_new_label(t->fn), lx = wyil_new_label(t->fn);
  in = E(t, OP_SWITCH, ty_int, -1, 1, b);
  in->ncases = 2;
  in->cases = wyil_alloc(sizeof(SwitchCase) * 2);
  in->cases[0] = (SwitchCase){mk_const(C_INT, "1"), l1};
  in->cases[1] = (SwitchCase){mk_const(C_INT, "4"), l4};
  in->label = ld;
  E(t, OP_LABEL, NULL, -1, 0)->label = l1;
  println(t, k_str(t, "one"), ty_string);
  E(t, OP_GOTO, NULL, -1, 0)->label = lx;
  E(t, OP_LABEL, NULL, -1, 0)->label = l4;
  println(t, k_str(t, "four"), ty_string);
  E(t, OP_GOTO, NULL, -1, 0)->label = lx;
  E(t, OP_LABEL, NULL, -1, 0)->label = ld;
  println(t, k_str(t, "other"), ty_string);
  E(t, OP_LABEL, NULL, -1, 0)->label = lx;
  /* sets: {4, 3} ∪ {3}; 3 in it; a map iterated */
  Type *si = ty_set(ty_int);
  int st = reg(t), st2 = reg(t);
  E(t, OP_NEWSET, si, st, 2, b, a);
  E(t, OP_UNIONL, si, st2, 2, st, a);
  println(t, st2, si);
  int l_in = wyil_new_label(t->fn);
  in = E(t, OP_IF, si, -1, 2, a, st2);
  in->cmp = CMP_IN;
  in->label = l_in;
  println(t, k_str(t, "absent"), ty_string);
  E(t, OP_LABEL, NULL, -1, 0)->label = l_in;
  Type *mt = ty_map(ty_int, ty_string);
  int mp = reg(t), va = k_str(t, "x"), vb = k_str(t, "y");
  E(t, OP_NEWMAP, mt, mp, 4, b, va, a, vb);
  Type *kv[2] = {ty_int, ty_string};
  int pr = forall(t, mp, mt);
  (void)kv;
  println(t, pr, ty_tuple(2, kv));
  end(t);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("lt\nfour\n{3, 4}\n(3,\"y\")\n(4,\"x\")\n", out);
  free(out);
}

/* try { g() } catch: g throws "oops"; and a lambda called indirectly */
static void
test_try_lambda(void)
{
  const char *name = "try_lambda";
  T *t = new_prog();
  Func *main = t->fn;
  Func *g = begin_func(t, "g", ty_void, 0, NULL);
  int msg = k_str(t, "oops");
  E(t, OP_THROW, ty_string, -1, 1, msg);
  Type *ip[2] = {ty_int, ty_int};
  Func *add = begin_func(t, "add", ty_int, 2, ip);
  int s = reg(t);
  E(t, OP_ADD, ty_int, s, 2, 0, 1);
  E(t, OP_RETURN, ty_int, -1, 1, s);
  t->fn = main;
  int caught = reg(t);
  int lh = wyil_new_label(t->fn), lx = wyil_new_label(t->fn);
  Insn *in = E(t, OP_TRY, NULL, caught, 0);
  in->label = lh;
  println(t, k_str(t, "before"), ty_string);
  E(t, OP_INVOKE, g->type, -1, 0)->callee = g;
  println(t, k_str(t, "not reached"), ty_string);
  E(t, OP_TRYEND, NULL, -1, 0);
  E(t, OP_GOTO, NULL, -1, 0)->label = lx;
  E(t, OP_LABEL, NULL, -1, 0)->label = lh;
  println(t, caught, ty_any);
  E(t, OP_LABEL, NULL, -1, 0)->label = lx;
  /* f = &add(10, _); f(5) */
  int ten = k_int(t, "10"), five = k_int(t, "5"), fv = reg(t), r = reg(t);
  E(t, OP_LAMBDA, add->type, fv, 1, ten)->callee = add;
  E(t, OP_INDIRECT, add->type, r, 2, fv, five);
  println(t, r, ty_int);
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("before\n\"oops\"\n15\n", out);
  free(out);
}

/* define nat as int where $ >= 0: 5 is nat, -1 is not */
static void
test_constraint(void)
{
  const char *name = "constraint";
  T *t = new_prog();
  Func *main = t->fn;
  TypeDef *td = wyil_alloc(sizeof(TypeDef));
  td->module = "t";
  td->name = "nat";
  td->type = ty_int;
  Type *ip[1] = {ty_int};
  Func *w = begin_func(t, "nat$where", ty_bool, 1, ip);
  int z = k_int(t, "0"), lf = wyil_new_label(t->fn);
  Insn *in = E(t, OP_IF, ty_int, -1, 2, 0, z);
  in->cmp = CMP_LT;
  in->label = lf;
  Const *tr = mk_const(C_BOOL, NULL);
  tr->u = 1;
  int rt = k_const(t, tr, ty_bool);
  E(t, OP_RETURN, ty_bool, -1, 1, rt);
  E(t, OP_LABEL, NULL, -1, 0)->label = lf;
  int rf = k_const(t, mk_const(C_BOOL, NULL), ty_bool);
  E(t, OP_RETURN, ty_bool, -1, 1, rf);
  td->where = w;
  Type *nat = ty_nominal(td);
  t->fn = main;
  int vals[2] = {k_int(t, "5"), k_int(t, "-1")};
  for (int k = 0; k < 2; k++) {
    int ly = wyil_new_label(t->fn), lx = wyil_new_label(t->fn);
    in = E(t, OP_IFIS, ty_int, -1, 1, vals[k]);
    in->type2 = nat;
    in->label = ly;
    println(t, k_str(t, "no"), ty_string);
    E(t, OP_GOTO, NULL, -1, 0)->label = lx;
    E(t, OP_LABEL, NULL, -1, 0)->label = ly;
    println(t, k_str(t, "yes"), ty_string);
    E(t, OP_LABEL, NULL, -1, 0)->label = lx;
  }
  /* [int] -> {int} conversion through wy_convert; a list constant */
  Const *lc = mk_const(C_LIST, NULL);
  lc->n = 3;
  lc->elems = wyil_alloc(sizeof(Const *) * 3);
  lc->elems[0] = mk_const(C_INT, "2");
  lc->elems[1] = mk_const(C_INT, "1");
  lc->elems[2] = mk_const(C_INT, "2");
  int l = k_const(t, lc, ty_list(ty_int)), sv = reg(t);
  E(t, OP_CONVERT, ty_list(ty_int), sv, 1, l)->type2 = ty_set(ty_int);
  println(t, sv, ty_set(ty_int));
  ret_void(t);
  char *out = run(t, name, NULL);
  CHECK("yes\nno\n{1, 2}\n", out);
  free(out);
}

static Const *
mk_compound(ConstKind k, int n, Const **elems)
{
  Const *c = mk_const(k, NULL);
  c->n = n;
  c->elems = wyil_alloc(sizeof(Const *) * (size_t)(n ? 2 * n : 1));
  memcpy(c->elems, elems, sizeof(Const *) * (size_t)(k == C_MAP ? 2 * n : n));
  return c;
}

/* compound constants (built once, cached) and a function constant */
static void
test_consts(void)
{
  const char *name = "consts";
  T *t = new_prog();
  Func *main = t->fn;
  Type *ip[1] = {ty_int};
  Func *twice = begin_func(t, "twice", ty_int, 1, ip);
  int s = reg(t);
  E(t, OP_ADD, ty_int, s, 2, 0, 0);
  E(t, OP_RETURN, ty_int, -1, 1, s);
  t->fn = main;
  Const *rf[2] = {mk_const(C_REAL, "3/2"), mk_const(C_STRING, "s?\"")};
  Const *rec = mk_compound(C_RECORD, 2, rf);
  const char *rn[2] = {"a", "b"};
  rec->names = rn;
  Const *ch = mk_const(C_CHAR, NULL);
  ch->u = 'c';
  Const *tf[2] = {mk_const(C_INT, "-123456789012345678901234567890"), ch};
  Const *kv[2] = {mk_const(C_INT, "1"), mk_const(C_STRING, "x")};
  Const *sv[2] = {mk_const(C_INT, "3"), mk_const(C_INT, "1")};
  Const *all[4] = {rec, mk_compound(C_TUPLE, 2, tf),
                   mk_compound(C_MAP, 1, kv), mk_compound(C_SET, 2, sv)};
  Const *lst = mk_compound(C_LIST, 4, all);
  Type *at = ty_list(ty_any);
  /* twice, in a loop: the cache is built once */
  int z = k_int(t, "0"), two = k_int(t, "2"), rg = reg(t);
  E(t, OP_RANGE, ty_list(ty_int), rg, 2, z, two);
  forall(t, rg, ty_list(ty_int));
  println(t, k_const(t, lst, at), at);
  end(t);
  Const *fc = mk_const(C_FUNC, NULL);
  fc->fn = twice;
  int f = k_const(t, fc, twice->type), r = reg(t), x = k_int(t, "21");
  E(t, OP_INDIRECT, twice->type, r, 2, f, x);
  println(t, r, ty_int);
  ret_void(t);
  char *out = run(t, name, NULL);
  const char *line = "[{a:1.5,b:\"s?\"\"}, "
                     "(-123456789012345678901234567890,'c'), {1=>x}, {1, 3}]\n";
  CHECK(wyil_fmt("%s%s42\n", line, line), out);
  free(out);
}

int
main(void)
{
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  test_sum_loop();
  test_range_speed();
  test_list_update();
  test_append_loop();
  test_record();
  test_string();
  test_call_tuple();
  test_branches();
  test_try_lambda();
  test_constraint();
  test_consts();
  if (!failures && !getenv("WYC_KEEP")) {
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0) printf("  (could not remove %s)\n", tmpdir);
  }
  printf("cgen_basic: %s\n", failures ? "FAILED" : "all passed");
  wyil_free_all();
  return failures ? 1 : 0;
}
