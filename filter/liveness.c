/* liveness.c -- register liveness over one WYIL function.
 *
 * Requires: nothing.  Computes, for each instruction, the registers live
 * on entry to it (read later along some path before being written).  The
 * control-flow graph comes straight from the instructions: forward
 * branches to labels, SWITCH tables, TRY handlers, and the structured
 * loops (END goes back to its LOOP/FORALL; a FORALL also exits past its
 * END).  The dependence analysis uses it to tell private scalars from
 * loop-carried ones and from values that escape a loop.
 */
#include <string.h>

#include "filter_internal.h"

int *
flt_label_index(Func *fn)
{
  int *at = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  for (int k = 0; k < fn->ncode; k++)
    if (fn->code[k]->op == OP_LABEL) at[fn->code[k]->label] = k;
  return at;
}

/* The successors of instruction k (at most 2 + number of switch cases). */
static int
successors(Func *fn, int k, const int *label_at, const int *loop_head,
           const int *loop_exit, int *succ)
{
  Insn *in = fn->code[k];
  int n = 0;
  switch (in->op) {
  case OP_GOTO:
    succ[n++] = label_at[in->label];
    return n;
  case OP_RETURN: case OP_THROW: case OP_FAIL:
    return 0;
  case OP_SWITCH:
    for (int i = 0; i < in->ncases; i++)
      succ[n++] = label_at[in->cases[i].label];
    succ[n++] = label_at[in->label];
    return n;
  case OP_IF: case OP_IFIS: case OP_TRY:
    succ[n++] = label_at[in->label];
    break;
  case OP_FORALL:
    succ[n++] = loop_exit[k];
    break;
  case OP_END:
    succ[n++] = loop_head[k];
    return n;
  default:
    break;
  }
  if (k + 1 < fn->ncode) succ[n++] = k + 1;
  return n;
}

int
flt_defined_reg(Insn *in)
{
  if (in->op == OP_UPDATE || in->op == OP_TRY) return in->dst;
  if ((wyil_op_flags[in->op] & F_DEF) && in->dst >= 0) return in->dst;
  return -1;
}

Liveness *
flt_liveness(Func *fn)
{
  int n = fn->ncode, words = (fn->nregs + 63) / 64;
  Liveness *lv = wyil_alloc(sizeof(Liveness));
  lv->words = words;
  lv->ninsn = n;
  lv->in = wyil_alloc(sizeof(uint64_t) * (size_t)(words * (n + 1)));
  int *label_at = flt_label_index(fn);
  int *loop_head = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  int *loop_exit = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  for (int k = 0; k < n; k++) {
    Op op = fn->code[k]->op;
    if (op == OP_LOOP || op == OP_FORALL) {
      int e = wyil_loop_end(fn, k);
      loop_head[e] = k;
      loop_exit[k] = e + 1 < n ? e + 1 : e;
    }
  }
  int *succ = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 4));
  uint64_t *out = wyil_alloc(sizeof(uint64_t) * (size_t)(words + 1));
  bool changed = true;
  while (changed) {
    changed = false;
    for (int k = n - 1; k >= 0; k--) {
      Insn *in = fn->code[k];
      memset(out, 0, sizeof(uint64_t) * (size_t)words);
      int ns = successors(fn, k, label_at, loop_head, loop_exit, succ);
      for (int s = 0; s < ns; s++)
        for (int w = 0; w < words; w++) out[w] |= lv->in[succ[s] * words + w];
      int d = flt_defined_reg(in);
      if (d >= 0 && in->op != OP_UPDATE)
        out[d / 64] &= ~(UINT64_C(1) << (d % 64));
      for (int a = 0; a < in->nargs; a++)
        out[in->args[a] / 64] |= UINT64_C(1) << (in->args[a] % 64);
      if (in->op == OP_UPDATE) /* the root is read too */
        out[in->dst / 64] |= UINT64_C(1) << (in->dst % 64);
      uint64_t *cur = &lv->in[k * words];
      if (memcmp(cur, out, sizeof(uint64_t) * (size_t)words)) {
        memcpy(cur, out, sizeof(uint64_t) * (size_t)words);
        changed = true;
      }
    }
  }
  return lv;
}

bool
flt_live_in(Liveness *lv, int k, int reg)
{
  if (k >= lv->ninsn) return false;
  return (lv->in[k * lv->words + reg / 64] >> (reg % 64)) & 1;
}

FnTables *
flt_fn_tables(Func *fn)
{
  FnTables *t = wyil_alloc(sizeof(FnTables));
  t->ndefs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  t->def = wyil_alloc(sizeof(Insn *) * (size_t)(fn->nregs + 1));
  for (int i = 0; i < fn->ncode; i++) {
    int d = flt_defined_reg(fn->code[i]);
    if (d >= 0 && fn->code[i]->op != OP_UPDATE) {
      t->ndefs[d]++;
      t->def[d] = fn->code[i];
    }
  }
  t->label_at = flt_label_index(fn);
  return t;
}
