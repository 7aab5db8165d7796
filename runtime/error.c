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
#include <stdlib.h>

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
  longjmp(h->env, 1);
}

_Noreturn void
wy_throw(wyv v)
{
  wy_incref(v);
  wyrt_throw_owned(v);
}
