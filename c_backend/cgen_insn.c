/* cgen_insn.c -- one WYIL instruction to C statements: the switch over
 * opcodes, type-specialised by in->type (int and real fast paths, the
 * generic runtime entry points for unions).
 *
 * Ownership: every register holds one reference.  An owned result goes
 * in with wy_set(&rD, expr), which drops the old value.  A copy (ASSIGN)
 * increfs; when liveness says the source is dead afterwards, it moves
 * instead, and the last use of a compound temporary releases it at once,
 * so that a later in-place update of the same value finds it unshared.
 * Control flow (branches, loops, updates, try) is in cgen_ctrl.c.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

static const char *
reg(int r)
{
  return wyil_fmt("r%d", r);
}

/* Set register d to the owned value expr (a plain store where d never
 * holds an object, cgen_unbox.c). */
static void
set(Gen *g, int d, const char *expr)
{
  if (g->imm && g->imm[d]) cgen_emit(g, "r%d = %s;", d, expr);
  else cgen_emit(g, "%s(&r%d, %s);", g->set, d, expr);
}

/* Is register r dead after insn i (so its reference may be taken)? */
static bool
dead_after(Gen *g, int i, int r)
{
  return g->fl->moves && !cgen_flow_live_after(g->fl, i, r);
}

/* %d = %s, moving the reference when %s dies here.  Returns true when
 * it moved. */
static bool
copy_or_move(Gen *g, int i, int d, int s)
{
  if (d == s) return false;
  if (dead_after(g, i, s)) {
    cgen_emit(g, "%s(&r%d, r%d); r%d = WY_UNDEF;", g->set, d, s, s);
    return true;
  }
  set(g, d, wyil_fmt("wyc_own(r%d)", s));
  return false;
}

/* Release the compound registers that insn i reads for the last time
 * (skipping `moved`, already empty). */
static void
emit_releases(Gen *g, int i, int moved)
{
  Flow *fl = g->fl;
  Insn *in = g->fn->code[i];
  if (!fl->moves) return;
  for (int k = 0; k < in->nargs; k++) {
    int r = in->args[k];
    bool seen = r == moved || r == in->dst;
    for (int j = 0; j < k && !seen; j++) seen = in->args[j] == r;
    if (seen || !fl->compound[r] || (g->imm && g->imm[r])
        || cgen_flow_live_after(fl, i, r))
      continue;
    cgen_emit(g, "%s(&r%d, WY_UNDEF);", g->set, r);
  }
}

/* "(const wyv[]){r1, r2}" of args[from..to), or "NULL" when empty. */
static const char *
reg_array(Insn *in, int from, int to, int step)
{
  if (from >= to) return "NULL";
  StrBuf sb = {0};
  sb_puts(&sb, "(const wyv[]){");
  for (int k = from; k < to; k += step)
    sb_printf(&sb, "%sr%d", k > from ? ", " : "", in->args[k]);
  sb_putc(&sb, '}');
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

/* 0: int (or char) arithmetic, 1: real, 2: generic (unions). */
static int
num_class(Type *t)
{
  if (!t) return 2;
  TypeKind k = ty_expand(t)->kind;
  return k == TY_INT || k == TY_CHAR ? 0 : k == TY_REAL ? 1 : 2;
}

/* In the IEEE real modes (wyrt.h) reals have inline operations, wy_d_
 * (double) and wy_s_ (float), which take the position of an overflow. */
static const char *
arith(Gen *g, Insn *in, const char *op, bool pos, const char *p)
{
  static const char *const prefix[] = {"wy_int_", "wy_real_", "wy_"};
  int cls = num_class(in->type);
  const char *pre = prefix[cls];
  if (cls == 0 && (!strcmp(op, "div") || !strcmp(op, "neg")))
    pre = "wyc_int_";   /* the prelude's inline fast paths */
  if (cls == 1 && g->m->real_mode != WYIL_REAL_EXACT) {
    pre = g->m->real_mode == WYIL_REAL_FLOAT ? "wy_s_" : "wy_d_";
    pos = true;
    p = cgen_pos_ref(g, in->pos);
  }
  const char *b = in->nargs > 1 ? wyil_fmt(", r%d", in->args[1]) : "";
  return wyil_fmt("%s%s(r%d%s%s%s)", pre, op, in->args[0], b,
                  pos ? ", " : "", pos ? p : "");
}

const char *
cgen_cmp_expr(Gen *g, Cmp cmp, Type *t, int a, int b)
{
  static const char *const rel[] = {"==", "!=", "<", "<=", ">", ">="};
  switch (cmp) {
  case CMP_IN: return wyil_fmt("wy_contains(r%d, r%d)", b, a);
  case CMP_SB: return wyil_fmt("wy_set_subset_strict(r%d, r%d)", a, b);
  case CMP_SBE: return wyil_fmt("wy_set_subset(r%d, r%d)", a, b);
  default: break;
  }
  TypeKind k = t ? ty_expand(t)->kind : TY_ANY;
  if (cmp == CMP_EQ || cmp == CMP_NE) {
    const char *neg = cmp == CMP_NE ? "!" : "";
    switch (k) {
    case TY_NULL: case TY_BOOL: case TY_BYTE: case TY_CHAR:
      return wyil_fmt("(r%d %s r%d)", a, rel[cmp], b);
    case TY_INT: return wyil_fmt("%swyc_int_eq(r%d, r%d)", neg, a, b);
    case TY_REAL:
      if (g->dbl && (g->dbl[a] || g->dbl[b]))
        return wyil_fmt("(%s %s %s)", cgen_unbox_opnd(g, a), rel[cmp],
                        cgen_unbox_opnd(g, b));
      if (g->m->real_mode != WYIL_REAL_EXACT)
        return wyil_fmt("%swy_f_eq(r%d, r%d)", neg, a, b);
      return wyil_fmt("(wy_num_cmp(r%d, r%d) %s 0)", a, b, rel[cmp]);
    default: return wyil_fmt("%swyc_eq(r%d, r%d)", neg, a, b);
    }
  }
  if (k == TY_INT) {
    switch (cmp) {
    case CMP_LT: return wyil_fmt("wy_int_lt(r%d, r%d)", a, b);
    case CMP_LE: return wyil_fmt("!wy_int_lt(r%d, r%d)", b, a);
    case CMP_GT: return wyil_fmt("wy_int_lt(r%d, r%d)", b, a);
    default: return wyil_fmt("!wy_int_lt(r%d, r%d)", a, b);
    }
  }
  if (k == TY_CHAR) return wyil_fmt("(r%d %s r%d)", a, rel[cmp], b);
  if (k == TY_REAL && g->dbl && (g->dbl[a] || g->dbl[b]))
    return wyil_fmt("(%s %s %s)", cgen_unbox_opnd(g, a), rel[cmp],
                    cgen_unbox_opnd(g, b));
  if (k == TY_REAL && g->m->real_mode != WYIL_REAL_EXACT) {
    switch (cmp) {
    case CMP_LT: return wyil_fmt("wy_f_lt(r%d, r%d)", a, b);
    case CMP_LE: return wyil_fmt("wy_f_le(r%d, r%d)", a, b);
    case CMP_GT: return wyil_fmt("wy_f_lt(r%d, r%d)", b, a);
    default: return wyil_fmt("wy_f_le(r%d, r%d)", b, a);
    }
  }
  return wyil_fmt("(wy_num_cmp(r%d, r%d) %s 0)", a, b, rel[cmp]);
}

/* The negation of a condition from cmp_expr: each is a call, a
 * negated call, or parenthesised. */
static const char *
negate(const char *cond)
{
  return cond[0] == '!' ? cond + 1 : wyil_fmt("!%s", cond);
}

/* `%a is U` */
static const char *
is_expr(Gen *g, int a, Type *u)
{
  switch (u ? u->kind : TY_ANY) {
  case TY_ANY: return "true";
  case TY_NULL: return wyil_fmt("(r%d == WY_NULL)", a);
  case TY_BOOL: return wyil_fmt("(r%d == WY_TRUE || r%d == WY_FALSE)", a, a);
  case TY_INT:
    return wyil_fmt("(wy_is_small(r%d) || wy_kind(r%d) == WY_K_INT)", a, a);
  case TY_REAL: return wyil_fmt("(wy_kind(r%d) == WY_K_REAL)", a);
  case TY_CHAR: return wyil_fmt("(wy_kind(r%d) == WY_K_CHAR)", a);
  case TY_BYTE: return wyil_fmt("(wy_kind(r%d) == WY_K_BYTE)", a);
  case TY_STRING: return wyil_fmt("(wy_kind(r%d) == WY_K_STRING)", a);
  default: return wyil_fmt("wy_is(r%d, %s)", a, cgen_type_ref(g, u));
  }
}

static bool
is_prim(TypeKind k)
{
  return k == TY_NULL || k == TY_BOOL || k == TY_BYTE || k == TY_CHAR
         || k == TY_INT || k == TY_REAL || k == TY_STRING;
}

/* Does converting a T to U leave the value as it is? */
static bool
conv_identity(Type *t, Type *u)
{
  if (!u) return true;
  Type *ue = ty_expand(u);
  if (ue->kind == TY_ANY) return true;
  if (!t) return false;
  if (ty_equal(t, u)) return true;
  if (ue->kind != TY_UNION) return false;
  TypeKind tk = ty_expand(t)->kind;
  for (int i = 0; i < ue->n; i++) {
    Type *m = ue->elems[i];
    if (ty_equal(t, m) || (is_prim(tk) && ty_expand(m)->kind == tk))
      return true;
  }
  return false;
}

/* CONVERT; returns the register moved, -1 if none. */
static int
emit_convert(Gen *g, int i, Insn *in)
{
  int d = in->dst, a = in->args[0];
  if (conv_identity(in->type, in->type2))
    return copy_or_move(g, i, d, a) ? a : -1;
  if (num_class(in->type) == 0 && ty_is(in->type2, TY_REAL))
    set(g, d, wyil_fmt("wy_real_from_int(r%d)", a));
  else
    set(g, d, wyil_fmt("wy_convert(r%d, %s)", a, cgen_type_ref(g, in->type2)));
  return -1;
}

static void
emit_indexof(Gen *g, int i, Insn *in)
{
  Type *t = in->type;
  int a = in->args[0], b = in->args[1];
  const char *p = t && ty_is(t, TY_MAP) ? NULL : cgen_pos_ref(g, in->pos);
  const char *fast = cgen_rows_elem(g, i, false);
  if (!fast) fast = cgen_bounds_elem(g, i, false);
  /* a row read from the storage array holds no reference: for a
   * borrowed register only (a shared temporary is released) */
  const char *row = g->borrow && g->borrow[in->dst] ? cgen_bounds_row(g, i)
                                                    : NULL;
  if (row)
    set(g, in->dst, row);
  else if (g->borrow && g->borrow[in->dst])
    set(g, in->dst, wyil_fmt("wy_list_borrow(r%d, r%d, %s)", a, b, p));
  else if (fast)
    set(g, in->dst, fast);
  else if (t && ty_list_elem(t))
    set(g, in->dst, wyil_fmt("wyc_list_index(r%d, r%d, %s)", a, b, p));
  else if (t && ty_is(t, TY_STRING))
    set(g, in->dst, wyil_fmt("wy_str_index(r%d, r%d, %s)", a, b, p));
  else if (t && ty_is(t, TY_MAP))
    set(g, in->dst, wyil_fmt("wy_map_get(r%d, r%d)", a, b));
  else
    set(g, in->dst, wyil_fmt("wyc_index_any(r%d, r%d, %s)", a, b, p));
}

/* APPEND, APPENDL, UNIONL: %d = %a op %b, in place on %a's value when
 * %d is %a or %a dies here.  Returns the register moved, -1 if none. */
static int
emit_grow(Gen *g, int i, Insn *in, const char *inplace, const char *fresh)
{
  int d = in->dst, a = in->args[0], b = in->args[1];
  if (a == b || b == d || (a != d && !dead_after(g, i, a))) {
    set(g, d, wyil_fmt("%s(r%d, r%d)", fresh, a, b));
    return -1;
  }
  if (a != d)
    cgen_emit(g, "%s(&r%d, r%d); r%d = WY_UNDEF;", g->set, d, a, a);
  if (g->fl->has_try)  /* volatile register: mutate a plain copy */
    cgen_emit(g, "{ wyv t = r%d; %s(&t, r%d); r%d = t; }", d, inplace, b, d);
  else
    cgen_emit(g, "%s(&r%d, r%d);", inplace, d, b);
  return a;
}

/* APPENDL without an in-place chance: copy, then push. */
static void
emit_push_copy(Gen *g, Insn *in)
{
  cgen_emit(g, "{");
  cgen_emit(g, "  wyv t = wyc_own(r%d);", in->args[0]);
  cgen_emit(g, "  wy_list_push(&t, r%d);", in->args[1]);
  cgen_emit(g, "  %s(&r%d, t);", g->set, in->dst);
  cgen_emit(g, "}");
}

static void
emit_newrecord(Gen *g, Insn *in)
{
  Type *t = in->type ? ty_expand(in->type) : NULL;
  if (!t || t->kind != TY_RECORD || t->n != in->nargs)
    internal_error("cgen: newrecord without its record type in %s",
                   g->fn->name);
  set(g, in->dst, wyil_fmt("wy_record_of(%s, %s)",
                           cgen_shape_ref(g, t->n, t->names),
                           reg_array(in, 0, in->nargs, 1)));
}

static void
emit_call_insn(Gen *g, Insn *in)
{
  const char **args = wyil_alloc(sizeof(char *) * (size_t)(in->nargs + 1));
  for (int k = 0; k < in->nargs; k++) args[k] = reg(in->args[k]);
  /* a Math native's failure (a real that is not finite) reports here */
  bool math = wyil_is_math(in->callee, NULL);
  if (math) cgen_emit(g, "wy_native_at = %s;", cgen_pos_ref(g, in->pos));
  if (in->dst < 0)
    cgen_emit(g, "%s", cgen_call_stmt(g, in->callee, args, in->nargs));
  else
    set(g, in->dst, cgen_call_expr(g, in->callee, args, in->nargs));
  if (math) cgen_emit(g, "wy_native_at = NULL;");
}

static void
emit_return(Gen *g, Insn *in)
{
  if (in->nargs > 0)
    cgen_emit(g, "wyc_rv = r%d; r%d = WY_UNDEF;", in->args[0], in->args[0]);
  cgen_emit(g, "goto wyc_ret;");
  g->used_ret = true;
}

/* throw %a: outside any try region of this function, through the
 * frame's throw epilogue, which releases the registers first. */
static void
emit_throw(Gen *g, int i, int a)
{
  if (g->fl->try_in[i] == -1) {
    cgen_emit(g, "wyc_tv = r%d; r%d = WY_UNDEF;", a, a);
    cgen_emit(g, "goto wyc_throw;");
    g->used_throw = true;
  } else {
    cgen_emit(g, "wy_throw(r%d);", a);
  }
}

/* Byte operators, by opcode. */
static const char *
byte_fn(Op op)
{
  switch (op) {
  case OP_BITAND: return "wy_byte_and";
  case OP_BITOR: return "wy_byte_or";
  case OP_BITXOR: return "wy_byte_xor";
  case OP_SHL: return "wy_byte_shl";
  case OP_SHR: return "wy_byte_shr";
  default: return "wy_byte_invert";
  }
}

/* Set operators, by opcode. */
static const char *
set_fn(Op op)
{
  switch (op) {
  case OP_UNION: return "wy_set_union";
  case OP_INTERSECT: return "wy_set_intersect";
  default: return "wy_set_diff";
  }
}

/* Can instruction i build a list as long as a value says (a range, an
 * append)?  Its position is where running out of memory points. */
static bool
builds_list(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  switch (in->op) {
  case OP_RANGE: return !g->fl->elided[i];
  case OP_APPEND: case OP_APPENDL: return true;
  default: return false;
  }
}

void
cgen_emit_insn(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  int d = in->dst;
  int a = in->nargs > 0 ? in->args[0] : -1;
  int b = in->nargs > 1 ? in->args[1] : -1;
  int c = in->nargs > 2 ? in->args[2] : -1;
  int moved = -1;
  if (cgen_unbox_insn(g, i)) {
    emit_releases(g, i, -1);
    return;
  }
  cgen_unbox_before(g, i);
  bool builds = builds_list(g, i);
  if (builds) cgen_emit(g, "wy_alloc_at = %s;", cgen_pos_ref(g, in->pos));
  switch (in->op) {
  case OP_NOP: case OP_COUNT: break;
  case OP_CONST:
    if (cgen_const_is_imm(g, in->cst)) set(g, d, cgen_const_expr(g, in->cst));
    else set(g, d, wyil_fmt("wyc_own(%s)", cgen_const_expr(g, in->cst)));
    break;
  case OP_ASSIGN: if (copy_or_move(g, i, d, a)) moved = a; break;
  case OP_CONVERT: moved = emit_convert(g, i, in); break;
  case OP_DEBUG: cgen_emit(g, "wy_print_str(r%d);", a); break;
  case OP_LENGTHOF:
    if (in->type && ty_list_elem(in->type))
      set(g, d, wyil_fmt("wy_small((int64_t)wy_list_len(r%d))", a));
    else
      set(g, d, wyil_fmt("wy_length(r%d)", a));
    break;
  case OP_INDEXOF: emit_indexof(g, i, in); break;
  case OP_SUBLIST: case OP_SUBSTR:
    set(g, d, wyil_fmt("%s(r%d, r%d, r%d, %s)",
                       in->op == OP_SUBLIST ? "wy_list_sub" : "wy_str_sub",
                       a, b, c, cgen_pos_ref(g, in->pos)));
    break;
  case OP_FIELDLOAD:
    set(g, d, wyil_fmt("wy_record_get(r%d, %s)", a, cgen_cstr_lit(in->name)));
    break;
  case OP_TUPLELOAD:
    set(g, d, wyil_fmt("wy_tuple_get(r%d, %d)", a, in->imm));
    break;
  case OP_DEREF: set(g, d, wyil_fmt("wy_ref_get(r%d)", a)); break;
  case OP_NEWOBJECT: set(g, d, wyil_fmt("wy_ref_new(r%d)", a)); break;
  case OP_NEWLIST: {
    const char *hint = cgen_list_hint(in->type ? ty_list_elem(in->type) : NULL);
    if (in->nargs == 0)
      set(g, d, wyil_fmt("wy_list_new(%s, 0)", hint));
    else
      set(g, d, wyil_fmt("wy_list_of(%s, %d, %s)", hint, in->nargs,
                         reg_array(in, 0, in->nargs, 1)));
    break;
  }
  case OP_NEWSET:
    set(g, d, wyil_fmt("wy_set_of(%d, %s)", in->nargs,
                       reg_array(in, 0, in->nargs, 1)));
    break;
  case OP_NEWMAP:
    set(g, d, wyil_fmt("wy_map_of(%d, %s, %s)", in->nargs / 2,
                       reg_array(in, 0, in->nargs, 2),
                       reg_array(in, 1, in->nargs, 2)));
    break;
  case OP_NEWTUPLE:
    set(g, d, wyil_fmt("wy_tuple_of(%d, %s)", in->nargs,
                       reg_array(in, 0, in->nargs, 1)));
    break;
  case OP_NEWRECORD: emit_newrecord(g, in); break;
  case OP_RANGE:
    if (g->fl->elided[i]) {
      cgen_emit(g, "/* (counted by the forall below) */");
      return;
    }
    set(g, d, wyil_fmt("wy_list_range(r%d, r%d)", a, b));
    break;
  case OP_APPEND:
    moved = emit_grow(g, i, in, "wy_list_append_inplace", "wy_list_append");
    break;
  case OP_APPENDL:
    if (a == b || b == d || (a != d && !dead_after(g, i, a)))
      emit_push_copy(g, in);
    else
      moved = emit_grow(g, i, in, "wy_list_push", "");
    break;
  case OP_SAPPEND: set(g, d, wyil_fmt("wy_str_append(r%d, r%d)", a, b));
    break;
  case OP_SAPPENDL:
    set(g, d, wyil_fmt("wy_str_append_char(r%d, r%d)", a, b));
    break;
  case OP_SAPPENDR:
    set(g, d, wyil_fmt("wy_str_prepend_char(r%d, r%d)", a, b));
    break;
  case OP_UNIONL:
    moved = emit_grow(g, i, in, "wy_set_add_inplace", "wy_set_add");
    break;
  case OP_UNION: case OP_INTERSECT: case OP_DIFF:
    set(g, d, wyil_fmt("%s(r%d, r%d)", set_fn(in->op), a, b));
    break;
  case OP_UPDATE: cgen_emit_update(g, in); break;
  case OP_ADD: set(g, d, arith(g, in, "add", false, NULL)); break;
  case OP_SUB: set(g, d, arith(g, in, "sub", false, NULL)); break;
  case OP_MUL: set(g, d, arith(g, in, "mul", false, NULL)); break;
  case OP_NEG: set(g, d, arith(g, in, "neg", false, NULL)); break;
  case OP_DIV:
    set(g, d, arith(g, in, "div", true, cgen_pos_ref(g, in->pos)));
    break;
  case OP_REM:
    set(g, d, wyil_fmt("wyc_int_rem(r%d, r%d, %s)", a, b,
                       cgen_pos_ref(g, in->pos)));
    break;
  case OP_NUM: set(g, d, wyil_fmt("wy_real_num(r%d)", a)); break;
  case OP_DEN: set(g, d, wyil_fmt("wy_real_den(r%d)", a)); break;
  case OP_BITAND: case OP_BITOR: case OP_BITXOR: case OP_SHL: case OP_SHR:
    set(g, d, wyil_fmt("%s(r%d, r%d)", byte_fn(in->op), a, b));
    break;
  case OP_INVERT: set(g, d, wyil_fmt("wy_byte_invert(r%d)", a)); break;
  case OP_LABEL:
    if (g->fl->label_used[in->label]) {
      g->indent--;
      cgen_emit(g, "%s:;", cgen_label(g, in->label));
      g->indent++;
      cgen_emit_offload_exit(g, i);
      cgen_chain_exit_label(g, in->label);
    }
    return;
  case OP_GOTO: cgen_emit_goto(g, i, NULL, in->label); return;
  case OP_IF:
    cgen_emit_goto(g, i, cgen_cmp_expr(g, in->cmp, in->type, a, b), in->label);
    break;
  case OP_IFIS:
    cgen_emit_goto(g, i, is_expr(g, a, in->type2), in->label);
    break;
  case OP_SWITCH: cgen_emit_switch(g, i); return;
  case OP_LOOP:
    cgen_chain_begin(g, i);
    cgen_emit(g, "for (;;) {");
    g->indent++;
    return;
  case OP_FORALL:
    cgen_chain_begin(g, i);
    cgen_emit_forall(g, i);
    return;
  case OP_OFFLOAD: cgen_emit_offload(g, i); return;
  case OP_END: cgen_emit_end(g, i); return;
  case OP_ASSERT:
    if (cgen_bounds_skip(g, i) || cgen_rows_skip(g, i)) break;
    cgen_emit(g, "if (%s%s) {", cgen_bounds_guard(g, i),
              negate(cgen_cmp_expr(g, in->cmp, in->type, a, b)));
    g->indent++;
    cgen_chain_check(g, i);
    g->indent--;
    cgen_emit(g, "  wy_fail(%s, %s);",
              cgen_cstr_lit(in->name ? in->name : "assertion failed"),
              cgen_pos_ref(g, in->pos));
    cgen_emit(g, "}");
    break;
  case OP_FAIL:
    cgen_chain_check(g, i);
    cgen_emit(g, "wy_fail(%s, %s);",
              cgen_cstr_lit(in->name ? in->name : "failure"),
              cgen_pos_ref(g, in->pos));
    return;
  case OP_INVOKE: emit_call_insn(g, in); break;
  case OP_INDIRECT: {
    const char *call = wyil_fmt("wy_func_call(r%d, %d, %s)", a, in->nargs - 1,
                                reg_array(in, 1, in->nargs, 1));
    if (d < 0) cgen_emit(g, "wy_decref(%s);", call);
    else set(g, d, call);
    break;
  }
  case OP_LAMBDA:
    set(g, d, wyil_fmt("wy_func_new(%s, %s, %d, %s)",
                       cgen_tramp_name(g, in->callee),
                       cgen_cstr_lit(in->callee->name),
                       in->nargs, reg_array(in, 0, in->nargs, 1)));
    break;
  case OP_RETURN: emit_return(g, in); return;
  case OP_THROW: emit_throw(g, i, a); return;
  case OP_TRY: cgen_emit_try(g, i); return;
  case OP_TRYEND: cgen_emit_tryend(g, i); return;
  }
  if (builds) cgen_emit(g, "wy_alloc_at = NULL;");
  cgen_unbox_after(g, i);
  emit_releases(g, i, moved);
}
