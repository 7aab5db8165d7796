/* emit.c -- building instructions for the filter's rewrites (counted.c,
 * recur.c, induction.c, inject.c, distribute.c, interchange.c): each
 * makes a new code array for a
 * function, appends to it through these helpers and installs it.
 *
 * Contract (compiler/pipeline.c's table): Helpers of the rewrite passes
 * (counted, recur, induction, inject): no pass of its own. flt_emit_install
 * invalidates the function's CFG.
 */
#include "filter_internal.h"

Insn *
flt_new_insn(Op op, Type *type, int dst, int a, int b, SrcPos pos)
{
  Insn *in = wyil_alloc(sizeof(Insn));
  in->op = op;
  in->type = type;
  in->dst = dst;
  in->nargs = wyil_op_nargs[op];
  in->args = wyil_alloc(sizeof(int) * 2);
  in->args[0] = a;
  in->args[1] = b;
  in->label = -1;
  in->pos = pos;
  return in;
}

Insn *
flt_copy_insn(Insn *in, const int *ren, const int *relabel)
{
  Insn *c = wyil_alloc(sizeof(Insn));
  *c = *in;
  c->args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
  for (int a = 0; a < in->nargs; a++)
    c->args[a] = in->args[a] >= 0 ? ren[in->args[a]] : in->args[a];
  if (c->dst >= 0) c->dst = ren[c->dst];
  if (c->label >= 0) c->label = relabel[c->label];
  return c;
}

Insn *
flt_emit(FltEmit *e, Op op, int dst, int a, int b)
{
  Insn *in = flt_new_insn(op, ty_int, dst, a, b, e->pos);
  e->code[e->n++] = in;
  return in;
}

int
flt_emit_const(FltEmit *e, int dst, const char *text)
{
  if (dst < 0) dst = wyil_new_reg(e->fn, NULL);
  Insn *in = flt_emit(e, OP_CONST, dst, -1, -1);
  in->cst = wyil_alloc(sizeof(Const));
  in->cst->kind = C_INT;
  in->cst->text = text;
  return dst;
}

Insn *
flt_emit_if(FltEmit *e, int a, Cmp cmp, int b, int label)
{
  Insn *in = flt_emit(e, OP_IF, -1, a, b);
  in->cmp = cmp;
  in->label = label;
  return in;
}

void
flt_emit_label(FltEmit *e, int label)
{
  Insn *in = flt_emit(e, OP_LABEL, -1, -1, -1);
  in->type = NULL;
  in->label = label;
}

void
flt_emit_install(FltEmit *e)
{
  e->fn->code = e->code;
  e->fn->ncode = e->fn->capcode = e->n;
  wyil_cfg_drop(e->fn);
}
