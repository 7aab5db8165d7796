/* ocl_cost.c -- the small-call rule: a call that would move far more
 * data than it has work items runs its loop on the CPU instead; and the
 * early rule, for few work items while the device is still starting
 * (at the end).
 *
 * Input: a kernel's descriptor, its arguments and its NDRange.  Output:
 * whether wy_ocl_run should return WY_OCL_E_SMALL, so that the generated
 * code runs the loop kept beside the call (the fallback path) at once.
 *
 * The bytes a call moves are those of its lists that are not valid on
 * the device: a list without a device copy is uploaded (unless the
 * kernel writes it whole without reading it) and, when the kernel
 * writes it, comes back (now, or on the host's next read); of a list
 * with a copy, only the rows the host wrote since go up.  The rule:
 *
 *   bytes >= SMALL_MIN_BYTES (4 MiB)  and
 *   bytes >= SMALL_BYTES_PER_ITEM (64 KiB) x work items
 *
 * Moving a byte costs about a nanosecond of host time (convert, copy,
 * and the same back); a work item for which the call moves 64 KiB would
 * have to compute on 16 Ki elements for the device to win that back,
 * and a loop of so few, so heavy iterations is rare among kernels (a
 * loop that writes a 13 x 13 pattern into a board the host built moves
 * a whole 8192 x 8192 board for 169 cells).  Below 4 MiB moving costs
 * about a millisecond at most, and a loop on a small list keeps going
 * to the device.
 *
 * It never changes a result: it applies only to kernels that compute
 * no reals and whose lists hold no reals (ints and bools are exact on
 * both sides: the device checks every operation and reruns the loop on
 * the CPU otherwise), and the loop it runs is the one the CPU path runs
 * after any fallback.  WYC_OFFLOAD=mandatory and WYC_DEV=small_calls=
 * device turn it off (tests that need a small loop on the device); WYC_PROFILE
 * lists the calls it kept on the CPU.
 */
#define WY_OCL_IMPL
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

#define SMALL_MIN_BYTES ((uint64_t)4 << 20)
/* the early rule (wy_ocl_early_call) */
#define EARLY_MAX_ITEMS 64
#define SMALL_BYTES_PER_ITEM ((uint64_t)64 << 10)

/* Is the rule on?  Read once per process (per wy_ocl_shutdown). */
static bool
rule_on(WyOclState *g)
{
  if (!g->small_checked) {
    g->small_checked = true;
    g->small_off = wy_ocl_mandatory()
                   || wyrt_config_word(WYRT_CFG_SMALL_CALLS)
                        == WYRT_CALLS_DEVICE;
  }
  return !g->small_off;
}

static bool
is_list_val(wyv v)
{
  return wy_is_obj(v) && wy_obj(v)->kind == WY_K_LIST;
}

/* Elements of the list v taken as a list of depth `depth`: the product
 * of the first row's length at each level (a jagged list is the run's
 * business). */
static uint64_t
elements(wyv v, int depth)
{
  WyList *l = wy_list(v);
  uint64_t n = 1;
  for (int d = 0; d < depth; d++) {
    n *= l->len;
    if (d + 1 == depth || l->len == 0 || l->h.sub != WY_LS_ANY
        || !is_list_val(((const wyv *)l->data)[0]))
      break;
    l = wy_list(((const wyv *)l->data)[0]);
  }
  return n;
}

/* Bytes moved for the list argument v of parameter p. */
static uint64_t
moved(const WyOclParam *p, wyv v)
{
  uint64_t esize = p->elem == WY_OCL_T_BOOL ? 1 : 4;
  const WyOclRes *r = wy_list(v)->res;
  bool up = p->kind != WY_OCL_LIST_OUT, down = p->kind != WY_OCL_LIST_IN;
  for (int l = 0; l < p->depth; l++)
    if (p->win[l] == -1) up = true;
  if (r) {                    /* a copy: the rows the host wrote */
    if (r->dlo >= r->dhi || r->dims[0] == 0) return 0;
    return (uint64_t)(r->dhi - r->dlo) * (r->count / r->dims[0]) * esize;
  }
  return elements(v, p->depth) * esize * ((up ? 1 : 0) + (down ? 1 : 0));
}

/* Does k compute reals or take them (scalars, list elements)?  Both
 * rules keep to kernels that do not: ints and bools are exact on both
 * sides, a device real rounds. */
static bool
has_reals(const WyOclKernel *k)
{
  if (k->uses_real) return true;
  for (int i = 0; i < k->nparams; i++)
    if (k->params[i].kind == WY_OCL_REAL
        || k->params[i].elem == WY_OCL_T_REAL)
      return true;
  return false;
}

bool
wy_ocl_small_call(const WyOclKernel *k, const WyOclArg *args,
                  const size_t n[3])
{
  WyOclState *g = &wy_ocl_g;
  uint64_t items = 1, bytes = 0;
  if (has_reals(k) || !rule_on(g)) return false;
  for (int d = 0; d < k->ndims; d++) items *= n[d];
  for (int i = 0; i < k->nparams; i++) {
    const WyOclParam *p = &k->params[i];
    if (p->kind > WY_OCL_LIST_INOUT) continue;
    if (!args[i].slot || !is_list_val(*args[i].slot)) return false;
    bytes += moved(p, *args[i].slot);
  }
  if (bytes < SMALL_MIN_BYTES || bytes < SMALL_BYTES_PER_ITEM * items)
    return false;
  wy_ocl_record_small(k, items, bytes);
  return true;
}

/* The early rule.  A program's first offloaded call may come while the
 * start-up thread (ocl_start.c) is still creating the context and
 * building the program: NVIDIA's OpenCL takes 0.25 s for the first and,
 * from an empty cache, as long again for the second, PoCL seconds.  A
 * call of at most EARLY_MAX_ITEMS work items runs its loop on the CPU
 * then instead of waiting: so few items gain little from the device
 * (one of its threads is several times slower than a CPU core), and
 * the wait is long; a larger call waits, as it did.  Like the rule
 * above, ints and bools only, so the results are the same either way;
 * off with it (WYC_OFFLOAD=mandatory, WYC_DEV=small_calls=device), or
 * alone (WYC_DEV=early_calls=device: the benchmark suite).  It reads no layer
 * state the start-up thread writes. */
bool
wy_ocl_early_call(const WyOclKernel *k, const int64_t lo[3],
                  const int64_t hi[3])
{
  WyOclState *g = &wy_ocl_g;
  uint64_t items = 1;
  if (!wy_ocl_starting() || has_reals(k) || !rule_on(g)) return false;
  if (!g->early_checked) {   /* early_calls=device: this rule alone off */
    g->early_checked = true;
    g->early_off = wyrt_config_word(WYRT_CFG_EARLY_CALLS)
                   == WYRT_CALLS_DEVICE;
  }
  if (g->early_off) return false;
  for (int d = 0; d < k->ndims; d++) {
    uint64_t span = hi[d] >= lo[d] ? (uint64_t)hi[d] - (uint64_t)lo[d]
                                   : (uint64_t)lo[d] - (uint64_t)hi[d];
    if (span > EARLY_MAX_ITEMS) return false;
    items *= span;
  }
  if (items > EARLY_MAX_ITEMS) return false;
  wy_ocl_record_early(k, items);
  return true;
}
