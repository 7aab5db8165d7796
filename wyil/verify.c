/* verify.c -- structural checks of WYIL, run after lowering, before the
 * OpenCL back end prints, and after every pass of the driver's table under
 * WYC_VERIFY_PASSES=1 (compiler/pipeline.c): register ranges and operand
 * counts from the opcode table, a definition of every register read,
 * then the control flow (cfg.c checks labels
 * and loop nesting as it builds it), then forward-only branches.  A failure
 * is an internal error (a bug in wyc), never a user error.  The control
 * flow tables are released after each function (wyil_cfg_release): the
 * callers hold none. */
#include <stdlib.h>
#include <string.h>

#include "wyil.h"

/* The pass just run (wyil_verify_after), for the messages, or NULL. */
static const char *after_pass;

/* fn's name, and the pass after which it is checked. */
static const char *
where(Func *fn)
{
  return after_pass ? wyil_fmt("%s (after pass %s)", fn->name, after_pass)
                    : fn->name;
}

static void
check_reg(Func *fn, int i, int r)
{
  if (r < 0 || r >= fn->nregs)
    internal_error("%s: insn %d uses register %%%d of %d", where(fn), i, r,
                   fn->nregs);
}

static void
verify_func(Func *fn)
{
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op >= OP_COUNT) internal_error("%s: bad opcode", where(fn));
    int want = wyil_op_nargs[in->op];
    if (want >= 0 && in->nargs != want)
      internal_error("%s: insn %d (%s) has %d operands, wants %d", where(fn),
                     i, wyil_op_name[in->op], in->nargs, want);
    for (int k = 0; k < in->nargs; k++) check_reg(fn, i, in->args[k]);
    if (in->dst >= 0) check_reg(fn, i, in->dst);
    if ((wyil_op_flags[in->op] & F_DEF) && in->op != OP_INVOKE
        && in->op != OP_INDIRECT && in->dst < 0)
      internal_error("%s: insn %d (%s) has no destination", where(fn), i,
                     wyil_op_name[in->op]);
  }
  /* every register read is a parameter or has a definition: a rewrite
   * that drops the only definition of a value it still reads leaves an
   * undefined register, which prints `undef` on the host and garbage on
   * a device (a read before the definition on some path is not caught:
   * that needs the flow, and lowering's flow typing rules it out) */
  bool *defined = calloc((size_t)fn->nregs + 1, sizeof(bool));
  if (!defined) internal_error("out of memory");
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++) defined[r] = true;
  for (int i = 0; i < fn->ncode; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0) defined[d] = true;
  }
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    for (int k = 0; k < in->nargs; k++)
      if (!defined[in->args[k]])
        internal_error("%s: insn %d (%s) reads %%%d, which nothing defines",
                       where(fn), i, wyil_op_name[in->op], in->args[k]);
  }
  free(defined);
  Cfg *c = wyil_cfg(fn);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (!(wyil_op_flags[in->op] & F_BRANCH)) continue;
    bool back = c->label_at[in->label] < i;
    for (int k = 0; in->op == OP_SWITCH && k < in->ncases; k++)
      back |= c->label_at[in->cases[k].label] < i;
    if (back)
      internal_error("%s: insn %d branches backwards", where(fn), i);
  }
}

void
wyil_verify(Module *m)
{
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!fn->is_native) verify_func(fn);
    wyil_cfg_release();
  }
}

void
wyil_verify_after(Module *m, const char *pass)
{
  after_pass = pass;
  wyil_verify(m);
  after_pass = NULL;
}
