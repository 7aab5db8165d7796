/* oclgen_narrow.c -- a kernel's narrow variant: the same loop compiled
 * on the assumption that the ints of some lists it reads are small, so
 * that the range analysis (oclgen_range.c) proves more of its checks.
 * An all-pairs loop's `x[j] - xi`, its squares and their sum cannot
 * overflow when
 * every coordinate lies within +-2^13, whatever the bodies do.
 *
 * The same for the kernel's int arguments (a stencil's radius) and the
 * values of its NDRange's loop variables (the pixel's x and y): `x + a
 * - radius` cannot overflow when each is small.
 *
 * The assumption is the runtime's to keep: it runs the variant only
 * when it knows a bound of every element of those lists that is within
 * the variant's (runtime/ocl_run.c), from the values it converted or
 * from the bound a kernel's stores respect (KernelArg.out_bits, also
 * computed here), and the kernel otherwise; ints and loop bounds it
 * sees.  Only lists the kernel reads and never writes qualify: a value
 * it stored would not be bounded.
 *
 * Which bound: of a ladder of powers of two, the loosest that proves as
 * much as the tightest, where a check counts 16 times per loop around
 * it (a kernel's time is in its inner loops); none when no bound proves
 * more than the kernel does.  Then each list, int and the loop indices
 * in turn gets the loosest bound (none at all first) that still proves
 * as much, so that the runtime asks as little as it can.  Running sums'
 * bounds (oclgen_ival_sum.c) are left out of that choice and then get
 * bounds of the lists it left free only (ocl_choose_narrow).
 *
 * Contract (compiler/pipeline.c's table): Pass narrow (ocl_choose_narrow,
 * from oclgen_plan.c's ocl_plan_narrow; also in veto's trial), and
 * store32's bounds (ocl_out_bits, from ocl_plan_store32). Requires: the
 * kernel function planned (jam, tile), the plan's return facts.
 * Provides: Kernel.narrow_name, narrow_dims, KernelArg.narrow, index_dim;
 * then out_bits, out_arg. Both back ends only read them (the printer
 * through ocl_narrow_hyp, ocl_index_known; c_backend/cgen_offload.c).
 * Invalidates nothing in WYIL.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"
#include "oclgen_ival.h"

/* The bounds tried, loosest first (exponents of two). */
static const int ladder[] = {24, 20, 16, 14, 12, 10, 8};
enum { NLADDER = sizeof ladder / sizeof ladder[0] };

/* Argument a is a list of ints the kernel only reads, or an int; a ==
 * k->nargs stands for the NDRange's loop variables (an index each, not
 * the elements of a loop over a list). */
static bool
candidate(Kernel *k, int a)
{
  if (a == k->nargs) return !k->over_list;
  KernelArg *ka = &k->args[a];
  if (ka->reg < 0 || ka->reg >= k->fn->nregs) return false;
  if (ka->kind == KA_LIST_IN) return ocl_int_type(ka->elem);
  return ka->kind == KA_SCALAR
         && ocl_int_type(ka->elem ? ka->elem : ka->type);
}

/* g->hyp with bits[a] for argument a (0: free), bits[k->nargs] for the
 * loop variables. */
static int *
hyp_of(Kernel *k, const int *bits)
{
  int *hyp = wyil_alloc(sizeof(int) * ((size_t)k->fn->nregs + 1));
  for (int a = 0; a < k->nargs; a++)
    if (bits[a] > 0) hyp[k->args[a].reg] = bits[a];
  for (int d = 0; bits[k->nargs] > 0 && d < k->ndims; d++)
    if (k->loopvar[d] >= 0 && k->loopvar[d] < k->fn->nregs)
      hyp[k->loopvar[d]] = bits[k->nargs];
  /* the copies' indices of a blocked kernel (filter/jam.c) too */
  for (int d = 0; bits[k->nargs] > 0 && d < k->ndims; d++)
    for (int c = 1; c < k->jam[d] && c < WYIL_JAM_MAX; c++)
      hyp[k->jam_copy[d][c]->dst] = bits[k->nargs];
  return hyp;
}

/* The weight of the checks proved when argument a's ints are taken to
 * lie within +-2^bits[a] (0: free). */
static long
weight_with(OclGen *g, Kernel *k, const int *bits)
{
  g->hyp = hyp_of(k, bits);
  g->narrow_search = true;
  ocl_plan_checks(g);
  g->narrow_search = false;
  long w = ocl_proved_weight(g);
  g->hyp = NULL;
  return w;
}

/* Bound the arguments of `which` (bits[a] 0 so far; the others keep
 * theirs): the loosest bound of the ladder, the same for all, that
 * proves the most (more than bits as given do), then each as loose as
 * it can be while the whole proves as much, free first: a size may be
 * large where coordinates are small (an all-pairs loop's n and x).
 * False when no bound proves more. */
static bool
narrow_some(OclGen *g, Kernel *k, int *bits, const bool *which)
{
  int n = k->nargs + 1;
  long base = weight_with(g, k, bits), best = base;
  int chosen = 0;
  for (int i = NLADDER - 1; i >= 0; i--) {   /* tightest first */
    for (int a = 0; a < n; a++)
      if (which[a]) bits[a] = ladder[i];
    long w = weight_with(g, k, bits);
    if (w >= best && w > base) {   /* as much with a looser bound */
      best = w;
      chosen = ladder[i];
    }
  }
  for (int a = 0; a < n; a++)
    if (which[a]) bits[a] = chosen;
  if (!chosen) return false;
  for (int a = 0; a < n; a++) {
    if (!which[a]) continue;
    int keep = bits[a];
    bits[a] = 0;
    for (int i = 0; weight_with(g, k, bits) < best; i++) {
      if (i == NLADDER || ladder[i] <= keep) {
        bits[a] = keep;
        break;
      }
      bits[a] = ladder[i];
    }
  }
  return true;
}

/* ---- indices within their lists ----------------------------------- */

/* The NDRange dimension whose loop variable register r holds, or -1
 * (a dimension over a list's elements holds no index). */
static int
index_dim(OclGen *g, Kernel *k, int r)
{
  for (int d = 0; d < k->ndims; d++) {
    int v = k->loopvar[d];
    if ((k->over_list && k->loops[d] == k->loop) || v < 0) continue;
    if (v == r || ocl_iv_same_value(g, v, r)) return d;
  }
  return wyil_jam_var_dim(k, r);   /* a copy's index: the same range */
}

/* The list argument and level whose length the View text len names. */
static bool
level_named(OclGen *g, Kernel *k, const char *len, int *arg, int *level)
{
  for (int a = 0; len && a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    View *v = ka->reg >= 0 && ka->reg < g->fn->nregs ? g->views[ka->reg]
                                                     : NULL;
    if (ka->kind == KA_SCALAR || ka->kind == KA_REDUCE || !v) continue;
    for (int l = 0; l < v->depth && l < 3; l++)
      if (v->lens[l] && !strcmp(v->lens[l], len)) {
        *arg = a;
        *level = l;
        return true;
      }
  }
  return false;
}

/* The narrow variant also takes each NDRange loop variable that indexes
 * a level of a list (`board[y][x]`, `next[y][x] = ...`) to lie within
 * that level: the runtime checks the dimension's range against the
 * level's length, and the variant drops the index's bounds tests
 * (a 2-D stencil: two reads' and two stores'). */
static void
choose_index_facts(OclGen *g, Kernel *k)
{
  enum { CONFLICT = 255 };
  if (k->kind == KK_BUILD) return;
  for (int p = g->from; p < g->to; p++) {
    Insn *in = g->fn->code[p];
    int n = 0, idx[3];
    const char *len[3];
    if (in->op == OP_INDEXOF && in->nargs == 2) {
      idx[n] = in->args[1];
      len[n++] = ocl_len_text(g, in->args[0]);
    } else if (in->op == OP_UPDATE && in->dst >= 0
               && in->dst < g->fn->nregs && g->views[in->dst]) {
      View *v = g->views[in->dst];
      for (int s = 0; s < in->nsteps && s < v->depth && s < 3; s++) {
        idx[n] = in->args[s];
        len[n++] = v->lens[s];
      }
    }
    for (int j = 0; j < n; j++) {
      int d = index_dim(g, k, idx[j]), a, l;
      if (d < 0 || !level_named(g, k, len[j], &a, &l)) continue;
      int *f = &k->args[a].index_dim[l];
      *f = *f == 0 || *f == d + 1 ? d + 1 : CONFLICT;
    }
  }
  for (int a = 0; a < k->nargs; a++)
    for (int l = 0; l < 3; l++)
      if (k->args[a].index_dim[l] == CONFLICT) k->args[a].index_dim[l] = 0;
}

bool
ocl_index_known(OclGen *g, int i, const char *len)
{
  Kernel *k = g->k;
  int a, l;
  if (!g->variant || !k || !k->narrow_name || !len) return false;
  int d = index_dim(g, k, i);
  return d >= 0 && level_named(g, k, len, &a, &l)
         && k->args[a].index_dim[l] == d + 1;
}

bool
ocl_index_nonneg(OclGen *g, int i)
{
  Kernel *k = g->k;
  if (!g->variant || !k || !k->narrow_name) return false;
  int d = index_dim(g, k, i);
  for (int a = 0; d >= 0 && a < k->nargs; a++)
    for (int l = 0; l < 3; l++)
      if (k->args[a].index_dim[l] == d + 1) return true;
  return false;
}

void
ocl_choose_narrow(OclGen *g, Kernel *k)
{
  int n = k->nargs + 1;   /* the arguments, then the loop variables */
  int *bits = wyil_alloc(sizeof(int) * (size_t)n);
  bool *which = wyil_alloc(sizeof(bool) * (size_t)n), any = false;
  for (int a = 0; a < n; a++) any |= which[a] = candidate(k, a);
  if (!any) return;
  /* First what the bounds prove without running sums' bounds, which
   * count loop iterations: bounding a sum over n items by bounding n
   * would ask the runtime for small sizes (an all-pairs loop's n). */
  g->sums_off = true;
  bool chosen = narrow_some(g, k, bits, which);
  g->sums_off = false;
  /* then the lists' elements still free, for what sums need (a
   * neighbour count: 9 cells of the grid at most) */
  any = false;
  for (int a = 0; a < k->nargs; a++)
    any |= which[a] = which[a] && !bits[a]
                      && k->args[a].kind == KA_LIST_IN;
  which[k->nargs] = false;
  if (any) chosen |= narrow_some(g, k, bits, which);
  if (!chosen) return;
  for (int a = 0; a < k->nargs; a++) k->args[a].narrow = bits[a];
  k->narrow_dims = bits[k->nargs];
  k->narrow_name = wyil_fmt("%s_n", k->name);
  choose_index_facts(g, k);
}

void
ocl_narrow_hyp(OclGen *g, Kernel *k)
{
  g->hyp = NULL;
  if (!g->variant || !k->narrow_name) return;
  int *bits = wyil_alloc(sizeof(int) * ((size_t)k->nargs + 1));
  for (int a = 0; a < k->nargs; a++) bits[a] = k->args[a].narrow;
  bits[k->nargs] = k->narrow_dims;
  g->hyp = hyp_of(k, bits);
}

/* The looser bound of two, -1 (unknown) winning. */
static int
join_bits(int a, int b)
{
  return a < 0 || b < 0 ? -1 : a > b ? a : b;
}

/* The argument of k whose value bounds register val, a remainder by
 * it (`x % m`, m a scalar int the kernel reads and never writes), or
 * -1. */
static int
rem_by_arg(OclGen *g, Kernel *k, int val)
{
  Insn *d = ocl_iv_def_of(g, val);
  if (!d || d->op != OP_REM || !ocl_int_type(d->type)) return -1;
  int m = d->args[1];
  for (int p = g->from; p < g->to; p++)
    if (wyil_def_reg(k->fn->code[p]) == m) return -1;
  for (int a = 0; a < k->nargs; a++)
    if (k->args[a].kind == KA_SCALAR && k->args[a].reg == m
        && ocl_int_type(k->args[a].elem ? k->args[a].elem
                                        : k->args[a].type))
      return a;
  return -1;
}

void
ocl_out_bits(OclGen *g, Kernel *k)
{
  Func *fn = k->fn;
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    bool written = ka->kind == KA_LIST_OUT || ka->kind == KA_LIST_INOUT;
    int bits = -1, by = -1;
    bool stored = false;
    for (int p = g->from; written && p < g->to; p++) {
      Insn *in = fn->code[p];
      int val = -1;
      if (in->op == OP_UPDATE && in->dst == ka->reg && in->nargs > 0)
        val = in->args[in->nargs - 1];
      else if (k->kind == KK_BUILD && ka->reg == k->build_list
               && ((in == k->build_append && !k->build_inner)
                   || in == k->build_inner)
               && in->nargs > 1)
        val = in->args[1];
      else
        continue;
      int b = ocl_value_bits(g, p, val), r = rem_by_arg(g, k, val);
      bits = stored ? join_bits(bits, b) : b;
      by = !stored || by == r ? r : -1;   /* every store by the same */
      stored = true;
    }
    ka->out_bits = stored ? bits : -1;
    ka->out_arg = stored ? by : -1;
  }
}

/* The bound the variant asks of argument a (a == k->nargs: of the loop
 * indices), or 0. */
static int
asked(const Kernel *k, int a)
{
  return a < k->nargs ? k->args[a].narrow : k->narrow_dims;
}

const char *
ocl_narrow_what(const Kernel *k)
{
  StrBuf sb = {0};
  /* the bounds in the order their first argument comes; each with every
   * argument it bounds, then the loop indices */
  for (int a = 0; a <= k->nargs; a++) {
    int b = asked(k, a);
    bool said = b <= 0;
    for (int c = 0; c < a && !said; c++) said = asked(k, c) == b;
    if (said) continue;
    bool first = true;
    sb_printf(&sb, "%s", sb.len ? "; " : "");
    for (int c = a; c < k->nargs; c++) {
      if (k->args[c].narrow != b) continue;
      sb_printf(&sb, "%s%s", first ? "" : ", ",
                k->args[c].name ? k->args[c].name : "a value it computes");
      first = false;
    }
    if (k->narrow_dims == b)
      sb_printf(&sb, "%sits loop indices", first ? "" : " and ");
    sb_printf(&sb, " within +-2^%d", b);
  }
  bool idx = false;
  for (int a = 0; a < k->nargs; a++)
    for (int l = 0; l < 3; l++) idx |= k->args[a].index_dim[l] > 0;
  if (idx)
    sb_printf(&sb, "%sits indices within the lists they index",
              sb.len ? "; " : "");
  const char *what = wyil_fmt("kernel %s (the variant for %s)",
                              k->narrow_name, sb.s ? sb.s : "");
  sb_free(&sb);
  return what;
}
