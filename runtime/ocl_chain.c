/* ocl_chain.c -- chained loops: launches that do not wait for their
 * error flag (ocl.h, "Chained loops").
 *
 * Input: wy_ocl_chain_begin .. end around a host loop the filter chose
 * (filter/chain.c), the launches ocl_run.c makes inside it without a
 * flag read (wy_ocl_chain_add), and the points that need the flag.
 * Output: whether the loop must run again, each call checked.
 *
 * Why it is sound: the host code of a chained loop reads no element of
 * a list and calls nothing (filter/chain.c), so what it computes does
 * not depend on what the device computed; each kernel sets the one flag
 * on a failure and nothing clears it until it is read here, so one read
 * covers every launch before it; a launch after a failed one may read
 * its garbage, but every kernel checks its indices against the lengths
 * the host gave it (a narrow variant trusts a list's value bounds only
 * for its arithmetic, never for an index), so it writes nothing outside
 * its buffers, and the lists written since the loop began are not the
 * ones the rerun starts from (a write makes its list unique first, and
 * the generated code holds the loop's values from its start).  What
 * the program shows (output, an error, the loop's results) therefore
 * comes only from launches whose flag was read as 0, or from the
 * rerun.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

/* The back edge reads the flag when this many launches, or the first of
 * them this long ago, went unread: bounded work lost on a failure, and
 * a loop that would run forever after one still reports it. */
enum { CHAIN_MAX_PENDING = 64 };
#define CHAIN_MAX_SECS 0.005
/* A kept list this large that a call would copy on the host (not one a
 * kernel left on the device, copied there when the device copies'
 * budget has room for it) ends the chain. */
enum { CHAIN_KEEP_COPY = 1 << 20 };
/* Buffers freed while launches are pending wait for the flag's read up
 * to this many bytes. */
#define CHAIN_MAX_RELEASE ((uint64_t)512 << 20)

static void
read_setting(WyOclChain *c)
{
  int mode = wyrt_config_word(WYRT_CFG_CHAIN);
  if (c->checked) return;
  c->off = mode == WYRT_WHERE_NEVER;
  c->always = mode == WYRT_WHERE_ALWAYS;
  c->checked = true;
}

int
wy_ocl_chain_begin(wyv *kept, int nkept)
{
  WyOclChain *c = &wy_ocl_g.chain;
  read_setting(c);
  if (c->off || c->on) return 0;   /* a chain inside a chain's CPU path */
  c->on = true;
  c->paused = false;   /* a CPU path a throw left is over */
  c->failed = false;
  c->kept = kept;
  c->nkept = nkept;
  c->pending = 0;
  c->epoch++;
  wy_ocl_g.counters.chains++;
  return 1;
}

/* Does the device run launches unchecked?  A GPU does (WYC_DEV=chain=
 * always: every device).  Not a CPU device: the flag's read costs no bus
 * round trip there, and the host's next call competes with the kernel
 * for the same cores (PoCL on 2 cores: the kernels of an all-pairs
 * force loop 9% slower chained, the
 * wall 2% faster).  Not Oclgrind: a launch after a failed one reads what
 * that one did not write, which the rerun makes harmless but its
 * checker would report as a read of uninitialised memory. */
static bool
device_defers(void)
{
  const WyOclState *g = &wy_ocl_g;
  return !g->simulator && (g->gpu || g->chain.always);
}

int
wy_ocl_chain_unchecked(void)
{
  WyOclState *g = &wy_ocl_g;
  wy_ocl_wait_start();
  read_setting(&g->chain);
  return g->tried && !g->init_status && !g->chain.off && device_defers();
}

bool
wy_ocl_chain_defers(void)
{
  const WyOclChain *c = &wy_ocl_g.chain;
  return c->on && !c->failed && device_defers();
}

void
wy_ocl_chain_add(cl_event ev)
{
  WyOclState *g = &wy_ocl_g;
  WyOclChain *c = &g->chain;
  if (c->pending++ == 0) c->since = wy_ocl_now();
  g->counters.deferred++;
  if (!ev && !wy_ocl_profiling()) return;   /* nobody times it */
  if (!wy_ocl_grow((void **)&c->pend, (size_t)c->npend, &c->cappend,
                   sizeof *c->pend)) {
    if (ev) clReleaseEvent(ev);    /* its time goes unrecorded */
    return;
  }
  c->pend[c->npend++] = (WyOclPend){
    ev, g->last_stat - 1, g->bench_open && g->ncalls ? (long)g->ncalls - 1
                                                      : -1};
}

/* The pending launches are settled: their times recorded when they
 * succeeded (a launch without an event: its share of `wait`, the flag
 * read's), their events released. */
static void
drop_pending(WyOclState *g, bool ok, double wait)
{
  WyOclChain *c = &g->chain;
  for (int i = 0; i < c->npend; i++) {
    WyOclPend *p = &c->pend[i];
    double s = !ok ? 0 : p->ev ? wy_ocl_event_secs(p->ev)
                               : wait / c->npend;
    if (p->stat >= 0 && p->stat < g->nstats)
      g->stats[p->stat].sum.t[WY_OCL_PH_EXEC] += s;
    if (p->call >= 0 && (size_t)p->call < g->ncalls)
      g->calls[p->call].times.t[WY_OCL_PH_EXEC] += s;
    if (p->ev) clReleaseEvent(p->ev);
  }
  c->npend = 0;
  c->pending = 0;
  /* the flag's read waited for every launch: nothing uses them now */
  for (int i = 0; i < c->nrel; i++) wy_ocl_mem_release(c->rel[i]);
  c->nrel = 0;
  c->rel_bytes = 0;
}

void
wy_ocl_chain_release(cl_mem mem, uint64_t bytes)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (!mem) return;
  if (!c->pending
      || !wy_ocl_grow((void **)&c->rel, (size_t)c->nrel, &c->caprel,
                      sizeof *c->rel)) {
    wy_ocl_mem_release(mem);
    return;
  }
  c->rel[c->nrel++] = mem;
  c->rel_bytes += bytes;
  if (c->rel_bytes > CHAIN_MAX_RELEASE) wy_ocl_chain_resolve();
}

bool
wy_ocl_chain_settle(bool set, double wait)
{
  WyOclState *g = &wy_ocl_g;
  if (set) g->chain.failed = true;
  drop_pending(g, !g->chain.failed, wait);
  return g->chain.failed;
}

bool
wy_ocl_chain_resolve(void)
{
  WyOclState *g = &wy_ocl_g;
  const char *what;
  cl_int flag, err;
  double t0;
  if (!g->chain.pending) return g->chain.failed;
  t0 = wy_ocl_now();
  err = wy_ocl_flag_take(&flag, &what);
  /* a flag that cannot be read (or cleared) counts as set: the rerun's
   * calls then meet the same trouble and report it */
  return wy_ocl_chain_settle(err != CL_SUCCESS || flag != 0,
                             wy_ocl_now() - t0);
}

bool
wy_ocl_chain_garbage(const WyOclRes *r)
{
  const WyOclChain *c = &wy_ocl_g.chain;
  return c->on && r->chain_epoch == c->epoch && wy_ocl_chain_resolve();
}

int
wy_ocl_chain_poll(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (!c->on) return 0;
  if (c->pending && (c->pending >= CHAIN_MAX_PENDING
                     || wy_ocl_now() - c->since > CHAIN_MAX_SECS))
    wy_ocl_chain_resolve();
  return c->failed;
}

int
wy_ocl_chain_check(void)
{
  if (!wy_ocl_g.chain.on) return 0;
  return wy_ocl_chain_resolve();
}

int
wy_ocl_chain_end(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (!c->on) return 0;
  if (wy_ocl_chain_resolve()) return 1;   /* abort closes it */
  c->on = false;
  c->kept = NULL;
  return 0;
}

void
wy_ocl_chain_abort(void)
{
  WyOclState *g = &wy_ocl_g;
  WyOclChain *c = &g->chain;
  if (!c->on) return;
  wy_ocl_chain_resolve();   /* clears a flag a last launch may set */
  drop_pending(g, false, 0);
  c->on = false;
  c->failed = false;
  c->kept = NULL;
  g->counters.chain_reruns++;
}

/* Bytes of l's values, roughly (rows: as many as the first's). */
static uint64_t
list_bytes(const WyList *l)
{
  if (l->res) return (uint64_t)l->res->count * l->res->esize;
  if (l->h.sub == WY_LS_ANY && l->len && !(l->h.flags & WY_LIST_RANGE)) {
    wyv v = ((const wyv *)l->data)[0];
    if (wy_kind(v) == WY_K_LIST) return (uint64_t)l->len * wy_list(v)->len * 8;
  }
  return (uint64_t)l->len * 8;
}

/* End the chain before its loop does: the flag read, the kept values
 * dropped (no rerun can need them), the loop's later calls checked. */
static int
end_early(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (wy_ocl_chain_resolve())
    return wy_ocl_fail(WY_OCL_E_CHAIN, "an earlier launch of its chained "
                       "loop set the error flag");
  for (int i = 0; c->kept && i < c->nkept; i++) {
    wy_decref(c->kept[i]);
    c->kept[i] = WY_UNDEF;
  }
  c->kept = NULL;
  c->on = false;
  return WY_OCL_OK;
}

int
wy_ocl_chain_call(void)
{
  /* a device that checks every launch: keeping them costs copies */
  return wy_ocl_g.chain.on && !device_defers() ? end_early() : WY_OCL_OK;
}

int
wy_ocl_chain_keep(wyv v)
{
  WyOclState *g = &wy_ocl_g;
  WyOclChain *c = &g->chain;
  WyList *l;
  uint32_t k = 0;
  int st;
  if (!c->on || !c->kept || wy_kind(v) != WY_K_LIST) return WY_OCL_OK;
  for (int i = 0; i < c->nkept; i++) k += c->kept[i] == v;
  l = wy_list(v);
  /* copied only for the chain's sake, and worth more than its waits;
   * a copy on the device (a list a kernel left there, room to spare)
   * costs less than a few waits, and is made once per chain */
  if (!k || l->h.rc != k + 1 || list_bytes(l) < CHAIN_KEEP_COPY
      || wy_ocl_res_clone_fits(l))
    return WY_OCL_OK;
  if (!(st = end_early())) g->counters.chain_commits++;
  return st;
}

int
wy_ocl_chain_pause(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (!c->on) return 0;
  if (wy_ocl_chain_resolve()) return 1;
  c->on = false;
  c->paused = true;
  return 0;
}

void
wy_ocl_chain_resume(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  if (!c->paused) return;
  c->paused = false;
  c->on = true;
}

void
wy_ocl_chain_free(void)
{
  WyOclChain *c = &wy_ocl_g.chain;
  for (int i = 0; i < c->npend; i++) clReleaseEvent(c->pend[i].ev);
  free(c->pend);
  c->pend = NULL;
  for (int i = 0; i < c->nrel; i++) wy_ocl_mem_release(c->rel[i]);
  free(c->rel);
  c->rel = NULL;
  c->nrel = 0;
  c->caprel = 0;
  c->rel_bytes = 0;
  c->npend = 0;
  c->cappend = 0;
  c->pending = 0;
  c->on = false;
  c->paused = false;
  c->kept = NULL;
}
