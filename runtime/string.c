/* string.c -- strings as UTF-16 code units (Java chars, §1.1, §5.10).
 *
 * A WyString holds its code units inline after the header, with spare
 * capacity so that wy_str_append_inplace is amortised O(1).  Text comes
 * in as UTF-8 (literals, argv) and goes out as UTF-8 (printing); code
 * points above U+FFFF become surrogate pairs and back, and a lone
 * surrogate is written as its 3-byte form (and read back as such).
 * Strings are immutable except through wy_str_set and the in-place
 * append, both of which copy first when the string is shared.
 */
#include <stdlib.h>

#include "wyrt_impl.h"

WyString *
wyrt_new_str(size_t len)
{
  WyString *s = (WyString *)wyrt_new_obj(
      WY_K_STRING, sizeof(WyString) + len * sizeof(uint16_t));
  s->len = s->cap = len;
  return s;
}

static inline wyv
str_val(WyString *s)
{
  return (wyv)(uintptr_t)s;
}

/* Decode one UTF-8 sequence at p (n bytes left); *cp gets the code
 * point, U+FFFD for a malformed byte.  Returns the bytes used. */
static size_t
utf8_decode(const unsigned char *p, size_t n, uint32_t *cp)
{
  uint32_t c = p[0], min;
  size_t len;
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  if ((c & 0xE0) == 0xC0) {
    len = 2, c &= 0x1F, min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, c &= 0x0F, min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, c &= 0x07, min = 0x10000;
  } else {
    *cp = 0xFFFD;
    return 1;
  }
  if (len > n) {
    *cp = 0xFFFD;
    return 1;
  }
  for (size_t i = 1; i < len; i++) {
    if ((p[i] & 0xC0) != 0x80) {
      *cp = 0xFFFD;
      return 1;
    }
    c = (c << 6) | (p[i] & 0x3F);
  }
  *cp = (c < min || c > 0x10FFFF) ? 0xFFFD : c;
  return len;
}

wyv
wy_str_from_utf8(const char *s, size_t nbytes)
{
  WyString *r = wyrt_new_str(nbytes);   /* at most one unit per byte */
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0, n = 0;
  while (i < nbytes) {
    uint32_t cp;
    i += utf8_decode(p + i, nbytes - i, &cp);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      r->data[n++] = (uint16_t)(0xD800 + (cp >> 10));
      r->data[n++] = (uint16_t)(0xDC00 + (cp & 0x3FF));
    } else {
      r->data[n++] = (uint16_t)cp;
    }
  }
  r->len = n;
  return str_val(r);
}

wyv
wy_str_lit(const char *utf8)
{
  return wy_str_from_utf8(utf8, strlen(utf8));
}

size_t
wy_str_len(wyv s)
{
  return wy_string(s)->len;
}

uint16_t
wy_str_at(wyv s, size_t i)
{
  return wy_string(s)->data[i];
}

static wyv
concat(const uint16_t *a, size_t na, const uint16_t *b, size_t nb)
{
  WyString *r = wyrt_new_str(na + nb);
  if (na) memcpy(r->data, a, na * sizeof *a);
  if (nb) memcpy(r->data + na, b, nb * sizeof *b);
  return str_val(r);
}

/* The code unit of a char (or, leniently, of an int). */
static uint16_t
unit_of(wyv c)
{
  int64_t x;
  if (wyrt_small_or_char(c, &x)) return (uint16_t)x;
  wyrt_internal("char expected");
}

/* The text an operand of string + contributes (§5.10): a string as it
 * is, a char as itself, anything else as its Any.toString (the back end
 * normally converts these operands first). */
static wyv
text_of(wyv v)
{
  uint16_t u;
  if (wyrt_is_string(v)) {
    wy_incref(v);
    return v;
  }
  if (wyrt_is_char(v)) {
    u = (uint16_t)wy_imm_payload(v);
    return concat(&u, 1, NULL, 0);
  }
  return wy_to_string(v);
}

wyv
wy_str_append(wyv a, wyv b)
{
  wyv ta = text_of(a), tb = text_of(b), r;
  WyString *x = wy_string(ta), *y = wy_string(tb);
  r = concat(x->data, x->len, y->data, y->len);
  wy_decref(ta);
  wy_decref(tb);
  return r;
}

wyv
wy_str_append_char(wyv s, wyv c)
{
  uint16_t u = unit_of(c);
  WyString *x = wy_string(s);
  return concat(x->data, x->len, &u, 1);
}

wyv
wy_str_prepend_char(wyv c, wyv s)
{
  uint16_t u = unit_of(c);
  WyString *x = wy_string(s);
  return concat(&u, 1, x->data, x->len);
}

/* *s = *s + b (b a string or a char), in place when *s is unique. */
void
wy_str_append_inplace(wyv *s, wyv b)
{
  WyString *x = wy_string(*s);
  wyv tb;
  const uint16_t *src;
  size_t n;
  if (x->h.rc > 1 || b == *s) {
    wy_set(s, wy_str_append(*s, b));
    return;
  }
  tb = text_of(b);
  src = wy_string(tb)->data;
  n = wy_string(tb)->len;
  if (x->len + n > x->cap) {
    size_t cap = x->cap * 2 > x->len + n ? x->cap * 2 : x->len + n + 8;
    x = wyrt_realloc(x, sizeof(WyString) + cap * sizeof(uint16_t));
    x->cap = cap;
    *s = str_val(x);
  }
  if (n) memcpy(x->data + x->len, src, n * sizeof *src);
  x->len += n;
  wy_decref(tb);
}

wyv
wy_str_index(wyv s, wyv i, const WyPos *pos)
{
  WyString *x = wy_string(s);
  return wy_char(x->data[wyrt_index(i, x->len, pos)]);
}

void
wy_str_set(wyv *s, wyv i, wyv c, const WyPos *pos)
{
  WyString *x = wy_string(*s);
  size_t k = wyrt_index(i, x->len, pos);
  if (x->h.rc > 1) {
    wyv copy = concat(x->data, x->len, NULL, 0);
    wy_set(s, copy);
    x = wy_string(copy);
  }
  x->data[k] = unit_of(c);
}

wyv
wy_str_sub(wyv s, wyv a, wyv b, const WyPos *pos)
{
  WyString *x = wy_string(s);
  size_t lo = wyrt_bound(a, x->len, pos), hi = wyrt_bound(b, x->len, pos);
  if (lo > hi) wy_fail("index out of bounds (negative)", pos);
  return concat(x->data + lo, hi - lo, NULL, 0);
}

wyv
wy_str_to_int_list(wyv s)
{
  WyString *x = wy_string(s);
  WyList *l = wyrt_new_list(WY_LS_INT, x->len);
  for (size_t i = 0; i < x->len; i++) ((int64_t *)l->data)[i] = x->data[i];
  l->len = x->len;
  return (wyv)(uintptr_t)l;
}

char *
wy_str_to_utf8(wyv s)
{
  WyString *x = wy_string(s);
  WyBuf b = {0};
  wyrt_buf_utf16(&b, x->data, x->len);
  wyrt_buf_putc(&b, 0);
  return b.p;
}
