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
 * A large program's units (c_backend/cgen_units.c) are compiled by
 * several runs of cc, a few at a time (cc_spawn_all), and then linked;
 * the first failure is said as one run's is, the others are waited for.
 */
#include <errno.h>
#include <poll.h>
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

/* One run of the C compiler: its pid, and the pipe of its stderr. */
typedef struct CcRun {
  pid_t pid;
  int fd;
  StrBuf text;         /* what it wrote to stderr (KEPT_BYTES) */
} CcRun;

/* Start argv with its stderr into a pipe; false after saying why not. */
static bool
start(char **argv, CcRun *run)
{
  int fds[2];
  if (pipe(fds) != 0) {
    fprintf(stderr, "wyc: cannot run the C compiler: %s\n", strerror(errno));
    return false;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  posix_spawn_file_actions_addclose(&fa, fds[1]);
  fflush(NULL);
  int err = posix_spawnp(&run->pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  if (err) {
    close(fds[0]);
    fprintf(stderr, "wyc: cannot run the C compiler '%s': %s (set CC)\n",
            argv[0], strerror(err));
    return false;
  }
  run->fd = fds[0];
  run->text = (StrBuf){0};
  return true;
}

/* Its exit, once its stderr is read: 0, or 1 after the message (when
 * quiet is false: a failure already said is enough). */
static int
finish(char **argv, CcRun *run, const char *output, bool quiet)
{
  sb_putc(&run->text, 0);
  run->text.len--;
  int st, rc = 1;
  if (wait_for(run->pid, &st)) {
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
      fputs(run->text.s, stderr);   /* warnings asked for */
      rc = 0;
    } else if (!quiet) {
      report(argv[0], output, st, run->text.s);
    }
  }
  sb_free(&run->text);
  return rc;
}

int
cc_spawn(char **argv, const char *output)
{
  CcRun run;
  if (!start(argv, &run)) return 1;
  read_all(run.fd, &run.text);
  close(run.fd);
  return finish(argv, &run, output, false);
}

/* Read what is there of run's stderr; false at its end. */
static bool
read_some(CcRun *run)
{
  char buf[4096];
  ssize_t n = read(run->fd, buf, sizeof buf);
  if (n < 0 && errno == EINTR) return true;
  if (n <= 0) return false;
  for (ssize_t i = 0; i < n && run->text.len < KEPT_BYTES; i++)
    sb_putc(&run->text, buf[i]);
  return true;
}

int
cc_spawn_all(char ***argvs, int n, int parallel, const char *output)
{
  CcRun *runs = calloc((size_t)parallel, sizeof(CcRun));
  int *job = calloc((size_t)parallel, sizeof(int));
  struct pollfd *pfd = calloc((size_t)parallel, sizeof(struct pollfd));
  if (!runs || !job || !pfd) {
    fprintf(stderr, "wyc: out of memory\n");
    exit(1);
  }
  int next = 0, running = 0, rc = 0;
  for (;;) {
    while (rc == 0 && next < n && running < parallel) {
      if (!start(argvs[next], &runs[running])) {
        rc = 1;
        break;
      }
      job[running++] = next++;
    }
    if (running <= 0) break;
    for (int k = 0; k < running; k++)
      pfd[k] = (struct pollfd){runs[k].fd, POLLIN, 0};
    if (poll(pfd, (nfds_t)running, -1) < 0 && errno != EINTR) {
      fprintf(stderr, "wyc: waiting for the C compiler: %s\n",
              strerror(errno));
      rc = 1;   /* (the runs end by themselves: their pipes are closed) */
      for (int k = 0; k < running; k++) close(runs[k].fd);
      break;
    }
    for (int k = running - 1; k >= 0; k--) {
      if (!pfd[k].revents || read_some(&runs[k])) continue;
      close(runs[k].fd);
      if (finish(argvs[job[k]], &runs[k], output, rc != 0)) rc = 1;
      runs[k] = runs[running - 1];
      job[k] = job[running - 1];
      pfd[k] = pfd[running - 1];
      running--;
    }
  }
  free(runs);
  free(job);
  free(pfd);
  return rc;
}
