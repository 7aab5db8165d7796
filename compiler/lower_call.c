/* lower_call.c -- calls: direct calls with overload resolution (§2.4:
 * the unique most specific candidate under coercive subtyping),
 * module-qualified calls (Math.round), method-style calls on a
 * receiver (sys.out.println(x) resolves `println` with the receiver
 * prepended), and calls through function values (indirectinvoke). */
#include <string.h>

#include "compiler.h"

static const char *
arg_types(Val *args, int n)
{
  StrBuf sb = {0};
  for (int i = 0; i < n; i++) {
    if (i) sb_puts(&sb, ", ");
    ty_print(&sb, args[i].type);
  }
  const char *s = wyil_strdup(sb.s ? sb.s : "");
  sb_free(&sb);
  return s;
}

static bool
applicable(Func *fn, Val *args, int n)
{
  if (fn->type->n != n) return false;
  for (int i = 0; i < n; i++)
    if (!coercible(args[i].type, fn->type->elems[i])) return false;
  return true;
}

/* a's parameters are each a coercive subtype of b's */
static bool
more_specific(Func *a, Func *b)
{
  for (int i = 0; i < a->type->n; i++)
    if (!coercible(a->type->elems[i], b->type->elems[i])) return false;
  return true;
}

static FuncSym *
choose(Lower *L, PtrVec *cands, Val *args, int n, Node *e, const char *name)
{
  if (cands->n == 0) error_at(e->pos, "unable to resolve name '%s'", name);
  PtrVec ok = {0};
  for (int i = 0; i < cands->n; i++) {
    FuncSym *fs = cands->v[i];
    if (applicable(func_of(L->prog, fs), args, n)) vec_push(&ok, fs);
  }
  if (ok.n == 0)
    error_at(e->pos, "no match for %s(%s)", name, arg_types(args, n));
  FuncSym *best = NULL;
  int nbest = 0;
  for (int i = 0; i < ok.n; i++) {
    Func *a = ((FuncSym *)ok.v[i])->fn;
    bool all = true;
    for (int k = 0; k < ok.n && all; k++)
      if (k != i) all = more_specific(a, ((FuncSym *)ok.v[k])->fn);
    if (all) {
      best = ok.v[i];
      nbest++;
    }
  }
  if (nbest != 1)
    error_at(e->pos, "call %s(%s) is ambiguous", name, arg_types(args, n));
  return best;
}

static bool
is_callable(Type *t)
{
  t = ty_expand(t);
  return t->kind == TY_FUNC || t->kind == TY_METHOD;
}

static Val
lower_args_into(Lower *L, Node *e, Val *args, int first)
{
  for (int i = 0; i < e->args.n; i++)
    args[first + i] = lower_expr(L, e->args.v[i]);
  return (Val){-1, NULL};
}

/* Call through a function value f. */
static Val
indirect(Lower *L, Node *e, Val f, bool want_value)
{
  Type *ft = ty_expand(f.type);
  if (!is_callable(ft))
    error_at(e->pos, "cannot call a value of type %s", ty_str(f.type));
  if (ft->kind == TY_METHOD && !L->fn->is_method)
    error_at(e->pos, "method invocation not permitted in function");
  if (ft->kind == TY_METHOD && L->pure)
    error_at(e->pos, "method invocation not permitted in an assertion");
  int n = e->args.n;
  if (n != ft->n)
    error_at(e->pos, "expected %d arguments, found %d", ft->n, n);
  int *regs = wyil_alloc(sizeof(int) * (size_t)(n + 2));
  regs[0] = f.reg;
  for (int i = 0; i < n; i++) {
    Node *a = e->args.v[i];
    regs[i + 1] = lower_coerce(L, lower_expr(L, a), ft->elems[i], a->pos).reg;
  }
  for (int i = 0; i < n; i++)
    lower_check_constraint(L, regs[i + 1], ft->elems[i], e->pos);
  bool has_value = ft->ret->kind != TY_VOID;
  int dst = has_value && want_value ? lower_tmp(L) : -1;
  lower_emit(L, OP_INDIRECT, ft, dst, n + 1, regs, e->pos);
  return (Val){dst, ft->ret};
}

/* Natives have no body: only the standard library's, those that the
 * runtime provides (runtime/natives.def), can be called or referenced.
 * Anything else would fail when the C is linked; it is an error here. */
void
lower_check_native(Func *fn, SrcPos pos)
{
  static const char *const provided[][2] = {
#define WY_NATIVE(m, f) {#m, #f},
#define WY_NATIVE_EMITTED(m, f) {#m, #f},
#include "../runtime/natives.def"
#undef WY_NATIVE
#undef WY_NATIVE_EMITTED
  };
  if (!fn->is_native) return;
  const char *stem = strrchr(fn->module, '/');
  stem = stem ? stem + 1 : fn->module;
  if (!strncmp(fn->module, "whiley/", 7))
    for (size_t i = 0; i < sizeof provided / sizeof provided[0]; i++)
      if (!strcmp(provided[i][0], stem) && !strcmp(provided[i][1], fn->name))
        return;
  error_at(pos, "native '%s.%s' has no implementation in the runtime",
           stem, fn->name);
}

/* A callee's `requires` is checked at the call site, with the
 * parameters bound to the (converted) argument registers (§7: "checked
 * at the call site"), so that a failure names the call, as the 2013
 * compiler does.  Natives have no body to check it in; other functions
 * check it in their body only where they can be called indirectly in a
 * way that does not pass here (lower.c, lower_requires_in_body). */
static void
check_requires(Lower *L, FuncSym *fs, int *regs, SrcPos pos)
{
  Decl *d = fs->decl;
  Scope sc = L->sc;
  Env *env = L->env;
  VarReg *vars = L->vars;
  int nvars = L->nvars, capvars = L->capvars;
  L->sc = (Scope){L->prog, fs->mod, d};
  L->env = env_new();
  L->vars = NULL;
  L->nvars = L->capvars = 0;
  int first = d->receiver ? 1 : 0;
  if (first) {
    lower_bind(L, "this", regs[0]);
    env_set(L->env, "this", fs->fn->type->elems[0]);
  }
  for (int i = 0; i < d->nparams; i++) {
    lower_bind(L, d->params[i].name, regs[first + i]);
    env_set(L->env, d->params[i].name, fs->fn->type->elems[first + i]);
  }
  int ok = lower_new_label(L);
  Env *t, *f;
  lower_cond(L, d->requires, true, ok, &t, &f);
  L->env = f;
  lower_emit(L, OP_FAIL, NULL, -1, 0, NULL, pos)->name =
    "precondition not satisfied";
  lower_label(L, ok, pos);
  L->sc = sc;
  L->env = env;
  L->vars = vars;
  L->nvars = nvars;
  L->capvars = capvars;
}

Val
lower_call(Lower *L, Node *e, bool want_value)
{
  Node *c = e->lhs;
  PtrVec cands = {0};
  Val recv = {-1, NULL};
  const char *name;
  if (c->kind == ND_NAME) {
    name = c->name;
    Type *vt = env_get(L->env, name);
    if (vt) return indirect(L, e, (Val){lower_var(L, name), vt}, want_value);
    lookup_funcs(&L->sc, name, &cands);
  } else if (c->kind == ND_FIELD) {
    name = c->name;
    ModInfo *mod = NULL;
    if (c->lhs->kind == ND_NAME && !env_get(L->env, c->lhs->name))
      mod = lookup_module(&L->sc, c->lhs->name, name);
    if (mod) {
      module_funcs(mod, name, &cands);
    } else {
      recv = lower_expr(L, c->lhs);
      Type *ft = ty_field_type(recv.type, name);
      if (ft && is_callable(ft)) {
        int r = lower_tmp(L);
        Insn *in = lower_emit(L, OP_FIELDLOAD, recv.type, r, 1, &recv.reg,
                              c->pos);
        in->name = name;
        return indirect(L, e, (Val){r, ft}, want_value);
      }
      lookup_funcs(&L->sc, name, &cands);
      /* r.read() on a File.Reader: the methods of a named type's module
       * apply to its values without an import */
      if (recv.type->kind == TY_NOMINAL)
        for (int i = 0; i < L->prog->mods.n; i++) {
          ModInfo *tm = L->prog->mods.v[i];
          if (!strcmp(tm->name, recv.type->def->module))
            module_funcs(tm, name, &cands);
        }
      if (cands.n == 0) {
        /* sys.out.print without the import: accepted (spec §2.2) */
        ModInfo *sys = find_module(L->prog, "whiley.lang", "System");
        if (sys) module_funcs(sys, name, &cands);
      }
    }
  } else if (c->kind == ND_ARROW) {
    Val r = lower_expr(L, c->lhs);
    Type *t = ty_expand(r.type);
    if (t->kind != TY_REF)
      error_at(c->pos, "'->' needs a reference, found %s", ty_str(r.type));
    int d = lower_tmp(L);
    lower_emit(L, OP_DEREF, r.type, d, 1, &r.reg, c->pos);
    Type *ft = ty_field_type(t->elems[0], c->name);
    if (!ft) error_at(c->pos, "no field '%s'", c->name);
    int f = lower_tmp(L);
    lower_emit(L, OP_FIELDLOAD, t->elems[0], f, 1, &d, c->pos)->name = c->name;
    return indirect(L, e, (Val){f, ft}, want_value);
  } else {
    return indirect(L, e, lower_expr(L, c), want_value);
  }
  int first = recv.reg >= 0 ? 1 : 0;
  int n = e->args.n + first;
  Val *args = lower_scratch_alloc(sizeof(Val) * (size_t)(n + 1));
  if (first) args[0] = recv;
  lower_args_into(L, e, args, first);
  FuncSym *fs = choose(L, &cands, args, n, e, name);
  Func *fn = use_func(L->prog, fs);
  lower_check_native(fn, e->pos);
  if (fn->is_method && !L->fn->is_method)
    error_at(e->pos, "method invocation not permitted in function");
  if (fn->is_method && L->pure)
    error_at(e->pos, "method invocation not permitted in an assertion");
  if (fs->decl->throws) {
    Scope fsc = {L->prog, fs->mod, fs->decl};
    lower_may_throw(L, resolve_type(&fsc, fs->decl->throws), e->pos);
  }
  int *regs = lower_scratch_alloc(sizeof(int) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    SrcPos p = i < first ? c->pos : ((Node *)e->args.v[i - first])->pos;
    regs[i] = lower_coerce(L, args[i], fn->type->elems[i], p).reg;
  }
  /* the parameters' constraints, before the call (§8) */
  for (int i = 0; i < n; i++)
    lower_check_constraint(L, regs[i], fn->type->elems[i], e->pos);
  if (fs->decl->requires) check_requires(L, fs, regs, e->pos);
  bool has_value = fn->type->ret->kind != TY_VOID;
  int dst = has_value && want_value ? lower_tmp(L) : -1;
  Insn *in = lower_emit(L, OP_INVOKE, fn->type, dst, n, regs, e->pos);
  in->callee = fn;
  return (Val){dst, fn->type->ret};
}
