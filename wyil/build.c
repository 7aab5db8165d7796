/* build.c -- constructing WYIL: modules, functions, registers, labels and
 * instructions, plus the opcode tables generated from ops.def. */
#include <string.h>

#include "wyil.h"

const char *const wyil_op_name[OP_COUNT] = {
#define OP(e, text, nargs, flags) text,
#include "ops.def"
#undef OP
};

const int wyil_op_nargs[OP_COUNT] = {
#define OP(e, text, nargs, flags) nargs,
#include "ops.def"
#undef OP
};

const int wyil_op_flags[OP_COUNT] = {
#define OP(e, text, nargs, flags) flags,
#include "ops.def"
#undef OP
};

/* ORDER Cmp */
const char *const wyil_cmp_name[] = {
  "eq", "ne", "lt", "le", "gt", "ge", "in", "sb", "sbe"
};

Cmp
cmp_negate(Cmp c)
{
  switch (c) {
  case CMP_EQ: return CMP_NE;
  case CMP_NE: return CMP_EQ;
  case CMP_LT: return CMP_GE;
  case CMP_LE: return CMP_GT;
  case CMP_GT: return CMP_LE;
  case CMP_GE: return CMP_LT;
  default: internal_error("cmp_negate: %s has no negation", wyil_cmp_name[c]);
  }
}

Cmp
cmp_mirror(Cmp c)
{
  switch (c) {
  case CMP_EQ: case CMP_NE: return c;
  case CMP_LT: return CMP_GT;
  case CMP_LE: return CMP_GE;
  case CMP_GT: return CMP_LT;
  case CMP_GE: return CMP_LE;
  default: internal_error("cmp_mirror: %s has no mirror", wyil_cmp_name[c]);
  }
}

Module *
wyil_new_module(const char *name, const char *file)
{
  Module *m = wyil_alloc(sizeof(Module));
  m->name = name;
  m->file = file;
  return m;
}

Func *
wyil_new_func(Module *m, const char *module, const char *name, Type *type,
              SrcPos pos)
{
  Func *fn = wyil_alloc(sizeof(Func));
  fn->module = module;
  fn->name = name;
  fn->type = type;
  fn->is_method = type && type->kind == TY_METHOD;
  fn->nparams = type ? type->n : 0;
  fn->pos = pos;
  for (int i = 0; i < fn->nparams; i++) wyil_new_reg(fn, NULL);
  if (m) vec_push(&m->funcs, fn);
  return fn;
}

int
wyil_new_reg(Func *fn, const char *varname)
{
  /* regnames has room for 4 names, then grows by doubling: it is full
   * exactly when nregs is 4, 8, 16, ... */
  int r = fn->nregs++;
  if (r == 0 || (r >= 4 && (r & (r - 1)) == 0)) {
    int cap = r ? r * 2 : 4;
    const char **v = wyil_alloc(sizeof(char *) * (size_t)cap);
    if (r) memcpy(v, fn->regnames, sizeof(char *) * (size_t)r);
    fn->regnames = v;
  }
  fn->regnames[r] = varname;
  return r;
}

int
wyil_new_label(Func *fn)
{
  return fn->nlabels++;
}

Insn *
wyil_emit(Func *fn, Op op, Type *type, int dst, int nargs, const int *args,
          SrcPos pos)
{
  Insn *in = wyil_alloc(sizeof(Insn));
  in->op = op;
  in->type = type;
  in->dst = dst;
  in->nargs = nargs;
  if (nargs > 0) {
    in->args = wyil_alloc(sizeof(int) * (size_t)nargs);
    memcpy(in->args, args, sizeof(int) * (size_t)nargs);
  }
  in->label = -1;
  in->pos = pos;
  if (fn->ncode == fn->capcode) {
    int cap = fn->capcode ? fn->capcode * 2 : 4;   /* most are short */
    Insn **code = wyil_alloc(sizeof(Insn *) * (size_t)cap);
    if (fn->ncode) memcpy(code, fn->code, sizeof(Insn *) * (size_t)fn->ncode);
    fn->code = code;
    fn->capcode = cap;
  }
  fn->code[fn->ncode++] = in;
  return in;
}

int
wyil_insn_index(const Func *fn, const Insn *in)
{
  for (int i = 0; i < fn->ncode; i++)
    if (fn->code[i] == in) return i;
  internal_error("%s: the instruction is not in it", fn->name);
}

int
wyil_loop_end(const Func *fn, int i)
{
  Op op = i >= 0 && i < fn->ncode ? fn->code[i]->op : OP_NOP;
  if (op != OP_LOOP && op != OP_FORALL)
    internal_error("%s: insn %d opens no loop", fn->name, i);
  return wyil_cfg(fn)->match[i];
}

Type *
wyil_def_type(Insn *in)
{
  Type *t = in->type;
  switch (in->op) {
  case OP_CONVERT: return in->type2;
  case OP_FIELDLOAD: return t ? ty_field_type(t, in->name) : NULL;
  case OP_INDEXOF:
    if (!t) return NULL;
    if (ty_is(t, TY_STRING)) return ty_char;
    if (ty_is(t, TY_MAP)) return ty_expand(t)->elems[1];
    return ty_list_elem(t) ? ty_list_elem(t) : ty_index_val(t, NULL);
  case OP_TUPLELOAD:
    if (!t || in->imm > 1000) return NULL;
    return ty_tuple_elem(t, ty_tuple_arity(t), (int)in->imm);
  case OP_DEREF: return t && ty_is(t, TY_REF) ? ty_expand(t)->elems[0] : NULL;
  case OP_FORALL:
    if (!t) return NULL;
    if (ty_is(t, TY_STRING)) return ty_char;
    if (ty_list_elem(t)) return ty_list_elem(t);
    return ty_set_elem(t) ? ty_set_elem(t) : ty_iter_elem(t);
  case OP_INVOKE: return in->callee && in->callee->type
                  ? in->callee->type->ret : NULL;
  case OP_LENGTHOF: case OP_NUM: case OP_DEN: return ty_int;
  case OP_ASSIGN: case OP_UPDATE: case OP_ADD: case OP_SUB: case OP_MUL:
  case OP_DIV: case OP_REM: case OP_NEG: case OP_BITAND: case OP_BITOR:
  case OP_BITXOR: case OP_SHL: case OP_SHR: case OP_INVERT: case OP_CONST:
  case OP_RANGE: case OP_APPEND: case OP_APPENDL: case OP_SUBLIST:
  case OP_NEWLIST:
    return t;
  default: return NULL;
  }
}
