/* cgen_flow.c -- the per-function facts the C emitter needs, computed
 * over the WYIL code before it is emitted:
 *   - labels: where each one is, and which are branched to (C warns
 *     about unused labels);
 *   - loop structure: matching LOOP/FORALL and END, and the FORALL
 *     around each instruction (a branch leaving a FORALL releases its
 *     snapshot of the collection);
 *   - try regions: which TRY a TRYEND closes (a forward walk with the
 *     stack of open regions, identified by its innermost TRY);
 *   - `forall %i in %r` over `range %r = %x, %y` used nowhere else: the
 *     loop counts instead of building the list;
 *   - liveness of registers, so that the last use of a value can move
 *     it instead of copying (what makes `xs = xs + [x]` and `xs[i] = e`
 *     work in place).  Inside a try region every call and throw also
 *     flows to the region's handler.  A FORALL that a kernel offloads
 *     reads every register the kernel reads (its arguments and bounds),
 *     so that nothing before it moves or releases them.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* Largest liveness problem solved (instructions times 64-register
 * words); bigger functions just copy. */
#define LIVE_MAX_WORDS (1 << 21)

static bool
is_branch(Op op)
{
  return op == OP_GOTO || op == OP_IF || op == OP_IFIS || op == OP_TRY;
}

/* Labels, loop nesting, TRY presence. */
static void
scan_structure(Flow *fl)
{
  Func *fn = fl->fn;
  int *stack = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  int depth = 0;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    fl->encl[i] = -1;
    for (int d = depth - 1; d >= 0; d--)
      if (fn->code[stack[d]]->op == OP_FORALL) {
        fl->encl[i] = stack[d];
        break;
      }
    if (in->op == OP_LABEL && in->label >= 0 && in->label < fn->nlabels)
      fl->label_at[in->label] = i;
    if (is_branch(in->op) || in->op == OP_SWITCH) {
      if (in->label >= 0 && in->label < fn->nlabels)
        fl->label_used[in->label] = true;
      for (int k = 0; in->op == OP_SWITCH && k < in->ncases; k++)
        fl->label_used[in->cases[k].label] = true;
    }
    if (in->op == OP_TRY) fl->has_try = true;
    if (in->op == OP_LOOP || in->op == OP_FORALL) stack[depth++] = i;
    if (in->op == OP_END) {
      if (!depth) internal_error("%s: END without loop", fn->name);
      int h = stack[--depth];
      fl->match[h] = i;
      fl->match[i] = h;
    }
  }
  if (depth) internal_error("%s: unclosed loop", fn->name);
}

/* try_in[i]: the innermost TRY open when insn i starts. */
static void
scan_tries(Flow *fl)
{
  Func *fn = fl->fn;
  int *at_label = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  for (int l = 0; l < fn->nlabels; l++) at_label[l] = -2;
  int cur = -1;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    fl->try_parent[i] = -1;
    if (in->op == OP_LABEL && cur == -2) cur = at_label[in->label];
    fl->try_in[i] = cur;
    if (cur == -2) continue;
    if (in->op == OP_TRY) {
      fl->try_parent[i] = cur;
      at_label[in->label] = cur;  /* the handler runs outside */
      cur = i;
      continue;
    }
    if (in->op == OP_TRYEND) {
      cur = cur >= 0 ? fl->try_parent[cur] : -1;
      continue;
    }
    if (is_branch(in->op) && at_label[in->label] == -2)
      at_label[in->label] = cur;
    if (in->op == OP_SWITCH) {
      if (at_label[in->label] == -2) at_label[in->label] = cur;
      for (int k = 0; k < in->ncases; k++)
        if (at_label[in->cases[k].label] == -2)
          at_label[in->cases[k].label] = cur;
    }
    if (wyil_op_flags[in->op] & F_END) cur = -2;
  }
}

static bool
writes(Insn *in, int r)
{
  return in->dst == r && ((wyil_op_flags[in->op] & F_DEF)
                          || in->op == OP_UPDATE);
}

/* forall over a range used once: remember the pair. */
static void
scan_ranges(Flow *fl)
{
  Func *fn = fl->fn;
  int *ndefs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  int *nuses = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  int *defat = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    fl->range_of[i] = -1;
    for (int k = 0; k < in->nargs; k++) nuses[in->args[k]]++;
    if (in->op == OP_UPDATE && in->dst >= 0) nuses[in->dst]++;
    if (in->dst >= 0 && writes(in, in->dst)) {
      ndefs[in->dst]++;
      defat[in->dst] = i;
    }
  }
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_FORALL) continue;
    int a = in->args[0];
    if (a < fn->nparams || ndefs[a] != 1 || nuses[a] != 1) continue;
    int j = defat[a];
    Insn *rg = fn->code[j];
    if (rg->op != OP_RANGE || j > i) continue;
    bool ok = true;
    for (int k = j + 1; k < i && ok; k++) {
      Insn *mid = fn->code[k];
      Op op = mid->op;
      if (op == OP_LABEL || op == OP_LOOP || op == OP_FORALL || op == OP_END
          || writes(mid, rg->args[0]) || writes(mid, rg->args[1]))
        ok = false;
    }
    if (!ok) continue;
    fl->range_of[i] = j;
    fl->elided[j] = true;
  }
}

/* ---------------------------------------------------------------- */
/* Liveness                                                           */

static int
succs(Flow *fl, int i, int *out)
{
  Func *fn = fl->fn;
  Insn *in = fn->code[i];
  int n = 0;
  switch (in->op) {
  case OP_END:
    /* back to the body's start: a FORALL reads its collection (and
     * range bounds) on entry only; the next element or the exit */
    if (fn->code[fl->match[i]]->op == OP_FORALL) {
      out[n++] = fl->match[i] + 1;
      if (i + 1 < fn->ncode) out[n++] = i + 1;
    } else {
      out[n++] = fl->match[i];
    }
    return n;
  case OP_FORALL:
    out[n++] = i + 1;
    if (fl->match[i] + 1 < fn->ncode) out[n++] = fl->match[i] + 1;
    return n;
  case OP_GOTO:
    out[n++] = fl->label_at[in->label];
    return n;
  case OP_SWITCH:
    out[n++] = fl->label_at[in->label];
    for (int k = 0; k < in->ncases; k++)
      out[n++] = fl->label_at[in->cases[k].label];
    return n;
  case OP_IF: case OP_IFIS: case OP_TRY:
    out[n++] = fl->label_at[in->label];
    break;
  case OP_INVOKE: case OP_INDIRECT: case OP_THROW:
    /* may throw: inside a try region, to its handler */
    if (fl->try_in[i] >= 0)
      out[n++] = fl->label_at[fn->code[fl->try_in[i]]->label];
    if (in->op == OP_THROW) return n;
    break;
  default:
    if (wyil_op_flags[in->op] & F_END) return n;
    break;
  }
  if (i + 1 < fn->ncode) out[n++] = i + 1;
  return n;
}

static void
set_bit(uint64_t *set, int r)
{
  set[r >> 6] |= UINT64_C(1) << (r & 63);
}

/* live_in = uses + (live_out - defs), for insn i. */
static void
transfer(Flow *fl, int i, const uint64_t *out, uint64_t *in_set)
{
  Insn *in = fl->fn->code[i];
  memcpy(in_set, out, sizeof(uint64_t) * (size_t)fl->nwords);
  if (in->dst >= 0 && writes(in, in->dst))
    in_set[in->dst >> 6] &= ~(UINT64_C(1) << (in->dst & 63));
  for (int k = 0; k < in->nargs; k++) set_bit(in_set, in->args[k]);
  if (in->op == OP_UPDATE && in->dst >= 0) set_bit(in_set, in->dst);
  if (in->op == OP_FORALL && fl->range_of[i] >= 0) {
    Insn *rg = fl->fn->code[fl->range_of[i]];
    set_bit(in_set, rg->args[0]);
    set_bit(in_set, rg->args[1]);
  }
  Kernel *k = in->op == OP_FORALL ? fl->kernel[i] : NULL;
  for (int d = 0; k && d < k->ndims; d++) {
    if (k->lo[d] >= 0) set_bit(in_set, k->lo[d]);
    if (k->hi[d] >= 0) set_bit(in_set, k->hi[d]);
  }
  for (int a = 0; k && a < k->nargs; a++) set_bit(in_set, k->args[a].reg);
}

static void
solve_liveness(Flow *fl)
{
  Func *fn = fl->fn;
  int n = fn->ncode, w = fl->nwords;
  uint64_t *live_in = wyil_alloc(sizeof(uint64_t) * (size_t)n * (size_t)w);
  uint64_t *tmp = wyil_alloc(sizeof(uint64_t) * (size_t)w);
  int maxs = 3;
  for (int i = 0; i < n; i++)
    if (fn->code[i]->op == OP_SWITCH && fn->code[i]->ncases + 2 > maxs)
      maxs = fn->code[i]->ncases + 2;
  int *sv = wyil_alloc(sizeof(int) * (size_t)maxs);
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = n - 1; i >= 0; i--) {
      uint64_t *out = fl->live_out + (size_t)i * (size_t)w;
      int ns = succs(fl, i, sv);
      memset(out, 0, sizeof(uint64_t) * (size_t)w);
      for (int k = 0; k < ns; k++) {
        if (sv[k] < 0) continue;
        uint64_t *s = live_in + (size_t)sv[k] * (size_t)w;
        for (int b = 0; b < w; b++) out[b] |= s[b];
      }
      transfer(fl, i, out, tmp);
      uint64_t *cur = live_in + (size_t)i * (size_t)w;
      if (memcmp(cur, tmp, sizeof(uint64_t) * (size_t)w)) {
        memcpy(cur, tmp, sizeof(uint64_t) * (size_t)w);
        changed = true;
      }
    }
  }
}

static void
scan_compound(Flow *fl)
{
  Func *fn = fl->fn;
  Type *ft = fn->type;
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++)
    fl->compound[r] = !ft || r >= ft->n || ty_maybe_compound(ft->elems[r]);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->dst < 0 || !writes(in, in->dst)) continue;
    if (in->op == OP_CONST) {
      ConstKind k = in->cst ? in->cst->kind : C_LIST;
      if (k != C_NULL && k != C_BOOL && k != C_BYTE && k != C_CHAR
          && k != C_INT && k != C_REAL)
        fl->compound[in->dst] = true;
      continue;
    }
    if (ty_maybe_compound(wyil_def_type(in))) fl->compound[in->dst] = true;
  }
}

Flow *
flow_new(Func *fn, FilterResult *r)
{
  Flow *fl = wyil_alloc(sizeof(Flow));
  size_t n = (size_t)fn->ncode + 1;
  fl->fn = fn;
  fl->label_at = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  fl->label_used = wyil_alloc(sizeof(bool) * (size_t)(fn->nlabels + 1));
  for (int l = 0; l < fn->nlabels; l++) fl->label_at[l] = -1;
  fl->match = wyil_alloc(sizeof(int) * n);
  fl->encl = wyil_alloc(sizeof(int) * n);
  fl->try_in = wyil_alloc(sizeof(int) * n);
  fl->try_parent = wyil_alloc(sizeof(int) * n);
  fl->range_of = wyil_alloc(sizeof(int) * n);
  fl->elided = wyil_alloc(sizeof(bool) * n);
  fl->compound = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  fl->kernel = wyil_alloc(sizeof(Kernel *) * n);
  for (int i = 0; r && i < fn->ncode; i++)
    if (fn->code[i]->op == OP_FORALL)
      fl->kernel[i] = flt_kernel_at(r, fn->code[i]);
  scan_structure(fl);
  scan_tries(fl);
  scan_ranges(fl);
  fl->nwords = (fn->nregs + 63) / 64;
  if (fl->nwords == 0) fl->nwords = 1;
  fl->moves = (size_t)fn->ncode * (size_t)fl->nwords <= LIVE_MAX_WORDS;
  if (fl->moves) {
    fl->live_out = wyil_alloc(sizeof(uint64_t) * (size_t)fn->ncode
                              * (size_t)fl->nwords + 1);
    solve_liveness(fl);
    scan_compound(fl);
  }
  return fl;
}

bool
flow_live_after(Flow *fl, int i, int r)
{
  if (!fl->moves || r < 0) return true;
  const uint64_t *out = fl->live_out + (size_t)i * (size_t)fl->nwords;
  return (out[r >> 6] >> (r & 63)) & 1;
}
