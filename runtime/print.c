/* print.c -- Any.toString (§6.2, §6.4) and output to stdout.
 *
 * wyrt_format appends the text of a value to a growing buffer: lists
 * joined by ", ", tuples and records by "," (records in field-name
 * order), sets and maps in their sorted order, reals as Java's WyRat
 * prints them.  In "raw" mode it produces Java's plain toString, which
 * WyMap uses for map values: strings and chars unquoted, bytes as signed
 * decimals.  Output goes through stdio; wy_init gives stdout a large
 * buffer and wy_fail / wy_exit flush it.
 */
#include <stdlib.h>

#include "wyrt_impl.h"

void
wyrt_buf_reserve(WyBuf *b, size_t extra)
{
  size_t need = b->len + extra, cap;
  char *p;
  if (need <= b->cap) return;
  cap = b->cap * 2 > need ? b->cap * 2 : need + 64;
  p = realloc(b->p, cap);
  if (!p) wy_fail("out of memory", NULL);
  b->p = p;
  b->cap = cap;
}

void
wyrt_buf_put(WyBuf *b, const char *s, size_t n)
{
  wyrt_buf_reserve(b, n);
  if (n) memcpy(b->p + b->len, s, n);
  b->len += n;
}

void
wyrt_buf_puts(WyBuf *b, const char *s)
{
  wyrt_buf_put(b, s, strlen(s));
}

void
wyrt_buf_utf16(WyBuf *b, const uint16_t *s, size_t n)
{
  wyrt_buf_reserve(b, 3 * n);     /* the most a unit can take */
  for (size_t i = 0; i < n; i++) {
    uint32_t c = s[i];
    char *o = b->p + b->len;
    if (c < 0x80) {
      o[0] = (char)c;
      b->len += 1;
    } else if (c < 0x800) {
      o[0] = (char)(0xC0 | (c >> 6));
      o[1] = (char)(0x80 | (c & 0x3F));
      b->len += 2;
    } else if (c >= 0xD800 && c < 0xDC00 && i + 1 < n && s[i + 1] >= 0xDC00
               && s[i + 1] < 0xE000) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
      o[0] = (char)(0xF0 | (c >> 18));
      o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
      o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
      o[3] = (char)(0x80 | (c & 0x3F));
      b->len += 4;                /* two units took 4 <= 6 bytes */
    } else {
      o[0] = (char)(0xE0 | (c >> 12));
      o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
      o[2] = (char)(0x80 | (c & 0x3F));
      b->len += 3;
    }
  }
}

/* Decimal digits of x into the end of out[24]; returns the start. */
static char *
i64_text(int64_t x, char out[24])
{
  char *p = out + 24;
  uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x;
  do {
    *--p = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (x < 0) *--p = '-';
  return p;
}

static void
put_i64(WyBuf *b, int64_t x)
{
  char tmp[24], *p = i64_text(x, tmp);
  wyrt_buf_put(b, p, (size_t)(tmp + 24 - p));
}

void
wyrt_format_mpz(WyBuf *b, mpz_srcptr z)
{
  wyrt_buf_reserve(b, mpz_sizeinbase(z, 10) + 2);
  mpz_get_str(b->p + b->len, 10, z);
  b->len += strlen(b->p + b->len);
}

/* ---------------------------------------------------------------- */
/* Reals (§6.4, Java WyRat.toString)                                 */

/* The decimal text of num/den > 0 if it has at most 9 fractional
 * digits, in Java BigDecimal.toString form; false otherwise. */
static bool
put_decimal(WyBuf *b, mpz_srcptr num, mpz_srcptr den)
{
  char digits[9];
  int scale = 0;
  bool exact;
  mpz_t ip, r, d;
  mpz_inits(ip, r, d, NULL);
  mpz_tdiv_qr(ip, r, num, den);
  while (scale < 9 && mpz_sgn(r) != 0) {
    mpz_mul_ui(r, r, 10);
    mpz_tdiv_qr(d, r, r, den);
    digits[scale++] = (char)('0' + mpz_get_ui(d));
  }
  exact = mpz_sgn(r) == 0;
  if (exact && mpz_sgn(ip) == 0 && digits[0] == '0') {
    int lz = 0;
    while (digits[lz] == '0') lz++;
    if (lz >= 6) {    /* adjusted exponent -(lz+1) < -6: scientific */
      wyrt_buf_putc(b, digits[lz]);
      if (scale - lz > 1) {
        wyrt_buf_putc(b, '.');
        wyrt_buf_put(b, digits + lz + 1, (size_t)(scale - lz - 1));
      }
      wyrt_buf_puts(b, "E-");
      put_i64(b, lz + 1);
      if (scale - lz == 1) wyrt_buf_puts(b, ".0");
      mpz_clears(ip, r, d, NULL);
      return true;
    }
  }
  if (exact) {
    wyrt_format_mpz(b, ip);
    wyrt_buf_putc(b, '.');
    wyrt_buf_put(b, digits, (size_t)scale);
  }
  mpz_clears(ip, r, d, NULL);
  return exact;
}

static void
put_real(WyBuf *b, mpq_srcptr q)
{
  mpz_srcptr num = mpq_numref(q), den = mpq_denref(q);
  if (mpz_cmp_ui(den, 1) == 0) {
    wyrt_format_mpz(b, num);
    wyrt_buf_puts(b, ".0");
    return;
  }
  if (mpz_sgn(num) > 0 && put_decimal(b, num, den)) return;
  wyrt_buf_putc(b, '(');
  wyrt_format_mpz(b, num);
  wyrt_buf_putc(b, '/');
  wyrt_format_mpz(b, den);
  wyrt_buf_putc(b, ')');
}

/* ---------------------------------------------------------------- */
/* Values                                                             */

static void
put_byte(WyBuf *b, uint8_t x, bool raw)
{
  if (raw) {
    put_i64(b, (int8_t)x);      /* Java Byte.toString: signed */
    return;
  }
  for (int i = 7; i >= 0; i--) wyrt_buf_putc(b, (x >> i) & 1 ? '1' : '0');
  wyrt_buf_putc(b, 'b');
}

static void
put_list(WyBuf *b, WyList *l)
{
  wy_list_host(l);
  wyrt_buf_putc(b, '[');
  for (size_t i = 0; i < l->len; i++) {
    if (i) wyrt_buf_put(b, ", ", 2);
    if (l->h.sub == WY_LS_INT) {
      put_i64(b, ((int64_t *)l->data)[i]);
    } else if (l->h.sub == WY_LS_F64) {
      wyrt_f_format(b, ((double *)l->data)[i]);    /* -0.0 is 0.0 */
    } else if (l->h.sub == WY_LS_F32) {
      wyrt_f_format(b, ((float *)l->data)[i]);
    } else {
      wyv v = wy_list_get((wyv)(uintptr_t)l, i);
      wyrt_format(b, v, false);
      wy_decref(v);
    }
  }
  wyrt_buf_putc(b, ']');
}

static void
put_seq(WyBuf *b, const wyv *vs, size_t n, const char *sep)
{
  for (size_t i = 0; i < n; i++) {
    if (i) wyrt_buf_puts(b, sep);
    wyrt_format(b, vs[i], false);
  }
}

static void
put_object(WyBuf *b, wyv v, bool raw)
{
  switch ((WyKind)wy_obj(v)->kind) {
  case WY_K_INT:
    wyrt_format_mpz(b, wy_bigint(v)->z);
    break;
  case WY_K_STRING:
    if (!raw) wyrt_buf_putc(b, '"');
    wyrt_buf_utf16(b, wy_string(v)->data, wy_string(v)->len);
    if (!raw) wyrt_buf_putc(b, '"');
    break;
  case WY_K_LIST:
    put_list(b, wy_list(v));
    break;
  case WY_K_SET:
    wyrt_buf_putc(b, '{');
    put_seq(b, wy_setobj(v)->data, wy_setobj(v)->len, ", ");
    wyrt_buf_putc(b, '}');
    break;
  case WY_K_MAP: {
    WyMap *m = wy_mapobj(v);
    wyrt_buf_putc(b, '{');
    for (size_t i = 0; i < m->len; i++) {
      if (i) wyrt_buf_put(b, ", ", 2);
      wyrt_format(b, m->keys[i], false);
      wyrt_buf_put(b, "=>", 2);
      wyrt_format(b, m->vals[i], true);     /* the §6.2 quirk */
    }
    wyrt_buf_putc(b, '}');
    break;
  }
  case WY_K_TUPLE:
    wyrt_buf_putc(b, '(');
    put_seq(b, wy_tupleobj(v)->elems, wy_tupleobj(v)->n, ",");
    wyrt_buf_putc(b, ')');
    break;
  case WY_K_RECORD: {
    WyRecord *r = wy_recordobj(v);
    wyrt_buf_putc(b, '{');
    for (size_t i = 0; i < r->shape->n; i++) {
      if (i) wyrt_buf_putc(b, ',');
      wyrt_buf_puts(b, r->shape->names[i]);
      wyrt_buf_putc(b, ':');
      wyrt_format(b, r->vals[i], false);
    }
    wyrt_buf_putc(b, '}');
    break;
  }
  case WY_K_REF: {              /* Java: state + "@" + identity hash */
    char tmp[24];
    wyrt_format(b, wy_refobj(v)->val, true);
    snprintf(tmp, sizeof tmp, "@%x", (unsigned)((uintptr_t)v >> 4));
    wyrt_buf_puts(b, tmp);
    break;
  }
  case WY_K_FUNC:
    wyrt_buf_putc(b, '&');
    wyrt_buf_puts(b, wy_funcobj(v)->name ? wy_funcobj(v)->name : "lambda");
    break;
  default:
    wyrt_internal("printing an object of unknown kind");
  }
}

void
wyrt_format(WyBuf *b, wyv v, bool raw)
{
  uint16_t unit;
  if (wy_is_small(v)) {
    put_i64(b, wy_small_val(v));
    return;
  }
  switch (wy_kind(v)) {
  case WY_K_UNDEF:
    wyrt_buf_puts(b, "undef");
    break;
  case WY_K_NULL:
    wyrt_buf_puts(b, "null");
    break;
  case WY_K_BOOL:
    wyrt_buf_puts(b, v == WY_TRUE ? "true" : "false");
    break;
  case WY_K_BYTE:
    put_byte(b, (uint8_t)wy_imm_payload(v), raw);
    break;
  case WY_K_CHAR:
    unit = (uint16_t)wy_imm_payload(v);
    if (!raw) wyrt_buf_putc(b, '\'');
    wyrt_buf_utf16(b, &unit, 1);
    if (!raw) wyrt_buf_putc(b, '\'');
    break;
  case WY_K_REAL: {
    WyRealTmp t;
    if (wy_real_mode) {
      wyrt_f_format(b, wy_f_val(v));
      break;
    }
    put_real(b, wyrt_real_mpq(v, &t));
    break;
  }
  default:
    put_object(b, v, raw);
  }
}

void
wy_format(wyv v, char **buf, size_t *len, size_t *cap)
{
  WyBuf b = {*buf, *len, *cap};
  wyrt_format(&b, v, false);
  *buf = b.p;
  *len = b.len;
  *cap = b.cap;
}

wyv
wy_to_string(wyv v)
{
  WyBuf b = {0};
  wyv s;
  wyrt_format(&b, v, false);
  s = wy_str_from_utf8(b.p, b.len);
  free(b.p);
  return s;
}

/* ---------------------------------------------------------------- */
/* stdout                                                             */

static WyBuf scratch;   /* reused by the print functions */

void
wy_print_any(wyv v)
{
  if (wy_is_small(v)) {
    char tmp[24], *p = i64_text(wy_small_val(v), tmp);
    fwrite_unlocked(p, 1, (size_t)(tmp + 24 - p), stdout);
    return;
  }
  scratch.len = 0;
  wyrt_format(&scratch, v, false);
  if (scratch.len) fwrite_unlocked(scratch.p, 1, scratch.len, stdout);
}

void
wy_print_str(wyv s)
{
  WyString *x;
  if (!wyrt_is_string(s)) {     /* lenient: the raw text of anything */
    scratch.len = 0;
    wyrt_format(&scratch, s, true);
    if (scratch.len) fwrite_unlocked(scratch.p, 1, scratch.len, stdout);
    return;
  }
  x = wy_string(s);
  scratch.len = 0;
  wyrt_buf_utf16(&scratch, x->data, x->len);
  if (scratch.len) fwrite_unlocked(scratch.p, 1, scratch.len, stdout);
}

void
wy_print_newline(void)
{
  putc_unlocked('\n', stdout);
}

void
wyrt_print_free(void)
{
  free(scratch.p);
  scratch = (WyBuf){0};
}
