/* drv_words.c -- unit tests of compiler/words.c: CC and WYC_CFLAGS are
 * split into words as a POSIX shell splits them (quotes, backslashes),
 * with nothing expanded.  Each check renders the words as [w1][w2]...,
 * or "error: MESSAGE" when a quote is left open.
 */
#include <string.h>

#include "../../compiler/compiler.h"

static int failures;

#define CHECK(expected, expr) check(expected, expr, #expr, __LINE__)

static void
check(const char *want, const char *got, const char *code, int line)
{
  if (!strcmp(want, got)) return;
  printf("drv_words.c:%d: %s\n  want: %s\n  got:  %s\n", line, code, want,
         got);
  failures++;
}

static const char *
words(const char *s)
{
  PtrVec v = {0};
  const char *err = words_split(&v, s);
  StrBuf sb = {0};
  if (err) sb_printf(&sb, "error: %s", err);
  else
    for (int i = 0; i < v.n; i++) sb_printf(&sb, "[%s]", (char *)v.v[i]);
  char *out = wyil_strdup(sb.len ? sb.s : "");
  sb_free(&sb);
  return out;
}

static void
test_blanks(void)
{
  CHECK("", words(NULL));
  CHECK("", words(""));
  CHECK("", words(" \t\n "));
  CHECK("[cc]", words("cc"));
  CHECK("[ccache][gcc]", words("ccache gcc"));
  CHECK("[-O1][-g]", words("  -O1\t -g\n"));
}

static void
test_quotes(void)
{
  CHECK("[-DX=a b]", words("-DX=\"a b\""));
  CHECK("[-DX=a b]", words("'-DX=a b'"));
  CHECK("[-DX=\"a b\"]", words("'-DX=\"a b\"'"));
  CHECK("[it's]", words("\"it's\""));
  CHECK("[abc]", words("a'b'\"c\""));      /* quotes join a word */
  CHECK("[][x]", words("'' x"));           /* an empty word */
  CHECK("[][]", words("\"\" ''"));
  CHECK("[$HOME][`id`]", words("'$HOME' \"`id`\""));  /* no expansion */
  CHECK("[$HOME]", words("$HOME"));
  CHECK("error: a single quote (') is not closed", words("-DX='a b"));
  CHECK("error: a double quote (\") is not closed", words("-DX=\"a b"));
}

static void
test_backslashes(void)
{
  CHECK("[a b]", words("a\\ b"));
  CHECK("[a'b]", words("a\\'b"));
  CHECK("[ab]", words("a\\\nb"));           /* a line continuation */
  CHECK("[a\\b]", words("'a\\b'"));         /* literal inside '' */
  CHECK("[a\"b]", words("\"a\\\"b\""));     /* \" inside "" */
  CHECK("[a\\nb]", words("\"a\\nb\""));     /* \n stays inside "" */
  CHECK("[a\\]", words("a\\"));             /* a trailing backslash */
}

int
main(void)
{
  test_blanks();
  test_quotes();
  test_backslashes();
  wyil_free_all();
  if (failures) {
    printf("drv_words: %d failed\n", failures);
    return 1;
  }
  return 0;
}
