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

FltNames
flt_names(Func *fn)
{
  FltNames m = {wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1)),
                wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1)),
                fn->nregs};
  for (int r = 0; r < fn->nregs; r++) m.ren[r] = r;
  for (int l = 0; l < fn->nlabels; l++) m.relabel[l] = l;
  return m;
}

void
flt_fresh_names(Func *fn, FltNames *m, int from, int to, const bool *keep)
{
  for (int i = from; i < to; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d >= 0 && d < m->nregs && !keep[d] && m->ren[d] == d)
      m->ren[d] = wyil_new_reg(fn, fn->regnames[d]);
    if (in->op == OP_LABEL) m->relabel[in->label] = wyil_new_label(fn);
  }
}

FltSnapshot
flt_snapshot(Func *fn)
{
  return (FltSnapshot){fn->code, fn->ncode, fn->capcode, fn->nregs,
                       fn->nlabels};
}

void
flt_restore(Func *fn, const FltSnapshot *s)
{
  fn->code = s->code;
  fn->ncode = s->ncode;
  fn->capcode = s->capcode;
  fn->nregs = s->nregs;
  fn->nlabels = s->nlabels;
  wyil_cfg_drop(fn);
}

void
flt_add_iv(PtrVec *ivs, Insn *loop, Func *fn, int seq_label, FltIvKind kind)
{
  FltIv *iv = wyil_alloc(sizeof(FltIv));
  *iv = (FltIv){loop, fn, seq_label, NULL, kind};
  vec_push(ivs, iv);
}

int
flt_each_loop(Func *fn, FilterOptions *opt,
              bool (*rewrite)(Func *, int, FilterOptions *))
{
  if (fn->ncode == 0 || opt->opt_level == 0) return 0;
  int n = 0;
  /* each rewrite renumbers the code: start again after one (what it made
   * is tried too; the version as written it keeps is left alone) */
  for (bool again = true; again && n < fn->ncode;) {
    again = false;
    for (int h = 0; h < fn->ncode && !again; h++)
      if (fn->code[h]->op == OP_FORALL && rewrite(fn, h, opt)) {
        again = true;
        n++;
      }
  }
  return n;
}
