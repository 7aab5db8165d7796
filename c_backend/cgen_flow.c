/* cgen_flow.c -- the per-function facts the C emitter needs, computed
 * over the WYIL code before it is emitted.  The control flow (labels,
 * loop matching, the FORALL around each instruction, try regions) and
 * liveness come from wyil/cfg.c; this file adds what only the C code
 * needs:
 *   - `forall %i in %r` over `range %r = %x, %y` used nowhere else: the
 *     loop counts instead of building the list;
 *   - liveness of registers, so that the last use of a value can move
 *     it instead of copying (what makes `xs = xs + [x]` and `xs[i] = e`
 *     work in place), with the C code's own reads added: a counting
 *     FORALL reads its range's bounds.  (An OFFLOAD reads every register
 *     its kernel function gets: its operands.)
 * A Flow and its tables live in an arena of this file's, released with
 * the function's control flow tables by cgen_flow_free once the
 * function is printed.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* Largest liveness problem solved (instructions times 64-register
 * words); bigger functions just copy. */
#define LIVE_MAX_WORDS (1 << 21)

/* forall over a range used once: remember the pair. */
static void
scan_ranges(Flow *fl)
{
  Func *fn = fl->fn;
  const int *ndefs = fl->cfg->ndefs, *defat = fl->cfg->def_at;
  int *nuses = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    fl->range_of[i] = -1;
    for (int k = 0; k < in->nargs; k++) nuses[in->args[k]]++;
    if (in->op == OP_UPDATE && in->dst >= 0) nuses[in->dst]++;
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
          || wyil_def_reg(mid) == rg->args[0]
          || wyil_def_reg(mid) == rg->args[1])
        ok = false;
    }
    if (!ok) continue;
    fl->range_of[i] = j;
    fl->elided[j] = true;
  }
}

/* ---------------------------------------------------------------- */
/* Liveness                                                           */

static void
set_bit(uint64_t *set, int r)
{
  set[r >> 6] |= UINT64_C(1) << (r & 63);
}

/* What the C code reads at insn i besides its operands (WyilUses). */
static void
extra_uses(void *ctx, int i, uint64_t *set)
{
  Flow *fl = ctx;
  Insn *in = fl->fn->code[i];
  if (in->op != OP_FORALL) return;
  if (fl->range_of[i] >= 0) {
    Insn *rg = fl->fn->code[fl->range_of[i]];
    set_bit(set, rg->args[0]);
    set_bit(set, rg->args[1]);
  }
}

static void
scan_compound(Flow *fl)
{
  Func *fn = fl->fn;
  Type *ft = fn->type;
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++)
    fl->compound[r] = !ft || r >= ft->n || cgen_maybe_compound(ft->elems[r]);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (wyil_def_reg(in) < 0) continue;
    if (in->op == OP_CONST) {
      ConstKind k = in->cst ? in->cst->kind : C_LIST;
      if (k != C_NULL && k != C_BOOL && k != C_BYTE && k != C_CHAR
          && k != C_INT && k != C_REAL)
        fl->compound[in->dst] = true;
      continue;
    }
    if (cgen_maybe_compound(wyil_def_type(in))) fl->compound[in->dst] = true;
  }
}

/* Each label's offload: the last OFFLOAD of a kernel before the label
 * that leaves to it (cgen_emit_offload_exit), in one pass. */
static void
scan_offloads(Flow *fl)
{
  Func *fn = fl->fn;
  int nl = fn->nlabels > 0 ? fn->nlabels : 0;
  fl->offload_of = wyil_alloc(sizeof(Insn *) * (size_t)(nl + 1));
  for (int j = 0; j < fn->ncode; j++) {
    Insn *in = fn->code[j];
    if (in->op != OP_OFFLOAD || in->label < 0 || in->label >= nl
        || !in->callee || !in->callee->kernel
        || (fl->label_at[in->label] >= 0 && fl->label_at[in->label] < j))
      continue;
    fl->offload_of[in->label] = in;
  }
}

static WyArena *flow_arena;

WyArena *
cgen_func_arena(void)
{
  if (!flow_arena) flow_arena = wyil_arena_new();
  return flow_arena;
}

Flow *
cgen_flow_new(Func *fn)
{
  WyArena *was = wyil_arena_use(cgen_func_arena());
  Flow *fl = wyil_alloc(sizeof(Flow));
  size_t n = (size_t)fn->ncode + 1;
  Cfg *c = wyil_cfg(fn);
  fl->fn = fn;
  fl->cfg = c;
  fl->label_at = c->label_at;
  fl->label_used = c->label_used;
  fl->match = c->match;
  fl->encl = c->encl;
  fl->try_in = c->try_in;
  fl->has_try = c->has_try;
  fl->range_of = wyil_alloc(sizeof(int) * n);
  fl->elided = wyil_alloc(sizeof(bool) * n);
  fl->compound = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  scan_ranges(fl);
  scan_offloads(fl);
  size_t words = (size_t)(fn->nregs + 63) / 64;
  fl->moves = (size_t)fn->ncode * (words ? words : 1) <= LIVE_MAX_WORDS;
  if (fl->moves) {
    fl->live = wyil_live(c, extra_uses, fl);
    scan_compound(fl);
  }
  wyil_arena_use(was);
  return fl;
}

void
cgen_flow_free(Flow *fl)
{
  (void)fl;
  wyil_cfg_release();   /* first: it clears fn->cfg of a copy in the arena */
  wyil_arena_reset(flow_arena);
}

bool
cgen_flow_live_after(Flow *fl, int i, int r)
{
  if (!fl->moves || r < 0) return true;
  return wyil_live_out(fl->live, i, r);
}
