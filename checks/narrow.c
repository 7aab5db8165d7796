/* narrow.c -- a kernel's narrow variant: the same loop compiled
 * on the assumption that the ints of some lists it reads are small, so
 * that the range analysis (range.c) proves more of its checks.
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
 * bounds (ival_sum.c) are left out of that choice and then get
 * bounds of the lists it left free only (chk_choose_narrow).
 *
 * Contract (compiler/pipeline.c's table): pass narrow (chk_choose_narrow,
 * from plan.c's chk_narrow; also in veto's trial), and store32's bounds
 * (chk_out_bits, from chk_store32).  Requires: the kernel function
 * planned (jam, tile), the plan's return facts.  Provides:
 * Kernel.narrow_name, narrow_dims, KernelArg.narrow, index_dim; then
 * out_bits, out_arg.  Both back ends only read them (the OpenCL printer
 * also through chk_index_known and the variant's check plans, whose
 * assumptions chk_narrow_hyp makes; c_backend/cgen_offload.c).
 * Invalidates nothing in WYIL.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "checks_internal.h"

/* The bounds tried, loosest first (exponents of two). */
static const int ladder[] = {24, 20, 16, 14, 12, 10, 8};
enum { NLADDER = sizeof ladder / sizeof ladder[0] };

/* Argument a is a list of ints the kernel only reads, or an int; a ==
 * k->nargs stands for the NDRange's loop variables (an index each, not
 * the elements of a loop over a list). */
static bool
candidate(const Kernel *k, int a)
{
  if (a == k->nargs) return !k->over_list;
  KernelArg *ka = &k->args[a];
  if (ka->reg < 0 || ka->reg >= k->fn->nregs) return false;
  if (ka->kind == KA_LIST_IN) return chk_int_type(ka->elem);
  return ka->kind == KA_SCALAR
         && chk_int_type(ka->elem ? ka->elem : ka->type);
}

/* cf->hyp with bits[a] for argument a (0: free), bits[k->nargs] for the
 * loop variables. */
static int *
hyp_of(const Kernel *k, const int *bits)
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

/* The narrow choice of one kernel function. */
typedef struct Choice {
  ChkPlan *pl;
  Func *fn;
  Kernel *k;
  bool sums_off;        /* without running sums' bounds */
  ChkFunc *last;        /* the plan of the last hypothesis tried */
} Choice;

/* The weight of the checks proved when argument a's ints are taken to
 * lie within +-2^bits[a] (0: free). */
static long
weight_with(Choice *ch, const int *bits)
{
  ChkAsk ask = chk_kernel_ask(ch->fn, 0);
  ask.hyp = hyp_of(ch->k, bits);
  ask.sums_off = ch->sums_off;
  ch->pl->narrow_search = true;
  ch->last = chk_plan_func(ch->pl, &ask);
  ch->pl->narrow_search = false;
  return chk_proved_weight(ch->last);
}

/* Bound the arguments of `which` (bits[a] 0 so far; the others keep
 * theirs): the loosest bound of the ladder, the same for all, that
 * proves the most (more than bits as given do), then each as loose as
 * it can be while the whole proves as much, free first: a size may be
 * large where coordinates are small (an all-pairs loop's n and x).
 * False when no bound proves more. */
static bool
narrow_some(Choice *ch, int *bits, const bool *which)
{
  int n = ch->k->nargs + 1;
  long base = weight_with(ch, bits), best = base;
  int chosen = 0;
  for (int i = NLADDER - 1; i >= 0; i--) {   /* tightest first */
    for (int a = 0; a < n; a++)
      if (which[a]) bits[a] = ladder[i];
    long w = weight_with(ch, bits);
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
    for (int i = 0; weight_with(ch, bits) < best; i++) {
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
index_dim(const ChkFunc *cf, const Kernel *k, int r)
{
  for (int d = 0; d < k->ndims; d++) {
    int v = k->loopvar[d];
    if ((k->over_list && k->loops[d] == k->loop) || v < 0) continue;
    if (v == r || chk_iv_same_value(cf, v, r)) return d;
  }
  return wyil_jam_var_dim(k, r);   /* a copy's index: the same range */
}

/* The list argument whose parameter is `list`, when it has level
 * `level`. */
static bool
arg_level(const ChkFunc *cf, const Kernel *k, int list, int level, int *arg)
{
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->kind == KA_SCALAR || ka->kind == KA_REDUCE || ka->reg < 0
        || ka->reg >= cf->fn->nregs || ka->reg != list)
      continue;
    if (level < cf->list_depth[list] && level < 3) {
      *arg = a;
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
choose_index_facts(const ChkFunc *cf, Kernel *k)
{
  enum { CONFLICT = 255 };
  if (k->kind == KK_BUILD) return;
  for (int p = cf->from; p < cf->to; p++) {
    Insn *in = cf->fn->code[p];
    int n = 0, idx[3], list[3], level[3];
    bool known[3];
    if (in->op == OP_INDEXOF && in->nargs == 2) {
      idx[n] = in->args[1];
      known[n] = chk_len_of(cf, in->args[0], &list[n], &level[n]);
      n++;
    } else if (in->op == OP_UPDATE && in->dst >= 0
               && in->dst < cf->fn->nregs && cf->list_depth[in->dst]) {
      for (int s = 0; s < in->nsteps && s < cf->list_depth[in->dst] && s < 3;
           s++) {
        idx[n] = in->args[s];
        list[n] = in->dst;
        level[n] = s;
        known[n++] = true;
      }
    }
    for (int j = 0; j < n; j++) {
      int d = index_dim(cf, k, idx[j]), a;
      if (d < 0 || !known[j] || !arg_level(cf, k, list[j], level[j], &a))
        continue;
      int *f = &k->args[a].index_dim[level[j]];
      *f = *f == 0 || *f == d + 1 ? d + 1 : CONFLICT;
    }
  }
  for (int a = 0; a < k->nargs; a++)
    for (int l = 0; l < 3; l++)
      if (k->args[a].index_dim[l] == CONFLICT) k->args[a].index_dim[l] = 0;
}

bool
chk_index_known(const ChkFunc *cf, int i, int list, int level)
{
  const Kernel *k = cf->k;
  int a;
  if (!cf->variant || !k || !k->narrow_name) return false;
  int d = index_dim(cf, k, i);
  return d >= 0 && arg_level(cf, k, list, level, &a)
         && k->args[a].index_dim[level] == d + 1;
}


bool
chk_index_nonneg(const ChkFunc *cf, int i)
{
  const Kernel *k = cf->k;
  if (!cf->variant || !k || !k->narrow_name) return false;
  int d = index_dim(cf, k, i);
  for (int a = 0; d >= 0 && a < k->nargs; a++)
    for (int l = 0; l < 3; l++)
      if (k->args[a].index_dim[l] == d + 1) return true;
  return false;
}

void
chk_choose_narrow(ChkPlan *pl, Func *fn)
{
  Kernel *k = fn->kernel;
  Choice ch = {pl, fn, k, false, NULL};
  int n = k->nargs + 1;   /* the arguments, then the loop variables */
  int *bits = wyil_alloc(sizeof(int) * (size_t)n);
  bool *which = wyil_alloc(sizeof(bool) * (size_t)n), any = false;
  for (int a = 0; a < n; a++) any |= which[a] = candidate(k, a);
  if (!any) return;
  /* First what the bounds prove without running sums' bounds, which
   * count loop iterations: bounding a sum over n items by bounding n
   * would ask the runtime for small sizes (an all-pairs loop's n). */
  ch.sums_off = true;
  bool chosen = narrow_some(&ch, bits, which);
  ch.sums_off = false;
  /* then the lists' elements still free, for what sums need (a
   * neighbour count: 9 cells of the grid at most) */
  any = false;
  for (int a = 0; a < k->nargs; a++)
    any |= which[a] = which[a] && !bits[a]
                      && k->args[a].kind == KA_LIST_IN;
  which[k->nargs] = false;
  if (any) chosen |= narrow_some(&ch, bits, which);
  if (!chosen) return;
  for (int a = 0; a < k->nargs; a++) k->args[a].narrow = bits[a];
  k->narrow_dims = bits[k->nargs];
  k->narrow_name = wyil_fmt("%s_n", k->name);
  choose_index_facts(ch.last, k);   /* (any plan of k: its definitions) */
}

int *
chk_narrow_hyp(const Kernel *k)
{
  if (!k->narrow_name) return NULL;
  int *bits = wyil_alloc(sizeof(int) * ((size_t)k->nargs + 1));
  for (int a = 0; a < k->nargs; a++) bits[a] = k->args[a].narrow;
  bits[k->nargs] = k->narrow_dims;
  return hyp_of(k, bits);
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
rem_by_arg(const ChkFunc *cf, const Kernel *k, int val)
{
  Insn *d = chk_iv_def_of(cf, val);
  if (!d || d->op != OP_REM || !chk_int_type(d->type)) return -1;
  int m = d->args[1];
  for (int p = cf->from; p < cf->to; p++)
    if (wyil_def_reg(k->fn->code[p]) == m) return -1;
  for (int a = 0; a < k->nargs; a++)
    if (k->args[a].kind == KA_SCALAR && k->args[a].reg == m
        && chk_int_type(k->args[a].elem ? k->args[a].elem
                                        : k->args[a].type))
      return a;
  return -1;
}

void
chk_out_bits(ChkFunc *cf, Kernel *k)
{
  Func *fn = k->fn;
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    bool written = ka->kind == KA_LIST_OUT || ka->kind == KA_LIST_INOUT;
    int bits = -1, by = -1;
    bool stored = false;
    for (int p = cf->from; written && p < cf->to; p++) {
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
      int b = chk_value_bits(cf, p, val), r = rem_by_arg(cf, k, val);
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
chk_narrow_what(const Kernel *k)
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
