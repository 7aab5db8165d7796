/* chain.c -- chained loops: host loops whose offloaded calls need not
 * wait for their error flags (runtime/ocl_chain.c, c_backend/
 * cgen_chain.c).
 *
 * Input: a module after flt_split (its `offload` instructions placed).
 * Output: Insn.chained set on each host loop that qualifies, and a
 * FltChain per host loop with an offload in its body, for --explain.
 *
 * An offloaded call waits for its kernel's error flag so that nothing
 * after it happens before a failure is handled.  In a loop of launches
 * that wait costs a round trip per call, and the device idles during it.
 * The runtime may skip it, reading the flag once at the loop's end and
 * running the whole loop again (each call checked) when it was set, if
 * what the loop's host code does between the calls does not depend on
 * the kernels' results and shows nothing: then running it again from
 * the loop's start, with the registers as they were there, gives the
 * program's own behaviour.  So the loop qualifies when, outside the
 * CPU paths of its offloads, it does only arithmetic on ints and reals
 * (a division after its divisor's check), comparisons of them, lengths,
 * ranges, copies of registers and tuples of them, jumps within it or to
 * one label after it, checks and failures (which first ask whether the
 * chain failed: then the error may be a consequence of a failed
 * launch), and offloads; it has no inner loop of its own, is not inside
 * a try (a throw would leave it unchecked), and the CPU paths of its
 * offloads (which run only after the flag was read) start no offload
 * themselves, directly or through a call.
 *
 * Contract (compiler/pipeline.c's table): Pass chain. Requires: split (the
 * offloads placed) and recur-paths. Provides: Insn.chained, FltChain
 * records. Invalidates nothing.
 */

#include <stdlib.h>

#include "filter_internal.h"

/* Operands of a comparison the host makes without reading a list. */
static bool
scalar_type(Type *t)
{
  return t && (ty_is(t, TY_INT) || ty_is(t, TY_REAL) || ty_is(t, TY_BOOL)
               || ty_is(t, TY_CHAR) || ty_is(t, TY_BYTE));
}

static bool
number_type(Type *t)
{
  return t && (ty_is(t, TY_INT) || ty_is(t, TY_REAL));
}

/* Which functions of m may run an offload when called (directly, or
 * through the functions they call; an indirect call may reach any).
 * The functions are sorted by address, so that a callee is found in
 * log time (a program of a million functions has two million calls). */
typedef struct Offloaders {
  Func **by_addr;       /* m's functions, sorted by address */
  bool *mark;           /* mark[k]: by_addr[k] may run an offload */
  int n;
} Offloaders;

static int
cmp_addr(const void *a, const void *b)
{
  uintptr_t x = (uintptr_t)*(Func *const *)a, y = (uintptr_t)*(Func *const *)b;
  return (x > y) - (x < y);
}

/* The index of fn in o->by_addr, or -1. */
static int
find(const Offloaders *o, const Func *fn)
{
  int lo = 0, hi = o->n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (o->by_addr[mid] == fn) return mid;
    if ((uintptr_t)o->by_addr[mid] < (uintptr_t)fn) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

static bool
may_run(const Func *fn)
{
  return !fn->is_native && !fn->kernel;
}

/* The index of the function instruction `in` invokes, or -1. */
static int
callee_of(const Offloaders *o, const Insn *in)
{
  return in->op == OP_INVOKE && in->callee ? find(o, in->callee) : -1;
}

/* The marks: the functions that offload or call indirectly, then their
 * callers, and theirs, by the callers' lists (each call once). */
static Offloaders
may_offload(Module *m)
{
  Offloaders o = {NULL, NULL, m->funcs.n};
  int n = o.n;
  o.by_addr = wyil_alloc(sizeof(Func *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) o.by_addr[i] = m->funcs.v[i];
  qsort(o.by_addr, (size_t)n, sizeof(Func *), cmp_addr);
  o.mark = wyil_alloc(sizeof(bool) * (size_t)(n + 1));
  /* the callers of k: callers[first[k] .. first[k + 1]) */
  int *first = wyil_alloc(sizeof(int) * (size_t)(n + 2));
  int *todo = wyil_alloc(sizeof(int) * (size_t)(n + 1)), ntodo = 0;
  for (int i = 0; i < n; i++) {
    Func *fn = o.by_addr[i];
    for (int j = 0; may_run(fn) && j < fn->ncode; j++) {
      Insn *in = fn->code[j];
      if ((in->op == OP_OFFLOAD || in->op == OP_INDIRECT) && !o.mark[i]) {
        o.mark[i] = true;
        todo[ntodo++] = i;
      }
      int c = callee_of(&o, in);
      if (c >= 0) first[c + 2]++;
    }
  }
  for (int k = 2; k <= n + 1; k++) first[k] += first[k - 1];
  int *callers = wyil_alloc(sizeof(int) * (size_t)(first[n + 1] + 1));
  for (int i = 0; i < n; i++) {
    Func *fn = o.by_addr[i];
    for (int j = 0; may_run(fn) && j < fn->ncode; j++) {
      int c = callee_of(&o, fn->code[j]);
      if (c >= 0) callers[first[c + 1]++] = i;
    }
  }
  while (ntodo > 0) {
    int k = todo[--ntodo];
    for (int e = first[k]; e < first[k + 1]; e++) {
      int i = callers[e];
      if (o.mark[i] || !may_run(o.by_addr[i])) continue;
      o.mark[i] = true;
      todo[ntodo++] = i;
    }
  }
  return o;
}

static bool
calls_offloader(const Offloaders *o, Insn *in)
{
  if (in->op == OP_INDIRECT) return true;
  if (in->op != OP_INVOKE) return false;
  int c = find(o, in->callee);
  return c >= 0 && o->mark[c];
}

/* Is code[i] inside a try region of fn (between a TRY and its handler's
 * label, which follows the region)? */
static bool
in_try(Func *fn, const Cfg *cfg, int i)
{
  for (int t = 0; t < i; t++)
    if (fn->code[t]->op == OP_TRY && cfg->label_at[fn->code[t]->label] > i)
      return true;
  return false;
}

/* Instruction in of the loop's own code (not an offload's CPU path):
 * NULL when the host may run it over values a failed launch left,
 * else what it does, in source terms. */
static const char *
host_use(Func *fn, int i)
{
  Insn *in = fn->code[i], *prev = i > 0 ? fn->code[i - 1] : NULL;
  switch (in->op) {
  case OP_NOP: case OP_LABEL: case OP_CONST: case OP_ASSIGN:
  case OP_LENGTHOF: case OP_RANGE: case OP_GOTO: case OP_OFFLOAD:
  case OP_NEWTUPLE: case OP_TUPLELOAD:   /* `a, b = (b, a)` */
    return NULL;
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
    return number_type(in->type) ? NULL : "arithmetic on other than numbers";
  case OP_DIV: case OP_REM:
    /* lowering checks the divisor just before (lower_check.c) */
    if (number_type(in->type) && prev && prev->op == OP_ASSERT
        && prev->cmp == CMP_NE && prev->args[0] == in->args[1])
      return NULL;
    return "a division";
  case OP_CONVERT:
    return ty_is(in->type, TY_INT) && ty_is(in->type2, TY_REAL)
               ? NULL : "a conversion";
  case OP_IF: case OP_ASSERT:
    return scalar_type(in->type) && in->cmp <= CMP_GE
               ? NULL : "a comparison of lists or other values";
  case OP_INDEXOF: case OP_SUBLIST: return "it reads a list's elements";
  case OP_UPDATE: return "it writes a list's element";
  case OP_INVOKE: case OP_INDIRECT: return "a call";
  case OP_LOOP: case OP_FORALL: return "an inner loop on the CPU";
  case OP_FAIL: return NULL;   /* after asking the chain (cgen) */
  case OP_RETURN: case OP_THROW: return "it leaves the loop";
  case OP_TRY: case OP_TRYEND: return "a try";
  default: return "an operation on lists, strings or records";
  }
}

/* Why the loop at code[h] cannot be chained, or NULL (then *exit is
 * the label its branches leave it to, or -1).  *ncalls: its offloads. */
static const char *
why_not(const Offloaders *o, Func *fn, const Cfg *cfg, int h,
        int *exit, int *ncalls, int *line)
{
  int e = cfg->match[h];
  const char *why = NULL;
  *exit = -1;
  *ncalls = 0;
  *line = fn->code[h]->pos.line;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    int from = i, to = i;
    if (in->op == OP_OFFLOAD) {
      (*ncalls)++;
      to = cfg->label_at[in->label];
      if (to <= i || to >= e) return "an offload's CPU path leaves it";
      from = i + 1;
      for (int j = from; j < to && !why; j++) {
        Insn *c = fn->code[j];
        if (c->op == OP_OFFLOAD || calls_offloader(o, c)) {
          *line = c->pos.line;
          why = "the CPU path of an offloaded loop in it may offload "
                "another loop";
        }
      }
    } else if (!why && (why = host_use(fn, i))) {
      *line = in->pos.line;
    }
    /* every jump stays inside, or goes to the one exit */
    for (int j = from; j <= to; j++) {
      Insn *c = fn->code[j];
      int at;
      if (c->op != OP_GOTO && c->op != OP_IF && c->op != OP_IFIS
          && c->op != OP_SWITCH)
        continue;
      if (c->op == OP_SWITCH) {
        if (!why) {
          *line = c->pos.line;
          why = "a switch";
        }
        continue;
      }
      at = cfg->label_at[c->label];
      if (at > h && at < e) continue;
      if (*exit >= 0 && *exit != c->label) {
        *line = c->pos.line;
        return "it leaves to more than one place";
      }
      *exit = c->label;
    }
    i = to;
  }
  if (why) return why;
  if (*exit >= 0) {   /* the exit label follows the loop's END */
    int at = cfg->label_at[*exit];
    for (int j = e + 1; j < at; j++)
      if (fn->code[j]->op != OP_LABEL && fn->code[j]->op != OP_NOP)
        return "it leaves to a place not right after it";
    if (at < e) return "it jumps back before its start";
  }
  if (in_try(fn, cfg, h)) return "it is inside a try";
  return NULL;
}

void
flt_chain(Module *m, FilterResult *r)
{
  Offloaders o = may_offload(m);
  for (int f = 0; f < m->funcs.n; f++) {
    Func *fn = m->funcs.v[f];
    if (fn->is_native || fn->kernel) continue;
    Cfg *cfg = NULL;   /* made for a function with a loop only */
    for (int h = 0; h < fn->ncode; h++) {
      Insn *in = fn->code[h];
      int exit, ncalls, line;
      if (in->op != OP_LOOP && in->op != OP_FORALL) continue;
      if (!cfg) cfg = wyil_cfg(fn);
      const char *why = why_not(&o, fn, cfg, h, &exit, &ncalls, &line);
      if (!ncalls) continue;
      FltChain *c = wyil_alloc(sizeof(FltChain));
      c->fn = fn;
      c->loop = in;
      c->why = why;
      c->line = line;
      c->ncalls = ncalls;
      vec_push(&r->chains, c);
      if (!why) {
        in->chained = true;
        in->chain_exit = exit;
      }
    }
  }
}

void
flt_explain_chains(FILE *out, FilterResult *r)
{
  for (int i = 0; i < r->chains.n; i++) {
    FltChain *c = r->chains.v[i];
    fprintf(out, "%s:%d: %s: ", c->loop->pos.file, c->loop->pos.line,
            flt_was_while(r, c->loop) ? "while" : "for");
    if (!c->why)
      fprintf(out, "chained: its %d offloaded call%s run%s without waiting "
              "for the error flag, read once at the loop's exit (a failure "
              "reruns the loop from its start, each call checked)\n",
              c->ncalls, c->ncalls == 1 ? "" : "s", c->ncalls == 1 ? "s" : "");
    else
      fprintf(out, "not chained (each offloaded call waits for its error "
              "flag): line %d: %s\n", c->line, c->why);
  }
}
