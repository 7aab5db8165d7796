/* cc_spawn.c -- run the C compiler and say in wyc's words why it failed.
 *
 * Stage: the driver (main.c), after the C back end wrote the program.
 * Input: cc's argument vector (never a shell: posix_spawnp, so that no
 * file name is ever interpreted) and the executable's name.  Output:
 * cc's exit status as wyc's (0 or 1); on failure one message on stderr.
 *
 * cc's stderr goes through a pipe.  When cc succeeds, what it wrote (the
 * warnings that WYC_CFLAGS may ask for) is passed on unchanged.  When it
 * fails, the message says why in wyc's words:
 *   wyc: cannot write the executable 'out': No space left on device
 *     (ld or as said it: a full disk or a quota, whatever cc's wording)
 *   wyc: the C compiler 'cc' was killed by signal 11 (Segmentation fault)
 *   wyc: the C compiler 'cc' failed (exit status 1):
 *     followed by the first lines cc wrote, indented.
 */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler.h"

extern char **environ;

enum {
  KEPT_BYTES = 65536,   /* of cc's stderr; the rest is read and dropped */
  SHOWN_LINES = 8,      /* of it, in a failure's message */
};

/* What the system says when a write finds no room: ld's and as's
 * messages carry strerror's text. */
static const int full_errors[] = {ENOSPC, EDQUOT, EFBIG};

/* Read fd to its end; keep the first KEPT_BYTES in *text. */
static void
read_all(int fd, StrBuf *text)
{
  char buf[4096];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n && text->len < KEPT_BYTES; i++)
      sb_putc(text, buf[i]);
  }
  sb_putc(text, 0);
  text->len--;
}

/* cc's exit status in *st; false (and a message) if waiting failed. */
static bool
wait_for(pid_t pid, int *st)
{
  while (waitpid(pid, st, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "wyc: waiting for the C compiler: %s\n",
              strerror(errno));
      return false;
    }
  return true;
}

static void
show_lines(const char *text)
{
  const char *p = text;
  for (int i = 0; i < SHOWN_LINES && *p; i++) {
    const char *nl = strchr(p, '\n');
    int len = nl ? (int)(nl - p) : (int)strlen(p);
    fprintf(stderr, "  %.*s\n", len, p);
    p = nl ? nl + 1 : p + len;
  }
  if (*p) fprintf(stderr, "  ...\n");
}

/* The message of a failure whose exit status is st, text cc's stderr. */
static void
report(const char *cc, const char *output, int st, const char *text)
{
  if (WIFSIGNALED(st)) {
    int sig = WTERMSIG(st);
    fprintf(stderr, "wyc: the C compiler '%s' was killed by signal %d "
            "(%s)\n", cc, sig, strsignal(sig));
    show_lines(text);
    return;
  }
  for (size_t i = 0; i < sizeof full_errors / sizeof *full_errors; i++) {
    const char *why = strerror(full_errors[i]);
    if (strstr(text, why)) {
      fprintf(stderr, "wyc: cannot write the executable '%s': %s\n", output,
              why);
      return;
    }
  }
  fprintf(stderr, "wyc: the C compiler '%s' failed (exit status %d)%s\n",
          cc, WEXITSTATUS(st), *text ? ":" : ", saying nothing");
  show_lines(text);
}

int
cc_spawn(char **argv, const char *output)
{
  int fds[2];
  if (pipe(fds) != 0) {
    fprintf(stderr, "wyc: cannot run the C compiler: %s\n", strerror(errno));
    return 1;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  posix_spawn_file_actions_addclose(&fa, fds[1]);
  fflush(NULL);
  pid_t pid;
  int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  if (err) {
    close(fds[0]);
    fprintf(stderr, "wyc: cannot run the C compiler '%s': %s (set CC)\n",
            argv[0], strerror(err));
    return 1;
  }
  StrBuf text = {0};
  read_all(fds[0], &text);
  close(fds[0]);
  int st, rc = 1;
  if (wait_for(pid, &st)) {
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
      fputs(text.s, stderr);   /* warnings asked for */
      rc = 0;
    } else {
      report(argv[0], output, st, text.s);
    }
  }
  sb_free(&text);
  return rc;
}
