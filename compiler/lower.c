/* lower.c -- flow typing and lowering of statements and functions.
 *
 * Input: a resolved Program (ASTs + symbols).  Output: WYIL functions in
 * prog->m.  The environment L->env maps each defined variable to its
 * current type (spec §4.5), branches join environments; the environment
 * at each loop's head comes from flow.c's pass, which runs typing-only
 * over a function's body before it is lowered, and each loop's body is
 * lowered once with it.  Each variable has one register for the whole
 * function; its type changes with the flow, the register doesn't.
 *
 * Memory: a function's body tree (parsed again from the source when
 * parse_file_lazy dropped it), its environments and its variable table
 * live in an arena of the function's, freed once it is lowered; what
 * WYIL keeps (instructions, types, constants, names) goes to the
 * compilation arena.
 */
#include <string.h>

#include "compiler.h"

/* ---- environments ------------------------------------------------ */

/* The arena of the function being lowered (lower_func), or NULL. */
static WyArena *scratch;

/* n bytes that live while the function is lowered. */
void *
lower_scratch_alloc(size_t n)
{
  WyArena *was = scratch ? wyil_arena_use(scratch) : NULL;
  void *p = wyil_alloc(n);
  if (scratch) wyil_arena_use(was);
  return p;
}

Env *
env_new(void)
{
  return lower_scratch_alloc(sizeof(Env));
}

Env *
env_copy(Env *e)
{
  if (!e) return NULL;
  Env *c = env_new();
  if (!e->n) return c;
  c->n = c->cap = e->n;
  c->names = lower_scratch_alloc(sizeof(char *) * (size_t)e->n);
  c->types = lower_scratch_alloc(sizeof(Type *) * (size_t)e->n);
  memcpy(c->names, e->names, sizeof(char *) * (size_t)e->n);
  memcpy(c->types, e->types, sizeof(Type *) * (size_t)e->n);
  return c;
}

/* The type of e->names[i]'s namesake in e, looked up at position i
 * first: environments derived from one another mostly keep the order
 * of their variables, and a search for each of them made the joins and
 * comparisons quadratic in the number of variables. */
Type *
env_get_at(Env *e, int i, const char *name)
{
  if (i < e->n && (e->names[i] == name || !strcmp(e->names[i], name)))
    return e->types[i];
  return env_get(e, name);
}

Type *
env_get(Env *e, const char *name)
{
  if (!e) return NULL;
  for (int i = 0; i < e->n; i++)
    if (!strcmp(e->names[i], name)) return e->types[i];
  return NULL;
}

void
env_set(Env *e, const char *name, Type *t)
{
  for (int i = 0; i < e->n; i++)
    if (!strcmp(e->names[i], name)) {
      e->types[i] = t;
      return;
    }
  if (e->n == e->cap) {
    int cap = e->cap ? e->cap * 2 : 8;
    const char **names = lower_scratch_alloc(sizeof(char *) * (size_t)cap);
    Type **types = lower_scratch_alloc(sizeof(Type *) * (size_t)cap);
    if (e->n) {
      memcpy(names, e->names, sizeof(char *) * (size_t)e->n);
      memcpy(types, e->types, sizeof(Type *) * (size_t)e->n);
    }
    e->names = names;
    e->types = types;
    e->cap = cap;
  }
  e->names[e->n] = name;
  e->types[e->n++] = t;
}

Env *
env_join(Env *a, Env *b)
{
  if (!a) return env_copy(b);
  if (!b) return env_copy(a);
  /* a's variables are distinct: each is appended without a search */
  Env *j = env_copy(a);
  j->n = 0;
  for (int i = 0; i < a->n; i++) {
    Type *tb = env_get_at(b, i, a->names[i]);
    if (!tb) continue;
    j->names[j->n] = a->names[i];
    j->types[j->n++] = ty_union(a->types[i], tb);
  }
  return j;
}

bool
env_same(Env *a, Env *b)
{
  if (!a || !b) return a == b;
  if (a->n != b->n) return false;
  for (int i = 0; i < a->n; i++) {
    Type *tb = env_get_at(b, i, a->names[i]);
    if (!tb || !ty_equal(a->types[i], tb)) return false;
  }
  return true;
}

/* ---- emission ---------------------------------------------------- */

Insn *
lower_emit(Lower *L, Op op, Type *type, int dst, int nargs, const int *args,
     SrcPos pos)
{
  if (L->dry || !L->env) {
    /* typing only, or unreachable code: build the instruction so that
     * callers may fill it in, but do not add it */
    static Func scratch;
    scratch.ncode = 0;
    return wyil_emit(&scratch, op, type, dst, nargs, args, pos);
  }
  return wyil_emit(L->fn, op, type, dst, nargs, args, pos);
}

int
lower_tmp(Lower *L)
{
  return wyil_new_reg(L->fn, NULL);
}

int
lower_new_label(Lower *L)
{
  return wyil_new_label(L->fn);
}

void
lower_label(Lower *L, int label, SrcPos pos)
{
  /* labels are emitted even in unreachable code: branches target them */
  if (L->dry) return;
  Insn *in = wyil_emit(L->fn, OP_LABEL, NULL, -1, 0, NULL, pos);
  in->label = label;
}

void
lower_goto(Lower *L, int label, SrcPos pos)
{
  Insn *in = lower_emit(L, OP_GOTO, NULL, -1, 0, NULL, pos);
  in->label = label;
}

void
lower_bind(Lower *L, const char *name, int reg)
{
  if (L->nvars == L->capvars) {
    int cap = L->capvars ? L->capvars * 2 : 16;
    VarReg *v = lower_scratch_alloc(sizeof(VarReg) * (size_t)cap);
    if (L->nvars) memcpy(v, L->vars, sizeof(VarReg) * (size_t)L->nvars);
    L->vars = v;
    L->capvars = cap;
  }
  L->vars[L->nvars++] = (VarReg){name, reg};
}

int
lower_var(Lower *L, const char *name)
{
  for (int i = 0; i < L->nvars; i++)
    if (!strcmp(L->vars[i].name, name)) return L->vars[i].reg;
  int reg = wyil_new_reg(L->fn, name);
  lower_bind(L, name, reg);
  return reg;
}

Val
lower_const(Lower *L, Const *c, SrcPos pos)
{
  int r = lower_tmp(L);
  Type *t = const_type(c);
  Insn *in = lower_emit(L, OP_CONST, t, r, 0, NULL, pos);
  in->cst = c;
  return (Val){r, t};
}

/* Leave `n` open try regions (return or break out of them). */
static void
pop_tries(Lower *L, int n, SrcPos pos)
{
  for (int i = 0; i < n; i++) lower_emit(L, OP_TRYEND, NULL, -1, 0, NULL, pos);
}

/* ---- assignment -------------------------------------------------- */

/* The type of a container after storing a value of type vt along the
 * path of lvalue `lv` (§4.5 rule 3); kt is the index's type at an
 * index step (a map takes a key of a new type: `{=>}` grows keys). */

static Type *
step_type(Lower *L, Node *lv, Type *ct, Type *vt, Type *kt)
{
  Type *t = ty_expand(ct);
  switch (lv->kind) {
  case ND_INDEX:
    if (t->kind == TY_STRING) return ct;
    if (t->kind == TY_MAP)
      return ty_map(ty_union(t->elems[0], kt), ty_union(t->elems[1], vt));
    if (ty_list_elem(t)) return ty_list(ty_union(ty_list_elem(t), vt));
    if (t->kind == TY_UNION && ty_index_val(t, NULL)) {
      /* each member takes the value as it would alone */
      Type *r = NULL;
      for (int i = 0; i < t->n; i++)
        r = ty_union(r, step_type(L, lv, t->elems[i], vt, kt));
      return r;
    }
    error_at(lv->pos, "cannot index a value of type %s", ty_str(ct));
  case ND_FIELD: {
    if (t->kind != TY_RECORD) {
      Type *ft = ty_field_type(t, lv->name);
      if (!ft) error_at(lv->pos, "no field '%s' in %s", lv->name, ty_str(ct));
      if (t->kind != TY_UNION) return ct;
      /* a union of records: the field changes in each */
      Type *r = NULL;
      for (int i = 0; i < t->n; i++)
        r = ty_union(r, step_type(L, lv, t->elems[i], vt, kt));
      return r;
    }
    Type **ts = wyil_alloc(sizeof(Type *) * (size_t)t->n);
    bool found = false;
    for (int i = 0; i < t->n; i++) {
      ts[i] = t->elems[i];
      if (!strcmp(t->names[i], lv->name)) {
        ts[i] = vt;
        found = true;
      }
    }
    if (!found) error_at(lv->pos, "no field '%s' in %s", lv->name, ty_str(ct));
    return ty_record(t->n, t->names, ts, t->open);
  }
  case ND_ARROW:
    return ct;  /* through a reference: the variable itself is unchanged */
  default:
    break;
  }
  (void)L;
  return ct;
}

/* The type of the element reached by one step, for walking inward. */
static Type *
inner_type(Node *lv, Type *ct)
{
  Type *t = ty_expand(ct);
  switch (lv->kind) {
  case ND_INDEX:
    if (t->kind == TY_STRING) return ty_char;
    if (t->kind == TY_MAP) return t->elems[1];
    if (ty_list_elem(t)) return ty_list_elem(t);
    return ty_index_val(t, NULL);
  case ND_FIELD:
    return ty_field_type(t, lv->name);
  case ND_ARROW: {
    if (t->kind != TY_REF) return NULL;
    return ty_field_type(t->elems[0], lv->name);
  }
  default:
    return NULL;
  }
}

/* keys[i]: the index's type at the i-th step from lv outwards */
static Type *
updated_type(Lower *L, Node *lv, Type *ct, Type *vt, Type **keys)
{
  /* lv = outer[...]; rebuild from the root inwards */
  if (lv->kind == ND_NAME) return vt;
  Node *outer = lv->lhs;
  if (outer->kind == ND_NAME) return step_type(L, lv, ct, vt, keys[0]);
  /* the container of lv's step, as reached from the root */
  Node *chain[64];
  int n = 0;
  for (Node *p = lv; p->kind != ND_NAME; p = p->lhs) {
    if (n == 64) error_at(lv->pos, "assignment path too long");
    chain[n++] = p;
  }
  /* chain[n-1] is the step next to the root */
  Type *types[65];
  types[n] = ct;
  for (int i = n - 1; i > 0; i--) {
    types[i] = inner_type(chain[i], types[i + 1]);
    if (!types[i]) error_at(chain[i]->pos, "invalid assignment target");
  }
  Type *t = vt;
  for (int i = 0; i < n; i++)
    t = step_type(L, chain[i], types[i + 1], t, keys[i]);
  return t;
}

/* x[i].f[j] = v: lower the path's indices, then the value, then one
 * UPDATE of the root variable. */
static void
assign_path(Lower *L, Node *lv, Val v)
{
  Node *chain[64];
  int n = 0;
  Node *root = lv;
  while (root->kind != ND_NAME) {
    if (root->kind != ND_INDEX && root->kind != ND_FIELD
        && root->kind != ND_ARROW)
      error_at(root->pos, "invalid assignment target");
    if (n == 64) error_at(lv->pos, "assignment path too long");
    chain[n++] = root;
    root = root->lhs;
  }
  Type *rt = env_get(L->env, root->name);
  if (!rt) error_at(root->pos, "unknown variable '%s'", root->name);
  int reg = lower_var(L, root->name);
  UpdStep *steps = wyil_alloc(sizeof(UpdStep) * (size_t)(2 * n + 1));
  int *args = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  Type **keys = wyil_alloc(sizeof(Type *) * (size_t)(n + 1));
  int nsteps = 0, nargs = 0;
  Type *ct = rt;
  for (int i = n - 1; i >= 0; i--) {
    Node *st = chain[i];
    Type *t = ty_expand(ct);
    if (st->kind == ND_INDEX) {
      Val idx = lower_expr(L, st->rhs);
      Type *key;
      if (t->kind == TY_MAP) {
        /* a key of another type widens the map; int -> real converts,
         * a char stays a char (as the 2013 compiler has it) */
        if (coercible(idx.type, t->elems[0])
            && (!ty_is(idx.type, TY_CHAR) || ty_is(t->elems[0], TY_CHAR)))
          idx = lower_coerce(L, idx, t->elems[0], st->rhs->pos);
      } else if (t->kind == TY_STRING || ty_list_elem(t)) {
        idx = lower_coerce(L, idx, ty_int, st->rhs->pos);
      } else if (t->kind == TY_UNION && ty_index_val(t, &key)) {
        idx = lower_coerce(L, idx, key, st->rhs->pos);
      } else {
        error_at(st->pos, "cannot index a value of type %s", ty_str(ct));
      }
      steps[nsteps++] = (UpdStep){UPD_INDEX, NULL, ct};
      args[nargs++] = idx.reg;
      keys[i] = idx.type;
    } else if (st->kind == ND_FIELD) {
      if (!ty_field_type(t, st->name))
        error_at(st->pos, "no field '%s' in %s", st->name, ty_str(ct));
      steps[nsteps++] = (UpdStep){UPD_FIELD, st->name, ct};
    } else {
      if (t->kind != TY_REF)
        error_at(st->pos, "'->' needs a reference, found %s", ty_str(ct));
      steps[nsteps++] = (UpdStep){UPD_DEREF, NULL, ct};
      ct = t->elems[0];
      t = ty_expand(ct);
      if (!ty_field_type(t, st->name))
        error_at(st->pos, "no field '%s' in %s", st->name, ty_str(ct));
      steps[nsteps++] = (UpdStep){UPD_FIELD, st->name, ct};
    }
    ct = inner_type(st, i == n - 1 ? rt : ct);
    if (st->kind == ND_ARROW) ct = ty_field_type(t, st->name);
    if (!ct) error_at(st->pos, "invalid assignment target");
  }
  /* a string holds chars only (s[0] = 1.234 is an error) */
  if (lv->kind == ND_INDEX && ty_is(steps[nsteps - 1].type, TY_STRING))
    v = lower_coerce(L, v, ty_char, lv->pos);
  args[nargs++] = v.reg;
  Type *nt = updated_type(L, lv, rt, v.type, keys);
  Insn *in = lower_emit(L, OP_UPDATE, rt, reg, nargs, args, lv->pos);
  in->nsteps = nsteps;
  in->steps = steps;
  in->type2 = nt;
  env_set(L->env, root->name, nt);
}

/* Make the instruction that just produced v write `dst` directly, when
 * v is a temporary: saves a copy, and makes `xs = xs + [x]` an in-place
 * append. */
static bool
retarget(Lower *L, Val v, int dst)
{
  if (L->dry || !L->env || L->fn->ncode == 0) return false;
  Insn *last = L->fn->code[L->fn->ncode - 1];
  if (last->dst != v.reg || L->fn->regnames[v.reg]) return false;
  if (last->op == OP_FORALL || last->op == OP_TRY || last->op == OP_LABEL)
    return false;
  last->dst = dst;
  return true;
}

static void
assign_var(Lower *L, Node *lv, Val v)
{
  int reg = lower_var(L, lv->name);
  if (v.reg != reg && !retarget(L, v, reg)) {
    int args[1] = {v.reg};
    lower_emit(L, OP_ASSIGN, v.type, reg, 1, args, lv->pos);
  }
  env_set(L->env, lv->name, v.type);
}

/* Destructuring (a, b = t; n / d = r) assigns plain variables only. */
static void
check_plain_var(Node *lv)
{
  if (lv->kind != ND_NAME)
    error_at(lv->pos, "a destructuring assignment needs plain variables");
}

static void
lower_assign(Lower *L, Node *s)
{
  if (s->args.n == 1) {
    Node *lv = s->args.v[0];
    if (lv->kind == ND_NAME) {
      /* evaluate straight into the variable when we can */
      Val v = lower_expr(L, s->rhs);
      if (v.type->kind == TY_VOID)
        error_at(s->rhs->pos, "expression has no value");
      assign_var(L, lv, v);
    } else {
      Val v = lower_expr(L, s->rhs);
      assign_path(L, lv, v);
    }
    return;
  }
  /* a, b, c = e: e must be a tuple of that arity */
  Val t = lower_expr(L, s->rhs);
  /* a union of tuples of that arity, too: each takes the union */
  if (ty_tuple_arity(t.type) != s->args.n)
    error_at(s->rhs->pos, "expected a tuple of %d values, found %s",
             s->args.n, ty_str(t.type));
  for (int i = 0; i < s->args.n; i++) {
    Node *lv = s->args.v[i];
    check_plain_var(lv);
    int r = lower_tmp(L);
    Insn *in = lower_emit(L, OP_TUPLELOAD, t.type, r, 1, &t.reg, lv->pos);
    in->imm = i;
    assign_var(L, lv, (Val){r, ty_tuple_elem(t.type, s->args.n, i)});
  }
}

static void
lower_ratsplit(Lower *L, Node *s)
{
  Val v = lower_coerce(L, lower_expr(L, s->rhs), ty_real, s->rhs->pos);
  Op ops[2] = {OP_NUM, OP_DEN};
  for (int i = 0; i < 2; i++) {
    Node *lv = s->args.v[i];
    check_plain_var(lv);
    int r = lower_tmp(L);
    lower_emit(L, ops[i], ty_real, r, 1, &v.reg, lv->pos);
    assign_var(L, lv, (Val){r, ty_int});
  }
}

/* ---- control flow ------------------------------------------------ */

static void
lower_if(Lower *L, Node *s)
{
  int lelse = lower_new_label(L), lend = lower_new_label(L);
  Env *tenv, *fenv;
  lower_cond(L, s->cond, false, lelse, &tenv, &fenv);
  L->env = tenv;
  lower_block(L, &s->body);
  Env *after_then = L->env;
  lower_goto(L, lend, s->pos);
  lower_label(L, lelse, s->pos);
  L->env = fenv;
  lower_block(L, &s->else_body);
  lower_label(L, lend, s->pos);
  L->env = env_join(after_then, L->env);
}

static void
while_head(Lower *L, Node *s, Env **benv, Env **xenv)
{
  /* the real lowering emits the test itself; here only its typing */
  int l = lower_new_label(L);
  lower_cond(L, s->cond, false, l, benv, xenv);
}

static void
lower_while(Lower *L, Node *s)
{
  if (flow_loop_skip(L, s)) return;
  if (s->invariant) {
    int ok = lower_new_label(L);
    Env *t, *f;
    lower_cond(L, s->invariant, true, ok, &t, &f);
    L->env = f;
    lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, s->invariant->pos)->name =
      "loop invariant not satisfied on entry";
    lower_label(L, ok, s->pos);
    L->env = t;
  }
  flow_loop_head(L, s, while_head, &s->body);
  Loop lp = {lower_new_label(L), NULL, L->try_depth, L->loop};
  lower_emit(L, OP_LOOP, NULL, -1, 0, NULL, s->pos);
  L->loop = &lp;
  Env *benv, *xenv;
  lower_cond(L, s->cond, false, lp.break_label, &benv, &xenv);
  L->env = benv;
  lower_block(L, &s->body);
  if (s->invariant && L->env) {
    int ok = lower_new_label(L);
    Env *t, *f;
    lower_cond(L, s->invariant, true, ok, &t, &f);
    L->env = f;
    lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, s->invariant->pos)->name =
      "loop invariant not restored";
    lower_label(L, ok, s->pos);
    L->env = t;
  }
  lower_emit(L, OP_NOP, NULL, -1, 0, NULL, s->pos);
  L->loop = lp.prev;
  Env *saved = L->env;
  L->env = xenv ? xenv : saved;  /* END is reached in any case */
  lower_emit(L, OP_END, NULL, -1, 0, NULL, s->pos);
  lower_label(L, lp.break_label, s->pos);
  L->env = env_join(xenv, lp.break_env);
  flow_loop_done(L, s);
}

static void
do_head(Lower *L, Node *s, Env **benv, Env **xenv)
{
  (void)s;
  *benv = L->env;
  *xenv = NULL;
}

static void
lower_do_while(Lower *L, Node *s)
{
  if (flow_loop_skip(L, s)) return;
  /* typed as `body; if !cond: break`: the next iteration starts where
   * the condition held (do: x = x.next while x is Link) */
  NodeList typed = {0};
  for (int i = 0; i < s->body.n; i++) nodes_push(&typed, s->body.v[i]);
  Node brk = {.kind = ND_BREAK, .pos = s->pos};
  Node test = {.kind = ND_IF, .pos = s->pos, .cond = s->cond};
  nodes_push(&test.else_body, &brk);
  nodes_push(&typed, &test);
  flow_loop_head(L, s, do_head, &typed);
  Loop lp = {lower_new_label(L), NULL, L->try_depth, L->loop};
  lower_emit(L, OP_LOOP, NULL, -1, 0, NULL, s->pos);
  L->loop = &lp;
  lower_block(L, &s->body);
  Env *benv = NULL, *xenv = NULL;
  if (L->env) lower_cond(L, s->cond, false, lp.break_label, &benv, &xenv);
  lower_emit(L, OP_NOP, NULL, -1, 0, NULL, s->pos);
  L->loop = lp.prev;
  Env *saved = L->env;
  L->env = xenv ? xenv : saved ? saved : env_new();
  lower_emit(L, OP_END, NULL, -1, 0, NULL, s->pos);
  lower_label(L, lp.break_label, s->pos);
  L->env = env_join(xenv, lp.break_env);
  flow_loop_done(L, s);
}

/* The element type of iterating over a value of type t. */
static Type *
iter_elem_type(Node *src, Type *t)
{
  Type *e = ty_iter_elem(t);
  if (!e) error_at(src->pos, "cannot iterate over a value of type %s",
                   ty_str(t));
  return e;
}

/* For-loop state shared between its typing head and its lowering. */
static Val for_src;

static void
bind_for_vars(Lower *L, Node *s, int elem_reg, Type *et)
{
  if (s->vars.n == 1) {
    Node *v = s->vars.v[0];
    if (env_get(L->env, v->name))
      error_at(v->pos, "variable '%s' already defined", v->name);
    env_set(L->env, v->name, et);
    return;
  }
  if (ty_tuple_arity(et) != s->vars.n)
    error_at(s->pos, "for with %d variables needs a map", s->vars.n);
  for (int i = 0; i < s->vars.n; i++) {
    Node *v = s->vars.v[i];
    if (env_get(L->env, v->name))
      error_at(v->pos, "variable '%s' already defined", v->name);
    int r = lower_var(L, v->name);
    Insn *in = lower_emit(L, OP_TUPLELOAD, et, r, 1, &elem_reg, v->pos);
    in->imm = i;
    env_set(L->env, v->name, ty_tuple_elem(et, s->vars.n, i));
  }
}

static void
for_head(Lower *L, Node *s, Env **benv, Env **xenv)
{
  Type *et = iter_elem_type(s->lhs, for_src.type);
  bind_for_vars(L, s, lower_tmp(L), et);
  *benv = L->env;
  *xenv = NULL;
}

/* Remove the loop's own variables from an environment leaving it. */
static Env *
without_vars(Env *e, Env *keep)
{
  if (!e || !keep) return e;
  Env *r = env_copy(e);
  r->n = 0;  /* e's variables are distinct: appended without a search */
  for (int i = 0; i < e->n; i++)
    if (env_get_at(keep, i, e->names[i])) {
      r->names[r->n] = e->names[i];
      r->types[r->n++] = e->types[i];
    }
  return r;
}

static void
lower_for(Lower *L, Node *s)
{
  if (flow_loop_skip(L, s)) return;
  Val src = lower_expr(L, s->lhs);
  Env *before = env_copy(L->env);
  Val outer_src = for_src;  /* nested loops: the enclosing fixpoint
                               reads it again after this loop */
  for_src = src;
  flow_loop_head(L, s, for_head, &s->body);
  Env *head_env = env_copy(L->env);
  Type *et = iter_elem_type(s->lhs, src.type);
  Loop lp = {lower_new_label(L), NULL, L->try_depth, L->loop};
  int elem = s->vars.n == 1 ? lower_var(L, ((Node *)s->vars.v[0])->name)
                            : lower_tmp(L);
  lower_emit(L, OP_FORALL, src.type, elem, 1, &src.reg, s->pos);
  L->loop = &lp;
  bind_for_vars(L, s, elem, et);
  lower_block(L, &s->body);
  lower_emit(L, OP_NOP, NULL, -1, 0, NULL, s->pos);
  L->loop = lp.prev;
  if (!L->env) L->env = head_env;
  lower_emit(L, OP_END, NULL, -1, 0, NULL, s->pos);
  lower_label(L, lp.break_label, s->pos);
  /* after the loop: zero or more iterations ran; body variables and the
   * loop variable go out of scope */
  L->env = without_vars(env_join(head_env, lp.break_env), before);
  for_src = outer_src;
  flow_loop_done(L, s);
}

static void
lower_break(Lower *L, Node *s)
{
  if (!L->loop) error_at(s->pos, "break outside of a loop");
  pop_tries(L, L->try_depth - L->loop->try_depth, s->pos);
  L->loop->break_env = env_join(L->loop->break_env, L->env);
  lower_goto(L, L->loop->break_label, s->pos);
  L->env = NULL;
}

/* The type of a type case label (`case int:`, `case Point:`), or NULL
 * for a value. */
static Type *
case_type(Lower *L, Node *a)
{
  if (a->kind == ND_IS && !a->lhs) return resolve_type(&L->sc, a->type);
  if (a->kind == ND_NAME && !lookup_const(&L->sc, a->name)
      && lookup_type(&L->sc, a->name)) {
    TypeExpr te = {.kind = TE_NOMINAL, .n = 1, .names = &a->name,
                   .pos = a->pos};
    return resolve_type(&L->sc, &te);
  }
  return NULL;
}

/* switch x: case int: ... case [int]: ...: `is` tests in order, each
 * body seeing a variable x narrowed to its case's types (`case null:`
 * is the type null here). */
static void
lower_type_switch(Lower *L, Node *s, Val v)
{
  int lend = lower_new_label(L), ldef = lend;
  int *labels = wyil_alloc(sizeof(int) * (size_t)(s->cases.n + 1));
  Type **types = wyil_alloc(sizeof(Type *) * (size_t)(s->cases.n + 1));
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    labels[i] = lower_new_label(L);
    types[i] = NULL;
    if (c->is_default) {
      if (i != s->cases.n - 1)
        error_at(((Node *)s->cases.v[i + 1])->pos,
                 "unreachable code: a case after the default");
      ldef = labels[i];
    }
    for (int a = 0; a < c->args.n; a++) {
      Node *arg = c->args.v[a];
      Type *T = arg->kind == ND_NULL ? ty_null : case_type(L, arg);
      if (!T) error_at(arg->pos, "a switch cannot mix type and value cases");
      Insn *in = lower_emit(L, OP_IFIS, v.type, -1, 1, &v.reg, arg->pos);
      in->type2 = T;
      in->label = labels[i];
      types[i] = ty_union(types[i], T);
    }
  }
  lower_goto(L, ldef, s->pos);
  Env *before = L->env, *out = ldef == lend ? env_copy(before) : NULL;
  const char *var = s->lhs->kind == ND_NAME && env_get(before, s->lhs->name)
                    ? s->lhs->name : NULL;
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    lower_label(L, labels[i], c->pos);
    L->env = env_copy(before);
    if (var && types[i]) {
      Type *nt = lower_meet(v.type, types[i]);
      if (!nt) error_at(c->pos, "incomparable operands: %s and %s",
                        ty_str(v.type), ty_str(types[i]));
      env_set(L->env, var, nt);
    }
    lower_block(L, &c->body);
    lower_goto(L, lend, c->pos);
    out = env_join(out, L->env);
  }
  lower_label(L, lend, s->pos);
  L->env = out;
}

static void
lower_switch(Lower *L, Node *s)
{
  Val v = lower_expr(L, s->lhs);
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    if (c->args.n && case_type(L, c->args.v[0])) {
      lower_type_switch(L, s, v);
      return;
    }
  }
  int lend = lower_new_label(L), ldef = lend;
  int ncases = 0;
  for (int i = 0; i < s->cases.n; i++)
    ncases += ((Node *)s->cases.v[i])->args.n;
  SwitchCase *cases = wyil_alloc(sizeof(SwitchCase) * (size_t)(ncases + 1));
  int *labels = wyil_alloc(sizeof(int) * (size_t)(s->cases.n + 1));
  int k = 0;
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    labels[i] = lower_new_label(L);
    if (c->is_default) {
      if (i != s->cases.n - 1)
        error_at(((Node *)s->cases.v[i + 1])->pos,
                 "unreachable code: a case after the default");
      ldef = labels[i];
    }
    for (int a = 0; a < c->args.n; a++) {
      Const *cv = const_eval(&L->sc, c->args.v[a]);
      for (int p = 0; p < k; p++)
        if (const_equal(cases[p].value, cv))
          error_at(((Node *)c->args.v[a])->pos, "duplicate case label");
      cases[k++] = (SwitchCase){cv, labels[i]};
    }
  }
  Insn *in = lower_emit(L, OP_SWITCH, v.type, -1, 1, &v.reg, s->pos);
  in->ncases = k;
  in->cases = cases;
  in->label = ldef;
  Env *before = L->env, *out = ldef == lend ? env_copy(before) : NULL;
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    lower_label(L, labels[i], c->pos);
    L->env = env_copy(before);
    lower_block(L, &c->body);
    lower_goto(L, lend, c->pos);
    out = env_join(out, L->env);
  }
  lower_label(L, lend, s->pos);
  L->env = out;
}

static void
lower_return(Lower *L, Node *s)
{
  if (!s->lhs) {
    if (L->ret->kind != TY_VOID)
      error_at(s->pos, "missing return value");
    pop_tries(L, L->try_depth, s->pos);
    lower_emit(L, OP_RETURN, NULL, -1, 0, NULL, s->pos);
    L->env = NULL;
    return;
  }
  if (L->ret->kind == TY_VOID)
    error_at(s->pos, "cannot return a value from a void function");
  Val v = lower_coerce(L, lower_expr(L, s->lhs), L->ret, s->lhs->pos);
  if (L->ensures) {
    /* `$` is the result, the parameters their values on entry */
    Env *saved = L->env;
    L->env = env_new();
    Type *pt = L->fn->type;
    Decl *d = L->fs->decl;
    int first = d->receiver ? 1 : 0;
    for (int i = 0; i < d->nparams; i++)
      env_set(L->env, d->params[i].name, pt->elems[first + i]);
    env_set(L->env, "$", L->ret);
    /* bind names to the shadow registers through a fresh var map */
    VarReg *vars = L->vars;
    int nvars = L->nvars, capvars = L->capvars;
    L->vars = NULL;
    L->nvars = L->capvars = 0;
    for (int i = 0; i < d->nparams; i++)
      lower_bind(L, d->params[i].name, L->shadows[first + i]);
    int dollar = lower_var(L, "$");
    int args[1] = {v.reg};
    lower_emit(L, OP_ASSIGN, L->ret, dollar, 1, args, s->pos);
    int ok = lower_new_label(L);
    Env *t, *f;
    lower_cond(L, L->ensures, true, ok, &t, &f);
    L->env = f;
    lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, L->ensures->pos)->name =
      "postcondition not satisfied";
    lower_label(L, ok, s->pos);
    L->vars = vars;
    L->nvars = nvars;
    L->capvars = capvars;
    L->env = saved;
  } else {
    /* the return type's constraint (an `ensures` replaces it, §2.4) */
    lower_check_constraint(L, v.reg, L->ret, s->pos);
  }
  pop_tries(L, L->try_depth, s->pos);
  lower_emit(L, OP_RETURN, L->ret, -1, 1, &v.reg, s->pos);
  L->env = NULL;
}

static void
lower_check(Lower *L, Node *s, const char *msg)
{
  int ok = lower_new_label(L);
  Env *t, *f;
  bool was_pure = L->pure;
  L->pure = true;
  lower_cond(L, s->cond, true, ok, &t, &f);
  L->pure = was_pure;
  L->env = f;
  lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, s->pos)->name = msg;
  lower_label(L, ok, s->pos);
  L->env = t;
}

void
lower_may_throw(Lower *L, Type *t, SrcPos pos)
{
  Type *covered = ty_void;  /* by the catches so far, inside out */
  for (TryScope *ts = L->tries; ts; ts = ts->prev) {
    ts->may_throw = true;
    covered = ty_union(covered, ts->caught);
    if (ty_subtype(t, covered)) return;
  }
  TypeExpr *te = L->fs && L->fs->decl ? L->fs->decl->throws : NULL;
  if (te) covered = ty_union(covered, resolve_type(&L->sc, te));
  if (ty_subtype(t, covered)) return;
  error_at(pos, "exception may be thrown which is not declared (%s)",
           ty_str(t));
}

static void
lower_try(Lower *L, Node *s)
{
  int lhandler = lower_new_label(L), lend = lower_new_label(L);
  int caught = lower_tmp(L);
  Insn *in = lower_emit(L, OP_TRY, NULL, caught, 0, NULL, s->pos);
  in->label = lhandler;
  Env *before = env_copy(L->env);
  TryScope scope = {NULL, false, L->tries};
  for (int i = 0; i < s->cases.n; i++)
    scope.caught = ty_union(scope.caught,
                            resolve_type(&L->sc, s->cases.v[i]->type));
  if (!scope.caught) scope.caught = ty_void;
  L->tries = &scope;
  L->try_depth++;
  lower_block(L, &s->body);
  L->try_depth--;
  L->tries = scope.prev;
  if (!scope.may_throw && s->cases.n > 0)
    error_at(s->cases.v[0]->pos, "unreachable code: nothing in the try "
             "block can throw");
  lower_emit(L, OP_TRYEND, NULL, -1, 0, NULL, s->pos);
  lower_goto(L, lend, s->pos);
  Env *out = L->env;
  /* the handler: any point of the body may have thrown */
  lower_label(L, lhandler, s->pos);
  int *labels = wyil_alloc(sizeof(int) * (size_t)(s->cases.n + 1));
  L->env = env_copy(before);
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    labels[i] = lower_new_label(L);
    Insn *is = lower_emit(L, OP_IFIS, ty_any, -1, 1, &caught, c->pos);
    is->type2 = resolve_type(&L->sc, c->type);
    is->label = labels[i];
  }
  lower_emit(L, OP_THROW, ty_any, -1, 1, &caught, s->pos);
  for (int i = 0; i < s->cases.n; i++) {
    Node *c = s->cases.v[i];
    lower_label(L, labels[i], c->pos);
    L->env = env_copy(before);
    Type *ct = resolve_type(&L->sc, c->type);
    assign_var(L, &(Node){.kind = ND_NAME, .name = c->name, .pos = c->pos},
               (Val){caught, ct});
    lower_block(L, &c->body);
    lower_goto(L, lend, c->pos);
    out = env_join(out, L->env);
  }
  lower_label(L, lend, s->pos);
  L->env = out;
}

static void
lower_stmt(Lower *L, Node *s)
{
  switch (s->kind) {
  case ND_ASSIGN: lower_assign(L, s); break;
  case ND_RATSPLIT: lower_ratsplit(L, s); break;
  case ND_EXPR_STMT:
    if (s->lhs->kind != ND_CALL)
      error_at(s->pos, "only a call can be used as a statement");
    lower_call(L, s->lhs, false);
    break;
  case ND_IF: lower_if(L, s); break;
  case ND_WHILE: lower_while(L, s); break;
  case ND_DO_WHILE: lower_do_while(L, s); break;
  case ND_FOR: lower_for(L, s); break;
  case ND_SWITCH: lower_switch(L, s); break;
  case ND_RETURN: lower_return(L, s); break;
  case ND_BREAK: lower_break(L, s); break;
  case ND_ASSERT: lower_check(L, s, "assertion failed"); break;
  case ND_ASSUME: lower_check(L, s, "assumption failed"); break;
  case ND_DEBUG: {
    Val v = lower_coerce(L, lower_expr(L, s->lhs), ty_string, s->lhs->pos);
    lower_emit(L, OP_DEBUG, ty_string, -1, 1, &v.reg, s->pos);
    break;
  }
  case ND_SKIP: lower_emit(L, OP_NOP, NULL, -1, 0, NULL, s->pos); break;
  case ND_THROW: {
    Val v = lower_expr(L, s->lhs);
    lower_may_throw(L, v.type, s->pos);
    lower_emit(L, OP_THROW, v.type, -1, 1, &v.reg, s->pos);
    L->env = NULL;
    break;
  }
  case ND_TRY: lower_try(L, s); break;
  default: error_at(s->pos, "not a statement");
  }
}

void
lower_block(Lower *L, NodeList *body)
{
  for (int i = 0; i < body->n; i++) {
    if (!L->env) {
      /* unreachable statements: typed in an empty environment would
       * give spurious errors; skip them as dead code */
      return;
    }
    lower_stmt(L, body->v[i]);
  }
}

/* ---- functions --------------------------------------------------- */

/* Does a function value name fs?  &f in a constant's value: such a
 * value is called indirectly, and a constant is evaluated when first
 * used, possibly after fs was lowered, so this looks at the source. */
static bool
names_fn(Node *e, void *name)
{
  if (e->kind != ND_FUNCREF) return false;
  const char *dot = strrchr(e->name, '.');
  return !strcmp(dot ? dot + 1 : e->name, name);
}

static bool
names_in(Node *e, const char *name)
{
  return ast_walk(e, names_fn, (void *)name);
}

/* A function checks its own `requires` in its body only where a call
 * can reach it without the call-site check (lower_call.c): a method
 * with a receiver, or a function a constant refers to.  &f elsewhere is
 * a lambda that calls f directly (lower_expr.c). */
bool
lower_requires_in_body(Program *prog, FuncSym *fs)
{
  if (fs->decl->receiver) return true;
  for (int i = 0; i < prog->mods.n; i++) {
    ModInfo *mod = prog->mods.v[i];
    for (int k = 0; k < mod->consts.n; k++) {
      ConstSym *cs = mod->consts.v[k];
      if (names_in(cs->decl->value, fs->decl->name)) return true;
    }
  }
  return false;
}

static void
lower_func(Program *prog, FuncSym *fs)
{
  Decl *d = fs->decl;
  Func *fn = fs->fn;
  if (d->is_native) return;
  WyArena *tree = wyil_arena_new(), *outer = scratch;
  scratch = tree;
  Lower L = {0};
  L.prog = prog;
  L.sc = (Scope){prog, fs->mod, d};
  L.fs = fs;
  L.fn = fn;
  L.ret = fn->type->ret;
  L.env = env_new();
  /* parameters are registers 0..n-1; `this` first for a receiver */
  int first = d->receiver ? 1 : 0;
  if (first) {
    fn->regnames[0] = "this";
    lower_bind(&L, "this", 0);
    env_set(L.env, "this", fn->type->elems[0]);
  }
  for (int i = 0; i < d->nparams; i++) {
    for (int k = 0; k < i; k++)
      if (!strcmp(d->params[k].name, d->params[i].name))
        error_at(d->params[i].pos, "duplicate parameter '%s'",
                 d->params[i].name);
    fn->regnames[first + i] = d->params[i].name;
    lower_bind(&L, d->params[i].name, first + i);
    env_set(L.env, d->params[i].name, fn->type->elems[first + i]);
  }
  if (d->requires && lower_requires_in_body(prog, fs)) {
    int ok = lower_new_label(&L);
    Env *t, *f;
    lower_cond(&L, d->requires, true, ok, &t, &f);
    L.env = f;
    lower_emit(&L, OP_FAIL, NULL, -1, 0, NULL, d->requires->pos)->name =
      "precondition not satisfied";
    lower_label(&L, ok, d->pos);
    L.env = t;
  }
  if (d->ensures) {
    L.ensures = d->ensures;
    L.shadows = wyil_alloc(sizeof(int) * (size_t)(fn->type->n + 1));
    for (int i = 0; i < fn->type->n; i++) {
      L.shadows[i] = lower_tmp(&L);
      int a[1] = {i};
      lower_emit(&L, OP_ASSIGN, fn->type->elems[i], L.shadows[i], 1, a, d->pos);
    }
  }
  /* a body parse_file_lazy dropped: parsed again, dropped once lowered
   * (WYIL keeps no part of the tree) */
  if (d->lazy) parse_body(d, tree);
  flow_func(&L, &d->body);
  lower_block(&L, &d->body);
  if (L.env) {
    if (L.ret->kind != TY_VOID)
      error_at(d->pos, "missing return statement in '%s'", d->name);
    lower_emit(&L, OP_RETURN, NULL, -1, 0, NULL, d->pos);
  }
  if (d->lazy) d->body = (NodeList){0};
  scratch = outer;
  wyil_arena_free(tree);
}

/* The TypeSym of a resolved definition. */
static TypeSym *
sym_of_def(Program *prog, TypeDef *def)
{
  for (int i = 0; i < prog->mods.n; i++) {
    ModInfo *mod = prog->mods.v[i];
    for (int k = 0; k < mod->types.n; k++) {
      TypeSym *ts = mod->types.v[k];
      if (ts->def == def) return ts;
    }
  }
  internal_error("no symbol for type '%s'", def->name);
}

/* A `where` clause becomes a function bool NAME$where(T $) (§2.3).  It
 * is made on first use, empty: lower_program lowers its body. */
Func *
lower_where_func(Program *prog, TypeDef *def)
{
  if (def->where) return def->where;
  TypeSym *ts = sym_of_def(prog, def);
  Decl *d = ts->decl;
  Type *params[1] = {def->type};
  Func *fn = wyil_new_func(prog->m, ts->mod->name,
                           wyil_fmt("%s$where", d->name),
                           ty_func(ty_bool, 1, params), d->pos);
  fn->cname = c_ident(wyil_fmt("wyw_%s_%s", ts->mod->stem, d->name));
  def->where = fn;
  return fn;
}

/* The body of a `where` function; for a record type its fields are
 * bound as variables too. */
static void
lower_where(Program *prog, TypeSym *ts)
{
  Decl *d = ts->decl;
  Type *t = ts->def->type;
  Func *fn = lower_where_func(prog, ts->def);
  ts->where_lowered = true;
  Lower L = {0};
  L.prog = prog;
  L.sc = (Scope){prog, ts->mod, d};
  L.fn = fn;
  L.ret = ty_bool;
  L.env = env_new();
  lower_bind(&L, "$", 0);
  fn->regnames[0] = "$";
  env_set(L.env, "$", t);
  Type *rt = ty_expand(t);
  if (rt->kind == TY_RECORD)
    for (int i = 0; i < rt->n; i++) {
      int r = lower_var(&L, rt->names[i]);
      int a[1] = {0};
      lower_emit(&L, OP_FIELDLOAD, t, r, 1, a, d->pos)->name = rt->names[i];
      env_set(L.env, rt->names[i], rt->elems[i]);
    }
  Val v = bool_value(&L, d->where);
  lower_emit(&L, OP_RETURN, ty_bool, -1, 1, &v.reg, d->pos);
}

/* Is fn `void ::main(System.Console)`, the entry point (§2.1)? */
static bool
is_entry_point(Func *fn)
{
  Type *t = fn->type;
  if (t->kind != TY_METHOD || t->receiver || t->ret->kind != TY_VOID
      || t->n != 1 || t->elems[0]->kind != TY_NOMINAL)
    return false;
  TypeDef *def = t->elems[0]->def;
  return !strcmp(def->name, "Console")
         && !strcmp(def->module, "whiley/lang/System");
}

/* A `main` of the program's module must be the entry point: the runtime
 * calls it with the console, whatever it declares. */
static void
check_main(Program *prog)
{
  ModInfo *mod = prog->main_mod;
  for (int i = 0; i < mod->funcs.n; i++) {
    FuncSym *fs = mod->funcs.v[i];
    if (strcmp(fs->decl->name, "main")) continue;
    Func *fn = func_of(prog, fs);
    if (is_entry_point(fn)) continue;
    Type *t = fn->type;
    StrBuf sb = {0};
    sb_printf(&sb, "%s %smain(", ty_str(t->ret), fn->is_method ? "::" : "");
    for (int k = 0; k < t->n; k++)
      sb_printf(&sb, "%s%s", k ? ", " : "", ty_str(t->elems[k]));
    error_at(fs->decl->pos, "'main' must be declared 'void ::main("
             "System.Console sys)', not '%s)'", sb.s);
  }
}

void
lower_program(Program *prog)
{
  check_main(prog);
  /* lowering a function can queue more (its callees) and resolve more
   * types (whose constraints need functions): run to a fixed point */
  int done = 0;
  bool more = true;
  while (more) {
    more = false;
    while (done < prog->queue.n) {
      FuncSym *fs = prog->queue.v[done++];
      lower_func(prog, fs);
      more = true;
    }
    for (int i = 0; i < prog->mods.n; i++) {
      ModInfo *mod = prog->mods.v[i];
      for (int k = 0; k < mod->types.n; k++) {
        TypeSym *ts = mod->types.v[k];
        if (ts->def && ts->decl->where && !ts->where_lowered) {
          lower_where(prog, ts);
          more = true;
        }
      }
    }
  }
}
