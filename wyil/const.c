/* const.c -- compile-time constants: printing (in the §6 text, used by
 * the WYIL printer) and structural equality (switch cases). */
#include <string.h>

#include "wyil.h"

static void
print_real(StrBuf *sb, const char *text)
{
  const char *slash = strchr(text, '/');
  if (slash && !strcmp(slash, "/1")) {
    sb_printf(sb, "%.*s.0", (int)(slash - text), text);
    return;
  }
  sb_printf(sb, "(%s)", text);
}

static void
print_elems(StrBuf *sb, Const *c, const char *open, const char *sep,
            const char *close)
{
  sb_puts(sb, open);
  for (int i = 0; i < c->n; i++) {
    if (i) sb_puts(sb, sep);
    const_print(sb, c->elems[i]);
  }
  sb_puts(sb, close);
}

void
const_print(StrBuf *sb, Const *c)
{
  switch (c->kind) {
  case C_NULL: sb_puts(sb, "null"); break;
  case C_BOOL: sb_puts(sb, c->u ? "true" : "false"); break;
  case C_BYTE:
    for (int i = 7; i >= 0; i--) sb_putc(sb, (char)('0' + ((c->u >> i) & 1)));
    sb_putc(sb, 'b');
    break;
  case C_CHAR:
    if (c->u >= 32 && c->u < 127) sb_printf(sb, "'%c'", (char)c->u);
    else sb_printf(sb, "'\\u%04x'", c->u);
    break;
  case C_INT: sb_puts(sb, c->text); break;
  case C_REAL: print_real(sb, c->text); break;
  case C_STRING:
    sb_putc(sb, '"');
    for (const char *p = c->text; *p; p++) {
      if (*p == '\n') sb_puts(sb, "\\n");
      else if (*p == '\t') sb_puts(sb, "\\t");
      else if (*p == '"' || *p == '\\') { sb_putc(sb, '\\'); sb_putc(sb, *p); }
      else sb_putc(sb, *p);
    }
    sb_putc(sb, '"');
    break;
  case C_LIST: print_elems(sb, c, "[", ", ", "]"); break;
  case C_SET: print_elems(sb, c, "{", ", ", "}"); break;
  case C_TUPLE: print_elems(sb, c, "(", ",", ")"); break;
  case C_MAP:
    sb_putc(sb, '{');
    for (int i = 0; i < c->n; i++) {
      if (i) sb_puts(sb, ", ");
      const_print(sb, c->elems[2 * i]);
      sb_puts(sb, "=>");
      const_print(sb, c->elems[2 * i + 1]);
    }
    sb_putc(sb, '}');
    break;
  case C_RECORD:
    sb_putc(sb, '{');
    for (int i = 0; i < c->n; i++) {
      if (i) sb_putc(sb, ',');
      sb_printf(sb, "%s:", c->names[i]);
      const_print(sb, c->elems[i]);
    }
    sb_putc(sb, '}');
    break;
  case C_FUNC: sb_printf(sb, "&%s", c->fn->name); break;
  }
}

bool
const_equal(Const *a, Const *b)
{
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case C_NULL: return true;
  case C_BOOL: case C_BYTE: case C_CHAR: return a->u == b->u;
  case C_INT: case C_REAL: case C_STRING: return !strcmp(a->text, b->text);
  case C_FUNC: return a->fn == b->fn;
  default: break;
  }
  int n = a->kind == C_MAP ? 2 * a->n : a->n;
  if (a->n != b->n) return false;
  for (int i = 0; i < n; i++) {
    if (a->kind == C_RECORD && strcmp(a->names[i], b->names[i])) return false;
    if (!const_equal(a->elems[i], b->elems[i])) return false;
  }
  return true;
}
