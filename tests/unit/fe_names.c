/* fe_names.c -- any file name makes valid C (issue 17, item 4): the
 * module's name comes from the file's stem, and every C identifier made
 * from it must be mangled.  A program with functions, a constrained type
 * (its `where` function is named after the module) and a record is
 * written under each odd name, compiled with $WYC (default bin/wyc)
 * --target=c, and run; it must print what it always prints.  Run from the
 * repository root (make test does).
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int failures, checks;

static const char *const program =
  "import * from whiley.lang.*\n\n"
  "define nat as int where $ >= 0\n"
  "define Point as {nat x, int y}\n\n"
  "int f(nat x):\n    return x + 1\n\n"
  "int g(Point p):\n    return f(p.x) + p.y\n\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(f(1))\n"
  "    sys.out.println(g({x: 2, y: 3}))\n";
static const char *const expected = "2\n6\n";

/* Run argv with stdout to file out (NULL: inherited); its exit status,
 * or -1. */
static int
run(char *const argv[], const char *out)
{
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (out)
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT
                                     | O_TRUNC, 0644);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc) return -1;
  int ws;
  if (waitpid(pid, &ws, 0) < 0) return -1;
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

static void
check_name(const char *dir, const char *stem)
{
  char src[512], exe[512], out[512], got[256] = "";
  checks++;
  snprintf(src, sizeof src, "%s/%s.whiley", dir, stem);
  snprintf(exe, sizeof exe, "%s/prog", dir);
  snprintf(out, sizeof out, "%s/out.txt", dir);
  FILE *f = fopen(src, "w");
  if (!f) {
    perror(src);
    failures++;
    return;
  }
  fputs(program, f);
  fclose(f);
  const char *wyc = getenv("WYC") ? getenv("WYC") : "bin/wyc";
  char *cc[] = {(char *)wyc, "--target=c", src, "-o", exe, NULL};
  int st = run(cc, NULL);
  if (st != 0) {
    printf("fe_names.c: '%s.whiley' does not compile (status %d)\n", stem,
           st);
    failures++;
    return;
  }
  char *ex[] = {exe, NULL};
  st = run(ex, out);
  f = fopen(out, "r");
  size_t n = f ? fread(got, 1, sizeof got - 1, f) : 0;
  got[n] = 0;
  if (f) fclose(f);
  if (st != 0 || strcmp(got, expected)) {
    printf("fe_names.c: '%s.whiley' printed \"%s\" (status %d), expected "
           "\"%s\"\n", stem, got, st, expected);
    failures++;
  }
  remove(src);
  remove(exe);
  remove(out);
}

int
main(void)
{
  char dir[] = "/tmp/wyc_fe_names_XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  static const char *const stems[] = {
    "odd:name", "1x", "a-b", "x y", "a.b", "int", "main", "wy_lib_Math",
    "\xc3\xa9t\xc3\xa9", "_", "static",
  };
  for (size_t i = 0; i < sizeof stems / sizeof stems[0]; i++)
    check_name(dir, stems[i]);
  rmdir(dir);
  if (failures) {
    printf("fe_names: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("%d checks here, 0 failed\nOK fe_names\n", checks);
  return 0;
}
