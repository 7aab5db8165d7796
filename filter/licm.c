/* licm.c -- loop-invariant code motion of the range ends of inner loops
 * (a middle-end rewrite, before the dependence analysis).
 *
 * Requires: structured loops and liveness (wyil/cfg.c; made here).
 * Provides: the computations in the body of a range loop (FORALL) that
 * the range ends of a loop directly inside it are computed from, when
 * their operands the loop never writes, moved to just before the loop
 * (before the range it runs over, when that is made right before it),
 * innermost loops first, so that they move out of a whole nest one loop
 * at a time:
 *
 *     for i in 1..(n - 1):             m = n - 1        (once)
 *         for j in 1..(n - 1):   ==>   for i in 1..m:
 *             ...                          for j in 1..m:  ...
 *
 * Then the bounds of the inner loop are known before the nest, and the
 * nest can be one NDRange (filter.c, flatten).  Invalidates: the
 * function's Cfg and liveness.
 *
 * What moves: constants, copies of scalars, sums, differences, products
 * and negations of ints and reals (none can fail: ints are unbounded,
 * reals exact or IEEE); and divisions and remainders of ints and reals,
 * guarded:
 *
 *     q = a / b        ==>     q = 0; if b != 0: q = a / b      (before)
 *
 * The division's check (`assertne b, 0`, lowering's) stays where it was,
 * in the loop, so a zero divisor fails at the same place, in the same
 * iteration, and a loop that runs no iteration fails nowhere; q is read
 * only after that check passed, when it holds a / b.  A list index is
 * not moved (its element would need a guard for each bound).
 *
 * When: the instruction is the only definition of its register in the
 * function (an UPDATE counts), that register is not live on entry to
 * the loop (no iteration reads the previous one's value), and each
 * operand is not written in the loop or is defined by an instruction
 * that moves.  Then the register holds one value in every iteration,
 * which the moved instruction computes before them, and the other
 * instructions stay where they are.  Neither loop may carry a value
 * from one iteration to the next (a register written wholly and live on
 * entry: a sum, a list grown by appends): such a loop is no NDRange
 * dimension, and the OpenCL back end's range analysis reads an inner
 * loop's ends best as the arithmetic in the kernel (a value the host
 * passes is only a number to it), which is also why other invariant
 * code stays where it is.  A loop inside a try, or with one inside it,
 * is left as it is.
 *
 * Still separate: hoist.c (range ends out of a loop that builds rows, a
 * loop that carries its list), filter.c's hoist_consts (every constant
 * defined once to the function's start), and the planning passes'
 * checks/hoist.c (checks proved once per work item, in kernel code the
 * filter has planned).
 */
#include <string.h>

#include "filter_internal.h"

static bool
num_type(Type *t)
{
  if (!t) return false;
  TypeKind k = ty_expand(t)->kind;
  return k == TY_INT || k == TY_REAL;
}

/* Can `in` move (not counting its operands)?  *guard: it needs one. */
static bool
movable(Insn *in, bool *guard)
{
  *guard = false;
  if (in->dst < 0) return false;
  switch (in->op) {
  case OP_CONST: {
    ConstKind k = in->cst->kind;
    return k == C_INT || k == C_REAL || k == C_BOOL;
  }
  case OP_ASSIGN:
    return num_type(in->type) || ty_is(in->type, TY_BOOL);
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
    return num_type(in->type);
  case OP_DIV: case OP_REM:
    *guard = true;
    return num_type(in->type) && in->nargs == 2;
  default:
    return false;
  }
}

/* How many instructions of fn write register r (wholly or into it). */
static int
writers(Func *fn, int r)
{
  int n = 0;
  for (int i = 0; i < fn->ncode; i++) n += wyil_def_reg(fn->code[i]) == r;
  return n;
}

/* Does the loop at h (END e) carry a value from one iteration to the
 * next (a register written wholly in it and live on entry; elements
 * written by UPDATE are the dependence analysis's concern)?  Such a
 * loop is no NDRange dimension (head comment). */
static bool
carries(Func *fn, Live *lv, int h, int e)
{
  for (int i = h + 1; i < e; i++) {
    int r = wyil_def_reg(fn->code[i]);
    if (r >= 0 && fn->code[i]->op != OP_UPDATE && wyil_live_in(lv, h, r))
      return true;
  }
  return false;
}

/* Are the loop at i and every loop between it and the loop at h range
 * loops that carry nothing (NDRange dimensions to be)? */
static bool
dimensions(Func *fn, Live *lv, int h, int i)
{
  Cfg *c = wyil_cfg(fn);
  for (int j = i; j != h; j = flt_loop_around(fn, c, j))
    if (j < 0 || fn->code[j]->op != OP_FORALL
        || carries(fn, lv, j, c->match[j]))
      return false;
  return true;
}

/* The registers that the range ends of the loops inside the loop at h
 * (END e) are computed from in its body: needed[r].  Only the ends of a
 * loop that, with every loop between, carries nothing are needed before
 * the loop around it. */
static bool *
range_inputs(Func *fn, Live *lv, int h, int e)
{
  bool *needed = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_FORALL || !dimensions(fn, lv, h, i)) continue;
    Insn *rg = fn->code[i - 1];
    if (rg->op != OP_RANGE || rg->dst != in->args[0]) continue;
    needed[rg->args[0]] = needed[rg->args[1]] = true;
  }
  for (int i = e - 1; i > h; i--) {   /* what they are computed from */
    Insn *in = fn->code[i];
    if (in->dst < 0 || !needed[in->dst] || in->op == OP_FORALL) continue;
    for (int a = 0; a < in->nargs; a++) needed[in->args[a]] = true;
  }
  return needed;
}

/* Select the instructions of the loop at h (END e) that move: sel[i]. */
static int
select_moves(Func *fn, int h, int e, bool *sel, bool *guarded)
{
  Cfg *c = wyil_cfg(fn);
  Live *lv = wyil_cfg_live(fn);
  bool *needed = range_inputs(fn, lv, h, e);
  int n = 0, depth = 0;
  if (carries(fn, lv, h, e)) return 0;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_FORALL || in->op == OP_LOOP) depth++;
    if (in->op == OP_END) depth--;
    bool guard;
    if (depth != 0 || !movable(in, &guard) || !needed[in->dst]) continue;
    int d = in->dst;
    if (d < fn->nparams || c->ndefs[d] != 1 || writers(fn, d) != 1
        || wyil_live_in(lv, h, d))
      continue;
    bool ok = true;
    for (int a = 0; a < in->nargs && ok; a++) {
      int r = in->args[a];
      if (!flt_written(fn, h, e + 1, r)) continue;
      ok = c->ndefs[r] == 1 && c->def_at[r] > h && c->def_at[r] < i
           && sel[c->def_at[r]] && !guarded[c->def_at[r]];
    }
    if (!ok) continue;
    sel[i] = true;
    guarded[i] = guard;
    n++;
  }
  return n;
}

/* Append to em the guarded form of division `in` (head comment). */
static void
emit_guarded(FltEmit *em, Insn *in)
{
  Func *fn = em->fn;
  bool real = ty_expand(in->type)->kind == TY_REAL;
  int zero = wyil_new_reg(fn, NULL), skip = wyil_new_label(fn);
  Insn *z = flt_new_insn(OP_CONST, in->type, zero, -1, -1, in->pos);
  z->cst = wyil_alloc(sizeof(Const));
  z->cst->kind = real ? C_REAL : C_INT;
  z->cst->text = real ? "0/1" : "0";
  em->code[em->n++] = z;
  em->code[em->n++] = flt_new_insn(OP_ASSIGN, in->type, in->dst, zero, -1,
                                   in->pos);
  Insn *test = flt_emit_if(em, in->args[1], CMP_EQ, zero, skip);
  test->type = in->type;
  test->pos = in->pos;
  em->code[em->n++] = in;
  flt_emit_label(em, skip);
}

/* Move the selected instructions of each loop to before it: owner[i] is
 * the loop (its header's index) that code[i] moves out of, or -1. */
static void
move_out(Func *fn, const int *owner, const bool *guarded, int n)
{
  /* where each loop's moves go: before its range when that is made right
   * before it */
  int *dest = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  for (int i = 0; i < fn->ncode; i++) dest[i] = -1;
  for (int i = 0; i < fn->ncode; i++) {
    int h = owner[i];
    if (h < 0) continue;
    int first = h;
    if (h > 0 && fn->code[h - 1]->op == OP_RANGE
        && fn->code[h - 1]->dst == fn->code[h]->args[0])
      first = h - 1;
    dest[first] = h;
  }
  FltEmit em = {fn, wyil_alloc(sizeof(Insn *)
                               * (size_t)(fn->ncode + 5 * n + 1)),
                0, fn->code[0]->pos};
  for (int i = 0; i < fn->ncode; i++) {
    if (dest[i] >= 0)
      for (int j = dest[i] + 1; j < fn->ncode; j++) {
        if (owner[j] != dest[i]) continue;
        if (guarded[j]) emit_guarded(&em, fn->code[j]);
        else em.code[em.n++] = fn->code[j];
      }
    if (owner[i] < 0) em.code[em.n++] = fn->code[i];
  }
  flt_emit_install(&em);
}

int
flt_licm(Func *fn)
{
  if (fn->ncode == 0) return 0;
  int moved = 0;
  /* rounds: in each, every loop's moves are chosen against the same code
   * and made together (a loop's moves and an inner loop's are distinct
   * instructions, and neither changes what the other may move); what
   * left an inner loop moves out of the loop around it in the next
   * round.  A round that moves nothing ends it: a nest of depth d needs
   * d + 1 at most */
  for (int round = 0; round <= FLT_NEST_MAX; round++) {
    int *owner = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
    bool *guarded = wyil_alloc(sizeof(bool) * (size_t)(fn->ncode + 1));
    int n = 0;
    for (int i = 0; i < fn->ncode; i++) owner[i] = -1;
    for (int h = 0; h < fn->ncode; h++) {
      if (fn->code[h]->op != OP_FORALL) continue;
      /* this loop's own choice: an operand defined in an inner loop
       * is no move of this one */
      int e = wyil_cfg(fn)->match[h];
      if (flt_try_near(fn, h, e)) continue;
      bool *sel = wyil_alloc(sizeof(bool) * (size_t)(e + 1));
      int k = select_moves(fn, h, e, sel, guarded);
      for (int i = h + 1; k > 0 && i < e; i++)
        if (sel[i]) owner[i] = h;
      n += k;
    }
    if (n == 0) break;
    move_out(fn, owner, guarded, n);
    moved += n;
  }
  return moved;
}
