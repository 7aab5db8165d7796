/* parse_lexer.c -- unit tests of compiler/lexer.c: literals, operators
 * and the layout filter of spec §1.6.
 *
 * Each check lexes a snippet and compares a one-line rendering of the
 * tokens: identifiers, keywords and operators by their text, INT as
 * i:DIGITS, REAL as r:TEXT, BYTE as b:VALUE, CHAR as c:CODE, STRING as
 * s:"CONTENTS" (C escapes), NEWLINE as NL, INDENT(n) as >n, a block
 * comment as C.  TK_EOF is left out.
 */
#include <string.h>

#include "../../compiler/compiler.h"

static int failures;

#define CHECK(expected, expr) check(expected, expr, #expr, __LINE__)

static void
check(const char *want, const char *got, const char *code, int line)
{
  if (!strcmp(want, got)) return;
  printf("parse_lexer.c:%d: %s\n  want: %s\n  got:  %s\n", line, code, want,
         got);
  failures++;
}

static const char *
tokens(const char *src)
{
  StrBuf sb = {0};
  for (Token *tok = lex_string("t.whiley", src); tok->kind != TK_EOF;
       tok = tok->next) {
    if (sb.len) sb_putc(&sb, ' ');
    switch (tok->kind) {
    case TK_NEWLINE: sb_puts(&sb, "NL"); break;
    case TK_INDENT: sb_printf(&sb, ">%d", tok->indent); break;
    case TK_INT: sb_printf(&sb, "i:%s", tok->text); break;
    case TK_REAL: sb_printf(&sb, "r:%s", tok->text); break;
    case TK_BYTE: sb_printf(&sb, "b:%ld", tok->ival); break;
    case TK_CHAR: sb_printf(&sb, "c:%ld", tok->ival); break;
    case TK_BLOCK_COMMENT: sb_puts(&sb, "C"); break;
    case TK_STRING:
      sb_puts(&sb, "s:\"");
      for (size_t i = 0; i < tok->strlen; i++) {
        unsigned char c = (unsigned char)tok->str[i];
        if (c == '\n')
          sb_puts(&sb, "\\n");
        else if (c < 0x20 || c >= 0x7F)
          sb_printf(&sb, "\\x%02X", c);
        else
          sb_putc(&sb, (char)c);
      }
      sb_putc(&sb, '"');
      break;
    default: sb_puts(&sb, tok->text); break;
    }
  }
  const char *s = wyil_strdup(sb.s ? sb.s : "");
  sb_free(&sb);
  return s;
}

static void
test_literals(void)
{
  CHECK("x = i:31 + i:7 + i:0 + i:0", tokens("x = 0x1F + 007 + 0 + 0x"));
  CHECK("i:340282366920938463463374607431768211455",
        tokens("0xffffffffffffffffffffffffffffffff"));
  CHECK("b:5 b:128 b:0", tokens("00000101b 10000000b 0b"));
  CHECK("r:1.50 r:3.0 r:0.25", tokens("1.50 3. 000.25"));
  CHECK("i:1 .. i:3", tokens("1..3"));
  CHECK("xs [ i:1 .. ]", tokens("xs[1..]"));
  CHECK("c:97 c:39 c:10 c:9 c:13 c:32",
        tokens("'a' ''' '\\n' '\\t' '\\r' ' '"));
  CHECK("s:\"a\\nb\\x09\"'\\\\x08\\x0C\\x0D\"",
        tokens("\"a\\nb\\t\\\"\\'\\\\\\b\\f\\r\""));
  /* the 2013 \u quirk: the code unit, then the digits again */
  CHECK("s:\"AB0042C\"", tokens("\"A\\u0042C\""));
  CHECK("s:\"\\xC3\\xA900E9\"", tokens("\"\\u00E9\""));
  CHECK("s:\"a\\nb\"", tokens("\"a\nb\""));  /* raw newline kept */
  CHECK("s:\"\"", tokens("\"\""));
}

static void
test_words_and_operators(void)
{
  CHECK("define nat as int where $ >= i:0",
        tokens("define nat as int where $ >= 0"));
  CHECK("this from method continue _x $y",
        tokens("this from method continue _x $y"));
  CHECK("in is no some all", tokens("in is no some all"));
  CHECK("a in b <= c >= d \u222A e \u2229 f \u2286 g \u2282 h \u2205",
        tokens("a \u2208 b \u2264 c \u2265 d \u222A e \u2229 f \u2286 g "
               "\u2282 h \u2205"));
  CHECK(", ( ) [ ] { } + - -> * / % ! != ? = == => < <= << > >= >> : :: ; "
        "& && | || ^ . .. ... ~",
        tokens(", ( ) [ ] { } + - -> * / % ! != ? = == => < <= << > >= >> "
               ": :: ; & && | || ^ . .. ... ~"));
  CHECK("x -> f ! m ( )", tokens("x->f!m()"));
  CHECK("a C b", tokens("a /* c\n c */ b"));
  CHECK("a", tokens("a // comment"));
}

static void
test_layout(void)
{
  /* statements end at kept newlines; blank and comment lines vanish */
  CHECK("a NL b", tokens("a\n\n   \n// c\n    // d\nb"));
  CHECK(">4 a NL >4 b", tokens("\n    a\n    b\n"));
  /* tabs count 4, wherever they are */
  CHECK("f : NL >4 a NL >8 b NL >8 c",
        tokens("f:\n\ta\n\t\tb\n\t    c\n"));
  /* a trailing joiner continues the line */
  CHECK("f ( a , b )", tokens("f(a,\n      b)"));
  CHECK("x = a + b", tokens("x = a +\n    b"));
  CHECK("x = y", tokens("x =\n    y"));
  CHECK("if a && b :", tokens("if a &&\n   b:"));
  CHECK("requires x", tokens("requires\n   x"));
  /* parentheses do not count; a leading joiner only at column 0 */
  CHECK("( a NL - i:3 )", tokens("(a\n  - 3)"));
  CHECK("( a - i:3 )", tokens("(a\n- 3)"));
  CHECK("( a NL >2 * b )", tokens("(a\n  * b)"));
  /* inside [ ] and { } every line break goes */
  CHECK("[ i:1 , i:2 i:3 ]", tokens("[1,\n 2\n\n   3\n]"));
  CHECK("{ int x int y }", tokens("{int x\n  int y}"));
  /* a block comment is kept, a line comment is not */
  CHECK("C NL f", tokens("/* a\n b */\nf"));
  CHECK("a NL b", tokens("a // x\nb"));
  CHECK("a NL b", tokens("a\r\nb\r\n"));
}

int
main(void)
{
  test_literals();
  test_words_and_operators();
  test_layout();
  wyil_free_all();
  if (failures) {
    printf("parse_lexer: %d failed\n", failures);
    return 1;
  }
  return 0;
}
