/* fe_long.c -- long chains through the whole compiler (issue 42, item
 * 1): wyc ($WYC, default bin/wyc) on generated programs whose one
 * function is a chain of many terms.
 *   - `y = x + 2 + 3 + ... + N` (x = |sys.args| + 1, so that nothing is
 *     folded) at N = 300,000 with --target=wyil: every term is one
 *     `add` of the WYIL printed (24 MB of it: a million terms, 80 MB,
 *     passed the 64 MiB file-size limit that tests/run.sh sets);
 *   - the same at N = 10,000 built (--target=c, and the default
 *     target): the program prints N (N + 1) / 2.  Its 20,000
 *     instructions are cut in parts (c_backend/cgen_outline.c);
 *   - `s = "a" + "b" + ...` of 10,000 strings built: prints the length;
 *   - a list literal nested 500 deep built: prints it.
 * A chain of more than 20,000 links was an error ("expression too
 * long"); the C of a sum of 20,000 terms took gcc minutes.  Under the
 * sanitizers the sizes are smaller (WYC_ASAN).  Run from the repository
 * root (make test does).
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int failures, checks;
static char dir[64];

static const char *
err_path(void)
{
  static char path[128];
  snprintf(path, sizeof path, "%s/err", dir);
  return path;
}

/* Run argv with stdout to file out, stderr to DIR/err; its exit status,
 * or -1. */
static int
run(char *const argv[], const char *out)
{
  const char *err = err_path();
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc) return -1;
  int ws;
  if (waitpid(pid, &ws, 0) < 0) return -1;
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

/* The whole of file path (malloc'd, "" if unreadable). */
static char *
slurp(const char *path)
{
  FILE *f = fopen(path, "r");
  char *s = NULL;
  size_t n = 0, cap = 0;
  int c;
  while (f && (c = fgetc(f)) != EOF) {
    if (n + 2 > cap) {
      cap = cap ? 2 * cap : 4096;
      s = realloc(s, cap);
      if (!s) exit(2);
    }
    s[n++] = (char)c;
  }
  if (f) fclose(f);
  if (!s) s = calloc(1, 1);
  s[n] = 0;
  return s;
}

/* What the last run wrote to stderr, its first line (cut), for a
 * failure's message. */
static void
show_err(void)
{
  char line[200] = "";
  FILE *f = fopen(err_path(), "r");
  if (f && fgets(line, sizeof line, f)) printf("    %s%s", line,
                                              strchr(line, '\n') ? "" : "\n");
  if (f) fclose(f);
}

/* The program of kind "sum", "concat" or "nest" at size n, written to
 * DIR/long.whiley. */
static const char *
write_program(const char *kind, long n)
{
  static char path[128];
  snprintf(path, sizeof path, "%s/long.whiley", dir);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs("import * from whiley.lang.*\n\n"
        "void ::main(System.Console sys):\n", f);
  if (!strcmp(kind, "sum")) {
    fputs("    x = |sys.args| + 1\n    y = x", f);
    for (long i = 2; i <= n; i++) fprintf(f, " + %ld", i);
    fputs("\n    sys.out.println(y)\n", f);
  } else if (!strcmp(kind, "concat")) {
    fputs("    s = \"a\"", f);
    for (long i = 1; i < n; i++) fputs(i % 2 ? " + \"bc\"" : " + \"d\"", f);
    fputs("\n    sys.out.println(|s|)\n", f);
  } else {
    fputs("    y = ", f);
    for (long i = 0; i < n; i++) fputc('[', f);
    fputc('1', f);
    for (long i = 0; i < n; i++) fputc(']', f);
    fputs("\n    sys.out.println(y)\n", f);
  }
  fclose(f);
  return path;
}

static const char *
wyc(void)
{
  return getenv("WYC") ? getenv("WYC") : "bin/wyc";
}

/* --target=wyil of the sum of n terms: n adds. */
static void
check_wyil(long n)
{
  checks++;
  const char *src = write_program("sum", n);
  char out[128];
  snprintf(out, sizeof out, "%s/long.wyil", dir);
  char *argv[] = {(char *)wyc(), "--target=wyil", (char *)src, NULL};
  int st = src ? run(argv, out) : -1;
  char *text = slurp(out);
  long adds = 0;
  for (const char *p = text; (p = strstr(p, "    add %")); p++) adds++;
  if (st != 0 || adds != n) {
    printf("fe_long.c: --target=wyil of a sum of %ld terms: exit status "
           "%d, %ld adds (expected %ld)\n", n, st, adds, n);
    show_err();
    failures++;
  }
  free(text);
  remove(out);
}

/* The program of kind at size n built with `target` (NULL: the default)
 * and run: it must print `expect`. */
static void
check_build(const char *kind, long n, const char *target,
            const char *expect)
{
  checks++;
  const char *src = write_program(kind, n);
  char exe[128], out[128];
  snprintf(exe, sizeof exe, "%s/long", dir);
  snprintf(out, sizeof out, "%s/long.out", dir);
  char *argv[] = {(char *)wyc(), (char *)src, "-o", exe,
                  (char *)target, NULL};
  int st = src ? run(argv, out) : -1;
  char *text = NULL;
  if (st == 0) {
    char *ex[] = {exe, NULL};
    st = run(ex, out);
    text = slurp(out);
  }
  if (st != 0 || strcmp(text, expect)) {
    printf("fe_long.c: %s of %ld%s%s: exit status %d, printed \"%.60s\" "
           "(expected \"%.60s\")\n", kind, n, target ? " " : "",
           target ? target : "", st, text ? text : "", expect);
    show_err();
    failures++;
  }
  free(text);
  remove(exe);
  remove(out);
}

int
main(void)
{
  strcpy(dir, "/tmp/wyc_fe_long_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  bool asan = getenv("WYC_ASAN") != NULL;
  long big = asan ? 100000 : 300000, n = asan ? 3000 : 10000;
  check_wyil(big);
  char expect[64];
  snprintf(expect, sizeof expect, "%ld\n", n * (n + 1) / 2);
  check_build("sum", n, "--target=c", expect);
  check_build("sum", n, NULL, expect);
  snprintf(expect, sizeof expect, "%ld\n",
           1 + (n - 1) / 2 * 3 + (n - 1) % 2 * 2);
  check_build("concat", n, "--target=c", expect);
  char nest[1100];
  memset(nest, '[', 500);
  nest[500] = '1';
  memset(nest + 501, ']', 500);
  strcpy(nest + 1001, "\n");
  check_build("nest", 500, "--target=c", nest);
  remove(write_program("sum", 1));
  remove(err_path());
  rmdir(dir);
  if (failures) {
    printf("fe_long: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("%d checks here, 0 failed\nOK fe_long\n", checks);
  return 0;
}
