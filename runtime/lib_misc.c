/* lib_misc.c -- natives of whiley.lang.{Any, Int, Real, Char, Byte,
 * String, Time} and whiley.gpgpu.Util (§7.4-7.11).
 *
 * Each follows the Whiley source of the 2013 library function it
 * replaces, quirks included: Int.toHexString gives "" for 0 and
 * negative inputs, Byte.toInt([]) is -1, Int.parse("") faults on
 * input[0], String.toUTF8 fails on chars above 255.  The parse
 * functions throw the SyntaxError record {end, msg, start}.
 * Time.current is wall-clock millis/1000 as an exact rational.  The
 * Util natives hand over to the OpenCL layer's timing (ocl_bench.c) when
 * the program links it; otherwise they time the regions between begin
 * and end with the monotonic clock and print them as CSV on stderr.
 */
#include <stdlib.h>
#include <time.h>

#include "ocl.h"
#include "wyrt_impl.h"

static inline wyv
obj_val(void *o)
{
  return (wyv)(uintptr_t)o;
}

static wyv
ascii_str(const char *s)
{
  return wy_str_lit(s);
}

wyv
wy_lib_Any_toString(wyv v)
{
  return wy_to_string(v);
}

/* ---------------------------------------------------------------- */
/* Int and Real                                                       */

wyv
wy_lib_Int_toHexString(wyv x)
{
  WyIntTmp t;
  mpz_srcptr z = wyrt_int_mpz(x, &t);
  char *text;
  wyv r;
  if (mpz_sgn(z) <= 0) return ascii_str("");
  text = wyrt_alloc(mpz_sizeinbase(z, 16) + 2);
  mpz_get_str(text, 16, z);
  r = ascii_str(text);
  wyrt_free(text);
  return r;
}

static const char *const syntax_error_names[] = {"end", "msg", "start"};
static const WyShape syntax_error_shape = {3, syntax_error_names};

/* throw SyntaxError("invalid number string", i, i) */
static _Noreturn void
throw_syntax_error(size_t i)
{
  wyv vals[3];
  vals[0] = wy_small((int64_t)i);
  vals[1] = ascii_str("invalid number string");
  vals[2] = wy_small((int64_t)i);
  wyrt_throw_owned(wyrt_record_take(&syntax_error_shape, vals));
}

static bool
is_digit(uint16_t c)
{
  return c >= '0' && c <= '9';
}

wyv
wy_lib_Int_parse(wyv s)
{
  WyString *x = wy_string(s);
  size_t start;
  WyBigInt *r;
  if (x->len == 0)
    wy_fail("index out of bounds (not less than length)", NULL);
  start = x->data[0] == '-';
  r = wyrt_new_bigint();
  for (size_t i = start; i < x->len; i++) {
    mpz_mul_ui(r->z, r->z, 10);
    if (!is_digit(x->data[i])) {
      mpz_clear(r->z);
      wyrt_free(r);
      throw_syntax_error(i);
    }
    mpz_add_ui(r->z, r->z, x->data[i] - '0');
  }
  if (start) mpz_neg(r->z, r->z);
  return wyrt_int_finish(r);
}

wyv
wy_lib_Real_parse(wyv s)
{
  WyString *x = wy_string(s);
  WyReal *r = wyrt_new_real();
  mpz_ptr num = mpq_numref(r->q), dps = mpq_denref(r->q);
  mpz_set_ui(dps, 0);
  for (size_t i = 0; i < x->len; i++) {
    uint16_t c = x->data[i];
    if (c == '.' && mpz_sgn(dps) == 0) {
      mpz_set_ui(dps, 1);
    } else if (!is_digit(c)) {
      mpq_clear(r->q);
      wyrt_free(r);
      throw_syntax_error(i);
    } else {
      mpz_mul_ui(num, num, 10);
      mpz_add_ui(num, num, c - '0');
      mpz_mul_ui(dps, dps, 10);
    }
  }
  if (mpz_sgn(dps) == 0) mpz_set_ui(dps, 1);
  mpq_canonicalize(r->q);
  return wyrt_real_finish(r);
}

/* ---------------------------------------------------------------- */
/* Char and Byte                                                      */

wyv
wy_lib_Char_toString(wyv c)
{
  WyString *s = wyrt_new_str(3);
  s->data[0] = '\'';
  s->data[1] = (uint16_t)wy_imm_payload(c);
  s->data[2] = '\'';
  return obj_val(s);
}

wyv
wy_lib_Byte_toString(wyv b)
{
  WyString *s = wyrt_new_str(9);
  uint8_t x = (uint8_t)wy_imm_payload(b);
  for (int i = 0; i < 8; i++) s->data[i] = (x >> (7 - i)) & 1 ? '1' : '0';
  s->data[8] = 'b';
  return obj_val(s);
}

static uint8_t
byte_at(wyv list, size_t i)
{
  wyv b = wy_list_get(list, i);
  uint8_t x = (uint8_t)wy_imm_payload(b);
  wy_decref(b);
  return x;
}

/* The little-endian unsigned value of a [byte]. */
static WyBigInt *
bytes_value(wyv list)
{
  WyBigInt *r = wyrt_new_bigint();
  size_t n = wy_list_len(list);
  for (size_t i = n; i-- > 0;) {
    mpz_mul_2exp(r->z, r->z, 8);
    mpz_add_ui(r->z, r->z, byte_at(list, i));
  }
  return r;
}

wyv
wy_lib_Byte_toUnsignedInt(wyv b)
{
  if (wyrt_is_list(b)) return wyrt_int_finish(bytes_value(b));
  return wy_small(wy_imm_payload(b) & 0xFF);
}

wyv
wy_lib_Byte_toInt(wyv b)
{
  WyBigInt *r;
  mpz_t base, half;
  if (!wyrt_is_list(b)) return wy_small((int8_t)wy_imm_payload(b));
  /* val >= base/2 ? -(base - val) : val, with base = 256^n */
  r = bytes_value(b);
  mpz_inits(base, half, NULL);
  mpz_ui_pow_ui(base, 256, wy_list_len(b));
  mpz_fdiv_q_2exp(half, base, 1);
  if (mpz_cmp(r->z, half) >= 0) mpz_sub(r->z, r->z, base);
  mpz_clears(base, half, NULL);
  return wyrt_int_finish(r);
}

wyv
wy_lib_Byte_toChar(wyv b)
{
  return wy_char(wy_imm_payload(b) & 0xFF);
}

static uint8_t
low_byte(wyv v)
{
  int64_t x;
  WyIntTmp t;
  if (wyrt_small_or_char(v, &x)) return (uint8_t)x;
  return (uint8_t)mpz_fdiv_ui(wyrt_int_mpz(v, &t), 256);
}

wyv
wy_lib_Int_toUnsignedByte(wyv v)
{
  return wy_byte(low_byte(v));
}

wyv
wy_lib_Int_toSignedByte(wyv v)
{
  return wy_byte(low_byte(v));   /* v + 256 for v < 0: the same bits */
}

wyv
wy_lib_Int_toUnsignedBytes(wyv v)
{
  WyIntTmp t;
  mpz_t z;
  wyv l = wy_list_new(WY_LS_ANY, 8);
  mpz_init_set(z, wyrt_int_mpz(v, &t));
  do {                           /* at least one byte, little endian */
    wy_list_push(&l, wy_byte((uint8_t)mpz_fdiv_ui(z, 256)));
    mpz_fdiv_q_2exp(z, z, 8);
  } while (mpz_sgn(z) > 0);
  mpz_clear(z);
  return l;
}

/* ---------------------------------------------------------------- */
/* String                                                             */

wyv
wy_lib_String_indexOf(wyv s, wyv c, wyv start)
{
  WyString *x = wy_string(s);
  uint16_t u = (uint16_t)wy_imm_payload(c);
  int64_t i;
  if (!wy_int_to_i64(start, &i)) return WY_NULL;   /* huge: past the end */
  for (; i < (int64_t)x->len; i++) {
    if (i < 0) wy_fail("index out of bounds (negative)", NULL);
    if (x->data[i] == u) return wy_small(i);
  }
  return WY_NULL;
}

wyv
wy_lib_String_lastIndexOf(wyv s, wyv c)
{
  WyString *x = wy_string(s);
  uint16_t u = (uint16_t)wy_imm_payload(c);
  for (size_t i = x->len; i-- > 0;)
    if (x->data[i] == u) return wy_small((int64_t)i);
  return WY_NULL;
}

wyv
wy_lib_String_replace(wyv s, wyv old, wyv nw)
{
  WyString *x = wy_string(s), *r = wyrt_new_str(x->len);
  uint16_t o = (uint16_t)wy_imm_payload(old), n = (uint16_t)wy_imm_payload(nw);
  for (size_t i = 0; i < x->len; i++)
    r->data[i] = x->data[i] == o ? n : x->data[i];
  return obj_val(r);
}

wyv
wy_lib_String_fromASCII(wyv bytes)
{
  size_t n = wy_list_len(bytes);
  WyString *r = wyrt_new_str(n);
  for (size_t i = 0; i < n; i++) r->data[i] = byte_at(bytes, i);
  return obj_val(r);
}

wyv
wy_lib_String_toUTF8(wyv s)
{
  WyString *x = wy_string(s);
  wyv l = wy_list_new(WY_LS_ANY, x->len);
  for (size_t i = 0; i < x->len; i++) {
    if (x->data[i] > 255) {    /* Int.toUnsignedByte's precondition */
      wy_decref(l);
      wy_fail("precondition not satisfied", NULL);
    }
    wy_list_push(&l, wy_byte((uint8_t)x->data[i]));
  }
  return l;
}

/* ---------------------------------------------------------------- */
/* Time                                                               */

wyv
wy_lib_Time_current(void)
{
  struct timespec ts;
  int64_t millis;
  clock_gettime(CLOCK_REALTIME, &ts);
  millis = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
  return wy_real_from_frac(wy_small(millis), wy_small(1000));
}

/* ---------------------------------------------------------------- */
/* whiley.gpgpu.Util: benchmarking                                    */

/* The OpenCL layer's timing (ocl_bench.c, in libwyrt_ocl.a) when the
 * program links it; weak, so that a program without offloading links
 * without it and gets the plain region timing below instead. */
void wy_ocl_bench_begin(void) __attribute__((weak));
void wy_ocl_bench_end(void) __attribute__((weak));
void wy_ocl_bench_print(FILE *out) __attribute__((weak));

static struct {
  double *secs;     /* duration of each finished region */
  size_t n, cap;
  double start;     /* start of the open region */
  bool open;
} bench;

static double
now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

wyv
wy_lib_Util_beginGPUBenchmarking(void)
{
  if (wy_ocl_bench_begin) {
    wy_ocl_bench_begin();
    return WY_NULL;
  }
  bench.open = true;
  bench.start = now();
  return WY_NULL;
}

wyv
wy_lib_Util_endGPUBenchmarking(void)
{
  if (wy_ocl_bench_end) {
    wy_ocl_bench_end();
    return WY_NULL;
  }
  if (!bench.open) return WY_NULL;
  bench.open = false;
  if (bench.n == bench.cap) {
    bench.cap = bench.cap ? 2 * bench.cap : 8;
    bench.secs = wyrt_realloc(bench.secs, bench.cap * sizeof(double));
  }
  bench.secs[bench.n++] = now() - bench.start;
  return WY_NULL;
}

/* CSV on stderr: one row per region, its wall-clock time. */
wyv
wy_lib_Util_printOutGPUBenchmarkResults(void)
{
  if (wy_ocl_bench_print) {
    wy_ocl_bench_print(stderr);
    return WY_NULL;
  }
  fflush(stdout);
  fprintf(stderr, "kind,region,total_ms\n");
  for (size_t i = 0; i < bench.n; i++)
    fprintf(stderr, "region,%zu,%.4f\n", i + 1, bench.secs[i] * 1e3);
  return WY_NULL;
}

void
wyrt_bench_free(void)
{
  wyrt_free(bench.secs);
  bench.secs = NULL;
  bench.n = bench.cap = 0;
}
