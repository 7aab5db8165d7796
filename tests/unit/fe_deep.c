/* fe_deep.c -- deep input to the front end (issue 17, item 2) and long
 * input (issue 42, item 1): chains that the parser builds in loops
 * (a + b + ..., a[0][0]..., a.x.x..., x && x && ..., string
 * concatenations, list literals of many elements), if/else if chains,
 * deep nesting (parentheses, blocks, unary minus, list literals), chains
 * of type or constant definitions that each name the one before, and
 * deep nests of loops (flow typing).  Each program is generated here,
 * written to a temporary directory, and run through the whole front end
 * (parse, resolve, flow typing, lowering) in a child process.  A chain
 * is no nesting: of any length it must compile (60,000 and 100,000
 * links here; tests/unit/fe_long.c runs longer ones through wyc).
 * Nesting just under the limit must compile; far over it, the child
 * must exit 1 with "FILE:LINE:COL: error: ... nested too deeply (limit
 * N)", never run the C stack out.  The child runs the front end on the
 * big stack, as wyc does (big_stack.c).  Run from the repository root
 * (make test does).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../compiler/compiler.h"

static int failures, checks;
static char dir[64];

static void
put(StrBuf *sb, int n, const char *s)
{
  for (int i = 0; i < n; i++) sb_puts(sb, s);
}

/* The program for `kind` with size n. */
static char *
program(const char *kind, int n)
{
  StrBuf sb = {0};
  sb_puts(&sb, "import * from whiley.lang.*\n\n");
  if (!strcmp(kind, "sum")) {
    sb_puts(&sb, "int f(int a, int b):\n    return a");
    put(&sb, n - 1, " + b");
  } else if (!strcmp(kind, "index")) {
    sb_puts(&sb, "define T as [T]\n\nT f(T a):\n    return a");
    put(&sb, n, "[0]");
  } else if (!strcmp(kind, "field")) {
    sb_puts(&sb, "define R as {R x}\n\nR f(R a):\n    return a");
    put(&sb, n, ".x");
  } else if (!strcmp(kind, "elif")) {
    sb_puts(&sb, "int f(int x):\n    if x == 0:\n        return 0\n");
    for (int i = 1; i < n; i++)
      sb_printf(&sb, "    else if x == %d:\n        return %d\n", i, i);
    sb_puts(&sb, "    return -1");
  } else if (!strcmp(kind, "parens")) {
    sb_puts(&sb, "int f(int x):\n    return ");
    put(&sb, n, "(");
    sb_puts(&sb, "x");
    put(&sb, n, ")");
  } else if (!strcmp(kind, "list")) {
    sb_puts(&sb, "int f(int x):\n    y = ");
    put(&sb, n, "[");
    sb_puts(&sb, "x");
    put(&sb, n, "]");
    sb_puts(&sb, "\n    return x");
  } else if (!strcmp(kind, "neg")) {
    sb_puts(&sb, "int f(int x):\n    return ");
    put(&sb, n, "-");
    sb_puts(&sb, "x");
  } else if (!strcmp(kind, "and")) {
    sb_puts(&sb, "bool f(bool x):\n    return x");
    put(&sb, n - 1, " && x");
  } else if (!strcmp(kind, "andor")) {   /* x && x || x && ... */
    sb_puts(&sb, "bool f(bool x):\n    return x");
    for (int i = 1; i < n; i++) sb_puts(&sb, i % 2 ? " && x" : " || x");
  } else if (!strcmp(kind, "concat")) {
    sb_puts(&sb, "string f(string s):\n    return s");
    put(&sb, n - 1, " + \"ab\"");
  } else if (!strcmp(kind, "elems")) {   /* a list literal of n elements */
    sb_puts(&sb, "[int] f(int x):\n    return [x");
    put(&sb, n - 1, ", x");
    sb_puts(&sb, "]");
  } else if (!strcmp(kind, "constsum")) {   /* a constant folded */
    sb_puts(&sb, "define c as 1");
    put(&sb, n - 1, " + 1");
    sb_puts(&sb, "\n\nint f():\n    return c");
  } else if (!strcmp(kind, "for") || !strcmp(kind, "while")
             || !strcmp(kind, "retype")) {
    /* n nested loops; "retype": each changes the type of a variable of
     * its own (int, then int|null), so that each loop's flow typing
     * takes two rounds */
    sb_puts(&sb, "int f(int x):\n    s = 0\n");
    for (int i = 0; i < n; i++) sb_printf(&sb, "    v%d = 0\n", i);
    for (int i = 0; i < n; i++) {
      put(&sb, 4 + i, " ");
      if (!strcmp(kind, "while")) {
        sb_printf(&sb, "i%d = 0\n", i);
        put(&sb, 4 + i, " ");
        sb_printf(&sb, "while i%d < x:\n", i);
        put(&sb, 5 + i, " ");
        sb_printf(&sb, "i%d = i%d + 1\n", i, i);
      } else {
        sb_printf(&sb, "for i%d in 0..x:\n", i);
      }
      if (!strcmp(kind, "retype")) {
        put(&sb, 5 + i, " ");
        sb_printf(&sb, "if v%d is int:\n", i);
        put(&sb, 6 + i, " ");
        sb_printf(&sb, "v%d = null\n", i);
        put(&sb, 5 + i, " ");
        sb_puts(&sb, "else:\n");
        put(&sb, 6 + i, " ");
        sb_printf(&sb, "v%d = 1\n", i);
      }
    }
    put(&sb, 4 + n, " ");
    sb_puts(&sb, "s = s + 1\n    return s");
  } else if (!strcmp(kind, "typedefs")) {
    /* each definition names the one before */
    sb_puts(&sb, "define T0 as int\n");
    for (int i = 1; i < n; i++)
      sb_printf(&sb, "define T%d as T%d\n", i, i - 1);
    sb_printf(&sb, "\nT%d f(T%d x):\n    return x", n - 1, n - 1);
  } else if (!strcmp(kind, "constdefs")) {
    sb_puts(&sb, "define c0 as 1\n");
    for (int i = 1; i < n; i++)
      sb_printf(&sb, "define c%d as c%d + 1\n", i, i - 1);
    sb_printf(&sb, "\nint f():\n    return c%d", n - 1);
  } else if (!strcmp(kind, "blocks")) {
    sb_puts(&sb, "int f(int x):\n");
    for (int i = 1; i <= n; i++) {
      put(&sb, i, " ");
      sb_puts(&sb, "if x > 0:\n");
    }
    put(&sb, n + 1, " ");
    sb_puts(&sb, "return 1\n return 0");
  }
  sb_puts(&sb, "\n\nvoid ::main(System.Console sys):\n"
          "    sys.out.println(1)\n");
  char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

static int
front_end(void *path)
{
  lower_program(resolve_program(path, "stdlib"));
  return 0;
}

/* Compile src in a child; its stderr, and its exit status in *status
 * (-1 if it did not exit normally, a crash). */
static char *
run_child(const char *src, int *status)
{
  char *path = wyil_fmt("%s/deep.whiley", dir);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs(src, f);
  fclose(f);
  int fd[2];
  if (pipe(fd)) return NULL;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return NULL;
  if (pid == 0) {
    close(fd[0]);
    dup2(fd[1], 2);
    drv_on_big_stack(front_end, path);
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
  remove(path);
  return s;
}

/* Does err start with "DIR/deep.whiley:LINE:COL: error: WHAT nested too
 * deeply (limit N)"? */
static bool
is_depth_error(const char *err, const char *what)
{
  const char *p = wyil_fmt("%s/deep.whiley:", dir);
  if (strncmp(err, p, strlen(p))) return false;
  p = err + strlen(p);
  for (int k = 0; k < 2; k++) {  /* LINE: and COL: */
    if (*p < '1' || *p > '9') return false;
    while (*p >= '0' && *p <= '9') p++;
    if (*p++ != ':') return false;
  }
  const char *want = wyil_fmt(" error: %s nested too deeply (limit %d)\n",
                              what, PARSE_MAX_DEPTH);
  return !strncmp(p, want, strlen(want));
}

/* kind at size n compiles (what NULL) or fails with the nesting error
 * for `what`. */
static void
check(const char *kind, int n, const char *what)
{
  int status;
  checks++;
  char *err = run_child(program(kind, n), &status);
  bool good = err && (!what ? status == 0 && !*err
                      : status == 1 && is_depth_error(err, what));
  if (good) return;
  printf("fe_deep.c: %s of %d: expected %s%s, got exit status %d\n%.400s\n",
         kind, n, what ? what : "success", what ? " nested too deeply" : "",
         status, err ? err : "(no child)");
  failures++;
}

int
main(void)
{
  strcpy(dir, "/tmp/wyc_fe_deep_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  const int L = PARSE_MAX_DEPTH;
  const char *ok = NULL, *expr = "expression", *stmt = "statement";
  /* just under the limit: compiles */
  check("sum", L - 10, ok);
  check("index", L - 10, ok);
  check("field", L - 10, ok);
  check("elif", L - 10, ok);
  check("neg", L - 10, ok);
  check("and", L - 10, ok);
  check("parens", L - 10, ok);
  check("list", L - 10, ok);
  check("blocks", L / 2 - 10, ok);
  check("typedefs", L - 1, ok);
  check("constdefs", L - 1, ok);
  /* chains are not nesting (issue 42, item 1): no limit; these sizes
   * were the fuzz sizes of issue 17, errors until chains of more than
   * 20,000 links were (every pass over the tree went along them in C
   * recursion) */
  check("sum", 60000, ok);
  check("index", 100000, ok);
  check("field", 100000, ok);
  check("and", 60000, ok);
  check("andor", 60000, ok);
  check("concat", 60000, ok);
  check("elems", 100000, ok);
  check("constsum", 100000, ok);
  /* deep loop nests: flow typing each loop once per round of the loops
   * around it took time and memory exponential in the depth (20 nested
   * loops ran out of memory) */
  check("for", 300, ok);
  check("while", 300, ok);
  check("retype", 300, ok);
  /* deep nesting, of the fuzz sizes of issue 17: the error, no crash */
  check("elif", 20000, stmt);
  check("parens", 50000, expr);
  check("neg", 100000, expr);
  check("blocks", 3000, stmt);
  check("typedefs", 100000, "type definitions");
  check("constdefs", 100000, "constant definitions");
  /* the limit itself, in the levels the user wrote */
  check("list", L + 10, expr);
  check("parens", L + 10, expr);
  check("elif", L + 10, stmt);
  check("typedefs", L + 1, "type definitions");
  check("constdefs", L + 1, "constant definitions");
  rmdir(dir);
  if (failures) {
    printf("fe_deep: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("%d checks here, 0 failed\nOK fe_deep\n", checks);
  return 0;
}
