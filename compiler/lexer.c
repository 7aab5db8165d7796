/* lexer.c -- source text to tokens, with the layout filter of spec §1.6.
 *
 * Two passes, as in the 2013 compiler (WhileyLexer + WhileyFilter):
 *
 *  1. scan: the raw tokens, including NEWLINE at every line end, INDENT
 *     for the whitespace that starts a line (width: 1 per space, 4 per
 *     tab) and line comments;
 *  2. filter: drop the layout tokens that do not matter.  An INDENT not
 *     directly after a kept NEWLINE goes, NEWLINEs collapse, line
 *     comments go, and a NEWLINE or INDENT goes when the last kept token
 *     "continues" the line (`,` `(` `+` `==` `&&` `requires` ...), when
 *     the next raw token "continues" it (`)` `+` `.` a NEWLINE, a line
 *     comment ...), or inside an unclosed `{` or `[` (parentheses do not
 *     count).  Block comments are kept: the parser skips them where the
 *     2013 parser did.
 *
 * Output: a list of Tokens ending in TK_EOF.  Literal values are decoded
 * here (see TokenKind).  Errors are user errors (error_at).
 *
 * Three ways in: a whole text (lex_file, lex_string); a stream, a
 * segment at a time (a segment ends at a line end that a line at column
 * 0 follows), for parse_file_lazy, after a first scan of the whole text
 * for its lexical errors; a range again (lex_range: a function body,
 * parsed a second time when it is lowered).  The filter runs over the
 * raw tokens as they come, each judged with the next.  Tokens go to the
 * arena the caller names (a stream: one per segment), their texts to
 * the current one; reserved words, operators, line ends and the usual
 * indents are spelt by static strings.
 *
 * Strings: `\uXXXX` reproduces the 2013 lexer exactly (spec §1.4): the
 * code unit is appended and then the four hex digits are read again as
 * ordinary characters, so "A\u0042C" is "AB0042C".
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"

/* A raw token: line comments exist only in this pass. */
typedef struct RawTok {
  Token *tok;          /* NULL for a line comment */
} RawTok;

typedef struct Lexer {
  const char *file;    /* path for SrcPos */
  const char *src;     /* whole text */
  const char *p;       /* scan position */
  const char *end;     /* src + length */
  const char *bol;     /* start of the current line */
  int line;            /* current line, from 1 */
  const char *col_p;   /* a position on this line whose column is known */
  int col;             /* its column */
  RawTok *raw;         /* raw tokens */
  int nraw, capraw;
  WyArena *tokens;     /* where Tokens and raw arrays go (NULL: the
                          current arena; their texts always go there) */
  int seg;             /* Token.seg of the tokens made now */
} Lexer;

static const char *const keywords[] = {
  "skip", "true", "false", "null", "any", "byte", "char", "catch", "int",
  "real", "string", "bool", "ref", "void", "if", "switch", "break", "case",
  "default", "throw", "throws", "do", "while", "else", "where", "requires",
  "ensures", "as", "for", "assert", "assume", "debug", "return", "define",
  "function", "import", "package", "public", "native", "export", "extern",
  "new", "try",
};

/* Word operators: lexed as TK_PUNCT, never identifiers. */
static const char *const word_ops[] = {"in", "is", "no", "some", "all"};

/* ---------------------------------------------------------------- */
/* Positions and errors                                               */

/* Column (code points from 1) of p, which lies on the current line. */
static int
column_of(Lexer *lx, const char *p)
{
  if (lx->col_p < lx->bol || lx->col_p > p) {
    lx->col_p = lx->bol;
    lx->col = 1;
  }
  for (const char *q = lx->col_p; q < p; q++)
    if (((unsigned char)*q & 0xC0) != 0x80) lx->col++;
  lx->col_p = p;
  return lx->col;
}

static SrcPos
pos_at(Lexer *lx, const char *p)
{
  return (SrcPos){lx->file, lx->line, column_of(lx, p)};
}

__attribute__((format(printf, 3, 4)))
static _Noreturn void
lex_error(Lexer *lx, const char *p, const char *fmt, ...)
{
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  error_at(pos_at(lx, p), "%s", msg);
}

static void
new_line(Lexer *lx, const char *next_bol)
{
  lx->line++;
  lx->bol = next_bol;
  lx->col_p = next_bol;
  lx->col = 1;
}

/* ---------------------------------------------------------------- */
/* UTF-8                                                              */

/* Decode the code point at p (p < end); *len gets its byte length.
 * Malformed input is a user error. */
static uint32_t
decode_utf8(Lexer *lx, const char *p, int *len)
{
  const unsigned char *s = (const unsigned char *)p;
  size_t left = (size_t)(lx->end - p);
  uint32_t cp;
  int n;
  if (s[0] < 0x80) {
    *len = 1;
    return s[0];
  } else if (s[0] >= 0xC2 && s[0] < 0xE0) {
    cp = s[0] & 0x1F;
    n = 2;
  } else if (s[0] >= 0xE0 && s[0] < 0xF0) {
    cp = s[0] & 0x0F;
    n = 3;
  } else if (s[0] >= 0xF0 && s[0] < 0xF5) {
    cp = s[0] & 0x07;
    n = 4;
  } else {
    lex_error(lx, p, "invalid UTF-8 byte 0x%02X in source", s[0]);
  }
  if (left < (size_t)n)
    lex_error(lx, p, "truncated UTF-8 sequence in source");
  for (int i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80)
      lex_error(lx, p, "invalid UTF-8 sequence in source");
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
    lex_error(lx, p, "overlong or out-of-range UTF-8 sequence in source");
  *len = n;
  return cp;
}

/* Append code point cp as UTF-8 (surrogates too: a Java char may be one
 * half of a pair, and we keep it as the 2013 lexer did). */
static void
put_utf8(StrBuf *sb, uint32_t cp)
{
  if (cp < 0x80) {
    sb_putc(sb, (char)cp);
  } else if (cp < 0x800) {
    sb_putc(sb, (char)(0xC0 | (cp >> 6)));
    sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    sb_putc(sb, (char)(0xE0 | (cp >> 12)));
    sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
    sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
  } else {
    sb_putc(sb, (char)(0xF0 | (cp >> 18)));
    sb_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
    sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
    sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
  }
}

/* ---------------------------------------------------------------- */
/* Character classes                                                  */

static bool
is_digit(int c)
{
  return c >= '0' && c <= '9';
}

static bool
is_hex_digit(int c)
{
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int
hex_value(int c)
{
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

/* Identifier characters, after Java's isJavaIdentifierStart/Part: ASCII
 * letters, `_` and `$`, and (approximately) the non-ASCII letters: any
 * code point from U+00C0 except the multiplication and division signs,
 * the punctuation and mathematical blocks U+2000-U+2BFF, CJK punctuation
 * and the byte-order mark. */
static bool
is_ident_cp(uint32_t cp, bool first)
{
  if (cp < 0x80)
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
           cp == '_' || cp == '$' || (!first && is_digit((int)cp));
  if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7) return false;
  if (cp >= 0x2000 && cp <= 0x2BFF) return false;
  if (cp >= 0x3000 && cp <= 0x303F) return false;
  return cp != 0xFEFF;
}

/* Length of the whitespace character at p other than a line end (Java's
 * Character.isWhitespace), or 0. */
static int
space_len(Lexer *lx, const char *p)
{
  unsigned char c = (unsigned char)*p;
  if (c == ' ' || c == '\t' || c == '\f' || c == '\v' ||
      (c >= 0x1C && c <= 0x1F))
    return 1;
  if (c < 0x80) return 0;
  int len;
  uint32_t cp = decode_utf8(lx, p, &len);
  bool space = cp == 0x1680 || (cp >= 0x2000 && cp <= 0x2006) ||
               (cp >= 0x2008 && cp <= 0x200A) || cp == 0x2028 ||
               cp == 0x2029 || cp == 0x205F || cp == 0x3000;
  return space ? len : 0;
}

/* ---------------------------------------------------------------- */
/* Raw tokens                                                         */

/* n bytes from the token arena (Lexer.tokens). */
static void *
token_alloc(Lexer *lx, size_t n)
{
  WyArena *was = lx->tokens ? wyil_arena_use(lx->tokens) : NULL;
  void *p = wyil_alloc(n);
  if (lx->tokens) wyil_arena_use(was);
  return p;
}

/* A token spelt [start, end), its text not yet set. */
static Token *
bare_token(Lexer *lx, TokenKind kind, const char *start)
{
  Token *tok = token_alloc(lx, sizeof(Token));
  tok->kind = kind;
  tok->src = start;
  tok->seg = lx->seg;
  tok->pos = pos_at(lx, start);
  return tok;
}

static Token *
new_token(Lexer *lx, TokenKind kind, const char *start, const char *end)
{
  Token *tok = bare_token(lx, kind, start);
  tok->text = wyil_strndup(start, (size_t)(end - start));
  return tok;
}

static void
push_raw(Lexer *lx, Token *tok)
{
  if (lx->nraw == lx->capraw) {
    int cap = lx->capraw ? lx->capraw * 2 : 256;
    RawTok *raw = token_alloc(lx, sizeof(RawTok) * (size_t)cap);
    if (lx->nraw) memcpy(raw, lx->raw, sizeof(RawTok) * (size_t)lx->nraw);
    lx->raw = raw;
    lx->capraw = cap;
  }
  lx->raw[lx->nraw++].tok = tok;
}

static bool
last_raw_is_newline(Lexer *lx)
{
  return lx->nraw > 0 && lx->raw[lx->nraw - 1].tok &&
         lx->raw[lx->nraw - 1].tok->kind == TK_NEWLINE;
}

/* Decimal digits of the hexadecimal digits [p, end), no leading zeros. */
static char *
hex_to_decimal(const char *p, const char *end)
{
  size_t cap = (size_t)(end - p) * 2 + 2;  /* 16^n < 10^(2n) */
  unsigned char *dec = wyil_alloc(cap);    /* little-endian base 10 */
  size_t n = 1;
  for (; p < end; p++) {
    int carry = hex_value(*p);
    for (size_t i = 0; i < n; i++) {
      int v = dec[i] * 16 + carry;
      dec[i] = (unsigned char)(v % 10);
      carry = v / 10;
    }
    while (carry) {
      dec[n++] = (unsigned char)(carry % 10);
      carry /= 10;
    }
  }
  char *s = wyil_alloc(n + 1);
  for (size_t i = 0; i < n; i++) s[i] = (char)('0' + dec[n - 1 - i]);
  return s;
}

/* Digits without leading zeros ("007" -> "7", "0" -> "0"). */
static char *
strip_zeros(const char *p, const char *end)
{
  while (end - p > 1 && *p == '0') p++;
  return wyil_strndup(p, (size_t)(end - p));
}

/* INT, hex INT, REAL or BYTE (spec §1.4).  A `.` followed by `.` is a
 * range, never part of a real; `1.` is the real 1.0. */
static Token *
scan_number(Lexer *lx)
{
  const char *start = lx->p, *p = lx->p;
  if (p[0] == '0' && p + 1 < lx->end && p[1] == 'x') {
    p += 2;
    const char *digits = p;
    while (p < lx->end && is_hex_digit(*p)) p++;
    Token *tok = bare_token(lx, TK_INT, start);
    tok->text = hex_to_decimal(digits, p);  /* a bare 0x is 0, as in 2013 */
    lx->p = p;
    return tok;
  }
  while (p < lx->end && is_digit(*p)) p++;
  const char *int_end = p;
  if (p < lx->end && *p == '.' && !(p + 1 < lx->end && p[1] == '.')) {
    p++;
    const char *frac = p;
    while (p < lx->end && is_digit(*p)) p++;
    Token *tok = bare_token(lx, TK_REAL, start);
    tok->text = wyil_fmt("%s.%.*s", strip_zeros(start, int_end),
                         p == frac ? 1 : (int)(p - frac),
                         p == frac ? "0" : frac);
    lx->p = p;
    return tok;
  }
  if (p < lx->end && *p == 'b') {
    if (p - start > 8)
      lex_error(lx, start, "invalid byte literal: more than 8 digits");
    long v = 0;
    for (const char *q = start; q < p; q++) {
      if (*q != '0' && *q != '1')
        lex_error(lx, q, "invalid byte literal: digit '%c' is not 0 or 1",
                  *q);
      v = v * 2 + (*q - '0');
    }
    Token *tok = new_token(lx, TK_BYTE, start, p + 1);
    tok->ival = v;
    lx->p = p + 1;
    return tok;
  }
  Token *tok = bare_token(lx, TK_INT, start);
  tok->text = strip_zeros(start, p);
  lx->p = p;
  return tok;
}

/* 'c' with the escapes \t \n \r only (spec §1.4).  Any single character
 * may stand between the quotes, a quote or a newline included. */
static Token *
scan_char(Lexer *lx)
{
  const char *start = lx->p, *p = lx->p + 1;
  SrcPos pos = pos_at(lx, start);
  if (p >= lx->end) lex_error(lx, start, "unterminated character literal");
  long c;
  if (*p == '\\') {
    if (p + 1 >= lx->end)
      lex_error(lx, start, "unterminated character literal");
    switch (p[1]) {
    case 't': c = '\t'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    default:
      if ((unsigned char)p[1] < 0x20 || (unsigned char)p[1] >= 0x7F)
        lex_error(lx, p, "invalid character escape "
                  "(only \\t, \\n and \\r are allowed)");
      lex_error(lx, p, "invalid character escape '\\%c' "
                "(only \\t, \\n and \\r are allowed)", p[1]);
    }
    p += 2;
  } else {
    int len;
    uint32_t cp = decode_utf8(lx, p, &len);
    if (cp > 0xFFFF)
      lex_error(lx, p, "character U+%04X does not fit a char (UTF-16 "
                "code unit)", (unsigned)cp);
    c = (long)cp;
    if (cp == '\n') new_line(lx, p + 1);
    p += len;
  }
  if (p >= lx->end || *p != '\'')
    error_at(pos, "unterminated character literal: expected ' after one "
             "character");
  Token *tok = new_token(lx, TK_CHAR, start, p + 1);
  tok->pos = pos;
  tok->ival = c;
  lx->p = p + 1;
  return tok;
}

/* "..." with the escapes \b \t \n \f \r \" \' \\ \uXXXX; a raw newline
 * is part of the string; other bytes must be UTF-8, as in an identifier.
 */
static Token *
scan_string(Lexer *lx)
{
  const char *start = lx->p, *p = lx->p + 1;
  SrcPos pos = pos_at(lx, start);
  StrBuf sb = {0};
  for (;;) {
    if (p >= lx->end) {
      sb_free(&sb);
      error_at(pos, "unterminated string literal");
    }
    if (*p == '"') break;
    if (*p == '\\') {
      if (p + 1 >= lx->end) {
        sb_free(&sb);
        error_at(pos, "unterminated string literal");
      }
      char e = p[1];
      switch (e) {
      case 'b': sb_putc(&sb, '\b'); break;
      case 't': sb_putc(&sb, '\t'); break;
      case 'n': sb_putc(&sb, '\n'); break;
      case 'f': sb_putc(&sb, '\f'); break;
      case 'r': sb_putc(&sb, '\r'); break;
      case '"': sb_putc(&sb, '"'); break;
      case '\'': sb_putc(&sb, '\''); break;
      case '\\': sb_putc(&sb, '\\'); break;
      case 'u': {
        uint32_t cp = 0;
        for (int i = 2; i < 6; i++) {
          if (p + i >= lx->end || !is_hex_digit(p[i])) {
            sb_free(&sb);
            lex_error(lx, p, "invalid unicode escape: expected 4 hex "
                      "digits after '\\u'");
          }
          cp = cp * 16 + (uint32_t)hex_value(p[i]);
        }
        put_utf8(&sb, cp);
        p += 2;  /* the 2013 quirk: the digits are read again */
        continue;
      }
      default:
        sb_free(&sb);
        if ((unsigned char)e < 0x20 || (unsigned char)e >= 0x7F)
          lex_error(lx, p, "invalid escape in string literal");
        lex_error(lx, p, "invalid escape '\\%c' in string literal", e);
      }
      p += 2;
      continue;
    }
    if (*p == '\n') new_line(lx, p + 1);
    int len = 1;
    if ((unsigned char)*p >= 0x80) decode_utf8(lx, p, &len);  /* or exit */
    for (int i = 0; i < len; i++) sb_putc(&sb, *p++);
  }
  Token *tok = bare_token(lx, TK_STRING, start);
  tok->text = wyil_strndup(start, (size_t)(p + 1 - start));
  tok->pos = pos;
  char *s = wyil_alloc(sb.len + 1);
  if (sb.len) memcpy(s, sb.s, sb.len);
  tok->str = s;
  tok->strlen = sb.len;
  sb_free(&sb);
  lx->p = p + 1;
  return tok;
}

static Token *
scan_ident(Lexer *lx)
{
  const char *start = lx->p, *p = lx->p;
  for (;;) {
    if (p >= lx->end) break;
    int len;
    uint32_t cp = decode_utf8(lx, p, &len);
    if (!is_ident_cp(cp, p == start)) break;
    p += len;
  }
  /* reserved words and word operators are spelt by their tables */
  size_t n = (size_t)(p - start);
  Token *tok = bare_token(lx, TK_IDENT, start);
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (strlen(keywords[i]) == n && !memcmp(start, keywords[i], n)) {
      tok->kind = TK_KEYWORD;
      tok->text = keywords[i];
    }
  for (size_t i = 0; i < sizeof word_ops / sizeof *word_ops; i++)
    if (strlen(word_ops[i]) == n && !memcmp(start, word_ops[i], n)) {
      tok->kind = TK_PUNCT;
      tok->text = word_ops[i];
    }
  if (!tok->text) tok->text = wyil_strndup(start, n);
  lx->p = p;
  return tok;
}

/* ASCII operators, longest first within each first character. */
static const char *const ascii_ops[] = {
  "...", "..", "::", "->", "&&", "||", "!=", "==", "=>", "<=", "<<", ">=",
  ">>", ",", "(", ")", "[", "]", "{", "}", "+", "-", "*", "/", "%", "!",
  "?", "=", "<", ">", ":", ";", "&", "|", "^", ".", "~",
};

/* Unicode operators; `∈ ≤ ≥` are normalised to `in <= >=`. */
static const struct {
  uint32_t cp;
  const char *text;  /* NULL: lexed by the 2013 compiler, usable nowhere */
} uni_ops[] = {
  {0x2264, "<="}, {0x2265, ">="}, {0x222A, "\u222A"}, {0x2229, "\u2229"},
  {0x2208, "in"}, {0x2282, "\u2282"}, {0x2286, "\u2286"},
  {0x2283, "\u2283"}, {0x2287, "\u2287"}, {0x2205, "\u2205"},
  {0x2200, NULL}, {0x2203, NULL}, {0x2227, NULL}, {0x2228, NULL},
};

/* An operator at lx->p, or NULL. */
static Token *
scan_operator(Lexer *lx)
{
  const char *p = lx->p;
  if ((unsigned char)*p >= 0x80) {
    int len;
    uint32_t cp = decode_utf8(lx, p, &len);
    for (size_t i = 0; i < sizeof uni_ops / sizeof *uni_ops; i++) {
      if (uni_ops[i].cp != cp) continue;
      if (!uni_ops[i].text)
        lex_error(lx, p, "the operator '%.*s' is not supported", len, p);
      Token *tok = bare_token(lx, TK_PUNCT, p);
      tok->text = uni_ops[i].text;
      lx->p = p + len;
      return tok;
    }
    return NULL;
  }
  for (size_t i = 0; i < sizeof ascii_ops / sizeof *ascii_ops; i++) {
    size_t n = strlen(ascii_ops[i]);
    if ((size_t)(lx->end - p) >= n && !memcmp(p, ascii_ops[i], n)) {
      Token *tok = bare_token(lx, TK_PUNCT, p);
      tok->text = ascii_ops[i];
      lx->p = p + n;
      return tok;
    }
  }
  return NULL;
}

/* Whitespace at the start of a line: 1 per space, 4 per tab. */
static Token *
scan_indent(Lexer *lx)
{
  const char *start = lx->p, *p = lx->p;
  int width = 0;
  for (; p < lx->end && (*p == ' ' || *p == '\t'); p++)
    width += *p == '\t' ? 4 : 1;
  /* the usual spellings (all tabs, all spaces) need no copy */
  static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
  static const char spaces[] = "                                ";
  size_t n = (size_t)(p - start);
  Token *tok = bare_token(lx, TK_INDENT, start);
  if (n < sizeof tabs && strspn(start, "\t") >= n)
    tok->text = tabs + sizeof tabs - 1 - n;
  else if (n < sizeof spaces && strspn(start, " ") >= n)
    tok->text = spaces + sizeof spaces - 1 - n;
  else
    tok->text = wyil_strndup(start, n);
  tok->indent = width;
  lx->p = p;
  return tok;
}

/* One step of the scan at lx->p (< lx->end): a raw token, a run of
 * blanks or a lone CR.  Returns whether it ended a line that a line at
 * column 0 follows (a segment's end). */
static bool
scan_step(Lexer *lx)
{
  const char *p = lx->p;
  char c = *p;
  if (c == '\n' || (c == '\r' && p + 1 < lx->end && p[1] == '\n')) {
    const char *next = p + (c == '\r' ? 2 : 1);
    Token *nl = bare_token(lx, TK_NEWLINE, p);
    nl->text = c == '\r' ? "\r\n" : "\n";
    push_raw(lx, nl);
    lx->p = next;
    new_line(lx, next);
    if (next < lx->end && !strchr(" \t\r\n", *next)) return true;
  } else if ((c == ' ' || c == '\t') && last_raw_is_newline(lx)) {
    push_raw(lx, scan_indent(lx));
  } else if (c == '\r') {
    lx->p++;  /* a lone CR */
  } else if (space_len(lx, p)) {
    /* a run, as Java's skipWhitespace: no INDENT after, say, a \f */
    int len;
    while (lx->p < lx->end && (len = space_len(lx, lx->p)))
      lx->p += len;
  } else if (c == '/' && p + 1 < lx->end && p[1] == '/') {
    while (lx->p < lx->end && *lx->p != '\n') lx->p++;
    push_raw(lx, NULL);
  } else if (c == '/' && p + 1 < lx->end && p[1] == '*') {
    const char *q = p + 2;
    SrcPos pos = pos_at(lx, p);
    while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/')) {
      if (*q == '\n') new_line(lx, q + 1);
      q++;
    }
    if (q + 1 >= lx->end) error_at(pos, "unterminated block comment");
    Token *tok = bare_token(lx, TK_BLOCK_COMMENT, p);
    tok->text = wyil_strndup(p, (size_t)(q + 2 - p));
    tok->pos = pos;
    push_raw(lx, tok);
    lx->p = q + 2;
  } else if (is_digit(c)) {
    push_raw(lx, scan_number(lx));
  } else if (c == '"') {
    push_raw(lx, scan_string(lx));
  } else if (c == '\'') {
    push_raw(lx, scan_char(lx));
  } else {
    Token *tok = scan_operator(lx);
    if (tok) {
      push_raw(lx, tok);
      return false;
    }
    int len;
    uint32_t cp = decode_utf8(lx, p, &len);
    if (is_ident_cp(cp, true)) {
      push_raw(lx, scan_ident(lx));
    } else if (cp >= 0x20 && cp < 0x7F) {
      lex_error(lx, p, "unexpected character '%c'", c);
    } else if (cp >= 0x80) {
      lex_error(lx, p, "unexpected character '%.*s' (U+%04X)", len, p,
                (unsigned)cp);
    } else {
      lex_error(lx, p, "unexpected control character (code %u)",
                (unsigned)cp);
    }
  }
  return false;
}

/* Raw tokens from lx->p to the end, or (segments) to the end of a
 * segment: a line that a line at column 0 follows, usually the end of
 * a declaration.  Returns whether text is left. */
static bool
scan(Lexer *lx, bool segments)
{
  while (lx->p < lx->end)
    if (scan_step(lx) && segments) return lx->p < lx->end;
  return false;
}

/* ---------------------------------------------------------------- */
/* Layout filter (spec §1.6, WhileyFilter)                            */

/* Tokens after which a line break is not an end of line. */
static const char *const left_joiners[] = {
  ",", "(", "[", "{", "+", "-", "!", ".", "=", "==", "!=", "<=", ">=",
  "<", ">", "no", "some", "in", "\u222A", "\u2229", "\u2282", "\u2283",
  "\u2286", "\u2287", "&&", "||", "&", "->",
};
static const char *const left_joiner_keywords[] = {
  "requires", "ensures", "where",
};

/* Tokens before which a line break is not an end of line. */
static const char *const right_joiners[] = {
  ",", ")", "]", "}", "+", "-", ".", "=", "==", "!=", "<=", ">=", "<",
  ">", "in", "\u222A", "\u2229", "\u2282", "\u2283", "\u2286", "\u2287",
  "&&", "||", "&", "->",
};

static bool
in_list(const char *text, const char *const *list, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strcmp(text, list[i])) return true;
  return false;
}

#define IN_LIST(text, list) in_list(text, list, sizeof list / sizeof *list)

static bool
is_left_joiner(Token *tok)
{
  if (!tok) return false;
  if (tok->kind == TK_PUNCT) return IN_LIST(tok->text, left_joiners);
  if (tok->kind == TK_KEYWORD)
    return IN_LIST(tok->text, left_joiner_keywords);
  return false;
}

static bool
is_right_joiner(RawTok *raw)
{
  if (!raw->tok) return true;  /* a line comment */
  if (raw->tok->kind == TK_NEWLINE) return true;
  return raw->tok->kind == TK_PUNCT && IN_LIST(raw->tok->text, right_joiners);
}

/* The filter's state between runs over successive raw tokens. */
typedef struct Filter {
  Token head;             /* head.next: the first kept token */
  Token *cur;             /* the last kept token, or &head */
  bool after_newline;
  int nesting;            /* unclosed { and [ */
} Filter;

static void
filter_init(Filter *f)
{
  memset(f, 0, sizeof *f);
  f->cur = &f->head;
  f->after_newline = true;
}

/* Keep or drop the raw tokens lx->raw[0 .. nraw): each is judged with
 * the next one, so the last stays for the next run unless `last` (the
 * end of the text).  The one left moves to raw[0]. */
static void
filter(Lexer *lx, Filter *f, bool last)
{
  int upto = last ? lx->nraw : lx->nraw - 1;
  for (int i = 0; i < upto; i++) {
    Token *tok = lx->raw[i].tok;
    Token *kept = f->cur == &f->head ? NULL : f->cur;
    if (!tok) continue;  /* line comment */
    bool ws = tok->kind == TK_NEWLINE || tok->kind == TK_INDENT;
    if (tok->kind == TK_INDENT && !f->after_newline) continue;
    if (tok->kind == TK_NEWLINE && f->after_newline) continue;
    if (ws && is_left_joiner(kept)) continue;
    if (ws && i + 1 < lx->nraw && is_right_joiner(&lx->raw[i + 1]))
      continue;
    if (ws && i + 1 == lx->nraw) continue;  /* trailing blanks: moot */
    if (ws && f->nesting > 0) continue;
    f->cur = f->cur->next = tok;
    f->after_newline = tok->kind == TK_NEWLINE;
    if (tok_is(tok, "{") || tok_is(tok, "[")) f->nesting++;
    if ((tok_is(tok, "}") || tok_is(tok, "]")) && f->nesting > 0)
      f->nesting--;
  }
  if (upto < lx->nraw) lx->raw[0] = lx->raw[upto];
  lx->nraw = lx->nraw - upto;
}

/* The end of a token list: TK_EOF, whose next is itself (the parser may
 * look past the end safely). */
static Token *
eof_token(Lexer *lx, SrcPos pos)
{
  Token *eof = token_alloc(lx, sizeof(Token));
  eof->kind = TK_EOF;
  eof->text = "";
  eof->pos = pos;
  eof->src = lx->end;
  eof->seg = lx->seg;
  eof->next = eof;
  return eof;
}

/* Position for TK_EOF: just after the last non-blank character. */
static SrcPos
eof_position(const char *file, const char *src, size_t len)
{
  const char *end = src + len;
  while (end > src && (end[-1] == '\n' || end[-1] == '\r' ||
                       end[-1] == ' ' || end[-1] == '\t'))
    end--;
  int line = 1, col = 1;
  for (const char *p = src; p < end; p++) {
    if (*p == '\n') {
      line++;
      col = 1;
    } else if (((unsigned char)*p & 0xC0) != 0x80) {
      col++;
    }
  }
  return (SrcPos){file, line, col};
}

static void
init_lexer(Lexer *lx, const char *file, const char *src, size_t len)
{
  memset(lx, 0, sizeof *lx);
  lx->file = file;
  lx->src = src;
  lx->p = src;
  lx->end = src + len;
  lx->bol = src;
  lx->col_p = src;
  lx->line = 1;
  lx->col = 1;
}

/* The checks of a whole text before any of it is lexed for use: a NUL
 * character, then (a stream's first pass) every raw token, so that a
 * lexical error anywhere comes before the parser's. */
static void
check_text(const char *file, const char *src, size_t len, bool scan_all)
{
  Lexer lx;
  init_lexer(&lx, file, src, len);
  const char *nul = memchr(src, '\0', len);
  if (nul) {
    /* only the part before the NUL is shown by diagnostics */
    for (const char *p = src; p < nul; p++)
      if (*p == '\n') new_line(&lx, p + 1);
    lex_error(&lx, nul, "NUL character in source");
  }
  if (!scan_all) return;
  WyArena *scratch = wyil_arena_new();
  WyArena *was = wyil_arena_use(scratch);
  if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3)) lx.p += 3;  /* BOM */
  for (bool more = true; more;) {
    more = scan(&lx, true);
    lx.raw = NULL;
    lx.nraw = lx.capraw = 0;
    wyil_arena_use(was);
    wyil_arena_reset(scratch);
    wyil_arena_use(scratch);
  }
  wyil_arena_use(was);
  wyil_arena_free(scratch);
}

static Token *
lex(const char *file, const char *src, size_t len)
{
  diag_register_source(file, src);
  check_text(file, src, len, false);
  Lexer lx;
  init_lexer(&lx, file, src, len);
  if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3)) lx.p += 3;  /* BOM */
  scan(&lx, false);
  Filter f;
  filter_init(&f);
  filter(&lx, &f, true);
  f.cur->next = eof_token(&lx, eof_position(file, src, len));
  return f.head.next;
}

Token *
lex_string(const char *file, const char *text)
{
  return lex(file, wyil_strdup(text), strlen(text));
}

/* The text of the file at path, NUL-terminated, in the compilation
 * arena; *len gets its length. */
static char *
read_source(const char *path, size_t *len)
{
  FILE *fp = fopen(path, "rb");
  if (!fp) error_at((SrcPos){path, 0, 0}, "cannot open file: %s",
                    strerror(errno));
  StrBuf sb = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
    for (size_t i = 0; i < n; i++) sb_putc(&sb, buf[i]);
  bool failed = ferror(fp);
  fclose(fp);
  if (failed) {
    sb_free(&sb);
    error_at((SrcPos){path, 0, 0}, "cannot read file");
  }
  WyArena *was = wyil_arena_use(NULL);
  char *src = wyil_alloc(sb.len + 1);
  wyil_arena_use(was);
  if (sb.len) memcpy(src, sb.s, sb.len);
  *len = sb.len;
  sb_free(&sb);
  return src;
}

Token *
lex_file(const char *path)
{
  size_t len;
  char *src = read_source(path, &len);
  return lex(wyil_strdup(path), src, len);
}

/* ---------------------------------------------------------------- */
/* Streams: a file lexed a few segments at a time                     */

struct LexStream {
  Lexer lx;            /* the scan, where the last segment ended */
  Filter f;            /* the filter, likewise */
  SrcPos eof_pos;
  bool done;           /* all scanned: the list ends in TK_EOF */
  Token barrier;       /* after the last token while not done */
  WyArena **arenas;    /* arenas[i]: the tokens of segment lo + i */
  int lo, hi;          /* segments lo .. hi-1 are held */
  int cap;             /* of arenas */
  const LexText *text; /* for LexRanges, once asked */
};

/* Scan and filter the next segment into an arena of its own. */
static void
stream_scan(LexStream *s)
{
  Lexer *lx = &s->lx;
  bool pending = lx->nraw > 0;   /* the raw token the filter left */
  Token *left = pending ? lx->raw[0].tok : NULL;
  if (s->hi - s->lo == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 8;
    s->arenas = realloc(s->arenas, sizeof(WyArena *) * (size_t)s->cap);
    if (!s->arenas) internal_error("out of memory");
  }
  WyArena *a = wyil_arena_new();
  s->arenas[s->hi - s->lo] = a;
  lx->tokens = a;
  lx->seg = s->hi++;
  lx->raw = NULL;
  lx->nraw = lx->capraw = 0;
  if (pending) push_raw(lx, left);
  bool more = scan(lx, true);
  filter(lx, &s->f, !more);
  if (!more) {
    s->done = true;
    s->f.cur->next = eof_token(lx, s->eof_pos);
  } else {
    s->f.cur->next = &s->barrier;
  }
}

LexStream *
lex_stream_open(const char *path)
{
  size_t len;
  char *src = read_source(path, &len);
  const char *file = wyil_strdup(path);
  diag_register_source(file, src);
  check_text(file, src, len, true);
  LexStream *s = calloc(1, sizeof(LexStream));
  if (!s) internal_error("out of memory");
  init_lexer(&s->lx, file, src, len);
  if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3)) s->lx.p += 3;  /* BOM */
  filter_init(&s->f);
  s->eof_pos = eof_position(file, src, len);
  s->barrier.kind = TK_EOF;
  s->barrier.text = "";
  s->barrier.pos = s->eof_pos;
  s->barrier.seg = INT_MAX;
  s->barrier.next = &s->barrier;
  return s;
}

Token *
lex_stream_first(LexStream *s)
{
  while (!s->done && s->f.cur == &s->f.head) stream_scan(s);
  return s->f.head.next;
}

void
lex_stream_ensure(LexStream *s, int seg)
{
  while (!s->done && s->hi <= seg) stream_scan(s);
}

void
lex_stream_release(LexStream *s, int seg)
{
  int n = 0;
  while (s->lo + n < seg && s->lo + n < s->hi - 1) {
    wyil_arena_free(s->arenas[n]);
    n++;
  }
  if (!n) return;
  memmove(s->arenas, s->arenas + n,
          sizeof(WyArena *) * (size_t)(s->hi - s->lo - n));
  s->lo += n;
}

Token *
lex_stream_barrier(LexStream *s)
{
  return s->done ? NULL : &s->barrier;
}

int
lex_stream_last(LexStream *s)
{
  return s->done ? INT_MAX : s->hi - 1;
}

const char *
lex_stream_file(LexStream *s)
{
  return s->lx.file;
}

const LexText *
lex_stream_text(LexStream *s)
{
  if (!s->text) {   /* in the compilation arena: bodies outlive s */
    WyArena *was = wyil_arena_use(NULL);
    LexText *t = wyil_alloc(sizeof(LexText));
    wyil_arena_use(was);
    t->file = s->lx.file;
    t->text = s->lx.src;
    t->len = (size_t)(s->lx.end - s->lx.src);
    s->text = t;
  }
  return s->text;
}

void
lex_stream_close(LexStream *s)
{
  for (int i = 0; i < s->hi - s->lo; i++) wyil_arena_free(s->arenas[i]);
  free(s->arenas);
  free(s);
}

/* ---------------------------------------------------------------- */
/* A range of a file again (a function body, lexed a second time)    */

Token *
lex_range(const LexRange *r, WyArena *tokens)
{
  Lexer lx;
  init_lexer(&lx, r->in->file, r->in->text, r->in->len);
  lx.p = lx.bol = lx.col_p = r->start;
  lx.line = r->line;
  lx.tokens = tokens;
  /* the line end before start: an INDENT there starts a line */
  Token *nl = bare_token(&lx, TK_NEWLINE, r->start);
  nl->text = "\n";
  push_raw(&lx, nl);
  Filter f;
  filter_init(&f);
  /* up to the raw token at r->end: each one before is judged with the
   * next, and the list stops there */
  bool cut = false;
  while (lx.p < lx.end && !cut) {
    scan_step(&lx);
    Token *t = lx.nraw ? lx.raw[lx.nraw - 1].tok : NULL;
    cut = t && t->src >= r->end;
  }
  filter(&lx, &f, !cut);
  Token *tail = &f.head;
  while (tail != f.cur && tail->next->src < r->end) tail = tail->next;
  tail->next = eof_token(&lx, pos_at(&lx, r->end));
  return f.head.next;
}

bool
tok_is(Token *tok, const char *text)
{
  return (tok->kind == TK_PUNCT || tok->kind == TK_KEYWORD) &&
         !strcmp(tok->text, text);
}
