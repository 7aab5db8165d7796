/* rt_perf.c -- a benchmark of the runtime's fast paths, written the way
 * the C back end uses them (§9.3): prints each time beside the budget
 * the 2013 programs' timing guards imply.  A benchmark, not a test: it
 * checks results, never times (`make bench`). */
#include <time.h>

#include "../../tests/unit/test.h"


static const WyPos pos = {"perf.whiley", 1, 1};

static double
now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
limit(const char *what, double secs, double max)
{
  printf("  %-44s %.3f s (budget %.1f)\n", what, secs, max);
}

/* 10 x 1,000,000 iterations of sum = (sum + i) % 10001. */
static void
test_int_loop(void)
{
  double t0 = now();
  wyv sum = wy_small(0);
  for (int k = 0; k < 10; k++) {
    for (wyv i = wy_small(0); wy_int_lt(i, wy_small(1000000));
         i = wy_int_add(i, wy_small(1))) {
      wyv t = wy_int_add(sum, i);
      wyv r = wy_int_rem(t, wy_small(10001), &pos);
      wy_decref(t);
      wy_set(&sum, r);
    }
  }
  limit("10M x sum = (sum + i) % 10001", now() - t0, 0.5);
  CHECK(wy_small(495), sum);
}

/* The same over a materialised range, as `for i in 0..n` may be. */
static void
test_range_loop(void)
{
  double t0 = now();
  wyv sum = wy_small(0);
  for (int k = 0; k < 10; k++) {
    wyv range = wy_list_range(wy_small(0), wy_small(1000000));
    for (size_t j = 0; j < wy_list_len(range); j++) {
      wyv i = wy_list_get(range, j);
      wyv t = wy_int_add(sum, i);
      wyv r = wy_int_rem(t, wy_small(10001), &pos);
      wy_decref(i);
      wy_decref(t);
      wy_set(&sum, r);
    }
    wy_decref(range);
  }
  limit("the same over 0..1000000 lists", now() - t0, 0.5);
  CHECK(wy_small(495), sum);
}

static void
test_push(void)
{
  double t0 = now();
  wyv l = wy_list_new(WY_LS_ANY, 0), sum = wy_small(0);
  for (int64_t i = 0; i < 1000000; i++) wy_list_push(&l, wy_small(i));
  for (int64_t i = 0; i < 1000000; i++) {       /* xs = xs + [i] style */
    wyv one = wy_list_of(WY_LS_INT, 1, (wyv[]){wy_small(i)});
    wy_list_append_inplace(&l, one);
    wy_decref(one);
  }
  for (size_t j = 0; j < wy_list_len(l); j++) {
    wyv x = wy_list_index(l, wy_small((int64_t)j), &pos);
    wy_set(&sum, wy_int_add(sum, x));
  }
  limit("2M pushes/appends onto [int] + 2M reads", now() - t0, 1.0);
  CHECK(WY_LS_INT, wy_list(l)->h.sub);
  CHECK(2000000, wy_list_len(l));
  CHECK_STR("999999000000", sum);
  wy_decref(l);
}

/* gameoflife-like: 200x200 grid, 3 generations, nested updates. */
static void
test_grid(void)
{
  double t0 = now();
  wyv grid = wy_list_new(WY_LS_ANY, 200);
  for (int y = 0; y < 200; y++) {
    wyv row = wy_list_new(WY_LS_INT, 200);
    for (int x = 0; x < 200; x++) wy_list_push(&row, wy_small((x * y) % 2));
    wy_list_push(&grid, row);
    wy_decref(row);
  }
  for (int g = 0; g < 3; g++) {
    wyv next = keep(grid);
    for (int y = 1; y < 199; y++) {
      for (int x = 1; x < 199; x++) {
        int64_t n = 0;
        for (int dy = -1; dy <= 1; dy++) {
          wyv row = wy_list_index(grid, wy_small(y + dy), &pos);
          for (int dx = -1; dx <= 1; dx++)
            n += wy_small_val(wy_list_index(row, wy_small(x + dx), &pos));
          wy_decref(row);
        }
        wy_list_set(wy_list_slot(&next, wy_small(y), &pos), wy_small(x),
                    wy_small(n == 3), &pos);
      }
    }
    wy_set(&grid, next);
  }
  limit("200x200 grid, 3 generations", now() - t0, 1.0);
  wy_decref(grid);
}

/* Bigs that shrink back must be small and the loop must not leak. */
static void
test_big_churn(void)
{
  double t0 = now();
  wyv big = wy_int_from_str("1000000000000000000000");
  wyv acc = wy_small(0);
  for (int i = 0; i < 1000000; i++) {
    wyv a = wy_int_add(big, wy_small(i));
    wyv b = wy_int_sub(a, big);
    wy_decref(a);
    wy_set(&acc, wy_int_add(acc, b));
  }
  limit("1M big-int add/sub", now() - t0, 1.0);
  CHECK(1, wy_is_small(acc));
  CHECK_STR("499999500000", acc);
  wy_decref(big);
}

/* Build a [real] of 10^6 elements as the benchmark programs do (blur's
 * picture: (real)((x*7 + y*3) % 256); matrix multiply's matrix:
 * ((real)(k % 16)) / 4.0, pushed onto `row = []`), then sum it on the
 * exact path: indexof + wy_real_add, as --target=c emits them. */
static wyv
real_build(bool quarters)
{
  wyv row = wy_list_new(WY_LS_ANY, 0);
  wyv four = wy_real_from_str("4.0");
  for (int64_t k = 0; k < 1000000; k++) {
    int64_t x = k % 1000, y = k / 1000;
    wyv i = wy_small(quarters ? k % 16 : (x * 7 + y * 3) % 256);
    wyv r = wy_real_from_int(i);
    if (quarters) wy_set(&r, wy_real_div(r, four, &pos));
    wy_list_push(&row, r);
    wy_decref(r);
  }
  wy_decref(four);
  return row;
}

static wyv
real_sum(wyv row)
{
  wyv sum = wy_real_from_str("0.0");
  for (size_t j = 0; j < wy_list_len(row); j++) {
    wyv x = wy_list_index(row, wy_small((int64_t)j), &pos);
    wy_set(&sum, wy_real_add(sum, x));
    wy_decref(x);
  }
  return sum;
}

/* The best of 3 runs (the machine may be shared). */
static void
real_build_sum(bool quarters, const char *expect)
{
  double build = 1e9, sum = 1e9;
  for (int run = 0; run < 3; run++) {
    double t0 = now(), t1, t2;
    wyv row = real_build(quarters), s;
    t1 = now();
    s = real_sum(row);
    t2 = now();
    if (t1 - t0 < build) build = t1 - t0;
    if (t2 - t1 < sum) sum = t2 - t1;
    CHECK_STR(expect, s);
    wy_decref(row);
  }
  printf("  %-44s %.3f s + %.3f s\n",
         quarters ? "[real] 10^6 of (real)(k%16)/4.0: build + sum"
                  : "[real] 10^6 of (real)(byte): build + sum",
         build, sum);
  limit("  together (best of 3)", build + sum, 0.5);
}

static void
test_real_build_sum(void)
{
  /* the sums, computed with Python's fractions */
  real_build_sum(false, "127502016.0");
  real_build_sum(true, "1875000.0");
}

int
main(void)
{
  wy_decref(wy_init(0, NULL));
  test_int_loop();
  test_range_loop();
  test_push();
  test_grid();
  test_big_churn();
  test_real_build_sum();
  test_done("rt_perf");
  return 0;
}
