/* consteval.c -- compile-time constants: literals, `define X as e`
 * constants and switch case values (spec §2.3).  Ints and reals are
 * folded exactly with GMP; a cycle between constants is an error. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"

static Const *
new_const(ConstKind kind)
{
  Const *c = wyil_alloc(sizeof(Const));
  c->kind = kind;
  return c;
}

Const *
const_int(const char *decimal)
{
  Const *c = new_const(C_INT);
  c->text = decimal;
  return c;
}

Const *const_bool(bool b) { Const *c = new_const(C_BOOL); c->u = b; return c; }
Const *const_null(void) { return new_const(C_NULL); }
static Const *
const_u(ConstKind kind, uint32_t u)
{
  Const *c = new_const(kind);
  c->u = u;
  return c;
}

Const *const_char(uint32_t u) { return const_u(C_CHAR, u); }
Const *const_byte(uint32_t u) { return const_u(C_BYTE, u); }

Const *
const_string(const char *utf8)
{
  Const *c = new_const(C_STRING);
  c->text = utf8;
  return c;
}

static Const *
from_mpq(mpq_t q)
{
  Const *c = new_const(C_REAL);
  char *num = mpz_get_str(NULL, 10, mpq_numref(q));
  char *den = mpz_get_str(NULL, 10, mpq_denref(q));
  c->text = wyil_fmt("%s/%s", num, den);
  free(num);
  free(den);
  return c;
}

static Const *
from_mpz(mpz_t z)
{
  char *s = mpz_get_str(NULL, 10, z);
  Const *c = const_int(wyil_strdup(s));
  free(s);
  return c;
}

Const *
const_real_decimal(const char *text)
{
  /* "-12.375" -> -12375/1000, normalised */
  mpq_t q;
  mpq_init(q);
  const char *dot = strchr(text, '.');
  StrBuf digits = {0};
  for (const char *p = text; *p; p++)
    if (*p != '.') sb_putc(&digits, *p);
  mpz_set_str(mpq_numref(q), digits.s, 10);
  mpz_ui_pow_ui(mpq_denref(q), 10, dot ? strlen(dot + 1) : 0);
  mpq_canonicalize(q);
  Const *c = from_mpq(q);
  mpq_clear(q);
  sb_free(&digits);
  return c;
}

static void
to_mpq(Const *c, mpq_t q)
{
  if (c->kind == C_INT) {
    mpz_set_str(mpq_numref(q), c->text, 10);
    mpz_set_ui(mpq_denref(q), 1);
  } else if (c->kind == C_CHAR) {
    mpq_set_ui(q, c->u, 1);
  } else {
    mpq_set_str(q, c->text, 10);
    mpq_canonicalize(q);
  }
}

Type *
const_type(Const *c)
{
  Type *t = NULL;
  switch (c->kind) {
  case C_NULL: return ty_null;
  case C_BOOL: return ty_bool;
  case C_BYTE: return ty_byte;
  case C_CHAR: return ty_char;
  case C_INT: return ty_int;
  case C_REAL: return ty_real;
  case C_STRING: return ty_string;
  case C_LIST: case C_SET:
    for (int i = 0; i < c->n; i++) t = ty_union(t, const_type(c->elems[i]));
    t = t ? t : ty_void;
    return c->kind == C_LIST ? ty_list(t) : ty_set(t);
  case C_MAP: {
    Type *k = NULL, *v = NULL;
    for (int i = 0; i < c->n; i++) {
      k = ty_union(k, const_type(c->elems[2 * i]));
      v = ty_union(v, const_type(c->elems[2 * i + 1]));
    }
    return ty_map(k ? k : ty_void, v ? v : ty_void);
  }
  case C_TUPLE: case C_RECORD: {
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)(c->n + 1));
    for (int i = 0; i < c->n; i++) ts[i] = const_type(c->elems[i]);
    return c->kind == C_TUPLE ? ty_tuple(c->n, ts)
                              : ty_record(c->n, c->names, ts, false);
  }
  case C_FUNC: return c->fn->type;
  }
  return ty_any;
}

static bool
is_num(Const *c)
{
  return c->kind == C_INT || c->kind == C_REAL || c->kind == C_CHAR;
}

static Const *
arith(Node *e, int op, Const *a, Const *b)
{
  if (!is_num(a) || !is_num(b))
    error_at(e->pos, "constant expression: invalid operands");
  bool ints = a->kind != C_REAL && b->kind != C_REAL;
  mpq_t x, y, r;
  mpq_inits(x, y, r, NULL);
  to_mpq(a, x);
  to_mpq(b, y);
  Const *c = NULL;
  if (ints) {
    mpz_t z;
    mpz_init(z);
    switch (op) {
    case BOP_ADD: mpz_add(z, mpq_numref(x), mpq_numref(y)); break;
    case BOP_SUB: mpz_sub(z, mpq_numref(x), mpq_numref(y)); break;
    case BOP_MUL: mpz_mul(z, mpq_numref(x), mpq_numref(y)); break;
    case BOP_DIV: case BOP_REM:
      if (!mpz_sgn(mpq_numref(y))) error_at(e->pos, "division by zero");
      if (op == BOP_DIV) mpz_tdiv_q(z, mpq_numref(x), mpq_numref(y));
      else mpz_tdiv_r(z, mpq_numref(x), mpq_numref(y));
      break;
    }
    c = from_mpz(z);
    mpz_clear(z);
  } else {
    switch (op) {
    case BOP_ADD: mpq_add(r, x, y); break;
    case BOP_SUB: mpq_sub(r, x, y); break;
    case BOP_MUL: mpq_mul(r, x, y); break;
    case BOP_DIV:
      if (!mpq_sgn(y)) error_at(e->pos, "division by zero");
      mpq_div(r, x, y);
      break;
    default: error_at(e->pos, "constant expression: '%%' needs ints");
    }
    c = from_mpq(r);
  }
  mpq_clears(x, y, r, NULL);
  return c;
}

static Const *
elements(Scope *sc, Node *e, ConstKind kind)
{
  Const *c = new_const(kind);
  c->n = e->args.n;
  c->elems = wyil_alloc(sizeof(Const *) * (size_t)(c->n + 1));
  for (int i = 0; i < c->n; i++) c->elems[i] = const_eval(sc, e->args.v[i]);
  return c;
}

static int
cmp_const(const void *a, const void *b)
{
  /* sets: order by printed text within a kind, kinds by ConstKind; the
   * runtime re-sorts by its §6.3 order when it builds the value */
  Const *x = *(Const **)a, *y = *(Const **)b;
  if (x->kind != y->kind) return (int)x->kind - (int)y->kind;
  StrBuf sa = {0}, sb = {0};
  const_print(&sa, x);
  const_print(&sb, y);
  int r = strcmp(sa.s, sb.s);
  sb_free(&sa);
  sb_free(&sb);
  return r;
}

static bool
set_has(Const *s, Const *e)
{
  for (int i = 0; i < s->n; i++)
    if (const_equal(s->elems[i], e)) return true;
  return false;
}

/* a ∪ b, a ∩ b, a - b of constant sets (odd ∪ even as an enumeration) */
static Const *
set_op(int op, Const *a, Const *b)
{
  Const *c = new_const(C_SET);
  c->elems = wyil_alloc(sizeof(Const *) * (size_t)(a->n + b->n + 1));
  for (int i = 0; i < a->n; i++)
    if ((op == BOP_UNION) || (op == BOP_INTERSECT) == set_has(b, a->elems[i]))
      c->elems[c->n++] = a->elems[i];
  for (int i = 0; op == BOP_UNION && i < b->n; i++)
    if (!set_has(a, b->elems[i])) c->elems[c->n++] = b->elems[i];
  qsort(c->elems, (size_t)c->n, sizeof(Const *), cmp_const);
  return c;
}

/* &f: a function value (one function of that name, not overloaded) */
static Const *
funcref(Scope *sc, Node *e)
{
  if (e->has_args) error_at(e->pos, "not a constant expression");
  PtrVec cands = {0};
  lookup_funcs(sc, e->name, &cands);
  if (cands.n == 0) error_at(e->pos, "unknown function '%s'", e->name);
  if (cands.n > 1)
    error_at(e->pos, "reference to overloaded function '%s' is ambiguous",
             e->name);
  Const *c = new_const(C_FUNC);
  c->fn = use_func(sc->prog, cands.v[0]);
  lower_check_native(c->fn, e->pos);
  return c;
}

static Const *
const_name(Scope *sc, Node *e, ModInfo *mod, const char *name)
{
  Scope msc = {sc->prog, mod ? mod : sc->mod, mod ? NULL : sc->decl};
  ConstSym *cs = lookup_const(&msc, name);
  if (!cs) error_at(e->pos, "'%s' is not a constant", name);
  if (cs->state == 2) return cs->value;
  if (cs->state == 1) error_at(e->pos, "cyclic constant expression");
  /* a chain of constants defined by the one before nests as deep as it
   * is long */
  static int depth;
  if (depth == PARSE_MAX_DEPTH)
    error_at(e->pos, "constant definitions nested too deeply (limit %d)",
             PARSE_MAX_DEPTH);
  depth++;
  cs->state = 1;
  Scope csc = {sc->prog, cs->mod, cs->decl};
  cs->value = const_eval(&csc, cs->decl->value);
  cs->type = const_type(cs->value);
  cs->state = 2;
  depth--;
  return cs->value;
}

/* a OP b, e's operator (NULL: not a constant operation) */
static Const *
fold(Node *e, Const *a, Const *b)
{
  switch (e->op) {
  case BOP_ADD:
    if (a->kind == C_LIST && b->kind == C_LIST) {
      Const *c = new_const(C_LIST);
      c->n = a->n + b->n;
      c->elems = wyil_alloc(sizeof(Const *) * (size_t)(c->n + 1));
      for (int i = 0; i < a->n; i++) c->elems[i] = a->elems[i];
      for (int i = 0; i < b->n; i++) c->elems[a->n + i] = b->elems[i];
      return c;
    }
    /* fall through */
  case BOP_SUB:
    if (a->kind == C_SET && b->kind == C_SET) return set_op(e->op, a, b);
    /* fall through */
  case BOP_MUL: case BOP_DIV: case BOP_REM:
    return arith(e, e->op, a, b);
  case BOP_UNION: case BOP_INTERSECT:
    if (a->kind == C_SET && b->kind == C_SET) return set_op(e->op, a, b);
    break;
  case BOP_AND: case BOP_OR:
    if (a->kind == C_BOOL && b->kind == C_BOOL)
      return const_bool(e->op == BOP_AND ? a->u && b->u : a->u || b->u);
    break;
  case BOP_BITXOR:
    if (a->kind == C_BOOL && b->kind == C_BOOL)
      return const_bool(a->u ^ b->u);
    /* fall through */
  case BOP_BITAND: case BOP_BITOR:
    if (a->kind == C_BYTE && b->kind == C_BYTE)
      return const_byte(e->op == BOP_BITAND ? a->u & b->u
                        : e->op == BOP_BITOR ? a->u | b->u : a->u ^ b->u);
    break;
  default: break;
  }
  return NULL;
}

static Const *
fold_or_fail(Node *e, Const *a, Const *b)
{
  Const *c = fold(e, a, b);
  if (!c) error_at(e->pos, "not a constant expression");
  return c;
}

static bool
is_logic(Node *e)
{
  return e->kind == ND_BINARY && (e->op == BOP_AND || e->op == BOP_OR);
}

static bool
is_operator(Node *e)
{
  return e->kind == ND_BINARY && !is_logic(e);
}

/* A binary operator.  A chain of them (`1 + 2 + ...`, a left spine;
 * `p && q && ...`, a right one) is folded in a loop, the operands in the
 * order a recursion would evaluate them (ast_walk.c). */
static Const *
binary(Scope *sc, Node *e)
{
  AstSpine s = {0};
  Const *c;
  if (is_logic(e) && is_logic(e->rhs)) {
    ast_spine(&s, e, true, is_logic);
    Const **lhs = ast_realloc(NULL, sizeof(Const *) * (size_t)s.n);
    for (int i = 0; i < s.n; i++) lhs[i] = const_eval(sc, s.v[i]->lhs);
    c = const_eval(sc, s.v[s.n - 1]->rhs);
    for (int i = s.n - 1; i >= 0; i--) c = fold_or_fail(s.v[i], lhs[i], c);
    free(lhs);
  } else if (is_operator(e) && is_operator(e->lhs)) {
    ast_spine(&s, e, false, is_operator);
    c = const_eval(sc, s.v[s.n - 1]);
    for (int i = s.n - 2; i >= 0; i--)
      c = fold_or_fail(s.v[i], c, const_eval(sc, s.v[i]->rhs));
  } else {
    Const *a = const_eval(sc, e->lhs);
    return fold_or_fail(e, a, const_eval(sc, e->rhs));
  }
  ast_spine_free(&s);
  return c;
}

Const *
const_eval(Scope *sc, Node *e)
{
  switch (e->kind) {
  case ND_NULL: return const_null();
  case ND_BOOL: return const_bool(e->ival != 0);
  case ND_INT: return const_int(e->text);
  case ND_REAL: return const_real_decimal(e->text);
  case ND_CHAR: return const_char((uint32_t)e->ival);
  case ND_BYTE: return const_byte((uint32_t)e->ival);
  case ND_STRING: return const_string(e->str);
  case ND_NAME: return const_name(sc, e, NULL, e->name);
  case ND_FIELD:
    if (e->lhs->kind == ND_NAME) {
      ModInfo *mod = lookup_module(sc, e->lhs->name, e->name);
      if (mod) return const_name(sc, e, mod, e->name);
    }
    break;
  case ND_UNARY: {
    Const *a = const_eval(sc, e->lhs);
    if (e->op == UOP_NEG && is_num(a))
      return arith(e, BOP_SUB, const_int("0"), a);
    if (e->op == UOP_NOT && a->kind == C_BOOL) return const_bool(!a->u);
    if (e->op == UOP_INVERT && a->kind == C_BYTE)
      return const_byte(~a->u & 255);
    break;
  }
  case ND_BINARY: return binary(sc, e);
  case ND_FUNCREF: return funcref(sc, e);
  case ND_LIST: return elements(sc, e, C_LIST);
  case ND_TUPLE: return elements(sc, e, C_TUPLE);
  case ND_SET: {
    Const *c = elements(sc, e, C_SET);
    qsort(c->elems, (size_t)c->n, sizeof(Const *), cmp_const);
    return c;
  }
  case ND_MAP: {
    Const *c = elements(sc, e, C_MAP);
    c->n /= 2;
    return c;
  }
  case ND_RECORD: {
    Const *c = new_const(C_RECORD);
    c->n = e->args.n;
    Type **dummy = wyil_alloc(sizeof(Type *) * (size_t)(c->n + 1));
    Const **vals = wyil_alloc(sizeof(Const *) * (size_t)(c->n + 1));
    for (int i = 0; i < c->n; i++) {
      vals[i] = const_eval(sc, e->args.v[i]);
      dummy[i] = (Type *)vals[i];  /* sorted alongside the names */
    }
    Type *t = ty_record(c->n, e->names, dummy, false);
    c->names = t->names;
    c->elems = (Const **)t->elems;
    return c;
  }
  default: break;
  }
  error_at(e->pos, "not a constant expression");
}
