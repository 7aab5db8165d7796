/* lower_cond.c -- conditions as branch trees (spec §10.4): && and ||
 * short-circuit, ! swaps the sense, comparisons become if<cmp>, `is`
 * becomes ifis.  Narrowing (§4.5 rules 6, 7): an `is` test or a null
 * comparison on a local variable gives it a narrower type where the
 * condition is true and where it is false. */
#include <stdlib.h>
#include <string.h>

#include "compiler.h"

/* Pairs under intersection: a recursive type met with another one again
 * keeps what the variable already had (a sound answer: its value is a
 * t whatever else holds). */
typedef struct Meet {
  Type *a, *b;
  struct Meet *prev;
} Meet;

static Type *meet(Type *t, Type *T, Meet *seen);

static Type *
meet_list(Type *t, Type *T, Meet *seen)
{
  Type *e = meet(t, T, seen);  /* [int] and [real] share the empty list */
  return e ? e : ty_void;
}

/* Records: closed ones with the same fields, or an open one whose fields
 * the other has; field by field. */
static Type *
meet_record(Type *x, Type *y, Meet *seen)
{
  Type *big = x->open && !y->open ? y : x, *small = big == x ? y : x;
  if (!small->open && small->n != big->n) return NULL;
  if (big->open && small->open) return NULL;  /* not worth the detail */
  Type **ts = wyil_alloc(sizeof(Type *) * (size_t)(big->n + 1));
  int found = 0;
  for (int i = 0; i < big->n; i++) {
    ts[i] = big->elems[i];
    for (int k = 0; k < small->n; k++)
      if (!strcmp(small->names[k], big->names[i])) {
        ts[i] = big == x ? meet(ts[i], small->elems[k], seen)
                         : meet(small->elems[k], ts[i], seen);
        if (!ts[i]) return NULL;
        found++;
      }
  }
  if (found != small->n) return NULL;
  return ty_record(big->n, big->names, ts, false);
}

/* The values of t that are a T (t ∩ T), NULL when there are none. */
static Type *
meet(Type *t, Type *T, Meet *seen)
{
  if (ty_subtype(t, T)) return t;
  if (ty_subtype(T, t)) return T;
  for (Meet *p = seen; p; p = p->prev)
    if (p->a == t && p->b == T) return t;
  Meet here = {t, T, seen};
  Type *x = ty_expand(t), *y = ty_expand(T), *r = NULL;
  if (x->kind == TY_UNION || y->kind == TY_UNION) {
    Type *u = x->kind == TY_UNION ? x : y;
    for (int i = 0; i < u->n; i++) {
      Type *m = u == x ? meet(u->elems[i], T, &here)
                       : meet(t, u->elems[i], &here);
      if (m && m->kind != TY_VOID) r = ty_union(r, m);
    }
    return r;
  }
  if (x->kind == TY_ANY) return T;
  if (y->kind == TY_ANY) return t;
  if (x->kind != y->kind) return NULL;
  switch (x->kind) {
  case TY_LIST: return ty_list(meet_list(x->elems[0], y->elems[0], &here));
  case TY_SET: return ty_set(meet_list(x->elems[0], y->elems[0], &here));
  case TY_MAP:
    return ty_map(meet_list(x->elems[0], y->elems[0], &here),
                  meet_list(x->elems[1], y->elems[1], &here));
  case TY_TUPLE: {
    if (x->n != y->n) return NULL;
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)(x->n + 1));
    for (int i = 0; i < x->n; i++)
      if (!(ts[i] = meet(x->elems[i], y->elems[i], &here))) return NULL;
    return ty_tuple(x->n, ts);
  }
  case TY_RECORD: return meet_record(x, y, &here);
  default: return T;  /* T is the best we know */
  }
}

/* The part of t that is a T (for the true branch of `x is T`). */
static Type *
narrow_to(Type *t, Type *T)
{
  return meet(t, T, NULL);
}

Type *
lower_meet(Type *t, Type *T)
{
  return meet(t, T, NULL);
}

/* Strip constraints: the false branch of `x is nat` keeps ints. */
static bool
has_where(Type *T)
{
  return ty_has_constraint(T);
}

/* The part of t that is not a T (false branch). */
static Type *
narrow_away(Type *t, Type *T)
{
  if (has_where(T)) return t;
  Type *x = ty_expand(t);
  if (x->kind == TY_ANY) return ty_negation(T);  /* any but a T: !T */
  if (x->kind != TY_UNION) return ty_subtype(t, T) ? ty_void : t;
  Type *r = NULL;
  for (int i = 0; i < x->n; i++)
    if (!ty_subtype(x->elems[i], T)) r = ty_union(r, x->elems[i]);
  return r ? r : ty_void;
}

/* Record narrowing of variable `name` in the two environments. */
static void
narrow(Env *tenv, Env *fenv, const char *name, Type *t, Type *T, SrcPos pos)
{
  Type *yes = narrow_to(t, T), *no = narrow_away(t, T);
  if (!yes || yes->kind == TY_VOID)
    error_at(pos, "incomparable operands: %s and %s", ty_str(t), ty_str(T));
  if (tenv) env_set(tenv, name, yes);
  if (fenv && no->kind != TY_VOID) env_set(fenv, name, no);
}

/* if a cmp b goto label, for a comparator that may have no negation. */
static void
branch(Lower *L, Cmp cmp, bool sense, Type *t, Val a, Val b, int label,
       SrcPos pos)
{
  int args[2] = {a.reg, b.reg};
  if (sense || (cmp != CMP_IN && cmp != CMP_SB && cmp != CMP_SBE)) {
    Insn *in = lower_emit(L, OP_IF, t, -1, 2, args, pos);
    in->cmp = sense ? cmp : cmp_negate(cmp);
    in->label = label;
    return;
  }
  int skip = lower_new_label(L);
  Insn *in = lower_emit(L, OP_IF, t, -1, 2, args, pos);
  in->cmp = cmp;
  in->label = skip;
  lower_goto(L, label, pos);
  lower_label(L, skip, pos);
}

static bool
is_num(Type *t)
{
  return ty_subtype(t, ty_union(ty_union(ty_int, ty_char), ty_real));
}

/* Bring the operands of == / != to a common type (§5.4). */
static Type *
unify_eq(Lower *L, Node *e, Val *a, Val *b)
{
  if (ty_subtype(a->type, b->type)) return b->type;
  if (ty_subtype(b->type, a->type)) return a->type;
  if (coercible(a->type, b->type)) {
    *a = lower_coerce(L, *a, b->type, e->lhs->pos);
    return b->type;
  }
  if (coercible(b->type, a->type)) {
    *b = lower_coerce(L, *b, a->type, e->rhs->pos);
    return a->type;
  }
  /* overlapping unions (int|null vs int) are fine; disjoint are not */
  Type *x = ty_expand(a->type), *y = ty_expand(b->type);
  if (x->kind == TY_UNION || y->kind == TY_UNION)
    return ty_union(a->type, b->type);
  error_at(e->pos, "incomparable operands: %s and %s", ty_str(a->type),
           ty_str(b->type));
}

static void
cond_compare(Lower *L, Node *e, bool sense, int label, Env **tenv,
             Env **fenv)
{
  Val a = lower_expr(L, e->lhs), b = lower_expr(L, e->rhs);
  static const Cmp cmps[] = {
    [BOP_EQ] = CMP_EQ, [BOP_NE] = CMP_NE, [BOP_LT] = CMP_LT,
    [BOP_LE] = CMP_LE, [BOP_GT] = CMP_GT, [BOP_GE] = CMP_GE,
  };
  Cmp cmp = cmps[e->op];
  Type *t;
  if (e->op == BOP_EQ || e->op == BOP_NE) {
    t = unify_eq(L, e, &a, &b);
  } else {
    if (!is_num(a.type) || !is_num(b.type))
      error_at(e->pos, "cannot compare %s and %s", ty_str(a.type),
               ty_str(b.type));
    bool ca = ty_expand(a.type)->kind == TY_CHAR;
    bool cb = ty_expand(b.type)->kind == TY_CHAR;
    if (ca && cb) {
      t = ty_char;
    } else if (ty_subtype(a.type, ty_union(ty_int, ty_char))
               && ty_subtype(b.type, ty_union(ty_int, ty_char))) {
      a = lower_coerce(L, a, ty_int, e->lhs->pos);
      b = lower_coerce(L, b, ty_int, e->rhs->pos);
      t = ty_int;
    } else if (ty_subtype(a.type, ty_real) || ty_subtype(b.type, ty_real)) {
      a = lower_coerce(L, a, ty_real, e->lhs->pos);
      b = lower_coerce(L, b, ty_real, e->rhs->pos);
      t = ty_real;
    } else {
      t = ty_union(ty_int, ty_real);
    }
  }
  Env *start = L->env;
  *tenv = env_copy(start);
  *fenv = env_copy(start);
  /* x == null / x != null narrow like `x is null` */
  Node *var = e->lhs->kind == ND_NAME ? e->lhs
              : e->rhs->kind == ND_NAME ? e->rhs : NULL;
  Node *other = var == e->lhs ? e->rhs : e->lhs;
  if ((e->op == BOP_EQ || e->op == BOP_NE) && var && other->kind == ND_NULL
      && env_get(start, var->name)) {
    Type *vt = env_get(start, var->name);
    if (e->op == BOP_EQ)
      narrow(*tenv, *fenv, var->name, vt, ty_null, e->pos);
    else
      narrow(*fenv, *tenv, var->name, vt, ty_null, e->pos);
  }
  branch(L, cmp, sense, t, a, b, label, e->pos);
  L->env = sense ? *fenv : *tenv;
}

static void
cond_in(Lower *L, Node *e, bool sense, int label, Env **tenv, Env **fenv)
{
  Val x = lower_expr(L, e->lhs), c = lower_expr(L, e->rhs);
  Type *t = ty_expand(c.type);
  Cmp cmp = CMP_IN;
  if (e->op == BOP_IN) {
    Type *et = ty_list_elem(t);
    if (!et) et = ty_set_elem(t);
    if (!et) error_at(e->pos, "'in' needs a list or set, found %s",
                      ty_str(c.type));
    if (!ty_subtype(x.type, et) && coercible(x.type, et))
      x = lower_coerce(L, x, et, e->lhs->pos);
    else if (!ty_subtype(et, x.type) && !meet(x.type, et, NULL))
      /* 1.23 in [int]: no element can equal it (the 2013 compiler
       * rejects it too) */
      error_at(e->pos, "incomparable operands: %s and %s", ty_str(x.type),
               ty_str(et));
  } else {
    cmp = e->op == BOP_SUBSET ? CMP_SB : CMP_SBE;
    if (ty_list_elem(x.type))
      x = lower_coerce(L, x, ty_set(ty_list_elem(x.type)), e->lhs->pos);
    if (ty_list_elem(c.type))
      c = lower_coerce(L, c, ty_set(ty_list_elem(c.type)), e->rhs->pos);
    if (!ty_set_elem(x.type) || !ty_set_elem(c.type))
      error_at(e->pos, "subset needs sets, found %s and %s", ty_str(x.type),
               ty_str(c.type));
  }
  *tenv = env_copy(L->env);
  *fenv = env_copy(L->env);
  branch(L, cmp, sense, c.type, x, c, label, e->pos);
  L->env = sense ? *fenv : *tenv;
}

/* t with the value at field path names[0..n) narrowed to T (yes) or
 * away from T; NULL when no value of t is left. */
static Type *
narrow_path(Type *t, const char **names, int n, Type *T, bool yes)
{
  if (n == 0) {
    Type *r = yes ? meet(t, T, NULL) : narrow_away(t, T);
    return r && r->kind != TY_VOID ? r : NULL;
  }
  Type *x = ty_expand(t);
  if (x->kind == TY_UNION) {
    Type *r = NULL;
    for (int i = 0; i < x->n; i++) {
      Type *m = narrow_path(x->elems[i], names, n, T, yes);
      if (m) r = ty_union(r, m);
    }
    return r;
  }
  if (x->kind != TY_RECORD) return t;
  for (int k = 0; k < x->n; k++) {
    if (strcmp(x->names[k], names[0])) continue;
    Type *ft = narrow_path(x->elems[k], names + 1, n - 1, T, yes);
    if (!ft) return NULL;
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)x->n);
    memcpy(ts, x->elems, sizeof(Type *) * (size_t)x->n);
    ts[k] = ft;
    return ty_record(x->n, x->names, ts, x->open);
  }
  return t;
}

/* `x.f.g is T` on a local x narrows x's field f.g (t.lhs is [int] makes
 * |t.lhs| legal); a union of records loses the members that cannot
 * take the branch. */
static void
narrow_field(Lower *L, Node *path, Type *T, Env *tenv, Env *fenv)
{
  const char *names[16];
  int n = 0;
  while (path->kind == ND_FIELD && n < 16) {
    names[n++] = path->name;
    path = path->lhs;
  }
  if (path->kind != ND_NAME || n == 0 || n == 16) return;
  for (int i = 0; i < n / 2; i++) {  /* outermost field first */
    const char *tmp = names[i];
    names[i] = names[n - 1 - i];
    names[n - 1 - i] = tmp;
  }
  Type *t = env_get(L->env, path->name);
  if (!t) return;
  Type *yes = narrow_path(t, names, n, T, true);
  Type *no = narrow_path(t, names, n, T, false);
  if (yes) env_set(tenv, path->name, yes);
  if (no) env_set(fenv, path->name, no);
}

static void
cond_is(Lower *L, Node *e, bool sense, int label, Env **tenv, Env **fenv)
{
  Val v = lower_expr(L, e->lhs);
  Type *T = resolve_type(&L->sc, e->type);
  *tenv = env_copy(L->env);
  *fenv = env_copy(L->env);
  if (e->lhs->kind == ND_NAME && env_get(L->env, e->lhs->name))
    narrow(*tenv, *fenv, e->lhs->name, v.type, T, e->pos);
  else
    narrow_field(L, e->lhs, T, *tenv, *fenv);
  if (sense) {
    Insn *in = lower_emit(L, OP_IFIS, v.type, -1, 1, &v.reg, e->pos);
    in->type2 = T;
    in->label = label;
  } else {
    int skip = lower_new_label(L);
    Insn *in = lower_emit(L, OP_IFIS, v.type, -1, 1, &v.reg, e->pos);
    in->type2 = T;
    in->label = skip;
    lower_goto(L, label, e->pos);
    lower_label(L, skip, e->pos);
  }
  L->env = sense ? *fenv : *tenv;
}

static bool
is_logic(Node *e)
{
  return e->kind == ND_BINARY && (e->op == BOP_AND || e->op == BOP_OR);
}

/* One link of a chain p && q || ...: what its left operand left for the
 * join once its right one is lowered. */
typedef struct LogicLink {
  int skip;             /* the label after its right operand, or -1 */
  Env *t1, *f1;         /* where its left operand is true / false */
} LogicLink;

/* e is p && q or p || q, and q may be one too (the chain is a right
 * spine, parse_cond): each link's left operand in a loop down the
 * chain, the last right operand, then each link's join back up, as a
 * recursion on q would do them but in a loop (ast_walk.c).
 *   p && q, jumping when false (|| when true): both jump to label;
 *   p && q, jumping when true (|| when false): p false skips q. */
static void
cond_logic(Lower *L, Node *e, bool sense, int label, Env **tenv, Env **fenv)
{
  AstSpine s = {0};
  ast_spine(&s, e, true, is_logic);
  LogicLink *links = ast_realloc(NULL, sizeof(LogicLink) * (size_t)s.n);
  Env *t2 = NULL, *f2 = NULL;
  int n = 0;
  while (n < s.n) {
    Node *x = s.v[n];
    LogicLink *k = &links[n++];
    bool is_and = x->op == BOP_AND;
    k->skip = is_and != sense ? -1 : lower_new_label(L);
    lower_cond(L, x->lhs, k->skip < 0 ? sense : !sense,
               k->skip < 0 ? label : k->skip, &k->t1, &k->f1);
    L->env = is_and ? k->t1 : k->f1;
    if (!L->env) break;   /* the right operand is unreachable */
  }
  if (L->env) lower_cond(L, s.v[s.n - 1]->rhs, sense, label, &t2, &f2);
  while (n-- > 0) {
    Node *x = s.v[n];
    LogicLink *k = &links[n];
    if (k->skip >= 0) lower_label(L, k->skip, x->pos);
    if (x->op == BOP_AND) {
      f2 = env_join(k->f1, f2);
    } else {
      t2 = env_join(k->t1, t2);
    }
    L->env = sense ? f2 : t2;
  }
  *tenv = t2;
  *fenv = f2;
  free(links);
  ast_spine_free(&s);
}

/* some/all/no { x in xs, ... | cond } as nested loops (§5.12):
 * `some` jumps out of the loops at the first witness; all { .. | c } is
 * no { .. | !c }, and no is the negation of some. */
static void
cond_quant(Lower *L, Node *e, bool sense, int label, Env **tenv, Env **fenv)
{
  bool want_witness = e->op == Q_SOME ? sense : !sense;
  bool witness_cond = e->op != Q_ALL;   /* all: look for a counterexample */
  Env *before = env_copy(L->env);
  int found = lower_new_label(L), done = lower_new_label(L);
  int nloops = lower_open_sources(L, e);
  Env *t, *f;
  lower_cond(L, e->cond, witness_cond, found, &t, &f);
  lower_close_sources(L, e, nloops);
  L->env = env_copy(before);
  /* no witness found */
  if (!want_witness) lower_goto(L, label, e->pos);
  else lower_goto(L, done, e->pos);
  lower_label(L, found, e->pos);
  L->env = env_copy(before);
  if (want_witness) lower_goto(L, label, e->pos);
  lower_label(L, done, e->pos);
  *tenv = env_copy(before);
  *fenv = env_copy(before);
  L->env = env_copy(before);
}

void
lower_cond(Lower *L, Node *e, bool sense, int label, Env **tenv, Env **fenv)
{
  if (!L->env) {
    *tenv = *fenv = NULL;
    return;
  }
  switch (e->kind) {
  case ND_BINARY:
    switch (e->op) {
    case BOP_AND: case BOP_OR:
      cond_logic(L, e, sense, label, tenv, fenv);
      return;
    case BOP_EQ: case BOP_NE: case BOP_LT: case BOP_LE: case BOP_GT:
    case BOP_GE:
      cond_compare(L, e, sense, label, tenv, fenv);
      return;
    case BOP_IN: case BOP_SUBSET: case BOP_SUBSETEQ:
      cond_in(L, e, sense, label, tenv, fenv);
      return;
    default:
      break;
    }
    break;
  case ND_UNARY:
    if (e->op == UOP_NOT) {
      lower_cond(L, e->lhs, !sense, label, fenv, tenv);
      return;
    }
    break;
  case ND_IS:
    cond_is(L, e, sense, label, tenv, fenv);
    return;
  case ND_BOOL:
    *tenv = e->ival ? L->env : NULL;
    *fenv = e->ival ? NULL : L->env;
    if ((e->ival != 0) == sense) {
      lower_goto(L, label, e->pos);
      L->env = NULL;
    }
    return;
  case ND_QUANT:
    cond_quant(L, e, sense, label, tenv, fenv);
    return;
  default:
    break;
  }
  /* any other boolean expression: compare its value with true */
  Val v = lower_expr(L, e);
  if (!ty_subtype(v.type, ty_bool))
    error_at(e->pos, "expected a condition (bool), found %s", ty_str(v.type));
  Val t = lower_const(L, const_bool(true), e->pos);
  *tenv = env_copy(L->env);
  *fenv = env_copy(L->env);
  branch(L, CMP_EQ, sense, ty_bool, v, t, label, e->pos);
  L->env = sense ? *fenv : *tenv;
}
