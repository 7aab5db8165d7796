/* cgen_const.c -- constants and source positions in the generated C.
 *
 * null, bools, chars, bytes and ints that fit the small encoding are
 * immediate literals (wy_small(N), WY_TRUE, wy_char(N), ...).  Every
 * other constant (big ints, reals, strings, compound values, function
 * values) is built once, on first use, into a static cache variable
 * `wyc_kN`; `wyc_kN_ref()` returns it borrowed, and users incref it.
 * The caches are dropped by wyc_consts_free() before the program exits,
 * so that leak checks stay meaningful.  Equal constants share a cache.
 *
 * Positions become one `static const WyPos wyc_posN` per distinct
 * file:line:col, passed to the runtime for error messages.
 */
#include <errno.h>
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

void
cgen_emit_cstr(StrBuf *sb, const char *s, size_t n)
{
  sb_putc(sb, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c == '?') {
      sb_putc(sb, '\\');
      sb_putc(sb, (char)c);
    } else if (c >= 32 && c < 127) {
      sb_putc(sb, (char)c);
    } else {
      sb_printf(sb, "\\%03o", c);
    }
  }
  sb_putc(sb, '"');
}

const char *
cgen_cstr_lit(const char *s)
{
  StrBuf sb = {0};
  cgen_emit_cstr(&sb, s ? s : "", s ? strlen(s) : 0);
  const char *r = wyil_strdup(sb.s);
  sb_free(&sb);
  return r;
}

/* Does the decimal text fit the small int encoding?  *out = value. */
static bool
small_int(const char *text, int64_t *out)
{
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno || *end || end == text) return false;
  if (v < -(INT64_C(1) << 62) || v > (INT64_C(1) << 62) - 1) return false;
  *out = v;
  return true;
}

/* In an IEEE real mode (docs/reals.md): the real constant c rounded once
 * to the mode's type, when the runtime's word holds it (wyrt.h
 * wy_f_imm: zero, or a magnitude in 2^-126 .. 2^129, and finite as a
 * float in FLOAT mode); false otherwise (the runtime rounds it then, and
 * reports an overflow). */
static bool
ieee_imm(Gen *g, Const *c, double *out)
{
  mpq_t q;
  mpfr_t x;
  double d;
  bool single = g->m->real_mode == WYIL_REAL_FLOAT;
  if (c->kind != C_REAL || g->m->real_mode == WYIL_REAL_EXACT) return false;
  mpq_init(q);
  if (mpq_set_str(q, c->text, 10) != 0) {
    mpq_clear(q);
    return false;
  }
  mpq_canonicalize(q);
  mpfr_init2(x, single ? 24 : 53);
  mpfr_set_q(x, q, MPFR_RNDN);     /* normal range: no subnormal rounding */
  d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  mpq_clear(q);
  *out = d;
  return d == 0.0 || (fabs(d) >= 0x1p-126 && fabs(d) < (single ? 0x1p128
                                                                : 0x1p129));
}

bool
cgen_const_real(Gen *g, Const *c, double *d)
{
  return ieee_imm(g, c, d);
}

bool
cgen_const_is_imm(Gen *g, Const *c)
{
  int64_t v;
  double d;
  switch (c->kind) {
  case C_NULL: case C_BOOL: case C_BYTE: case C_CHAR: return true;
  case C_INT: return small_int(c->text, &v);
  case C_REAL: return ieee_imm(g, c, &d);
  default: return false;
  }
}

static const char *
imm_expr(Gen *g, Const *c)
{
  int64_t v = 0;
  double d;
  if (ieee_imm(g, c, &d)) return wyil_fmt("wy_f_word(%a)", d);
  switch (c->kind) {
  case C_NULL: return "WY_NULL";
  case C_BOOL: return c->u ? "WY_TRUE" : "WY_FALSE";
  case C_BYTE: return wyil_fmt("wy_byte(%u)", (unsigned)(c->u & 0xff));
  case C_CHAR: return wyil_fmt("wy_char(%u)", (unsigned)c->u);
  default:
    small_int(c->text, &v);
    return wyil_fmt("wy_small(INT64_C(%lld))", (long long)v);
  }
}

/* The identity of a constant, as text (kinds are explicit: the empty set
 * and the empty map print alike). */
static void
const_key(StrBuf *sb, Const *c)
{
  sb_printf(sb, "%d:", (int)c->kind);
  switch (c->kind) {
  case C_NULL: break;
  case C_BOOL: case C_BYTE: case C_CHAR: sb_printf(sb, "%u", c->u); break;
  case C_INT: case C_REAL: sb_puts(sb, c->text); break;
  case C_STRING:
    sb_printf(sb, "%zu:", strlen(c->text));
    sb_puts(sb, c->text);
    break;
  case C_FUNC: sb_printf(sb, "%p", (void *)c->fn); break;
  default: {
    int n = c->kind == C_MAP ? 2 * c->n : c->n;
    sb_putc(sb, '(');
    for (int i = 0; i < n; i++) {
      if (c->kind == C_RECORD) sb_printf(sb, "%s=", c->names[i]);
      const_key(sb, c->elems[i]);
      sb_putc(sb, ',');
    }
    sb_putc(sb, ')');
  }
  }
}

/* "{e1, e2}" of the borrowed element expressions, elements from..to by
 * step. */
static const char *
elem_array(Gen *g, Const *c, int from, int to, int step)
{
  StrBuf sb = {0};
  sb_putc(&sb, '{');
  for (int i = from; i < to; i += step)
    sb_printf(&sb, "%s%s", i > from ? ", " : "",
              cgen_const_expr(g, c->elems[i]));
  sb_putc(&sb, '}');
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

static const char *
const_list_hint(Gen *g, Const *c)
{
  if (c->n == 0) return "WY_LS_ANY";
  ConstKind k = c->elems[0]->kind;
  for (int i = 0; i < c->n; i++)
    if (c->elems[i]->kind != k
        || (k == C_INT && !cgen_const_is_imm(g, c->elems[i])))
      return "WY_LS_ANY";
  return k == C_INT ? "WY_LS_INT" : k == C_REAL ? "WY_LS_REAL"
         : k == C_BOOL ? "WY_LS_BOOL" : "WY_LS_ANY";
}

/* The statements that set `var` to a new reference to c. */
static void
emit_build(Gen *g, StrBuf *sb, Const *c, const char *var)
{
  const char *e = NULL;
  int n = c->n;
  switch (c->kind) {
  case C_INT:
    sb_printf(sb, "    %s = wy_int_from_str(\"%s\");\n", var, c->text);
    return;
  case C_REAL: {
    const char *slash = strchr(c->text, '/');
    int nlen = slash ? (int)(slash - c->text) : (int)strlen(c->text);
    sb_printf(sb, "    wyv n = wy_int_from_str(\"%.*s\");\n", nlen, c->text);
    sb_printf(sb, "    wyv d = wy_int_from_str(\"%s\");\n",
              slash ? slash + 1 : "1");
    sb_printf(sb, "    %s = wy_real_from_frac(n, d);\n", var);
    sb_puts(sb, "    wy_decref(n);\n    wy_decref(d);\n");
    return;
  }
  case C_STRING:
    sb_printf(sb, "    %s = wy_str_from_utf8(", var);
    cgen_emit_cstr(sb, c->text, strlen(c->text));
    sb_printf(sb, ", %zu);\n", strlen(c->text));
    return;
  case C_FUNC:
    sb_printf(sb, "    %s = wy_func_new(%s, ", var, cgen_tramp_name(g, c->fn));
    cgen_emit_cstr(sb, c->fn->name, strlen(c->fn->name));
    sb_puts(sb, ", 0, NULL);\n");
    return;
  case C_MAP:
    if (n == 0) {
      sb_printf(sb, "    %s = wy_map_of(0, NULL, NULL);\n", var);
      return;
    }
    e = elem_array(g, c, 0, 2 * n, 2);
    sb_printf(sb, "    wyv k[] = %s;\n", e);
    sb_printf(sb, "    wyv v[] = %s;\n", elem_array(g, c, 1, 2 * n, 2));
    sb_printf(sb, "    %s = wy_map_of(%d, k, v);\n", var, n);
    return;
  default:
    break;
  }
  if (n > 0) sb_printf(sb, "    wyv e[] = %s;\n", elem_array(g, c, 0, n, 1));
  const char *arr = n > 0 ? "e" : "NULL";
  switch (c->kind) {
  case C_LIST:
    if (n == 0)
      sb_printf(sb, "    %s = wy_list_new(WY_LS_ANY, 0);\n", var);
    else
      sb_printf(sb, "    %s = wy_list_of(%s, %d, e);\n", var,
                const_list_hint(g, c), n);
    break;
  case C_SET:
    sb_printf(sb, "    %s = wy_set_of(%d, %s);\n", var, n, arr);
    break;
  case C_TUPLE:
    sb_printf(sb, "    %s = wy_tuple_of(%d, %s);\n", var, n, arr);
    break;
  case C_RECORD:
    sb_printf(sb, "    %s = wy_record_of(%s, %s);\n", var,
              cgen_shape_ref(g, n, c->names), arr);
    break;
  default:
    internal_error("cgen: constant kind %d", (int)c->kind);
  }
}

const char *
cgen_const_expr(Gen *g, Const *c)
{
  if (cgen_const_is_imm(g, c)) return imm_expr(g, c);
  StrBuf key = {0};
  const_key(&key, c);
  int id = cgen_intern_get(&g->const_tab, key.s);
  if (id < 0) {
    StrBuf build = {0};
    emit_build(g, &build, c, "nv");  /* may add nested constants first */
    id = g->nconsts++;
    cgen_intern_put(&g->const_tab, key.s, id);
    StrBuf text = {0};
    const_print(&text, c);
    StrBuf *sb = &g->consts;
    sb_puts(sb, "/* ");
    for (size_t i = 0; i < text.len && i < 60; i++) {
      char ch = text.s[i];
      bool bad = (unsigned char)ch < 32
                 || ((ch == '*' || ch == '?') && i + 1 < text.len
                     && (text.s[i + 1] == '/' || text.s[i + 1] == '?'));
      sb_putc(sb, bad ? '.' : ch);
    }
    sb_puts(sb, text.len > 60 ? "... */\n" : " */\n");
    sb_printf(sb, "static wyv wyc_k%d;\n\n%swyv\nwyc_k%d_ref(void)\n{\n"
              "  if (!wyc_k%d) {\n    wyv nv;\n%s    wyc_k%d = nv;\n  }\n"
              "  return wyc_k%d;\n}\n\n",
              id, g->link, id, id, build.s, id, id);
    if (g->units) sb_printf(&g->externs, "wyv wyc_k%d_ref(void);\n", id);
    sb_free(&build);
    sb_free(&text);
  }
  sb_free(&key);
  return wyil_fmt("wyc_k%d_ref()", id);
}

void
cgen_emit_consts_free(Gen *g, StrBuf *sb)
{
  for (int i = 0; i < g->nconsts; i++)
    sb_printf(sb, "  wy_decref(wyc_k%d);\n  wyc_k%d = WY_UNDEF;\n", i, i);
}

/* The number of a position's file (file_tab): positions are keyed by
 * it, not by the file's name (a million of them name one file). */
static int
file_id(Gen *g, const char *file)
{
  int f = cgen_intern_get(&g->file_tab, file);
  if (f >= 0) return f;
  f = g->file_tab.n;
  cgen_intern_put(&g->file_tab, file, f);
  if (g->units) {   /* a string of its own (pos_entry) */
    sb_printf(&g->pos_files, "static const char wyc_file%d[] = ", f);
    cgen_emit_cstr(&g->pos_files, file, strlen(file));
    sb_puts(&g->pos_files, ";\n");
  }
  return f;
}

const char *
cgen_pos_ref(Gen *g, SrcPos pos)
{
  if (pos.line <= 0) return "NULL";
  const char *file = pos.file ? pos.file : g->m->file ? g->m->file : "";
  int f = file_id(g, file);
  const char *key = wyil_fmt("%d:%d:%d", pos.line, pos.col, f);
  int id = cgen_intern_get(&g->pos_tab, key);
  if (id < 0) {
    id = g->npos++;
    cgen_intern_put(&g->pos_tab, key, id);
    /* several units: the positions are one array, wyc_pos, and the
     * names of their files strings of their own (a program of a million
     * functions has a million positions, and one file) */
    if (g->units) {
      sb_printf(&g->poss, "  {wyc_file%d, %d, %d},\n", f, pos.line,
                pos.col);
    } else {
      sb_printf(&g->poss, "static const WyPos wyc_pos%d = {", id);
      cgen_emit_cstr(&g->poss, file, strlen(file));
      sb_printf(&g->poss, ", %d, %d};\n", pos.line, pos.col);
    }
  }
  return wyil_fmt(g->units ? "&wyc_pos[%d]" : "&wyc_pos%d", id);
}
