/* parse_errors.c -- unit tests of the syntax diagnostics (compiler/diag.c,
 * lexer.c, parser*.c): each snippet must make the front end print exactly
 * the expected "file:line:col: error: message", source line and caret,
 * and exit with status 1.  error_at ends the process, so each case runs
 * in a child process whose stderr is read back through a pipe.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../compiler/compiler.h"

static int failures;

#define CHECK_ERROR(expected, src) check_error(expected, src, __LINE__)

/* Run lex + parse of src in a child; its stderr, and its exit status in
 * *status (-1 if it did not exit normally). */
static char *
run_child(const char *src, int *status)
{
  int fd[2];
  if (pipe(fd)) return NULL;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return NULL;
  if (pid == 0) {
    close(fd[0]);
    dup2(fd[1], 2);
    parse_tokens("t.whiley", lex_string("t.whiley", src));
    fflush(stderr);
    _exit(0);
  }
  close(fd[1]);
  StrBuf sb = {0};
  char buf[512];
  ssize_t n;
  while ((n = read(fd[0], buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < n; i++) sb_putc(&sb, buf[i]);
  close(fd[0]);
  int ws;
  waitpid(pid, &ws, 0);
  *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
  char *s = wyil_strdup(sb.s ? sb.s : "");
  sb_free(&sb);
  return s;
}

static void
check_error(const char *want, const char *src, int line)
{
  int status;
  char *got = run_child(src, &status);
  if (got && status == 1 && !strcmp(got, want)) return;
  printf("parse_errors.c:%d: exit status %d\n--- want:\n%s--- got:\n%s---\n",
         line, status, want, got ? got : "(no child)");
  failures++;
}

static void
test_lexical(void)
{
  CHECK_ERROR("t.whiley:2:9: error: unterminated string literal\n"
              "    x = \"abc\n"
              "        ^\n",
              "void ::f():\n    x = \"abc\n");
  CHECK_ERROR("t.whiley:1:7: error: invalid escape '\\q' in string "
              "literal\n"
              "x = \"a\\q\"\n"
              "      ^\n",
              "x = \"a\\q\"");
  CHECK_ERROR("t.whiley:1:6: error: invalid character escape '\\\\' "
              "(only \\t, \\n and \\r are allowed)\n"
              "x = '\\\\'\n"
              "     ^\n",
              "x = '\\\\'");
  CHECK_ERROR("t.whiley:1:5: error: unterminated character literal: "
              "expected ' after one character\n"
              "x = 'ab'\n"
              "    ^\n",
              "x = 'ab'");
  CHECK_ERROR("t.whiley:1:5: error: invalid byte literal: more than 8 "
              "digits\n"
              "x = 000000001b\n"
              "    ^\n",
              "x = 000000001b");
  CHECK_ERROR("t.whiley:1:7: error: invalid byte literal: digit '2' is not "
              "0 or 1\n"
              "x = 0121b\n"
              "      ^\n",
              "x = 0121b");
  CHECK_ERROR("t.whiley:2:6: error: unexpected character '@'\n"
              "\tx = @\n"
              "\t    ^\n",
              "void ::f():\n\tx = @\n");
  CHECK_ERROR("t.whiley:1:9: error: unexpected character '#'\n"
              "x = \"\u2208\" #\n"
              "        ^\n",
              "x = \"\u2208\" #");
  CHECK_ERROR("t.whiley:1:7: error: the operator '\u2227' is not "
              "supported\n"
              "x = a \u2227 b\n"
              "      ^\n",
              "x = a \u2227 b");
  CHECK_ERROR("t.whiley:1:1: error: unterminated block comment\n"
              "/* a\n"
              "^\n",
              "/* a\n b");
}

static void
test_layout(void)
{
  CHECK_ERROR("t.whiley:3:9: error: unexpected indentation\n"
              "        y = 2\n"
              "        ^\n",
              "void ::f():\n    x = 1\n        y = 2\n");
  CHECK_ERROR("t.whiley:4:7: error: indentation of 6 matches no enclosing "
              "block (this block is indented 8)\n"
              "      y = 2\n"
              "      ^\n",
              "void ::f():\n    if x:\n        x = 1\n      y = 2\n");
  CHECK_ERROR("t.whiley:2:5: error: unexpected indentation\n"
              "    define Y as 2\n"
              "    ^\n",
              "define X as 1\n    define Y as 2\n");
  CHECK_ERROR("t.whiley:2:11: error: expected end of line after ':', found "
              "'return'\n"
              "    if x: return 1\n"
              "          ^\n",
              "int f():\n    if x: return 1\n");
  CHECK_ERROR("t.whiley:2:9: error: expected ':' after if condition, found "
              "end of line\n"
              "    if x\n"
              "        ^\n",
              "int f():\n    if x\n        return 1\n");
  CHECK_ERROR("t.whiley:4:5: error: expected 'while' at the indentation of "
              "its 'do', found 'return'\n"
              "    return\n"
              "    ^\n",
              "void ::f():\n    do:\n        skip\n    return\n");
  CHECK_ERROR("t.whiley:4:9: error: 'else' without an 'if' at the same "
              "indentation\n"
              "        else:\n"
              "        ^\n",
              "void ::f():\n    if x:\n        skip\n        else:\n"
              "            skip\n");
  CHECK_ERROR("t.whiley:2:5: error: a block comment cannot start a "
              "statement (use // comments inside functions)\n"
              "    /* no */ skip\n"
              "    ^\n",
              "void ::f():\n    /* no */ skip\n");
}

static void
test_syntax(void)
{
  CHECK_ERROR("t.whiley:2:16: error: expected ',' or ')' after argument, "
              "found '==' (a comparison or logical operator in an argument "
              "or field value needs parentheses)\n"
              "    return f(x == y)\n"
              "               ^\n",
              "int f():\n    return f(x == y)\n");
  CHECK_ERROR("t.whiley:2:10: error: expected end of line after assignment, "
              "found ','\n"
              "    t = 1, 2\n"
              "         ^\n",
              "void ::f():\n    t = 1, 2\n");
  CHECK_ERROR("t.whiley:2:8: error: expected an expression, found end of "
              "file\n"
              "    x =\n"
              "       ^\n",
              "void ::f():\n    x =\n");
  CHECK_ERROR("t.whiley:2:12: error: expected an expression, found end of "
              "line\n"
              "    x = 1 *\n"
              "           ^\n",
              "void ::f():\n    x = 1 *\n    y = 2\n");
  CHECK_ERROR("t.whiley:1:16: error: expected an expression, found end of "
              "line\n"
              "define X as 1 *\n"
              "               ^\n",
              "define X as 1 *\nint f():\n");
  CHECK_ERROR("t.whiley:1:18: error: duplicate parameter name 'x'\n"
              "int f(int x, int x):\n"
              "                 ^\n",
              "int f(int x, int x):\n");
  CHECK_ERROR("t.whiley:1:20: error: duplicate field 'x' in record\n"
              "define r as {x: 1, x: 2}\n"
              "                   ^\n",
              "define r as {x: 1, x: 2}\n");
  CHECK_ERROR("t.whiley:2:9: error: expected ']' after index, found '..'\n"
              "    xs[1..2] = 3\n"
              "        ^\n",
              "void ::f():\n    xs[1..2] = 3\n");
  CHECK_ERROR("t.whiley:2:5: error: there is no 'continue' statement in "
              "this dialect\n"
              "    continue\n"
              "    ^\n",
              "void ::f():\n    continue\n");
  CHECK_ERROR("t.whiley:2:5: error: a 'new' expression cannot be a "
              "statement\n"
              "    new 5\n"
              "    ^\n",
              "void ::f():\n    new 5\n");
  CHECK_ERROR("t.whiley:2:9: error: expected end of line after call, found "
              "'.'\n"
              "    f(1).g()\n"
              "        ^\n",
              "void ::f():\n    f(1).g()\n");
}

int
main(void)
{
  test_lexical();
  test_layout();
  test_syntax();
  wyil_free_all();
  if (failures) {
    printf("parse_errors: %d failed\n", failures);
    return 1;
  }
  return 0;
}
