/* lower_expr.c -- typing and lowering of expressions (spec §4.4, §4.5
 * rule 8, §5): literals, variables, operators with their int/real/string
 * /list/set meanings, indexing with the inserted bounds checks (§10.3),
 * collections, records, casts and implicit coercions. */
#include <string.h>

#include "compiler.h"

/* ---- coercion ---------------------------------------------------- */

static bool
coerce_ok(Type *from, Type *to, int depth)
{
  if (depth > 24 || ty_subtype(from, to)) return true;
  Type *f = ty_expand(from), *t = ty_expand(to);
  if (f->kind == TY_VOID) return true;
  if (f->kind == TY_UNION) {
    for (int i = 0; i < f->n; i++)
      if (!coerce_ok(f->elems[i], to, depth + 1)) return false;
    return true;
  }
  if (t->kind == TY_UNION) {
    for (int i = 0; i < t->n; i++)
      if (coerce_ok(from, t->elems[i], depth + 1)) return true;
    return false;
  }
  switch (f->kind) {
  case TY_CHAR: return t->kind == TY_INT || t->kind == TY_REAL;
  case TY_INT: return t->kind == TY_REAL;
  case TY_STRING:
    return t->kind == TY_LIST && t->elems[0]->kind != TY_CHAR
           && coerce_ok(ty_int, t->elems[0], depth + 1);
  case TY_LIST:
    if (t->kind == TY_LIST || t->kind == TY_SET)
      return coerce_ok(f->elems[0], t->elems[0], depth + 1);
    if (t->kind == TY_MAP)
      return coerce_ok(ty_int, t->elems[0], depth + 1)
             && coerce_ok(f->elems[0], t->elems[1], depth + 1);
    return false;
  case TY_SET:
    if (t->kind == TY_SET)
      return coerce_ok(f->elems[0], t->elems[0], depth + 1);
    return t->kind == TY_MAP && f->elems[0]->kind == TY_VOID;
  case TY_MAP:
    return t->kind == TY_MAP && coerce_ok(f->elems[0], t->elems[0], depth + 1)
           && coerce_ok(f->elems[1], t->elems[1], depth + 1);
  case TY_TUPLE:
    if (t->kind != TY_TUPLE || t->n != f->n) return false;
    for (int i = 0; i < f->n; i++)
      if (!coerce_ok(f->elems[i], t->elems[i], depth + 1)) return false;
    return true;
  case TY_RECORD:
    if (t->kind != TY_RECORD || (!t->open && t->n != f->n)) return false;
    for (int i = 0; i < t->n; i++) {
      int k = 0;
      while (k < f->n && strcmp(f->names[k], t->names[i])) k++;
      if (k == f->n || !coerce_ok(f->elems[k], t->elems[i], depth + 1))
        return false;
    }
    return true;
  default:
    return false;
  }
}

bool
coercible(Type *from, Type *to)
{
  return coerce_ok(from, to, 0);
}

/* The member of union `to` that a value of `from` is coerced to, when
 * there is more than one: {int x, int y} into {real x, int y} | {int x,
 * real y} could become either (the 2013 compiler rejects it too). */
static Type *
ambiguous(Type *from, Type *to)
{
  Type *f = ty_expand(from), *t = ty_expand(to);
  if (f->kind == TY_UNION) {
    for (int i = 0; i < f->n; i++) {
      Type *m = ambiguous(f->elems[i], to);
      if (m) return m;
    }
    return NULL;
  }
  if (t->kind != TY_UNION || ty_subtype(from, to)) return NULL;
  int n = 0;
  for (int i = 0; i < t->n; i++)
    if (coercible(from, t->elems[i])) n++;
  return n > 1 ? from : NULL;
}

Val
lower_coerce(Lower *L, Val v, Type *to, SrcPos pos)
{
  if (ty_subtype(v.type, to)) return v;
  if (!coercible(v.type, to))
    error_at(pos, "expected type %s, found %s", ty_str(to), ty_str(v.type));
  Type *amb = ambiguous(v.type, to);
  if (amb)
    error_at(pos, "ambiguous coercion of %s to %s", ty_str(amb),
             ty_str(to));
  int r = lower_tmp(L);
  Insn *in = lower_emit(L, OP_CONVERT, v.type, r, 1, &v.reg, pos);
  in->type2 = to;
  return (Val){r, to};
}

/* ---- helpers ----------------------------------------------------- */

static Val
emit2(Lower *L, Op op, Type *type, Type *rtype, Val a, Val b, SrcPos pos)
{
  int r = lower_tmp(L);
  int args[2] = {a.reg, b.reg};
  lower_emit(L, op, type, r, 2, args, pos);
  return (Val){r, rtype};
}

static Val
emit1(Lower *L, Op op, Type *type, Type *rtype, Val a, SrcPos pos)
{
  int r = lower_tmp(L);
  lower_emit(L, op, type, r, 1, &a.reg, pos);
  return (Val){r, rtype};
}

/* Calls a standard-library function by module and name (one overload
 * taking the argument's type): used for Any.toString in string +. */
static Val
call_lib(Lower *L, const char *stem, const char *name, Val arg, SrcPos pos)
{
  ModInfo *mod = find_module(L->prog, "whiley.lang", stem);
  PtrVec fs = {0};
  if (mod) module_funcs(mod, name, &fs);
  if (!fs.n) internal_error("standard library lacks %s.%s", stem, name);
  Func *fn = use_func(L->prog, fs.v[0]);
  arg = lower_coerce(L, arg, fn->type->elems[0], pos);
  int r = lower_tmp(L);
  Insn *in = lower_emit(L, OP_INVOKE, fn->type, r, 1, &arg.reg, pos);
  in->callee = fn;
  return (Val){r, fn->type->ret};
}

void
lower_check_index(Lower *L, Val coll, Val idx, SrcPos pos)
{
  Val zero = lower_const(L, const_int("0"), pos);
  int a[2] = {idx.reg, zero.reg};
  Insn *in = lower_emit(L, OP_ASSERT, ty_int, -1, 2, a, pos);
  in->cmp = CMP_GE;
  in->name = "index out of bounds (negative)";
  Val len = emit1(L, OP_LENGTHOF, coll.type, ty_int, coll, pos);
  int b[2] = {idx.reg, len.reg};
  in = lower_emit(L, OP_ASSERT, ty_int, -1, 2, b, pos);
  in->cmp = CMP_LT;
  in->name = "index out of bounds (not less than length)";
}

/* A union of primitive types, made once per process outside the arena
 * (each arithmetic operation asks: a fresh one each time was most of
 * the memory lowering left behind). */
typedef struct PrimUnion {
  Type t;
  Type *elems[4];
} PrimUnion;

static Type *
prim_union(PrimUnion *u, Type *a, Type *b)
{
  if (u->t.elems) return &u->t;
  Type *made = ty_union(a, b);
  if (made->kind != TY_UNION || made->n > 4) return made;
  u->t = *made;
  memcpy(u->elems, made->elems, sizeof(Type *) * (size_t)made->n);
  u->t.elems = u->elems;
  return &u->t;
}

/* 1: int (or char), 2: real, 3: a union of numbers, 0: not a number */
static int
num_class(Type *t)
{
  static PrimUnion int_char, number;
  Type *ic = prim_union(&int_char, ty_int, ty_char);
  if (ty_subtype(t, ic)) return 1;
  if (ty_subtype(t, ty_real)) return 2;
  if (ty_subtype(t, prim_union(&number, ic, ty_real))) return 3;
  return 0;
}

static bool
is_string(Type *t)
{
  return ty_expand(t)->kind == TY_STRING;
}

static Type *ty_number;  /* int|real, for arithmetic on unions */

static Val
arith(Lower *L, Node *e, Op op, Val a, Val b)
{
  int ca = num_class(a.type), cb = num_class(b.type);
  if (!ca || !cb)
    error_at(e->pos, "invalid operands for arithmetic: %s and %s",
             ty_str(a.type), ty_str(b.type));
  if (!ty_number) ty_number = ty_union(ty_int, ty_real);
  Type *t;
  if (ca == 1 && cb == 1) {
    t = ty_int;
  } else if (ca == 2 || cb == 2) {
    /* a real operand makes the int side real (spec §4.4), a union's
     * too: real * (int|real) is a real */
    a = lower_coerce(L, a, ty_real, e->lhs->pos);
    b = lower_coerce(L, b, ty_real, e->rhs->pos);
    t = ty_real;
  } else {
    t = ty_number;
  }
  if (op == OP_REM && t != ty_int)
    error_at(e->pos, "'%%' needs int operands, found %s and %s",
             ty_str(a.type), ty_str(b.type));
  if (op == OP_DIV) {
    Val zero = lower_const(L, t == ty_real ? const_real_decimal("0.0")
                                         : const_int("0"), e->pos);
    if (t == ty_number) zero = lower_const(L, const_int("0"), e->pos);
    int args[2] = {b.reg, zero.reg};
    Insn *in = lower_emit(L, OP_ASSERT, t, -1, 2, args, e->pos);
    in->cmp = CMP_NE;
    in->name = "division by zero";
  }
  return emit2(L, op, t, t, a, b, e->pos);
}

static Val
string_append(Lower *L, Node *e, Val a, Val b)
{
  bool sa = is_string(a.type), sb = is_string(b.type);
  if (sa && sb) return emit2(L, OP_SAPPEND, ty_string, ty_string, a, b, e->pos);
  if (sa && ty_expand(b.type)->kind == TY_CHAR)
    return emit2(L, OP_SAPPENDL, ty_string, ty_string, a, b, e->pos);
  if (sb && ty_expand(a.type)->kind == TY_CHAR)
    return emit2(L, OP_SAPPENDR, ty_string, ty_string, a, b, e->pos);
  if (!sa) a = call_lib(L, "Any", "toString", a, e->lhs->pos);
  if (!sb) b = call_lib(L, "Any", "toString", b, e->rhs->pos);
  return emit2(L, OP_SAPPEND, ty_string, ty_string, a, b, e->pos);
}

/* Set operands: a list is converted to a set first (§5.9). */
static Val
as_set(Lower *L, Val v, SrcPos pos)
{
  Type *et = ty_list_elem(v.type);
  if (et) return lower_coerce(L, v, ty_set(et), pos);
  if (!ty_set_elem(v.type))
    error_at(pos, "expected a set, found %s", ty_str(v.type));
  return v;
}

static Val
set_op(Lower *L, Node *e, Op op, Val a, Val b)
{
  a = as_set(L, a, e->lhs->pos);
  b = as_set(L, b, e->rhs->pos);
  Type *ea = ty_set_elem(a.type), *eb = ty_set_elem(b.type);
  Type *t = op == OP_UNION ? ty_set(ty_union(ea, eb))
            : op == OP_DIFF ? a.type : ty_set(ty_union(ea, eb));
  return emit2(L, op, t, t, a, b, e->pos);
}

static bool
is_set(Type *t)
{
  return ty_set_elem(t) != NULL;
}

/* Is e a condition, lowered as a branch (bool_value)? */
static bool
is_cond_op(Node *e)
{
  switch (e->op) {
  case BOP_AND: case BOP_OR: case BOP_EQ: case BOP_NE: case BOP_LT:
  case BOP_LE: case BOP_GT: case BOP_GE: case BOP_IN: case BOP_SUBSET:
  case BOP_SUBSETEQ:
    return true;
  default:
    return false;
  }
}

/* A value operator, its left operand's value a. */
static Val
binary_on(Lower *L, Node *e, Val a)
{
  /* xs + [x]: append one element (in place when xs is the target) */
  if (e->op == BOP_ADD && ty_list_elem(a.type) && e->rhs->kind == ND_LIST
      && e->rhs->args.n == 1 && !is_string(a.type)) {
    Val x = lower_expr(L, e->rhs->args.v[0]);
    Type *t = ty_list(ty_union(ty_list_elem(a.type), x.type));
    return emit2(L, OP_APPENDL, t, t, a, x, e->pos);
  }
  Val b = lower_expr(L, e->rhs);
  switch (e->op) {
  case BOP_ADD:
    if (is_string(a.type) || is_string(b.type))
      return string_append(L, e, a, b);
    if (ty_list_elem(a.type) && ty_list_elem(b.type)) {
      Type *t = ty_list(ty_union(ty_list_elem(a.type), ty_list_elem(b.type)));
      return emit2(L, OP_APPEND, t, t, a, b, e->pos);
    }
    if (is_set(a.type) || is_set(b.type)) return set_op(L, e, OP_UNION, a, b);
    return arith(L, e, OP_ADD, a, b);
  case BOP_SUB:
    if (is_set(a.type)) return set_op(L, e, OP_DIFF, a, b);
    return arith(L, e, OP_SUB, a, b);
  case BOP_MUL: return arith(L, e, OP_MUL, a, b);
  case BOP_DIV: return arith(L, e, OP_DIV, a, b);
  case BOP_REM: return arith(L, e, OP_REM, a, b);
  case BOP_UNION: return set_op(L, e, OP_UNION, a, b);
  case BOP_INTERSECT: return set_op(L, e, OP_INTERSECT, a, b);
  case BOP_BITAND:
    if (is_set(a.type) || is_set(b.type))
      return set_op(L, e, OP_INTERSECT, a, b);
    /* fall through */
  case BOP_BITOR: case BOP_BITXOR: {
    if (ty_expand(a.type)->kind != TY_BYTE
        || ty_expand(b.type)->kind != TY_BYTE)
      error_at(e->pos, "bitwise operators need bytes, found %s and %s",
               ty_str(a.type), ty_str(b.type));
    Op op = e->op == BOP_BITAND ? OP_BITAND
            : e->op == BOP_BITOR ? OP_BITOR : OP_BITXOR;
    return emit2(L, op, ty_byte, ty_byte, a, b, e->pos);
  }
  case BOP_SHL: case BOP_SHR:
    if (ty_expand(a.type)->kind != TY_BYTE)
      error_at(e->pos, "shift needs a byte, found %s", ty_str(a.type));
    b = lower_coerce(L, b, ty_int, e->rhs->pos);
    return emit2(L, e->op == BOP_SHL ? OP_SHL : OP_SHR, ty_byte, ty_byte, a, b,
                 e->pos);
  default:
    internal_error("lower_binary: op %d", e->op);
  }
}

static Val
lower_binary(Lower *L, Node *e)
{
  if (is_cond_op(e)) return bool_value(L, e);
  return binary_on(L, e, lower_expr(L, e->lhs));
}

static Val
lower_unary(Lower *L, Node *e)
{
  if (e->op == UOP_NOT) return bool_value(L, e);
  Val a = lower_expr(L, e->lhs);
  if (e->op == UOP_INVERT) {
    if (ty_expand(a.type)->kind != TY_BYTE)
      error_at(e->pos, "'~' needs a byte, found %s", ty_str(a.type));
    return emit1(L, OP_INVERT, ty_byte, ty_byte, a, e->pos);
  }
  int c = num_class(a.type);
  if (!c) error_at(e->pos, "cannot negate a value of type %s", ty_str(a.type));
  if (ty_expand(a.type)->kind == TY_CHAR)
    a = lower_coerce(L, a, ty_int, e->pos);
  Type *t = c == 1 ? ty_int : c == 2 ? ty_real : ty_union(ty_int, ty_real);
  return emit1(L, OP_NEG, t, t, a, e->pos);
}

static Val
index_on(Lower *L, Node *e, Val c)
{
  Type *t = ty_expand(c.type);
  if (t->kind == TY_MAP) {
    Val k = lower_coerce(L, lower_expr(L, e->rhs), t->elems[0], e->rhs->pos);
    return emit2(L, OP_INDEXOF, c.type, t->elems[1], c, k, e->pos);
  }
  Type *et = t->kind == TY_STRING ? ty_char : ty_list_elem(t);
  if (!et) {
    /* a union of lists, strings and maps: checked when it runs */
    Type *key;
    et = ty_index_val(t, &key);
    if (!et)
      error_at(e->pos, "cannot index a value of type %s", ty_str(c.type));
    Val k = lower_coerce(L, lower_expr(L, e->rhs), key, e->rhs->pos);
    return emit2(L, OP_INDEXOF, c.type, et, c, k, e->pos);
  }
  Val i = lower_coerce(L, lower_expr(L, e->rhs), ty_int, e->rhs->pos);
  lower_check_index(L, c, i, e->pos);
  return emit2(L, OP_INDEXOF, c.type, et, c, i, e->pos);
}

static Val
sublist_on(Lower *L, Node *e, Val c)
{
  bool str = is_string(c.type);
  if (!str && !ty_list_elem(c.type))
    error_at(e->pos, "cannot take a sublist of %s", ty_str(c.type));
  Node *a = e->args.v[0], *b = e->args.v[1];
  Val start = a ? lower_coerce(L, lower_expr(L, a), ty_int, a->pos)
                : lower_const(L, const_int("0"), e->pos);
  Val end = b ? lower_coerce(L, lower_expr(L, b), ty_int, b->pos)
              : emit1(L, OP_LENGTHOF, c.type, ty_int, c, e->pos);
  int r = lower_tmp(L);
  int args[3] = {c.reg, start.reg, end.reg};
  lower_emit(L, str ? OP_SUBSTR : OP_SUBLIST, c.type, r, 3, args, e->pos);
  return (Val){r, c.type};
}

static Val
lower_length(Lower *L, Node *e)
{
  Val c = lower_expr(L, e->lhs);
  if (!ty_has_length(c.type))
    error_at(e->pos, "cannot take the length of %s", ty_str(c.type));
  return emit1(L, OP_LENGTHOF, c.type, ty_int, c, e->pos);
}

/* Elements of a list/set/tuple literal, lowered left to right. */
static int *
lower_elems(Lower *L, NodeList *args, Type **elem_union, Type **types)
{
  int *regs = wyil_alloc(sizeof(int) * (size_t)(args->n + 1));
  Type *u = NULL;
  for (int i = 0; i < args->n; i++) {
    Val v = lower_expr(L, args->v[i]);
    regs[i] = v.reg;
    if (types) types[i] = v.type;
    u = ty_union(u, v.type);
  }
  if (elem_union) *elem_union = u ? u : ty_void;
  return regs;
}

static Val
lower_collection(Lower *L, Node *e)
{
  int r = lower_tmp(L);
  Type *u, *t;
  switch (e->kind) {
  case ND_LIST: {
    int *regs = lower_elems(L, &e->args, &u, NULL);
    t = ty_list(u);
    lower_emit(L, OP_NEWLIST, t, r, e->args.n, regs, e->pos);
    break;
  }
  case ND_SET: {
    int *regs = lower_elems(L, &e->args, &u, NULL);
    t = ty_set(u);
    lower_emit(L, OP_NEWSET, t, r, e->args.n, regs, e->pos);
    break;
  }
  case ND_MAP: {
    int *regs = wyil_alloc(sizeof(int) * (size_t)(e->args.n + 1));
    Type *k = NULL, *v = NULL;
    for (int i = 0; i < e->args.n; i++) {
      Val x = lower_expr(L, e->args.v[i]);
      regs[i] = x.reg;
      if (i % 2) v = ty_union(v, x.type);
      else k = ty_union(k, x.type);
    }
    t = ty_map(k ? k : ty_void, v ? v : ty_void);
    lower_emit(L, OP_NEWMAP, t, r, e->args.n, regs, e->pos);
    break;
  }
  case ND_TUPLE: {
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)(e->args.n + 1));
    int *regs = lower_elems(L, &e->args, NULL, ts);
    t = ty_tuple(e->args.n, ts);
    lower_emit(L, OP_NEWTUPLE, t, r, e->args.n, regs, e->pos);
    break;
  }
  default: { /* ND_RECORD: evaluate in source order, store sorted */
    int n = e->args.n;
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)(n + 1));
    int *regs = lower_elems(L, &e->args, NULL, ts);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < i; k++)
        if (!strcmp(e->names[i], e->names[k]))
          error_at(e->pos, "duplicate field '%s'", e->names[i]);
    t = ty_record(n, e->names, ts, false);
    int *sorted = wyil_alloc(sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++)
        if (!strcmp(t->names[i], e->names[k])) sorted[i] = regs[k];
    lower_emit(L, OP_NEWRECORD, t, r, n, sorted, e->pos);
    break;
  }
  }
  return (Val){r, t};
}

static Val
lower_cast(Lower *L, Node *e)
{
  Type *t = resolve_type(&L->sc, e->type);
  Val v = lower_expr(L, e->lhs);
  if (ty_subtype(v.type, t)) return (Val){v.reg, t};
  /* explicit casts add int -> char (§4.4) */
  bool int_to_char = ty_expand(t)->kind == TY_CHAR
                     && ty_subtype(v.type, ty_int);
  if (!int_to_char && !coercible(v.type, t))
    error_at(e->pos, "cannot cast %s to %s", ty_str(v.type), ty_str(t));
  int r = lower_tmp(L);
  Insn *in = lower_emit(L, OP_CONVERT, v.type, r, 1, &v.reg, e->pos);
  in->type2 = t;
  return (Val){r, t};
}

static Val
lower_name(Lower *L, Node *e)
{
  Type *t = env_get(L->env, e->name);
  if (t) return (Val){lower_var(L, e->name), t};
  if (lookup_const(&L->sc, e->name))
    return lower_const(L, const_eval(&L->sc, e), e->pos);
  for (int i = 0; i < L->nvars; i++)
    if (!strcmp(L->vars[i].name, e->name))
      error_at(e->pos, "variable '%s' may be uninitialised", e->name);
  error_at(e->pos, "unknown variable '%s'", e->name);
}

static Val
deref(Lower *L, Val r, SrcPos pos)
{
  Type *t = ty_expand(r.type);
  if (t->kind != TY_REF)
    error_at(pos, "cannot dereference a value of type %s", ty_str(r.type));
  if (!L->fn->is_method)
    error_at(pos, "dereference not permitted in function");
  return emit1(L, OP_DEREF, r.type, t->elems[0], r, pos);
}

/* lhs.name or lhs->name, lhs's value r (a reference for ->). */
static Val
field_on(Lower *L, Node *e, Val r)
{
  if (e->kind == ND_ARROW) r = deref(L, r, e->pos);
  Type *ft = ty_field_type(r.type, e->name);
  if (!ft) error_at(e->pos, "no field '%s' in %s", e->name, ty_str(r.type));
  Val v = emit1(L, OP_FIELDLOAD, r.type, ft, r, e->pos);
  if (!L->dry && L->env) L->fn->code[L->fn->ncode - 1]->name = e->name;
  return v;
}

static Val
lower_field(Lower *L, Node *e)
{
  if (e->lhs->kind == ND_NAME && !env_get(L->env, e->lhs->name)) {
    /* Module.CONSTANT */
    ModInfo *mod = lookup_module(&L->sc, e->lhs->name, e->name);
    if (mod) return lower_const(L, const_eval(&L->sc, e), e->pos);
  }
  return field_on(L, e, lower_expr(L, e->lhs));
}

int
lower_open_sources(Lower *L, Node *e)
{
  for (int i = 0; i < e->vars.n; i++) {
    Node *v = e->vars.v[i];
    Node *src = e->args.v[i];
    Val s = lower_expr(L, src);
    Type *et = ty_iter_elem(s.type);
    if (!et) error_at(src->pos, "cannot iterate over a value of type %s",
                      ty_str(s.type));
    if (env_get(L->env, v->name))
      error_at(v->pos, "variable '%s' already defined", v->name);
    int r = lower_var(L, v->name);
    lower_emit(L, OP_FORALL, s.type, r, 1, &s.reg, v->pos);
    env_set(L->env, v->name, et);
  }
  return e->vars.n;
}

void
lower_close_sources(Lower *L, Node *e, int nloops)
{
  for (int i = 0; i < nloops; i++) {
    if (!L->env) L->env = env_new();
    lower_emit(L, OP_NOP, NULL, -1, 0, NULL, e->pos);
    lower_emit(L, OP_END, NULL, -1, 0, NULL, e->pos);
  }
}

/* { e | x in xs, y in ys, cond }: always a set (§5.12) */
static Val
lower_comprehension(Lower *L, Node *e)
{
  Env *before = env_copy(L->env);
  int r = lower_tmp(L);
  Type *empty = ty_set(ty_void);
  lower_emit(L, OP_NEWSET, empty, r, 0, NULL, e->pos);
  int nloops = lower_open_sources(L, e);
  int skip = lower_new_label(L);
  if (e->cond) {
    Env *t, *f;
    lower_cond(L, e->cond, false, skip, &t, &f);
    L->env = t;
  }
  Val v = lower_expr(L, e->lhs);
  Type *st = ty_set(v.type);
  int args[2] = {r, v.reg};
  lower_emit(L, OP_UNIONL, st, r, 2, args, e->pos);
  lower_label(L, skip, e->pos);
  lower_close_sources(L, e, nloops);
  L->env = before;
  return (Val){r, st};
}

/* Names used in a lambda body (an over-approximation of its free
 * variables: names that are also variables in scope get captured), in
 * the order first met. */
static bool
collect_name(Node *n, void *arg)
{
  PtrVec *out = arg;
  if (n->kind != ND_NAME) return false;
  for (int i = 0; i < out->n; i++)
    if (!strcmp(out->v[i], n->name)) return false;
  vec_push(out, (void *)n->name);
  return false;
}

static void
collect_names(Node *n, PtrVec *out)
{
  ast_walk(n, collect_name, out);
}

static int lambda_count;

/* &(T1 x, T2 y -> body): a private function whose leading parameters are
 * the captured variables (by value, at creation, §2.6). */
static Val
lower_lambda(Lower *L, int np, const char **pnames, Type **ptypes,
             Node *body, SrcPos pos)
{
  PtrVec names = {0}, captured = {0};
  collect_names(body, &names);
  for (int i = 0; i < names.n; i++) {
    const char *nm = names.v[i];
    bool is_param = false;
    for (int k = 0; k < np; k++)
      if (!strcmp(pnames[k], nm)) is_param = true;
    if (!is_param && env_get(L->env, nm)) vec_push(&captured, (void *)nm);
  }
  int nc = captured.n, n = nc + np;
  Type **pts = wyil_alloc(sizeof(Type *) * (size_t)(n + 1));
  for (int i = 0; i < nc; i++) pts[i] = env_get(L->env, captured.v[i]);
  for (int i = 0; i < np; i++) pts[nc + i] = ptypes[i];
  /* typing only (a loop's flow typing): the body is typed in a function
   * of no module, else each round left a dead copy in the program */
  Func *fn = wyil_new_func(L->dry ? NULL : L->prog->m, L->fn->module,
                           wyil_fmt("$lambda%d", lambda_count),
                           ty_func(ty_any, n, pts), pos);
  fn->cname = wyil_fmt("wyl_%d", lambda_count);
  if (!L->dry) lambda_count++;
  fn->is_method = L->fn->is_method;
  Lower M = {0};
  M.prog = L->prog;
  M.sc = L->sc;
  M.fs = L->fs;
  M.fn = fn;
  M.env = env_new();
  for (int i = 0; i < n; i++) {
    const char *nm = i < nc ? (const char *)captured.v[i] : pnames[i - nc];
    lower_bind(&M, nm, i);
    fn->regnames[i] = nm;
    env_set(M.env, nm, pts[i]);
  }
  Val v = lower_expr(&M, body);
  M.ret = v.type;
  lower_emit(&M, OP_RETURN, v.type, -1, 1, &v.reg, pos);
  fn->type = ty_func(v.type, n, pts);
  int *regs = wyil_alloc(sizeof(int) * (size_t)(nc + 1));
  for (int i = 0; i < nc; i++) regs[i] = lower_var(L, captured.v[i]);
  Type *vt = ty_func(v.type, np, pts + nc);
  if (fn->is_method) vt->kind = TY_METHOD;
  int r = lower_tmp(L);
  Insn *in = lower_emit(L, OP_LAMBDA, vt, r, nc, regs, pos);
  in->callee = fn;
  return (Val){r, vt};
}

static Val
lower_lambda_expr(Lower *L, Node *e)
{
  int np = e->params.n;
  const char **names = wyil_alloc(sizeof(char *) * (size_t)(np + 1));
  Type **types = wyil_alloc(sizeof(Type *) * (size_t)(np + 1));
  for (int i = 0; i < np; i++) {
    Node *p = e->params.v[i];
    names[i] = p->name;
    types[i] = resolve_type(&L->sc, p->type);
  }
  return lower_lambda(L, np, names, types, e->lhs, e->pos);
}

/* The candidates for &name or &Mod.name. */
static void
funcref_cands(Lower *L, Node *e, PtrVec *cands)
{
  const char *dot = strrchr(e->name, '.');
  if (!dot) {
    lookup_funcs(&L->sc, e->name, cands);
    return;
  }
  const char *modname = wyil_strndup(e->name, (size_t)(dot - e->name));
  const char *mdot = strrchr(modname, '.');
  ModInfo *mod = lookup_module(&L->sc, mdot ? mdot + 1 : modname,
                                dot + 1);
  if (mod) module_funcs(mod, dot + 1, cands);
}

/* &f(a, _, c): a lambda over the holes that calls f */
static Val
lower_partial(Lower *L, Node *e, Func *f)
{
  if (f->type->n != e->args.n)
    error_at(e->pos, "expected %d arguments, found %d", f->type->n,
             e->args.n);
  int np = 0;
  const char **names = wyil_alloc(sizeof(char *) * (size_t)(e->args.n + 1));
  Type **types = wyil_alloc(sizeof(Type *) * (size_t)(e->args.n + 1));
  Node *call = wyil_alloc(sizeof(Node));
  call->kind = ND_CALL;
  call->pos = e->pos;
  call->lhs = wyil_alloc(sizeof(Node));
  call->lhs->kind = ND_NAME;
  call->lhs->pos = e->pos;
  call->lhs->name = e->name;
  if (strchr(e->name, '.')) {
    /* Mod.f: a field node whose lhs names the module */
    const char *dot = strrchr(e->name, '.');
    Node *m = wyil_alloc(sizeof(Node));
    m->kind = ND_NAME;
    m->pos = e->pos;
    m->name = wyil_strndup(e->name, (size_t)(dot - e->name));
    call->lhs->kind = ND_FIELD;
    call->lhs->lhs = m;
    call->lhs->name = dot + 1;
  }
  for (int i = 0; i < e->args.n; i++) {
    Node *a = e->args.v[i];
    if (!a) {
      a = wyil_alloc(sizeof(Node));
      a->kind = ND_NAME;
      a->pos = e->pos;
      a->name = wyil_fmt("$hole%d", i);
      names[np] = a->name;
      types[np++] = f->type->elems[i];
    }
    nodes_push(&call->args, a);
  }
  return lower_lambda(L, np, names, types, call, e->pos);
}

static Val
lower_funcref(Lower *L, Node *e)
{
  PtrVec cands = {0};
  funcref_cands(L, e, &cands);
  if (cands.n == 0) error_at(e->pos, "unknown function '%s'", e->name);
  if (cands.n > 1)
    error_at(e->pos, "reference to overloaded function '%s' is ambiguous",
             e->name);
  FuncSym *fs = cands.v[0];
  Func *fn = use_func(L->prog, fs);
  lower_check_native(fn, e->pos);
  if (e->has_args) return lower_partial(L, e, fn);
  if (fs->decl->requires && !lower_requires_in_body(L->prog, fs)) {
    /* &f of an f that leaves its `requires` to its callers: the lambda
     * &f(_, ..., _), whose call checks it */
    Node *all = wyil_alloc(sizeof(Node));
    *all = *e;
    all->has_args = true;
    all->args = (NodeList){0};
    for (int i = 0; i < fn->type->n; i++) nodes_push(&all->args, NULL);
    return lower_partial(L, all, fn);
  }
  int r = lower_tmp(L);
  Insn *in = lower_emit(L, OP_LAMBDA, fn->type, r, 0, NULL, e->pos);
  in->callee = fn;
  return (Val){r, fn->type};
}

/* ---- chains -------------------------------------------------------- */

/* Is e a step of a chain of values: an operator that computes a value
 * (not a condition), an index, a sublist, a field access? */
static bool
is_step(Node *e)
{
  switch (e->kind) {
  case ND_BINARY: return !is_cond_op(e);
  case ND_INDEX: case ND_SUBLIST: case ND_FIELD: case ND_ARROW: return true;
  default: return false;
  }
}

/* e, whose left operand is a step too (`a + b + c`, `a[i].x[j]`): the
 * chain in a loop, innermost step first, each on the value of the one
 * before; the loop, not the C stack, goes along the chain (ast_walk.c).
 * The innermost step is lowered as any expression: its left operand is
 * not a step (a name, `Math.PI`, a call...). */
static Val
lower_chain(Lower *L, Node *e)
{
  AstSpine s = {0};
  ast_spine(&s, e, false, is_step);
  Val v = lower_expr(L, s.v[s.n - 1]);
  for (int i = s.n - 2; i >= 0; i--) {
    Node *step = s.v[i];
    switch (step->kind) {
    case ND_BINARY: v = binary_on(L, step, v); break;
    case ND_INDEX: v = index_on(L, step, v); break;
    case ND_SUBLIST: v = sublist_on(L, step, v); break;
    default: v = field_on(L, step, v); break;
    }
  }
  ast_spine_free(&s);
  return v;
}

Val
lower_expr(Lower *L, Node *e)
{
  if (is_step(e) && is_step(e->lhs)) return lower_chain(L, e);
  switch (e->kind) {
  case ND_NULL: return lower_const(L, const_null(), e->pos);
  case ND_BOOL: return lower_const(L, const_bool(e->ival != 0), e->pos);
  case ND_INT: return lower_const(L, const_int(e->text), e->pos);
  case ND_REAL: return lower_const(L, const_real_decimal(e->text), e->pos);
  case ND_CHAR: return lower_const(L, const_char((uint32_t)e->ival), e->pos);
  case ND_BYTE: return lower_const(L, const_byte((uint32_t)e->ival), e->pos);
  case ND_STRING: return lower_const(L, const_string(e->str), e->pos);
  case ND_NAME: return lower_name(L, e);
  case ND_BINARY: return lower_binary(L, e);
  case ND_UNARY: return lower_unary(L, e);
  case ND_LENGTH: return lower_length(L, e);
  case ND_INDEX: return index_on(L, e, lower_expr(L, e->lhs));
  case ND_SUBLIST: return sublist_on(L, e, lower_expr(L, e->lhs));
  case ND_FIELD: return lower_field(L, e);
  case ND_ARROW: return field_on(L, e, lower_expr(L, e->lhs));
  case ND_DEREF: return deref(L, lower_expr(L, e->lhs), e->pos);
  case ND_CALL: {
    Val v = lower_call(L, e, true);
    if (v.type->kind == TY_VOID)
      error_at(e->pos, "a void call has no value");
    return v;
  }
  case ND_LIST: case ND_SET: case ND_MAP: case ND_TUPLE: case ND_RECORD:
    return lower_collection(L, e);
  case ND_RANGE: {
    Val a = lower_coerce(L, lower_expr(L, e->lhs), ty_int, e->lhs->pos);
    Val b = lower_coerce(L, lower_expr(L, e->rhs), ty_int, e->rhs->pos);
    return emit2(L, OP_RANGE, ty_list(ty_int), ty_list(ty_int), a, b, e->pos);
  }
  case ND_CAST: return lower_cast(L, e);
  case ND_IS: return bool_value(L, e);
  case ND_FUNCREF: return lower_funcref(L, e);
  case ND_NEW: {
    if (!L->fn->is_method)
      error_at(e->pos, "object allocation not permitted in function");
    Val v = lower_expr(L, e->lhs);
    return emit1(L, OP_NEWOBJECT, ty_ref(v.type), ty_ref(v.type), v, e->pos);
  }
  case ND_LAMBDA:
    return lower_lambda_expr(L, e);
  case ND_COMPREHENSION:
    return lower_comprehension(L, e);
  case ND_QUANT:
    return bool_value(L, e);
  default:
    error_at(e->pos, "not an expression");
  }
}

Val
bool_value(Lower *L, Node *e)
{
  int r = lower_tmp(L), ltrue = lower_new_label(L), lend = lower_new_label(L);
  Env *before = env_copy(L->env), *t, *f;
  lower_cond(L, e, true, ltrue, &t, &f);
  L->env = f;
  Insn *in = lower_emit(L, OP_CONST, ty_bool, r, 0, NULL, e->pos);
  in->cst = const_bool(false);
  lower_goto(L, lend, e->pos);
  lower_label(L, ltrue, e->pos);
  L->env = t;
  in = lower_emit(L, OP_CONST, ty_bool, r, 0, NULL, e->pos);
  in->cst = const_bool(true);
  lower_label(L, lend, e->pos);
  /* narrowing does not outlive the value */
  L->env = (t || f) ? before : NULL;
  return (Val){r, ty_bool};
}
