/* lower_check.c -- checks of constrained types (§2.3, §8): a value
 * flowing into a parameter (at the call site, before the call) or out
 * of a `return` must satisfy the `where` clauses of its declared type,
 * else `constraint not satisfied`.
 *
 * The check is spelt out in ordinary WYIL rather than as one `ifis`, so
 * that a kernel calling such a function can run it on the device (it has
 * no runtime type descriptors): a nominal type checks its definition
 * first (`define pos as nat where $ > 0` checks nat, then pos), then
 * calls its constraint function NAME$where and fails unless it returned
 * true; a list or set checks each element in a `forall`; a record or
 * tuple checks the fields that have constraints.  Unions and maps keep
 * an `ifis` against the whole type: which member a value belongs to is
 * a runtime type test.  Negations and references are not checked
 * (§4.2). */
#include "compiler.h"

#define MSG "constraint not satisfied"
#define MAX_DEPTH 8   /* deeper (recursive types): one ifis for the rest */

static void check(Lower *L, int reg, Type *t, SrcPos pos, int depth);

static void
fail_unless(Lower *L, int ok, SrcPos pos)
{
  lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, pos)->name = MSG;
  lower_label(L, ok, pos);
}

/* if reg is t goto ok; fail */
static void
check_is(Lower *L, int reg, Type *t, SrcPos pos)
{
  int ok = lower_new_label(L);
  Insn *in = lower_emit(L, OP_IFIS, t, -1, 1, &reg, pos);
  in->type2 = t;
  in->label = ok;
  fail_unless(L, ok, pos);
}

/* r = NAME$where(reg); if r == true goto ok; fail */
static void
check_where(Lower *L, int reg, TypeDef *def, SrcPos pos)
{
  Func *w = lower_where_func(L->prog, def);
  int r = lower_tmp(L);
  Insn *call = lower_emit(L, OP_INVOKE, w->type, r, 1, &reg, pos);
  call->callee = w;
  Val yes = lower_const(L, const_bool(true), pos);
  int ok = lower_new_label(L);
  int args[2] = {r, yes.reg};
  Insn *in = lower_emit(L, OP_IF, ty_bool, -1, 2, args, pos);
  in->cmp = CMP_EQ;
  in->label = ok;
  fail_unless(L, ok, pos);
}

/* forall x in reg: check(x).  The element is named for --explain,
 * which shows this loop as `for $ in [nat]`. */
static void
check_elems(Lower *L, int reg, Type *t, SrcPos pos, int depth)
{
  int x = wyil_new_reg(L->fn, wyil_fmt("$ in %s", ty_str(t)));
  lower_emit(L, OP_FORALL, t, x, 1, &reg, pos);
  check(L, x, t->elems[0], pos, depth + 1);
  lower_emit(L, OP_END, NULL, -1, 0, NULL, pos);
}

static void
check_fields(Lower *L, int reg, Type *t, SrcPos pos, int depth)
{
  for (int i = 0; i < t->n; i++) {
    if (!ty_has_constraint(t->elems[i])) continue;
    int x = lower_tmp(L);
    Insn *in = lower_emit(L, t->kind == TY_RECORD ? OP_FIELDLOAD
                                                  : OP_TUPLELOAD,
                          t, x, 1, &reg, pos);
    if (t->kind == TY_RECORD) in->name = t->names[i];
    else in->imm = i;
    check(L, x, t->elems[i], pos, depth + 1);
  }
}

static void
check(Lower *L, int reg, Type *t, SrcPos pos, int depth)
{
  if (!ty_has_constraint(t)) return;
  if (depth > MAX_DEPTH) {
    check_is(L, reg, t, pos);
    return;
  }
  switch (t->kind) {
  case TY_NOMINAL:
    check(L, reg, t->def->type, pos, depth + 1);
    if (t->def->constrained) check_where(L, reg, t->def, pos);
    return;
  case TY_LIST: case TY_SET:
    check_elems(L, reg, t, pos, depth);
    return;
  case TY_RECORD: case TY_TUPLE:
    check_fields(L, reg, t, pos, depth);
    return;
  case TY_NEGATION: case TY_REF: case TY_FUNC: case TY_METHOD:
    return;
  default:
    check_is(L, reg, t, pos);
    return;
  }
}

void
lower_check_constraint(Lower *L, int reg, Type *t, SrcPos pos)
{
  check(L, reg, t, pos, 0);
}
