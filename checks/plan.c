/* plan.c -- the planning passes of device code, run by the driver after
 * the last rewrite and before either back end prints: which kernels get
 * a narrow variant (pass narrow), which lists a kernel writes as 32-bit
 * ints (pass store32), and the check plan of every function the device
 * code holds, in each variant (pass checks).  Input: a verified module
 * after split and chain (or, for veto's trial, one planned kernel
 * function).  Output: the Kernel and KernelArg fields below, which the
 * OpenCL printer and the C back end's descriptors (c_backend/
 * cgen_offload.c) only read, and the plan (ChkPlan), whose check plans
 * (ChkFunc) the printer reads through checks.h's questions.
 *
 * Each decision comes from the range analysis of range.c, which answers
 * for the target's two int widths (ChkTarget: the driver passes the
 * OpenCL back end's).  A kernel is planned several times per variant
 * (for its hypotheses, its stores' bounds, its calls' facts, the
 * printer), always with the same inputs: the plan is made once and kept
 * (chk_plan_func), so that the range analysis runs once per function,
 * variant and hypothesis.  Called functions planned with their calls'
 * facts (which grow as kernels are noted) are not kept but made once,
 * by the pass checks.  Nothing here rewrites WYIL (a hand-built
 * function's register count and a 1-D kernel's dimension loop aside:
 * the unit tests').
 *
 * Contract (compiler/pipeline.c's table):
 *   narrow (chk_plan_new, chk_narrow).  Requires: chain, a verified
 *     module.  Provides: the plan (the kernel functions, the functions
 *     they call, the bounds of what those return), Kernel.narrow_name,
 *     narrow_dims, KernelArg.narrow, index_dim (narrow.c).  Invalidates
 *     nothing.
 *   store32 (chk_store32).  Requires: narrow.  Provides: KernelArg.
 *     out_bits, out_arg, store32.  Invalidates nothing.
 *   checks (chk_checks).  Requires: store32.  Provides: per variant the
 *     check plan of each kernel function and each function they call,
 *     with the printer's answers (chk_func).  Invalidates nothing.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "checks_internal.h"

static int range_runs;   /* check plans made (chk_runs) */
static int narrow_runs;  /* ... of them for the narrow choice's hypotheses */

int
chk_runs(int *for_narrow)
{
  if (for_narrow) *for_narrow = narrow_runs;
  return range_runs;
}

/* ---------------------------------------------------------------- */
/* One function's plan                                                */

/* The levels of a list of at most 3, else 0. */
static int
list_levels(Type *t)
{
  int d = 0;
  for (t = t ? ty_expand(t) : NULL; t && t->kind == TY_LIST && d < 4; d++)
    t = ty_expand(t->elems[0]);
  return d <= 3 ? d : 0;
}

/* The list parameters whose lengths the printer passes: a kernel's list
 * arguments, a called function's parameters of list types. */
static void
find_lists(ChkFunc *cf)
{
  Func *fn = cf->fn;
  cf->list_depth = wyil_alloc(sizeof(int) * ((size_t)fn->nregs + 1));
  Kernel *k = cf->k;
  for (int a = 0; k && a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->kind == KA_SCALAR || ka->kind == KA_REDUCE || ka->reg < 0
        || ka->reg >= fn->nregs)
      continue;
    int d = ka->depth ? ka->depth : list_levels(ka->type);
    if (d >= 1 && d <= 3) cf->list_depth[ka->reg] = d;
  }
  Type *ft = fn->type;
  for (int p = 0; !k && ft && p < fn->nparams && p < ft->n; p++)
    cf->list_depth[p] = list_levels(ft->elems[p]);
}

static void *
copy_of(const void *p, size_t n)
{
  if (!p || !n) return NULL;
  void *c = wyil_alloc(n);
  memcpy(c, p, n);
  return c;
}

/* A plan for `ask`, its code's structure found, nothing planned. */
static ChkFunc *
new_func(ChkPlan *pl, const ChkAsk *ask)
{
  Func *fn = ask->fn;
  size_t nr = (size_t)fn->nregs + 1, nl = (size_t)fn->nlabels + 1;
  ChkFunc *cf = wyil_alloc(sizeof *cf);
  *cf = (ChkFunc){.pl = pl, .fn = fn, .k = ask->k, .from = ask->from,
                  .to = ask->to, .ncode = fn->ncode, .nregs = fn->nregs,
                  .variant = ask->variant,
                  .bits = {pl->t.int_bits[0], pl->t.int_bits[1]},
                  .hyp = copy_of(ask->hyp, sizeof(int) * nr),
                  .facts = ask->facts, .sums_off = ask->sums_off,
                  .nrets = pl->rets.n};
  Cfg *c = wyil_cfg(fn);
  cf->match = copy_of(c->match, sizeof(int) * ((size_t)fn->ncode + 1));
  cf->label_at = copy_of(c->label_at, sizeof(int) * nl);
  cf->label_used = copy_of(c->label_used, sizeof(bool) * nl);
  /* a range made once in code[from..to): only iterated there */
  cf->range_at = wyil_alloc(sizeof(int) * nr);
  int *ndefs = wyil_alloc(sizeof(int) * nr);
  for (int r = 0; r < fn->nregs; r++) cf->range_at[r] = -1;
  for (int i = cf->from; i < cf->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d < 0) continue;
    ndefs[d]++;
    if (fn->code[i]->op == OP_RANGE) cf->range_at[d] = i;
  }
  for (int r = 0; r < fn->nregs; r++)
    if (ndefs[r] != 1) cf->range_at[r] = -1;
  find_lists(cf);
  return cf;
}

static bool
same_hyp(const int *a, const int *b, int n)
{
  if (!a || !b) return a == b;
  return !memcmp(a, b, sizeof(int) * (size_t)n);
}

/* The plan kept for `ask`, or NULL. */
static ChkFunc *
kept_plan(ChkPlan *pl, const ChkAsk *ask)
{
  Func *fn = ask->fn;
  for (int i = 0; i < pl->kept.n; i++) {
    ChkFunc *cf = pl->kept.v[i];
    if (cf->fn == fn && cf->k == ask->k && cf->from == ask->from
        && cf->to == ask->to && cf->ncode == fn->ncode
        && cf->nregs == fn->nregs && cf->variant == ask->variant
        && cf->nrets == pl->rets.n && cf->sums_off == ask->sums_off
        && same_hyp(cf->hyp, ask->hyp, fn->nregs))
      return cf;
  }
  return NULL;
}

ChkFunc *
chk_plan_func(ChkPlan *pl, const ChkAsk *ask)
{
  ChkFunc *cf = ask->facts ? NULL : kept_plan(pl, ask);
  if (cf) {
    chk_iv_forget(pl);   /* its questions start afresh, as after a plan */
    return cf;
  }
  range_runs++;
  narrow_runs += pl->narrow_search;
  cf = new_func(pl, ask);
  chk_plan_checks(cf);
  if (!ask->facts) vec_push(&pl->kept, cf);
  return cf;
}

ChkAsk
chk_kernel_ask(Func *fn, int v)
{
  Kernel *k = fn->kernel;
  if (k->ndims < 1 || k->ndims > 3)
    internal_error("checks: kernel %s has %d dimensions", k->name, k->ndims);
  int at = wyil_insn_index(fn, k->loop);
  bool outer = false;
  for (int d = 0; d < k->ndims; d++) outer |= k->loops[d] == k->loop;
  if (!outer)
    internal_error("checks: kernel %s: its loop is none of its dimensions",
                   k->name);
  if (fn->code[at]->op != OP_FORALL)
    internal_error("checks: kernel %s is not a forall", k->name);
  return (ChkAsk){fn, k, at + 1, wyil_loop_end(fn, at), v,
                  v ? chk_narrow_hyp(k) : NULL, NULL, false};
}

/* A called function's ask in variant v, with its call facts (or NULL). */
static ChkAsk
callee_ask(Func *fn, int v, ChkCallFacts *facts)
{
  return (ChkAsk){fn, NULL, 0, fn->ncode, v, NULL, facts, false};
}

/* ---------------------------------------------------------------- */
/* The module's plan                                                  */

/* Add fn to the called functions (once), natives aside. */
static void
add_callee(PtrVec *callees, Func *fn)
{
  if (!fn || fn->is_native) return;
  for (int j = 0; j < callees->n; j++)
    if (callees->v[j] == fn) return;
  vec_push(callees, fn);
}

/* The functions called by code[from..to) of fn. */
static void
add_calls(PtrVec *callees, Func *fn, int from, int to)
{
  for (int i = from; i < to; i++)
    if (fn->code[i]->op == OP_INVOKE) add_callee(callees, fn->code[i]->callee);
}

/* pl for kernel functions ks[0..n) of m: the functions they call, and
 * what those return. */
static ChkPlan *
plan_init(const Module *m, Func **ks, int n, const ChkTarget *t)
{
  ChkPlan *pl = wyil_alloc(sizeof *pl);
  *pl = (ChkPlan){.m = m, .t = *t};
  for (int i = 0; i < n; i++) vec_push(&pl->ks, ks[i]);
  PtrVec *callees = &pl->callees;
  for (int i = 0; i < n; i++) {
    Kernel *k = ks[i]->kernel;
    /* a hand-built 1-D kernel (the unit tests) names no dimension loop */
    if (k->ndims == 1 && !k->loops[0]) k->loops[0] = k->loop;
    for (int c = 0; c < k->callees.n; c++)
      add_callee(callees, k->callees.v[c]);
    int at = wyil_insn_index(k->fn, k->loop);
    add_calls(callees, k->fn, at + 1, wyil_loop_end(k->fn, at));
  }
  for (int i = 0; i < callees->n; i++) {
    Func *fn = callees->v[i];
    add_calls(callees, fn, 0, fn->ncode);
  }
  /* what each called function returns, callees of callees first */
  for (int i = callees->n - 1; i >= 0; i--) {
    Func *fn = callees->v[i];
    /* a hand-built function's parameters are registers too */
    if (fn->nregs < fn->nparams) fn->nregs = fn->nparams;
    ChkAsk ask = callee_ask(fn, 0, NULL);
    chk_note_returns(chk_plan_func(pl, &ask));
  }
  return pl;
}

ChkPlan *
chk_plan_new(const Module *m, const ChkTarget *t)
{
  PtrVec ks = {0};
  for (int i = 0; m && i < m->funcs.n; i++)
    if (((Func *)m->funcs.v[i])->kernel) vec_push(&ks, m->funcs.v[i]);
  return plan_init(m, (Func **)ks.v, ks.n, t);
}

ChkPlan *
chk_plan_trial(const Module *m, Func *k, const ChkTarget *t)
{
  ChkPlan *pl = plan_init(m, &k, 1, t);
  chk_narrow(pl);
  chk_store32(pl);
  chk_checks(pl);
  return pl;
}

/* Nothing decided yet of k's narrow variant and stores. */
static void
clear_decisions(Kernel *k)
{
  k->narrow_name = NULL;
  k->narrow_dims = 0;
  for (int a = 0; a < k->nargs; a++) {
    k->args[a].narrow = 0;
    k->args[a].out_bits = -1;
    k->args[a].out_arg = -1;
    for (int l = 0; l < 3; l++) k->args[a].index_dim[l] = 0;
    k->args[a].store32 = false;
  }
}

void
chk_narrow(ChkPlan *pl)
{
  for (int i = 0; i < pl->ks.n; i++) {
    clear_decisions(((Func *)pl->ks.v[i])->kernel);
    chk_choose_narrow(pl, pl->ks.v[i]);
  }
}

/* The scalar elements of list argument ka (the innermost of at most
 * four levels, or what the filter says they are). */
static Type *
elem_of(const KernelArg *ka)
{
  if (ka->elem) return ka->elem;
  Type *t = ka->type ? ty_expand(ka->type) : NULL;
  for (int d = 0; t && t->kind == TY_LIST && d < 4; d++)
    t = ty_expand(t->elems[0]);
  return t;
}

/* The bounds of what each kernel stores (KernelArg.out_bits), and which
 * lists it writes as 32-bit ints in both widths: those it only writes,
 * of ints the range analysis bounds within 32 bits (a 64-bit run then
 * writes half the bytes, and leaves a list that 32-bit runs use as it
 * is).  Decided without the narrow variant's hypotheses (variant 0),
 * so that both variants declare the same parameters. */
static void
store32_of(ChkPlan *pl, Func *fn)
{
  Kernel *k = fn->kernel;
  ChkAsk ask = chk_kernel_ask(fn, 0);
  ChkFunc *cf = chk_plan_func(pl, &ask);
  chk_out_bits(cf, k);
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    ka->store32 = ka->kind == KA_LIST_OUT && ka->reg >= 0
                  && ka->reg < fn->nregs && cf->list_depth[ka->reg]
                  && chk_int_type(elem_of(ka)) && ka->out_bits >= 0
                  && ka->out_bits <= 31;
  }
}

void
chk_store32(ChkPlan *pl)
{
  for (int i = 0; i < pl->ks.n; i++) store32_of(pl, pl->ks.v[i]);
}

/* The plan the printer reads for cf, answered. */
static void
print_plan(ChkPlan *pl, int v, ChkFunc *cf)
{
  chk_answer(cf);
  vec_push(&pl->printed[v], cf);
}

void
chk_checks(ChkPlan *pl)
{
  int narrow = 0;    /* kernels with a narrow variant */
  for (int i = 0; i < pl->ks.n; i++)
    narrow += ((Func *)pl->ks.v[i])->kernel->narrow_name != NULL;
  /* each variant's kernels call their own copies of the functions,
   * planned with what those kernels' calls say of their ints; a
   * function another one calls (itself too) gets nothing */
  for (int v = 0; v <= (narrow > 0); v++) {
    for (int i = 0; i < pl->callees.n; i++) {
      Func *fn = pl->callees.v[i];
      for (int c = 0; c < fn->ncode; c++) {
        Func *callee = fn->code[c]->op == OP_INVOKE ? fn->code[c]->callee
                       : NULL;
        if (callee && !callee->is_native) chk_open_calls(pl, v, callee);
      }
    }
    for (int i = 0; i < pl->ks.n; i++) {
      Func *fn = pl->ks.v[i];
      if (v && !fn->kernel->narrow_name) continue;
      ChkAsk ask = chk_kernel_ask(fn, v);
      chk_note_calls(chk_plan_func(pl, &ask));
    }
    for (int i = 0; i < pl->callees.n; i++) {
      Func *fn = pl->callees.v[i];
      ChkAsk ask = callee_ask(fn, v, chk_call_facts(pl, v, fn));
      print_plan(pl, v, chk_plan_func(pl, &ask));
    }
  }
  for (int v = 0; v <= 1; v++)
    for (int i = 0; i < pl->ks.n; i++) {
      Func *fn = pl->ks.v[i];
      if (v && !fn->kernel->narrow_name) continue;
      ChkAsk ask = chk_kernel_ask(fn, v);
      print_plan(pl, v, chk_plan_func(pl, &ask));
    }
}

/* ---------------------------------------------------------------- */
/* What the printers read                                             */

const Module *
chk_module(const ChkPlan *pl)
{
  return pl->m;
}

const PtrVec *
chk_kernels(const ChkPlan *pl)
{
  return &pl->ks;
}

const PtrVec *
chk_callees(const ChkPlan *pl)
{
  return &pl->callees;
}

const ChkFunc *
chk_func(const ChkPlan *pl, const Func *fn, int variant)
{
  const PtrVec *v = &pl->printed[variant != 0];
  for (int i = 0; i < v->n; i++) {
    const ChkFunc *cf = v->v[i];
    if (cf->fn == fn) return cf;
  }
  return NULL;
}
