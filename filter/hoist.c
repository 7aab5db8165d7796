/* hoist.c -- the ends of an inner loop's range that the body of a loop
 * around it computes from values that loop never changes:
 *
 *     for b in -radius..(radius + 1):
 *         for a in -radius..(radius + 1):     (neg, add in b's body)
 *
 * Their int arithmetic moves before the outer loop when that loop builds
 * a list of rows (`rows = rows + [row]`): a build of rows (build.c)
 * needs ends the host knows before the nest.  Safe: the moved
 * instructions (constants, copies, negations, sums, differences and
 * products of ints, exact and unable to fail) define registers nothing
 * else defines, from registers the loop never writes, so they hold the
 * same value in every iteration; computed once before the loop, they
 * hold it there too, and nothing reads them before their definition
 * (the register would be unset).  Other code stays where it is.
 *
 * Contract (compiler/pipeline.c's table): Pass range-ends. Requires:
 * counted. Provides: inner range ends computed before the loop around them.
 * Invalidates: the function's CFG.
 */
#include <string.h>

#include "filter_internal.h"

/* How deep the operands of an end are followed. */
#define CHAIN_DEPTH 8
/* Most instructions moved for one end. */
#define CHAIN_MAX 32

static bool
pure_int(Insn *in)
{
  if (!in->type || ty_expand(in->type)->kind != TY_INT) return false;
  switch (in->op) {
  case OP_CONST: return in->cst && in->cst->kind == C_INT;
  case OP_NEG: case OP_ASSIGN: return in->nargs == 1;
  case OP_ADD: case OP_SUB: case OP_MUL: return in->nargs == 2;
  default: return false;
  }
}

/* Add to chain[] (indices, *n of them) the instructions that compute
 * register r in the body (h, e) of a loop from values the loop does not
 * write, when all of them may move; false when one may not. */
static bool
chain_of(Func *fn, const Cfg *c, int h, int e, int r, int depth, int *chain,
         int *n)
{
  if (r < 0 || r >= fn->nregs) return false;
  if (!flt_written(fn, h, e + 1, r)) return true;   /* invariant already */
  if (depth > CHAIN_DEPTH || c->ndefs[r] != 1 || *n >= CHAIN_MAX)
    return false;
  int d = c->def_at[r];
  if (d <= h || d >= e || !pure_int(fn->code[d])) return false;
  for (int k = 0; k < *n; k++)
    if (chain[k] == d) return true;
  for (int a = 0; a < fn->code[d]->nargs; a++)
    if (!chain_of(fn, c, h, e, fn->code[d]->args[a], depth + 1, chain, n))
      return false;
  chain[(*n)++] = d;
  return true;
}

/* Move code[chain[0..n)] (in their order) to just before the loop at h,
 * and before the range it runs over when that is made right before it. */
static void
move_before(Func *fn, int h, int *chain, int n)
{
  int at = h;
  Insn *loop = fn->code[h];
  if (loop->op == OP_FORALL && h > 0 && fn->code[h - 1]->op == OP_RANGE
      && fn->code[h - 1]->dst == loop->args[0])
    at = h - 1;
  for (int i = 1; i < n; i++)   /* program order (insertion sort) */
    for (int j = i; j > 0 && chain[j - 1] > chain[j]; j--) {
      int t = chain[j];
      chain[j] = chain[j - 1];
      chain[j - 1] = t;
    }
  Insn **code = wyil_alloc(sizeof(Insn *) * ((size_t)fn->ncode + 1));
  int m = 0, k = 0;
  for (int i = 0; i < fn->ncode; i++) {
    if (i == at)
      for (int j = 0; j < n; j++) code[m++] = fn->code[chain[j]];
    if (k < n && chain[k] == i) {
      k++;
      continue;
    }
    code[m++] = fn->code[i];
  }
  memcpy(fn->code, code, sizeof(Insn *) * (size_t)fn->ncode);
  wyil_cfg_drop(fn);
}

/* The body (h, e) grows a list of lists (`rows = rows + [row]`): a build
 * of rows (build.c) whose host code must know the inner range.  Other
 * loops keep their arithmetic, which a kernel's range analysis reads
 * (an end passed from the host is only a number to it). */
static bool
builds_rows(Func *fn, int h, int e)
{
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    Type *el = in->op == OP_APPENDL && in->type ? ty_list_elem(in->type)
                                                : NULL;
    if (el && ty_expand(el)->kind == TY_LIST) return true;
  }
  return false;
}

/* One move: the first range end computed in the loop around it. */
static bool
hoist_one(Func *fn)
{
  Cfg *c = wyil_cfg(fn);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *rg = fn->code[i];
    if (rg->op != OP_RANGE || rg->nargs != 2) continue;
    int h = -1;   /* the innermost loop around the range */
    for (int j = i - 1; j >= 0 && h < 0; j--) {
      Op op = fn->code[j]->op;
      if ((op == OP_FORALL || op == OP_LOOP) && c->match[j] > i) h = j;
    }
    if (h < 0 || !builds_rows(fn, h, c->match[h])) continue;
    for (int a = 0; a < 2; a++) {
      int chain[CHAIN_MAX], n = 0, r = rg->args[a];
      if (!flt_written(fn, h, c->match[h] + 1, r)) continue;
      if (!chain_of(fn, c, h, c->match[h], r, 0, chain, &n) || n == 0)
        continue;
      move_before(fn, h, chain, n);
      return true;
    }
  }
  return false;
}

int
flt_hoist_range_ends(Func *fn)
{
  int moved = 0;
  /* each move takes instructions out of one loop; a nest of depth d
   * moves an end d times at most */
  while (moved < 4 * fn->ncode && hoist_one(fn)) moved++;
  return moved;
}
