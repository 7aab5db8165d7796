/* cgen_borrow.c -- rows read without a reference of their own, in the
 * IEEE real modes.
 *
 * `x[i][j]` on a list of lists is two reads, `indexof %r = %x, %i` and
 * `indexof %e = %r, %j` (with `lengthof %r` for the bound check); the
 * row %r gets a reference (an increment) that its last use drops again
 * (a decrement, and a test for freeing).  Where %r is such a temporary
 * the reference is not needed: %x keeps the row alive meanwhile.  A
 * register %r is borrowed when
 *   - its one definition is `indexof %r = %x, %i` of a list whose
 *     elements are lists;
 *   - it is read only as the list of LENGTHOF and INDEXOF instructions,
 *     all after the definition in the same straight-line code (no label,
 *     branch or loop boundary between), with nothing between that writes
 *     %x or %r;
 *   - %x is live after the last of them (so it is not released first).
 * Its definition then stores wy_list_borrow's word without a count, and
 * the register is never released (g->imm: no write of it holds a
 * reference).
 *
 * Requires: the flow facts with liveness (g->fl), g->imm (cgen_unbox.c).
 * Provides g->borrow: register -> borrowed, NULL when none; the
 * registers are marked in g->imm too.  None in exact mode, nor in a
 * function with an offloaded or chained loop (as cgen_unbox.c).
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* Does code[k] end straight-line code or start other code? */
static bool
breaks_line(Insn *in)
{
  switch (in->op) {
  case OP_LABEL: case OP_GOTO: case OP_IF: case OP_IFIS: case OP_SWITCH:
  case OP_LOOP: case OP_FORALL: case OP_END: case OP_TRY: case OP_TRYEND:
  case OP_RETURN: case OP_THROW: case OP_FAIL: case OP_OFFLOAD:
    return true;
  default:
    return false;
  }
}

/* Is register r, defined by code[d] = `indexof %r = %x, %i`, borrowed? */
static bool
borrowable(Gen *g, int d, int r)
{
  Func *fn = g->fn;
  Insn *def = fn->code[d];
  int x = def->args[0], last = -1, uses = 0, all = 0;
  if (x == r || def->args[1] == r) return false;
  for (int k = 0; k < fn->ncode; k++) {
    Insn *in = fn->code[k];
    for (int a = 0; a < in->nargs; a++) all += in->args[a] == r;
  }
  for (int k = d + 1; k < fn->ncode && uses < all; k++) {
    Insn *in = fn->code[k];
    if (breaks_line(in) || wyil_def_reg(in) == x || wyil_def_reg(in) == r)
      return false;
    for (int a = 0; a < in->nargs; a++) {
      if (in->args[a] != r) continue;
      if (a != 0 || (in->op != OP_LENGTHOF && in->op != OP_INDEXOF))
        return false;
      uses++;
      last = k;
    }
  }
  return uses == all && last >= 0 && cgen_flow_live_after(g->fl, last, x);
}

void
cgen_borrow_scan(Gen *g)
{
  Func *fn = g->fn;
  bool *b = NULL;
  g->borrow = NULL;
  if (g->m->real_mode == WYIL_REAL_EXACT || !g->fl->moves || g->any_chain)
    return;
  for (int d = 0; d < fn->ncode; d++)
    if (fn->code[d]->op == OP_OFFLOAD) return;
  for (int d = 0; d < fn->ncode; d++) {
    Insn *in = fn->code[d];
    int r = in->dst;
    Type *e = in->type ? ty_list_elem(in->type) : NULL;
    if (in->op != OP_INDEXOF || r < fn->nparams || !ty_is(in->type, TY_LIST)
        || !e || !ty_list_elem(e) || wyil_only_def(fn, r) != in
        || !borrowable(g, d, r))
      continue;
    if (!b) b = wyil_alloc((size_t)fn->nregs + 1);
    if (!g->imm) g->imm = wyil_alloc((size_t)fn->nregs + 1);
    b[r] = true;
    g->imm[r] = true;
  }
  g->borrow = b;
}
