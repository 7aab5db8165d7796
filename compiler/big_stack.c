/* big_stack.c -- run the front end on a stack big enough for its input.
 *
 * Stage: the driver (main.c) and tests of the front end.  Input: a
 * function to run.  Output: its result, computed on a thread with a
 * stack of BIG_STACK bytes.
 *
 * The passes after the parser recurse over the syntax tree (resolution,
 * flow typing, lowering: a few C frames per level of nesting; a chain
 * such as `x + x + ... + x` is one level, ast_walk.c), and the back
 * ends over nested types.  Nesting to PARSE_MAX_DEPTH fits the ordinary
 * 8 MiB stack; BIG_STACK is the margin for what nests without the
 * parser's count (types built up by the flow typing).  Its pages are
 * touched only as deep as the input goes.  Where such a thread cannot
 * be had (ulimit -v), fn runs on the calling thread.
 */
#include <pthread.h>

#include "compiler.h"

enum { BIG_STACK = 512 << 20 };

typedef struct Job {
  int (*fn)(void *);
  void *arg;
  int rc;
} Job;

static void *
run_job(void *p)
{
  Job *job = p;
  job->rc = job->fn(job->arg);
  return NULL;
}

int
drv_on_big_stack(int (*fn)(void *), void *arg)
{
  Job job = {fn, arg, 1};
  pthread_attr_t attr;
  pthread_t tid;
  bool started = pthread_attr_init(&attr) == 0 &&
                 pthread_attr_setstacksize(&attr, BIG_STACK) == 0;
  if (started && pthread_create(&tid, &attr, run_job, &job) == 0) {
    pthread_attr_destroy(&attr);
    pthread_join(tid, NULL);
    return job.rc;
  }
  return fn(arg);
}
