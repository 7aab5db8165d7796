/* error.c -- language errors (§8) and exceptions (§3.9).
 *
 * wy_fail flushes stdout (everything printed before the fault is kept),
 * writes "FILE:LINE:COL: MESSAGE" or just "MESSAGE" on stderr and exits
 * with status 1.  Exceptions use a stack of handlers, one per active
 * try block, each with a jmp_buf: wy_throw pops the innermost handler
 * and longjmps to it with the thrown value; a try block that completes
 * normally pops its handler with wy_try_pop.  Values owned by frames
 * that a throw unwinds are not released (a bounded leak per throw).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "wyrt_impl.h"

static WyHandler *handlers;   /* innermost active try block */

void (*wyrt_quiesce)(void);
const WyPos *wy_native_at;

_Noreturn void
wy_fail(const char *msg, const WyPos *pos)
{
  if (!pos) pos = wy_native_at;
  if (wyrt_quiesce) wyrt_quiesce();
  fflush(stdout);
  if (pos && pos->file)
    fprintf(stderr, "%s:%d:%d: %s\n", pos->file, pos->line, pos->col, msg);
  else
    fprintf(stderr, "%s\n", msg);
  exit(1);
}

/* ---- the stack-depth guard (wyrt.h wy_enter) -------------------- */

long wyrt_depth;
char *wyrt_stack_low;

enum {
  STACK_RESERVE_MIN = 256 << 10,   /* below the last generated frame: */
  STACK_RESERVE_MAX = 4 << 20,     /* GMP, printing, OpenCL, wy_fail */
};
/* The stack assumed when RLIMIT_STACK is unlimited (or unknown). */
static const uint64_t stack_unlimited = (uint64_t)1 << 30;

void
wyrt_stack_setup(char *top)
{
  struct rlimit rl;
  uint64_t size = stack_unlimited;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      rl.rlim_cur < size)
    size = rl.rlim_cur;
  uint64_t reserve = size / 8;
  if (reserve < STACK_RESERVE_MIN) reserve = STACK_RESERVE_MIN;
  if (reserve > STACK_RESERVE_MAX) reserve = STACK_RESERVE_MAX;
  /* main's frame lies below argv and the environment: a few pages */
  reserve += 64 << 10;
  if (size <= reserve || (uintptr_t)top < size) return;   /* no guard */
  wyrt_stack_low = top - (size - reserve);
}

_Noreturn void
wyrt_stack_overflow(const WyPos *pos)
{
  wyrt_stack_low = NULL;   /* wy_fail's own calls may go deeper */
  char msg[96];
  snprintf(msg, sizeof msg, "stack overflow (recursion deeper than %ld)",
           wyrt_depth - 1);
  wy_fail(msg, pos);
}

_Noreturn void
wyrt_internal(const char *what)
{
  if (wyrt_quiesce) wyrt_quiesce();
  fflush(stdout);
  fprintf(stderr, "internal error (libwyrt): %s\n", what);
  exit(2);
}

void
wy_try_push(WyHandler *h)
{
  h->prev = handlers;
  h->thrown = WY_UNDEF;
  h->depth = wyrt_depth;
  handlers = h;
}

void
wy_try_pop(WyHandler *h)
{
  if (handlers == h) handlers = h->prev;   /* a throw may have popped it */
}

_Noreturn void
wyrt_throw_owned(wyv v)
{
  WyHandler *h = handlers;
  if (!h) {                   /* cannot happen in a program that compiles */
    WyBuf b = {0};
    wyrt_buf_puts(&b, "uncaught exception: ");
    wyrt_format(&b, v, false);
    wyrt_buf_putc(&b, 0);
    wy_fail(b.p, NULL);
  }
  handlers = h->prev;
  h->thrown = v;
  wyrt_depth = h->depth;   /* the frames unwound left without wy_leave */
  longjmp(h->env, 1);
}

_Noreturn void
wy_throw(wyv v)
{
  wy_incref(v);
  wyrt_throw_owned(v);
}
