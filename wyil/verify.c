/* verify.c -- structural checks of WYIL, run after lowering and after
 * each filter pass: register and label ranges, operand counts from the
 * opcode table, forward-only branches, balanced loops.  A failure is an
 * internal error (a bug in wyc), never a user error. */
#include <string.h>

#include "wyil.h"

static void
check_reg(Func *fn, int i, int r)
{
  if (r < 0 || r >= fn->nregs)
    internal_error("%s: insn %d uses register %%%d of %d", fn->name, i, r,
                   fn->nregs);
}

static void
verify_func(Func *fn)
{
  int *label_at = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  for (int l = 0; l < fn->nlabels; l++) label_at[l] = -1;
  int depth = 0;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op >= OP_COUNT) internal_error("%s: bad opcode", fn->name);
    int want = wyil_op_nargs[in->op];
    if (want >= 0 && in->nargs != want)
      internal_error("%s: insn %d (%s) has %d operands, wants %d", fn->name,
                     i, wyil_op_name[in->op], in->nargs, want);
    for (int k = 0; k < in->nargs; k++) check_reg(fn, i, in->args[k]);
    if (in->dst >= 0) check_reg(fn, i, in->dst);
    if ((wyil_op_flags[in->op] & F_DEF) && in->op != OP_INVOKE
        && in->op != OP_INDIRECT && in->dst < 0)
      internal_error("%s: insn %d (%s) has no destination", fn->name, i,
                     wyil_op_name[in->op]);
    if (in->op == OP_LABEL) {
      if (in->label < 0 || in->label >= fn->nlabels || label_at[in->label] >= 0)
        internal_error("%s: label %d bad or defined twice", fn->name,
                       in->label);
      label_at[in->label] = i;
    }
    if (in->op == OP_LOOP || in->op == OP_FORALL) depth++;
    if (in->op == OP_END && --depth < 0)
      internal_error("%s: END without loop at %d", fn->name, i);
  }
  if (depth) internal_error("%s: %d unclosed loops", fn->name, depth);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    int targets[1 + 64], n = 0;
    if (in->op == OP_GOTO || in->op == OP_IF || in->op == OP_IFIS
        || in->op == OP_TRY || in->op == OP_SWITCH)
      targets[n++] = in->label;
    for (int k = 0; in->op == OP_SWITCH && k < in->ncases && n < 65; k++)
      targets[n++] = in->cases[k].label;
    for (int k = 0; k < n; k++) {
      int l = targets[k];
      if (l < 0 || l >= fn->nlabels || label_at[l] < 0)
        internal_error("%s: insn %d branches to undefined label %d",
                       fn->name, i, l);
      if (label_at[l] < i)
        internal_error("%s: insn %d branches backwards", fn->name, i);
    }
  }
}

void
wyil_verify(Module *m)
{
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!fn->is_native) verify_func(fn);
  }
}
