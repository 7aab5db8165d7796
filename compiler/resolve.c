/* resolve.c -- modules and names.  Loads the program's file and the
 * standard library modules it can see (whiley.lang.* always by module
 * name, spec §2.2), records each module's types, constants and
 * functions, and answers lookups from a scope: own module first, then
 * the imports declared before the current declaration.  Also turns
 * written types (TypeExpr) into Types. */
#include <dirent.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "compiler.h"

static const char *
path_stem(const char *path)
{
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *dot = strrchr(base, '.');
  return dot ? wyil_strndup(base, (size_t)(dot - base)) : base;
}

/* ---- the symbol table of a module ------------------------------- */

/* Each module's names in a hash table (open addressing, FNV-1a), so
 * that a lookup costs the same in a module of 10 functions and of
 * 100,000: resolution is linear in the size of the program. */
typedef struct NameSyms {
  const char *name;
  PtrVec syms[3];       /* FuncSym*, TypeSym*, ConstSym*, in order */
} NameSyms;

typedef struct NameTab {
  NameSyms **slots;     /* cap of them, NULL when free */
  size_t cap, n;
} NameTab;

/* An import declaration and, once visited, the modules it brings in. */
typedef struct Import {
  Decl *decl;
  bool resolved;
  const char *only;     /* the one imported name, or NULL for `*` */
  PtrVec mods;          /* ModInfo* */
} Import;

static size_t
name_hash(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (; *s; s++) h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  return (size_t)h;
}

/* The slot of name in t: its entry, or the free slot where it goes. */
static NameSyms **
name_slot(NameTab *t, const char *name)
{
  size_t i = name_hash(name) & (t->cap - 1);
  while (t->slots[i] && strcmp(t->slots[i]->name, name))
    i = (i + 1) & (t->cap - 1);
  return &t->slots[i];
}

static NameSyms *
name_entry(NameTab *t, const char *name, bool create)
{
  if (!t->cap) {
    if (!create) return NULL;
    t->cap = 16;
    t->slots = wyil_alloc(t->cap * sizeof *t->slots);
  }
  NameSyms **slot = name_slot(t, name);
  if (*slot || !create) return *slot;
  if (2 * (t->n + 1) > t->cap) {   /* keep the load under one half */
    NameSyms **old = t->slots;
    size_t oldcap = t->cap;
    t->cap *= 2;
    t->slots = wyil_alloc(t->cap * sizeof *t->slots);
    for (size_t i = 0; i < oldcap; i++)
      if (old[i]) *name_slot(t, old[i]->name) = old[i];
    slot = name_slot(t, name);
  }
  *slot = wyil_alloc(sizeof **slot);
  (*slot)->name = name;
  t->n++;
  return *slot;
}

static ModInfo *
add_module(Program *prog, const char *package, const char *stem, Ast *ast)
{
  ModInfo *mod = wyil_alloc(sizeof(ModInfo));
  mod->package = package;
  mod->stem = stem;
  if (*package) {
    char *name = wyil_fmt("%s/%s", package, stem);
    for (char *p = name; *p; p++)
      if (*p == '.') *p = '/';
    mod->name = name;
  } else {
    mod->name = stem;
  }
  mod->ast = ast;
  mod->names = wyil_alloc(sizeof(NameTab));
  for (int i = 0; i < ast->ndecls; i++) {
    Decl *d = ast->decls[i];
    d->index = i;
    int kind = d->kind == DK_FUNC ? 0 : d->kind == DK_TYPE ? 1
               : d->kind == DK_CONST ? 2 : -1;
    if (d->kind == DK_IMPORT) {
      Import *im = wyil_alloc(sizeof(Import));
      im->decl = d;
      vec_push(&mod->imports, im);
    }
    if (kind < 0) continue;
    NameSyms *ns = name_entry(mod->names, d->name, true);
    if (d->kind == DK_FUNC) {
      FuncSym *fs = wyil_alloc(sizeof(FuncSym));
      fs->decl = d;
      fs->mod = mod;
      fs->overload = ns->syms[0].n;
      vec_push(&mod->funcs, fs);
      vec_push(&ns->syms[0], fs);
    } else if (d->kind == DK_TYPE) {
      TypeSym *ts = wyil_alloc(sizeof(TypeSym));
      ts->decl = d;
      ts->mod = mod;
      vec_push(&mod->types, ts);
      vec_push(&ns->syms[1], ts);
    } else {
      ConstSym *cs = wyil_alloc(sizeof(ConstSym));
      cs->decl = d;
      cs->mod = mod;
      vec_push(&mod->consts, cs);
      vec_push(&ns->syms[2], cs);
    }
  }
  vec_push(&prog->mods, mod);
  return mod;
}

static char *
package_dir(Program *prog, const char *package)
{
  char *dir = wyil_fmt("%s/%s", prog->stdlib, package);
  for (char *p = dir + strlen(prog->stdlib) + 1; *p; p++)
    if (*p == '.') *p = '/';
  return dir;
}

ModInfo *
find_module(Program *prog, const char *package, const char *stem)
{
  for (int i = 0; i < prog->mods.n; i++) {
    ModInfo *mod = prog->mods.v[i];
    if (!strcmp(mod->package, package) && !strcmp(mod->stem, stem))
      return mod;
  }
  if (!*package) return NULL;
  char *path = wyil_fmt("%s/%s.whiley", package_dir(prog, package), stem);
  struct stat st;
  if (stat(path, &st) != 0) return NULL;
  return add_module(prog, package, stem, parse_file_lazy(path));
}

/* The module stems of a package directory, for `import * from P.*`. */
static int
package_modules(Program *prog, const char *package, const char ***out)
{
  DIR *d = opendir(package_dir(prog, package));
  PtrVec v = {0};
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      size_t n = strlen(e->d_name);
      if (n > 7 && !strcmp(e->d_name + n - 7, ".whiley"))
        vec_push(&v, wyil_strndup(e->d_name, n - 7));
    }
    closedir(d);
  }
  *out = (const char **)v.v;
  return v.n;
}

/* Every module of `package` and of the packages in its subdirectories
 * (an import a..*), loaded. */
static void
deep_modules(Program *prog, const char *package, PtrVec *out, int depth)
{
  const char **stems;
  int n = package_modules(prog, package, &stems);
  for (int i = 0; i < n; i++) {
    ModInfo *mod = find_module(prog, package, stems[i]);
    if (mod) vec_push(out, mod);
  }
  DIR *d = depth < 8 ? opendir(package_dir(prog, package)) : NULL;
  if (!d) return;
  PtrVec subs = {0};
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.' && !strchr(e->d_name, '.'))
      vec_push(&subs, wyil_strdup(e->d_name));
  closedir(d);
  for (int i = 0; i < subs.n; i++) {
    char *sub = wyil_fmt("%s.%s", package, (char *)subs.v[i]);
    struct stat st;
    if (stat(package_dir(prog, sub), &st) == 0 && S_ISDIR(st.st_mode))
      deep_modules(prog, sub, out, depth + 1);
  }
}

/* Join path parts [from, to) with dots. */
static const char *
join_parts(const char **parts, int from, int to)
{
  StrBuf sb = {0};
  for (int i = from; i < to; i++) {
    if (i > from) sb_putc(&sb, '.');
    sb_puts(&sb, parts[i]);
  }
  const char *s = wyil_strdup(sb.s ? sb.s : "");
  sb_free(&sb);
  return s;
}

/* Calls fn(mod, name_filter) for each module an import brings in; the
 * filter is NULL for `*`, or the one imported name. */
typedef void (*ImportVisit)(ModInfo *mod, const char *only, void *ctx);

/* The modules an import brings in, found on its first visit (a
 * package import reads the package's directory once). */
static Import *
resolve_import(Program *prog, Import *im)
{
  Decl *d = im->decl;
  if (im->resolved) return im;
  im->resolved = true;
  if (d->npath < 2) return im;
  const char *last = d->path[d->npath - 1];
  im->only = strcmp(d->name, "*") ? d->name : NULL;
  if (d->deep && !strcmp(last, "*")) {
    /* a..*: every module of package a and of the packages below it */
    int k = 0;
    while (k < d->npath && strcmp(d->path[k], "**")) k++;
    deep_modules(prog, join_parts(d->path, 0, k), &im->mods, 0);
    return im;
  }
  if (!strcmp(last, "*")) {
    const char *package = join_parts(d->path, 0, d->npath - 1);
    const char **stems;
    int n = package_modules(prog, package, &stems);
    for (int i = 0; i < n; i++) {
      ModInfo *mod = find_module(prog, package, stems[i]);
      if (mod) vec_push(&im->mods, mod);
    }
    return im;
  }
  const char *package = join_parts(d->path, 0, d->npath - 1);
  ModInfo *mod = find_module(prog, package, last);
  if (!mod && !strcmp(d->name, "*") && d->npath == 1)
    mod = find_module(prog, "", last);
  if (!mod) error_at(d->pos, "unknown module '%s'", join_parts(d->path, 0,
                                                              d->npath));
  vec_push(&im->mods, mod);
  return im;
}

/* Visit the scope's own module, then every import before sc->decl. */
static void
visit_scope(Scope *sc, ImportVisit visit, void *ctx)
{
  visit(sc->mod, NULL, ctx);
  PtrVec *ims = &sc->mod->imports;
  bool mine = sc->decl && sc->decl->index < sc->mod->ast->ndecls
              && sc->mod->ast->decls[sc->decl->index] == sc->decl;
  for (int i = 0; i < ims->n; i++) {
    Import *im = ims->v[i];
    if (mine && im->decl->index >= sc->decl->index) break;
    resolve_import(sc->prog, im);
    for (int k = 0; k < im->mods.n; k++) visit(im->mods.v[k], im->only, ctx);
  }
}

typedef struct FindCtx {
  const char *name;
  PtrVec *out;
  int kind;      /* 0 funcs, 1 types, 2 consts */
} FindCtx;

static void
push_unique(PtrVec *out, void *p)
{
  for (int i = 0; i < out->n; i++)
    if (out->v[i] == p) return;
  vec_push(out, p);
}

static void
find_in(ModInfo *mod, const char *only, void *vctx)
{
  FindCtx *ctx = vctx;
  if (only && strcmp(only, ctx->name)) return;
  NameSyms *ns = name_entry(mod->names, ctx->name, false);
  if (!ns) return;
  PtrVec *syms = &ns->syms[ctx->kind];
  for (int i = 0; i < syms->n; i++) push_unique(ctx->out, syms->v[i]);
}

void
lookup_funcs(Scope *sc, const char *name, PtrVec *out)
{
  FindCtx ctx = {name, out, 0};
  visit_scope(sc, find_in, &ctx);
}

void
module_funcs(ModInfo *mod, const char *name, PtrVec *out)
{
  FindCtx ctx = {name, out, 0};
  find_in(mod, NULL, &ctx);
}

static void *
lookup_one(Scope *sc, const char *name, int kind)
{
  PtrVec out = {0};
  FindCtx ctx = {name, &out, kind};
  visit_scope(sc, find_in, &ctx);
  return out.n ? out.v[0] : NULL;
}

TypeSym *
lookup_type(Scope *sc, const char *name)
{
  return lookup_one(sc, name, 1);
}

ConstSym *
lookup_const(Scope *sc, const char *name)
{
  return lookup_one(sc, name, 2);
}

typedef struct ModCtx {
  const char *stem;
  ModInfo *found;
} ModCtx;

static void
find_mod(ModInfo *mod, const char *only, void *vctx)
{
  ModCtx *ctx = vctx;
  (void)only;
  if (!ctx->found && !strcmp(mod->stem, ctx->stem)) ctx->found = mod;
}

ModInfo *
lookup_module(Scope *sc, const char *name, const char *member)
{
  bool own = !strcmp(name, sc->mod->stem);
  if (own && (!member || name_entry(sc->mod->names, member, false)))
    return sc->mod;
  /* whiley.lang modules are always visible by name (§2.2) */
  ModInfo *mod = find_module(sc->prog, "whiley.lang", name);
  if (!mod) mod = find_module(sc->prog, "whiley.gpgpu", name);
  if (mod) return mod;
  if (own) return sc->mod;
  /* a module an import brings in (import whiley.io.File, a.b.*, a..*) */
  ModCtx ctx = {name, NULL};
  visit_scope(sc, find_mod, &ctx);
  return ctx.found;
}

/* ---- types ------------------------------------------------------- */

static TypeDef *typedef_of(Program *prog, TypeSym *ts);

static Type *
resolve_nominal(Scope *sc, TypeExpr *te)
{
  TypeSym *ts = NULL;
  if (te->n == 1) {
    ts = lookup_type(sc, te->names[0]);
  } else {
    /* Mod.Name or pkg.Mod.Name */
    const char *stem = te->names[te->n - 2];
    ModInfo *mod = te->n == 2
                   ? lookup_module(sc, stem, te->names[te->n - 1])
                   : find_module(sc->prog, join_parts(te->names, 0, te->n - 2),
                                 stem);
    if (mod) {
      Scope msc = {sc->prog, mod, NULL};
      ts = lookup_type(&msc, te->names[te->n - 1]);
    }
  }
  if (!ts && te->n == 1) {
    /* a constant set used as a type is an enumeration (§2.3): its
     * values' type (membership is not checked) */
    ConstSym *cs = lookup_const(sc, te->names[0]);
    if (cs) {
      Node ref = {.kind = ND_NAME, .name = te->names[0], .pos = te->pos};
      Const *c = const_eval(sc, &ref);
      if (c->kind == C_SET) return ty_set_elem(const_type(c));
    }
  }
  if (!ts)
    error_at(te->pos, "unknown type '%s'", join_parts(te->names, 0, te->n));
  return ty_nominal(typedef_of(sc->prog, ts));
}

Type *
resolve_type(Scope *sc, TypeExpr *te)
{
  Type **elems = NULL;
  if (te->n > 0 && te->kind != TE_NOMINAL) {
    elems = wyil_alloc(sizeof(Type *) * (size_t)te->n);
    for (int i = 0; i < te->n; i++) elems[i] = resolve_type(sc, te->elems[i]);
  }
  switch (te->kind) {
  case TE_ANY: return ty_any;
  case TE_VOID: return ty_void;
  case TE_NULL: return ty_null;
  case TE_BOOL: return ty_bool;
  case TE_BYTE: return ty_byte;
  case TE_CHAR: return ty_char;
  case TE_INT: return ty_int;
  case TE_REAL: return ty_real;
  case TE_STRING: return ty_string;
  case TE_LIST: return ty_list(elems[0]);
  case TE_SET: return ty_set(elems[0]);
  case TE_MAP: return ty_map(elems[0], elems[1]);
  case TE_TUPLE: return ty_tuple(te->n, elems);
  case TE_RECORD:
    for (int i = 0; i < te->n; i++)
      for (int k = 0; k < i; k++)
        if (!strcmp(te->names[i], te->names[k]))
          error_at(te->pos, "duplicate field '%s'", te->names[i]);
    return ty_record(te->n, te->names, elems, te->open);
  case TE_REF: return ty_ref(elems[0]);
  case TE_UNION: {
    Type *t = NULL;
    for (int i = 0; i < te->n; i++) t = ty_union(t, elems[i]);
    /* keep nominal members visible: ty_union keeps them as they are */
    return t;
  }
  case TE_INTERSECT: return ty_intersect(te->n, elems);
  case TE_NEGATION: return ty_negation(elems[0]);
  case TE_FUNC:
    return ty_func(resolve_type(sc, te->ret), te->n, elems);
  case TE_METHOD:
    return ty_method(resolve_type(sc, te->ret), NULL, te->n, elems);
  case TE_NOMINAL: return resolve_nominal(sc, te);
  }
  internal_error("resolve_type: kind %d", te->kind);
}

/* Is t, without going through a list, record or other constructor,
 * the type `def` itself (define junk as junk | int)? */
static bool
reaches_self(Type *t, TypeDef *def, int depth)
{
  if (!t || depth > 32) return false;
  if (t->kind == TY_NOMINAL)
    return t->def == def || reaches_self(t->def->type, def, depth + 1);
  if (t->kind != TY_UNION && t->kind != TY_INTERSECT) return false;
  for (int i = 0; i < t->n; i++)
    if (reaches_self(t->elems[i], def, depth + 1)) return true;
  return false;
}

static TypeDef *
typedef_of(Program *prog, TypeSym *ts)
{
  if (ts->def) return ts->def;
  /* a definition resolves the ones it names first: a chain of them
   * (define T1 as T0, define T2 as T1, ...) nests as deep as it is long */
  static int depth;
  if (depth == PARSE_MAX_DEPTH)
    error_at(ts->decl->pos, "type definitions nested too deeply (limit %d)",
             PARSE_MAX_DEPTH);
  depth++;
  TypeDef *def = wyil_alloc(sizeof(TypeDef));
  def->module = ts->mod->name;
  def->name = ts->decl->name;
  def->pos = ts->decl->pos;
  def->constrained = ts->decl->where != NULL;
  ts->def = def;  /* set first: recursive types refer to themselves */
  Scope sc = {prog, ts->mod, ts->decl};
  ty_pending++;
  def->type = resolve_type(&sc, ts->decl->type);
  ty_pending--;
  if (reaches_self(def->type, def, 0))
    error_at(ts->decl->pos, "type '%s' is defined as itself", def->name);
  vec_push(&prog->m->typedefs, def);
  depth--;
  return def;
}

/* ---- functions --------------------------------------------------- */

char *
c_ident(char *s)
{
  /* module stems come from file names: my-prog.whiley */
  for (char *p = s; *p; p++)
    if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z')
        && !(*p >= '0' && *p <= '9'))
      *p = '_';
  return s;
}

/* The type of a function: one Type for the signatures met most (a
 * million functions int(int) have one), by a small table of the last
 * signature at each hash; Types are never changed once made.  Emptied
 * for each program (resolve_program: the last one's are freed). */
enum { SIG_SLOTS = 256 };
static Type *sig_made[SIG_SLOTS];

static Type *
signature(bool method, Type *ret, Type *receiver, int n, Type **params)
{
  uintptr_t h = (uintptr_t)ret * 31 + (uintptr_t)receiver + (uintptr_t)n
                + method;
  for (int i = 0; i < n; i++) h = h * 31 + (uintptr_t)params[i];
  Type **slot = &sig_made[(h >> 4) % SIG_SLOTS];
  Type *t = *slot;
  bool same = t && t->kind == (method ? TY_METHOD : TY_FUNC) && t->ret == ret
              && t->n == n && t->receiver == receiver;
  for (int i = 0; same && i < n; i++) same = t->elems[i] == params[i];
  if (same) return t;
  *slot = method ? ty_method(ret, receiver, n, params)
                 : ty_func(ret, n, params);
  return *slot;
}

Func *
func_of(Program *prog, FuncSym *fs)
{
  if (fs->fn) return fs->fn;
  Decl *d = fs->decl;
  Scope sc = {prog, fs->mod, d};
  /* a method with a receiver `R::name` takes `this : R` first (§2.5) */
  int first = d->receiver ? 1 : 0, n = d->nparams + first;
  Type *few[8];   /* ty_func copies them: most need no arena array */
  Type **params = n < 8 ? few
                  : wyil_alloc(sizeof(Type *) * (size_t)(n + 1));
  if (first) params[0] = resolve_type(&sc, d->receiver);
  for (int i = 0; i < d->nparams; i++)
    params[first + i] = resolve_type(&sc, d->params[i].type);
  Type *ret = resolve_type(&sc, d->ret);
  Type *t = signature(d->is_method, ret, first ? params[0] : NULL, n,
                      params);
  Func *fn = wyil_new_func(NULL, fs->mod->name, d->name, t, d->pos);
  fn->is_native = d->is_native;
  fn->is_public = d->is_public;
  /* unique C name: module stem, name, and overload position */
  fn->cname = c_ident(wyil_fmt("wyf_%s_%s_%d", fs->mod->stem, d->name,
                               fs->overload));
  fs->fn = fn;
  return fn;
}

Func *
use_func(Program *prog, FuncSym *fs)
{
  Func *fn = func_of(prog, fs);
  if (!fs->queued) {
    fs->queued = true;
    vec_push(&prog->queue, fs);
    vec_push(&prog->m->funcs, fn);
  }
  return fn;
}

Program *
resolve_program(const char *path, const char *stdlib_dir)
{
  Program *prog = wyil_alloc(sizeof(Program));
  prog->stdlib = stdlib_dir;
  memset(sig_made, 0, sizeof sig_made);
  Ast *ast = parse_file_lazy(path);
  const char *stem = path_stem(path);
  prog->m = wyil_new_module(stem, path);
  prog->main_mod = add_module(prog, "", stem, ast);
  /* the entry point: void ::main(System.Console) */
  ModInfo *mod = prog->main_mod;
  for (int i = 0; i < mod->funcs.n; i++) {
    FuncSym *fs = mod->funcs.v[i];
    if (strcmp(fs->decl->name, "main") || !fs->decl->is_method) continue;
    prog->m->main = use_func(prog, fs);
  }
  /* every function of the program's own module is compiled, used or
   * not, so that its errors are reported */
  for (int i = 0; i < mod->funcs.n; i++) use_func(prog, mod->funcs.v[i]);
  return prog;
}
