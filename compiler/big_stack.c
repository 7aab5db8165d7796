/* big_stack.c -- run the front end on a stack big enough for its input.
 *
 * Stage: the driver (main.c) and tests of the front end.  Input: a
 * function to run.  Output: its result, computed on a thread with a
 * stack of BIG_STACK bytes.
 *
 * The passes after the parser recurse over the syntax tree (resolution,
 * flow typing, lowering: a few C frames per level), and a long chain
 * such as `x + x + ... + x` is a left spine as deep as it is long.  On a
 * thread of BIG_STACK, parse_depth.c allows chains of PARSE_MAX_CHAIN
 * terms.  Its pages are touched only as deep as the input goes.  Where
 * such a thread cannot be had (ulimit -v), fn runs on the calling thread
 * and chains are limited like nesting (PARSE_MAX_DEPTH), which the
 * ordinary 8 MiB stack holds.
 */
#include <pthread.h>

#include "compiler.h"

enum { BIG_STACK = 512 << 20 };

int parse_max_chain = PARSE_MAX_DEPTH;

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
  parse_max_chain = PARSE_MAX_CHAIN;
  if (started && pthread_create(&tid, &attr, run_job, &job) == 0) {
    pthread_attr_destroy(&attr);
    pthread_join(tid, NULL);
    return job.rc;
  }
  parse_max_chain = PARSE_MAX_DEPTH;
  return fn(arg);
}
