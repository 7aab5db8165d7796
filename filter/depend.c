/* depend.c -- dependence analysis of one `forall` loop.
 *
 * Requires: liveness of the function (wyil/cfg.c); uses the analyses of
 * affine.c and deptest.c.  Decides whether the
 * iterations of the loop at fn->code[at] may run in parallel, and if so
 * fills in the Kernel: its arguments (loop-invariant scalars, lists read
 * and lists written), its bounds and the functions it calls.
 *
 * The rules (value semantics: two list registers never alias, so only
 * indices matter):
 * - the loop runs over a range a..b, or over a list of scalars that the
 *   body does not write (the work item's index selects the element; the
 *   element is no index: elements may repeat), and every instruction of
 *   its body
 *   can run on a device (scalar int/bool arithmetic, real arithmetic
 *   unless --gpu-real=exact, list reads and element writes, branches,
 *   nested loops, calls of functions that obey the same rules);
 * - a scalar written in the body is private: it is written before it is
 *   read in every iteration (not live on entry to the body) and is not
 *   read after the loop;
 * - a list written in the body is written only element-wise (UPDATE),
 *   and no element a write touches in one iteration is read or written
 *   in another: each index is an affine form over the nest where it is
 *   one (affine.c), and each write is tested against every access of
 *   the list (deptest.c: GCD and bounds over the loops' ranges), pairs
 *   of writes first; the first dependence found is the reason, in
 *   source terms (the list, both accesses and their lines, the
 *   distance).  Lengths never change.
 */
#include <string.h>

#include "filter_internal.h"

typedef struct Ctx {
  Func *fn;
  int at, end;           /* the FORALL and its END */
  Live *lv;
  const FilterOptions *opt;
  Kernel *k;
  uint8_t *numkind;      /* numkind.c, for the body */
  int loopvar;
  int index_var;         /* the loop variable when it is an index (a
                            range), else -1 */
  int *ndefs;            /* defs of each register inside the body */
  Insn **def;            /* the (last) def inside the body */
  int *label_at;         /* label -> instruction index */
  uint8_t *red;          /* register -> its KRedOp when the loop reduces
                            it (reduce.c) */
  const char **red_why;  /* register -> why a carried scalar is none */
  bool rows;             /* the loop runs over the rows of a list */
  FltAffNest *nest;      /* affine.c, made when first needed */
  uint32_t ascend;       /* nest variables whose ranges the dependence
                            tests took as ascending (deptest.c) */
} Ctx;

static const char *
reg_name(Func *fn, int r)
{
  const char *n = fn->regnames[r];
  return n ? n : NULL;
}

static const char *
quoted(Func *fn, int r)
{
  const char *n = reg_name(fn, r);
  return n ? wyil_fmt("'%s'", n) : "a temporary";
}

/* ---- types ------------------------------------------------------- */

static bool
is_scalar(Type *t, const FilterOptions *opt)
{
  t = ty_expand(t);
  return t->kind == TY_INT || t->kind == TY_BOOL
         || (t->kind == TY_REAL && opt->gpu_real);
}

/* A list of scalars, nested at most 3 deep: its depth, else 0. */
int
flt_list_depth(Type *t, Type **elem)
{
  int d = 0;
  t = ty_expand(t);
  while (t->kind == TY_LIST && d < 4) {
    t = ty_expand(t->elems[0]);
    d++;
  }
  if (flt_num_union(t)) t = ty_real;  /* numkind.c: elements as reals */
  if (elem) *elem = t;
  if (d == 0 || d > 3) return 0;
  return t->kind == TY_INT || t->kind == TY_BOOL || t->kind == TY_REAL ? d : 0;
}

static bool
mentions_real(Type *t)
{
  Type *e;
  if (!t) return false;
  if (ty_expand(t)->kind == TY_REAL || flt_num_union(t)) return true;
  return flt_list_depth(t, &e) && ty_expand(e)->kind == TY_REAL;
}

static const char *
type_reason(Type *t, const FilterOptions *opt)
{
  if (mentions_real(t) && !opt->gpu_real)
    return "computes with reals (exact on the CPU: --gpu-real=exact)";
  if (is_scalar(t, opt) || flt_list_depth(t, NULL) || flt_num_union(t))
    return NULL;   /* int|real: checked by numkind.c */
  return wyil_fmt("uses a value of type %s, which has no device "
                  "representation", ty_str(t));
}

/* ---- callees ----------------------------------------------------- */

static const char *check_insn(Ctx *c, Func *fn, Insn *in, bool in_callee,
                              PtrVec *stack);

/* A function may be called from a kernel when it is a pure function of
 * scalars whose own body obeys the kernel rules, without recursion. */
static const char *
check_callee(Ctx *c, Func *f, PtrVec *stack)
{
  const char *nm = f->name;
  if (f->is_method)
    return wyil_fmt("calls method '%s' (side effects or I/O)", nm);
  if (f->is_native && wyil_device_math(f) != WYIL_DM_NONE)
    return NULL;   /* the device's builtin (wyil/devmath.c) */
  if (f->is_native)
    return wyil_fmt("calls '%s', which is native to the CPU runtime", nm);
  for (int i = 0; i < stack->n; i++)
    if (stack->v[i] == f) return wyil_fmt("calls '%s' recursively", nm);
  for (int i = 0; i < f->type->n; i++)
    if (!is_scalar(f->type->elems[i], c->opt))
      return wyil_fmt("calls '%s', whose parameter has type %s", nm,
                      ty_str(f->type->elems[i]));
  if (!is_scalar(f->type->ret, c->opt))
    return wyil_fmt("calls '%s', which returns %s", nm, ty_str(f->type->ret));
  vec_push(stack, f);
  for (int i = 0; i < f->ncode; i++) {
    const char *why = check_insn(c, f, f->code[i], true, stack);
    const char *where = strchr(nm, '$');  /* the function of `T where` */
    if (why && where)
      return wyil_fmt("checks the constraint of type '%.*s', which %s",
                      (int)(where - nm), nm, why);
    if (why) return why;
  }
  stack->n--;
  for (int i = 0; i < c->k->callees.n; i++)
    if (c->k->callees.v[i] == f) return NULL;
  vec_push(&c->k->callees, f);
  return NULL;
}

/* ---- instructions ------------------------------------------------ */

static bool
branch_inside(Ctx *c, Func *fn, int label)
{
  if (fn != c->fn) return true;  /* callee: its own function */
  int at = c->label_at[label];
  return at > c->at && at < c->end;
}

static const char *
check_insn(Ctx *c, Func *fn, Insn *in, bool in_callee, PtrVec *stack)
{
  const char *why;
  if (mentions_real(in->type) || mentions_real(in->type2))
    c->k->uses_real = true;  /* the device computes with floats */
  if (!in_callee && c->opt->gpu_real
      && (why = flt_check_num(fn, c->at, c->end, c->ndefs, c->numkind, in)))
    return why;
  if (in_callee && (flt_num_union(in->type) || flt_num_union(in->type2)))
    return wyil_fmt("calls '%s', which computes with int|real", fn->name);
  switch (in->op) {
  case OP_NOP: case OP_LABEL: case OP_LOOP: case OP_END: case OP_FAIL:
    return NULL;
  case OP_GOTO:
    return branch_inside(c, fn, in->label) ? NULL
           : "leaves the loop early (break)";
  case OP_IF: case OP_SWITCH:
    if (!branch_inside(c, fn, in->label))
      return "leaves the loop early (break)";
    for (int i = 0; i < in->ncases; i++) {
      if (!branch_inside(c, fn, in->cases[i].label))
        return "leaves the loop early (break)";
      if (in->cases[i].value->kind != C_INT)
        return "switches on a value that is not an int";
    }
    return type_reason(in->type, c->opt);
  case OP_CONST:
    return type_reason(in->type, c->opt);
  case OP_ASSIGN:
    if (flt_list_depth(in->type, NULL))
      return wyil_fmt("copies list %s inside the loop (each iteration "
                      "would need its own copy)", quoted(fn, in->args[0]));
    return type_reason(in->type, c->opt);
  case OP_CONVERT:   /* an int, or an int|real (a device real), to real */
    if ((ty_expand(in->type)->kind == TY_INT || flt_num_union(in->type))
        && ty_expand(in->type2)->kind == TY_REAL)
      return c->opt->gpu_real ? NULL : type_reason(ty_real, c->opt);
    return wyil_fmt("converts %s to %s", ty_str(in->type), ty_str(in->type2));
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
  case OP_NEG: case OP_ASSERT:
    return type_reason(in->type, c->opt);
  case OP_LENGTHOF: case OP_INDEXOF: case OP_UPDATE: case OP_RANGE:
  case OP_FORALL:
    if (in_callee) return "calls a function that uses lists";
    if (in->op == OP_RANGE) {
      /* a range made in the body can only be iterated (a counting loop
       * on the device), never stored or indexed */
      for (int i = c->at + 1; i < c->end; i++) {
        Insn *u = fn->code[i];
        for (int a = 0; a < u->nargs; a++)
          if (u->args[a] == in->dst && u->op != OP_FORALL)
            return "uses a range as a list (allocation)";
      }
      return NULL;
    }
    if (in->op == OP_FORALL) return NULL;
    if (!flt_list_depth(in->type, NULL))
      return (why = type_reason(in->type, c->opt)) ? why
             : wyil_fmt("indexes a value of type %s", ty_str(in->type));
    return type_reason(in->type, c->opt);
  case OP_INVOKE:
    if (!in_callee && in->dst >= 0 && c->red[in->dst] >= KR_MIN)
      return NULL;   /* s = Math.max(s, e): the device's max */
    return check_callee(c, in->callee, stack);
  case OP_RETURN:
    return in_callee ? NULL : "returns from inside the loop";
  case OP_THROW:
    return "throws an exception";
  case OP_TRY: case OP_TRYEND:
    return "uses try/catch";
  case OP_DEBUG:
    return "prints (debug)";
  case OP_NEWLIST:
    if (!in_callee && in == c->k->build_new) return NULL;   /* build.c */
    /* fall through */
  case OP_NEWSET: case OP_NEWMAP: case OP_NEWTUPLE:
  case OP_NEWRECORD:
    return wyil_fmt("allocates a %s", wyil_op_name[in->op] + 3);
  case OP_APPEND: case OP_APPENDL:
    if (!in_callee && (in == c->k->build_append     /* build.c */
                       || in == c->k->build_inner))
      return type_reason(in->type, c->opt);
    return "grows a list (allocation)";
  case OP_SAPPEND: case OP_SAPPENDL: case OP_SAPPENDR: case OP_SUBSTR:
    return "uses strings";
  case OP_UNION: case OP_UNIONL: case OP_INTERSECT: case OP_DIFF:
    return "uses sets";
  case OP_SUBLIST:
    return "takes a sublist (allocation)";
  case OP_FIELDLOAD:
    return "uses records";
  case OP_TUPLELOAD:
    return "uses tuples";
  case OP_DEREF: case OP_NEWOBJECT:
    return "uses references";
  case OP_LAMBDA: case OP_INDIRECT:
    return "calls through a function value";
  case OP_IFIS:
    return "tests a runtime type (is)";
  default:
    return wyil_fmt("uses '%s'", wyil_op_name[in->op]);
  }
}

/* ---- lists ------------------------------------------------------- */

/* The accesses of one list in the body (deptest.c), gathered from its
 * uses: the path of index registers from the root down to each element
 * read, or to a row a FORALL iterates over. */
typedef struct Path {
  int reg[3];   /* the index register of each level */
  int at[3];    /* the INDEXOF that reads it */
} Path;

static FltAffNest *
nest_of(Ctx *c)
{
  if (!c->nest)
    c->nest = flt_aff_nest(c->fn, c->at, c->ndefs, c->k->lo[0],
                           c->k->hi[0]);
  return c->nest;
}

static void
add_access(Ctx *c, PtrVec *acc, int at, bool write, int n, const Path *p)
{
  FltAccess *x = wyil_alloc(sizeof(FltAccess));
  x->at = at;
  x->write = write;
  x->n = n;
  for (int l = 0; l < n && l < 3; l++) {
    x->idx[l] = flt_aff_at(nest_of(c), p->reg[l], p->at[l]);
    x->reg[l] = p->reg[l];
  }
  vec_push(acc, x);
}

static const char *check_list_use(Ctx *c, int i, int level, bool written,
                                  int root, Path *p, PtrVec *acc);

static const char *
check_row_uses(Ctx *c, int row, int level, bool written, int root,
               Path *p, PtrVec *acc)
{
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = c->fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == row) {
        const char *why = check_list_use(c, i, level, written, root, p, acc);
        if (why) return why;
        break;
      }
  }
  return NULL;
}

/* Is use code[i] of list-or-row register r (at nesting `level`) one a
 * kernel can make?  A written list's element reads go into acc. */
static const char *
check_list_use(Ctx *c, int i, int level, bool written, int root, Path *p,
               PtrVec *acc)
{
  Insn *in = c->fn->code[i];
  const char *nm = quoted(c->fn, root);
  switch (in->op) {
  case OP_LENGTHOF:
    return NULL;  /* element writes never change a length */
  case OP_INDEXOF:
    if (in->args[1] == in->dst) return "indexes with its own result";
    if (level < 3) {
      p->reg[level] = in->args[1];
      p->at[level] = i;
    }
    if (flt_list_depth(in->type, NULL) > 1)
      return check_row_uses(c, in->dst, level + 1, written, root, p, acc);
    if (written) add_access(c, acc, i, false, level + 1, p);
    return NULL;
  case OP_FORALL:
    if (written && level == 0)
      return wyil_fmt("iterates over %s, which it writes", nm);
    if (written) add_access(c, acc, i, false, level, p);  /* a row */
    return NULL;
  case OP_UPDATE:
    if (in->dst == root) return NULL;  /* checked with the writes */
    break;
  case OP_APPENDL:
    /* build.c: the row a build of copies copies */
    if (in == c->k->build_append && c->k->build_copies && level == 0
        && in->args[1] == root)
      return NULL;
    break;
  case OP_INVOKE:
    return wyil_fmt("passes list %s to a function", nm);
  case OP_ASSIGN:
    return wyil_fmt("copies list %s inside the loop", nm);
  default:
    break;
  }
  return wyil_fmt("uses list %s in a way a device cannot (%s)", nm,
                  wyil_op_name[in->op]);
}

/* A write of L in this loop that inject.c showed one-to-one, when
 * checked, over a nest of loops this loop is one of; or NULL. */
static FltWrite *
computed_write(Ctx *c, int L)
{
  PtrVec *ws = c->opt->writes;
  for (int i = 0; ws && i < ws->n; i++) {
    FltWrite *w = ws->v[i];
    if (w->update->dst != L) continue;
    for (int q = 0; q < w->nloops; q++)
      if (w->loops[q] == c->fn->code[c->at]) {
        for (int j = c->at + 1; j < c->end; j++)
          if (c->fn->code[j] == w->update) return w;
        return NULL;
      }
  }
  return NULL;
}

/* L written only by w's UPDATE, read only at its index: every
 * iteration owns one element when w's test holds (the kernel's guard). */
static const char *
check_computed(Ctx *c, int L, KernelArg *arg, FltWrite *w)
{
  const char *nm = quoted(c->fn, L);
  if (!flt_only_at_index(c->fn, wyil_cfg(c->fn), c->at, c->end, w->update))
    return wyil_fmt("writes %s at a computed index, and elsewhere or "
                    "otherwise than reading that element", nm);
  if (c->k->guarded && c->k->guard != w->guard)
    return wyil_fmt("writes %s and another list at computed indices", nm);
  c->k->guarded = true;
  c->k->guard = w->guard;
  c->k->guard_list = L;
  arg->kind = KA_LIST_INOUT;
  return NULL;
}

/* An access in source terms: xs[i - 1][j]. */
static const char *
access_text(Ctx *c, int L, const FltAccess *x)
{
  const char *nm = reg_name(c->fn, L);
  const char *s = nm ? nm : "a list";
  for (int l = 0; l < x->n && l < 3; l++) {
    const char *r = reg_name(c->fn, x->reg[l]);
    s = wyil_fmt("%s[%s]", s, x->idx[l].ok || !r
                              ? flt_aff_str(c->nest, &x->idx[l]) : r);
  }
  return s;
}

/* Why the dependence between write a and access b keeps the loop on
 * the CPU: the list, both accesses, the distance. */
static const char *
dep_reason(Ctx *c, int L, const FltAccess *a, const FltAccess *b,
           FltDepKind kind, long dist, bool downward)
{
  const char *nm = quoted(c->fn, L), *lv = reg_name(c->fn, c->loopvar);
  const char *d = kind == FLT_DEP_DIST
                  ? wyil_fmt("distance %ld at loop %s", dist, lv ? lv : "?")
                  : "unknown distance";
  if (downward)
    d = wyil_fmt("%s, where a range whose direction is not known runs "
                 "downwards (a..b with a > b)", d);
  const char *ta = access_text(c, L, a), *tb = access_text(c, L, b);
  int la = c->fn->code[a->at]->pos.line, lb = c->fn->code[b->at]->pos.line;
  if (a == b) {
    bool follows = false, affine = true;
    for (int l = 0; l < a->n; l++) {
      follows |= a->idx[l].coef[0] != 0;
      affine &= a->idx[l].ok;
    }
    /* an affine index without the loop's variable names one element in
     * every iteration: the next one writes it again */
    if (!follows && affine && kind != FLT_DEP_DIST && !downward)
      return wyil_fmt("writes %s at an index that does not follow the loop "
                      "variable: %s written at line %d in every iteration, "
                      "distance 1 at loop %s (the index does not use %s)",
                      nm, ta, la, lv ? lv : "?", lv ? lv : "?");
    if (!follows)
      return wyil_fmt("writes %s at an index that does not follow the loop "
                      "variable: %s written at line %d in two iterations, "
                      "%s", nm, ta, la, d);
    return wyil_fmt("writes %s at one element in two iterations: %s "
                    "written at line %d, %s", nm, ta, la, d);
  }
  if (b->write)
    return wyil_fmt("writes %s at different indices in one iteration: %s "
                    "written at line %d, %s written at line %d, %s", nm, ta,
                    la, tb, lb, d);
  return wyil_fmt("reads %s at another index than it writes: %s written at "
                  "line %d, %s read at line %d, %s", nm, ta, la, tb, lb, d);
}

/* The first dependence carried by the loop between a write of L and
 * another access (pairs of writes first), or NULL. */
static const char *
check_deps(Ctx *c, int L, PtrVec *acc)
{
  long dist = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < acc->n; i++) {
      FltAccess *a = acc->v[i];
      if (!a->write) continue;
      for (int j = pass == 0 ? i : 0; j < acc->n; j++) {
        FltAccess *b = acc->v[j];
        if (b->write != (pass == 0)) continue;
        bool down = false;
        FltDepKind kind = flt_dep_carried(nest_of(c), a, b, &dist, &down,
                                          &c->ascend);
        if (kind != FLT_DEP_NONE)
          return dep_reason(c, L, a, b, kind, dist, down);
      }
    }
  return NULL;
}

/* The writes of list register L: element updates, at indices that no
 * two iterations share with another access of L (deptest.c). */
static const char *
check_list(Ctx *c, int L, KernelArg *arg)
{
  const char *nm = quoted(c->fn, L);
  FltWrite *cw = computed_write(c, L);
  if (cw) return check_computed(c, L, arg, cw);
  PtrVec acc = {0};
  bool written = false;
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = c->fn->code[i];
    if (wyil_def_reg(in) != L) continue;
    if (in->op != OP_UPDATE)
      return wyil_fmt("assigns list %s inside the loop", nm);
    for (int s = 0; s < in->nsteps; s++)
      if (in->steps[s].kind != UPD_INDEX)
        return wyil_fmt("updates %s through a field or reference", nm);
    if (in->nsteps != arg->depth)
      return wyil_fmt("replaces a whole row of %s", nm);
    if (c->index_var < 0 && c->k->over_list)
      return wyil_fmt("writes %s, but iterates over a list: no index "
                      "tells the iterations apart (elements may "
                      "repeat)", nm);
    if (c->index_var < 0)
      return wyil_fmt("writes %s, and its body changes the loop variable",
                      nm);
    Path p;
    for (int s = 0; s < in->nsteps && s < 3; s++) {
      p.reg[s] = in->args[s];
      p.at[s] = i;
    }
    add_access(c, &acc, i, true, in->nsteps, &p);
    written = true;
  }
  arg->kind = written ? KA_LIST_INOUT : KA_LIST_IN;
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = c->fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == L && !(in->op == OP_UPDATE && a == in->nargs - 1)) {
        Path p;
        const char *why = check_list_use(c, i, 0, written, L, &p, &acc);
        if (why) return why;
        break;
      }
    if (in->op == OP_UPDATE && in->args[in->nargs - 1] == L)
      return wyil_fmt("stores list %s inside another", nm);
  }
  if (!written) return NULL;
  /* code order: the reads were gathered after the writes */
  for (int i = 1; i < acc.n; i++)
    for (int j = i; j > 0; j--) {
      FltAccess *x = acc.v[j - 1], *y = acc.v[j];
      if (x->at < y->at || (x->at == y->at && x->write)) break;
      acc.v[j - 1] = y;
      acc.v[j] = x;
    }
  return check_deps(c, L, &acc);
}

/* ---- operand types ----------------------------------------------- */

/* The static type of operand `a` of instruction in (for scalars read
 * by the kernel). */
static Type *
operand_type(Insn *in, int a)
{
  switch (in->op) {
  case OP_INDEXOF: case OP_RANGE: case OP_LENGTHOF:
    return a == 0 && in->op != OP_RANGE ? in->type : ty_int;
  case OP_UPDATE: {
    if (a < in->nargs - 1) return ty_int;
    Type *e = in->type;
    for (int s = 0; s < in->nsteps; s++) e = ty_list_elem(e);
    return e ? e : ty_any;
  }
  case OP_APPENDL: {   /* xs + [e]: e is an element, not a list */
    Type *e = a == 1 ? ty_list_elem(in->type) : NULL;
    return e ? e : in->type ? in->type : ty_any;
  }
  case OP_INVOKE:
    return in->callee->type->elems[a];
  default:
    return in->type ? in->type : ty_any;
  }
}

/* ---- the loop ---------------------------------------------------- */

/* The loop's iteration space: a range made once before the loop and
 * not changed since (lo, hi), or a list of scalars the body does not
 * write (src). */
static const char *
check_bounds(Ctx *c, Insn *loop)
{
  int src = loop->args[0], at_range = -1, ndef = 0;
  for (int i = 0; i < c->fn->ncode; i++)
    if (wyil_def_reg(c->fn->code[i]) == src) {
      ndef++;
      at_range = i;
    }
  if (ndef == 1 && c->fn->code[at_range]->op == OP_RANGE
      && at_range < c->at) {
    Insn *r = c->fn->code[at_range];
    for (int i = at_range + 1; i < c->at; i++) {
      int d = wyil_def_reg(c->fn->code[i]);
      if (d == r->args[0] || d == r->args[1])
        return "its range bounds change before the loop starts";
    }
    /* a loop around this one but not around the range may change the
     * bounds after it, and come back: the range keeps its old value */
    for (int h = at_range + 1; h < c->at; h++) {
      Op op = c->fn->code[h]->op;
      int e = op == OP_LOOP || op == OP_FORALL ? wyil_loop_end(c->fn, h) : -1;
      for (int i = c->at + 1; i < e; i++) {
        int d = wyil_def_reg(c->fn->code[i]);
        if (d == r->args[0] || d == r->args[1])
          return wyil_fmt("an enclosing loop changes %s after the range "
                          "is made (the range keeps the old value)",
                          quoted(c->fn, d));
      }
    }
    c->k->lo[0] = r->args[0];
    c->k->hi[0] = r->args[1];
    c->index_var = loop->dst;
    return NULL;
  }
  Type *elem;
  int depth = flt_list_depth(loop->type, &elem);
  if (!depth)
    return wyil_fmt("iterates over a %s", ty_str(loop->type));
  c->rows = depth > 1;   /* a row per work item: reduce kernels only */
  const char *why = type_reason(elem, c->opt);
  if (why) return why;
  for (int i = c->at + 1; i < c->end; i++)
    if (wyil_def_reg(c->fn->code[i]) == src)
      return wyil_fmt("writes %s, the list it iterates over",
                      quoted(c->fn, src));
  c->k->over_list = true;
  c->k->src = src;
  c->k->lo[0] = c->k->hi[0] = -1;
  c->index_var = -1;
  return NULL;
}

/* Is register r defined once in fn, by a scalar constant? */
static Insn *
sole_const(Func *fn, int r)
{
  Cfg *cfg = wyil_cfg(fn);
  if (cfg->ndefs[r] != 1 || r < fn->nparams) return NULL;
  Insn *def = fn->code[cfg->def_at[r]];
  if (def->op != OP_CONST) return NULL;
  ConstKind ck = def->cst->kind;
  return ck == C_INT || ck == C_BOOL || ck == C_REAL ? def : NULL;
}

/* Does some definition of r run in every iteration of the loop (no
 * branch of the body skips it)? */
static bool
always_written(Ctx *c, int r)
{
  Cfg *cfg = wyil_cfg(c->fn);
  for (int i = c->at + 1; i < c->end; i++)
    if (wyil_def_reg(c->fn->code[i]) == r
        && flt_runs_every_iteration(c->fn, cfg, c->at, i))
      return true;
  return false;
}

/* Every register the body writes, whatever its type or the instruction
 * that defines it, is private to the iteration (not live on entry to the
 * body) and dead after the loop: unless it is a list the body writes
 * only element by element (check_list rules on those).  A row taken
 * from a list (`row = m[i]`) is a view on the device: writing into it
 * would need a private copy per work item. */
static const char *
check_private(Ctx *c)
{
  Func *fn = c->fn;
  int exit_at = c->end + 1;
  int *nupd = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int i = c->at + 1; i < c->end; i++)
    if (fn->code[i]->op == OP_UPDATE) nupd[fn->code[i]->dst]++;
  for (int r = 0; r < fn->nregs; r++) {
    if (!c->ndefs[r] || r == c->loopvar || c->red[r]) continue;
    if (c->k->build_append && r == c->k->build_list) continue;  /* build.c */
    Type *t = wyil_def_type(c->def[r]);
    bool list = t && ty_list_elem(t);
    if (list && nupd[r] == c->ndefs[r]) continue;  /* element writes */
    const char *nm = reg_name(fn, r);
    bool some = wyil_live_in(c->lv, c->at + 1, r) && !always_written(c, r);
    if (some && nm && c->red_why[r])
      return wyil_fmt("may write '%s' (in some iterations: loop-carried); "
                      "not a reduction: the body %s", nm, c->red_why[r]);
    if (some && nm)
      return wyil_fmt("may write '%s' (in some iterations: its value carries "
                      "from one iteration to the next)", nm);
    if (wyil_live_in(c->lv, c->at + 1, r) && nm && c->red_why[r])
      return wyil_fmt("writes '%s' in every iteration (loop-carried); not "
                      "a reduction: the body %s", nm, c->red_why[r]);
    if (wyil_live_in(c->lv, c->at + 1, r))
      return nm ? wyil_fmt("writes '%s' in every iteration (loop-carried)", nm)
                : "carries a value from one iteration to the next";
    if (wyil_live_in(c->lv, exit_at, r))
      return nm ? wyil_fmt("writes '%s', which is read after the loop", nm)
                : "computes a value used after the loop";
    if (list && nupd[r])
      return wyil_fmt("writes into %s, a copy of a row (each work item "
                      "would need its own copy)", quoted(fn, r));
  }
  return NULL;
}

/* The innermost loop of the body around code[i] that does not also
 * enclose code[d] (the index of the FORALL/LOOP), or -1. */
static int
loop_around_not(Ctx *c, int i, int d)
{
  int best = -1;
  for (int h = c->at + 1; h < i; h++) {
    Op op = c->fn->code[h]->op;
    if (op != OP_LOOP && op != OP_FORALL) continue;
    int e = wyil_loop_end(c->fn, h);
    if (i < e && !(h <= d && d < e)) {
      best = h;
      break;   /* the outermost such loop covers the inner ones */
    }
  }
  return best;
}

/* May an element write of the list L (some UPDATE of L in the body) run
 * between the definition of view v at code[d] and its use at code[u]? */
static bool
write_between(Ctx *c, int L, int d, int u)
{
  Func *fn = c->fn;
  int from = d, to = u;
  if (fn->code[u]->op == OP_FORALL) to = wyil_loop_end(fn, u);  /* read
                                                    in every iteration */
  int h = loop_around_not(c, u, d);
  if (h >= 0) {   /* the use repeats: every write in that loop precedes
                     some later use */
    from = h;
    if (wyil_loop_end(fn, h) > to) to = wyil_loop_end(fn, h);
  }
  for (int i = from + 1; i < to; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_UPDATE && in->dst == L) return true;
  }
  return false;
}

/* Rows keep value semantics: `row = m[i]` is a copy on the CPU, a view
 * of m's buffer on the device.  The two agree unless m is written
 * between taking the row and reading it (also `for x in m[i]` while the
 * body writes m[i]).  views[r]: the list whose rows register r views. */
static const char *
check_views(Ctx *c)
{
  Func *fn = c->fn;
  int *root = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  int *defat = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int r = 0; r < fn->nregs; r++) root[r] = -1;
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_INDEXOF && in->op != OP_FORALL) continue;
    Type *t = wyil_def_type(in);
    if (in->dst < 0 || !t || !ty_list_elem(t)) continue;  /* no row */
    int src = in->args[0];
    root[in->dst] = root[src] >= 0 ? root[src] : src;
    defat[in->dst] = i;
    if (c->ndefs[in->dst] > 1) {
      bool written = false;
      for (int j = c->at + 1; j < c->end && !written; j++)
        written = fn->code[j]->op == OP_UPDATE
                  && fn->code[j]->dst == root[in->dst];
      if (written)
        return wyil_fmt("takes rows of %s into one variable in several "
                        "places while writing it", quoted(fn,
                                                          root[in->dst]));
    }
  }
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = fn->code[i];
    for (int a = 0; a < in->nargs; a++) {
      int v = in->args[a], L = v >= 0 ? root[v] : -1;
      if (L < 0 || !write_between(c, L, defat[v], i)) continue;
      return wyil_fmt("takes a row of %s and may write %s before reading "
                      "the row (a copy on the CPU, a view on the device)",
                      quoted(fn, L), quoted(fn, L));
    }
  }
  return NULL;
}

/* A kernel with reductions is a reduce kernel; it may also write lists
 * (a map with a reduction): the runtime commits the lists and the
 * reduced values together, or neither (runtime/ocl_run.c). */
static const char *
reduce_kind(Ctx *c)
{
  Kernel *k = c->k;
  bool red = false;
  const char *list = NULL;
  for (int a = 0; a < k->nargs; a++) {
    if (k->args[a].kind == KA_LIST_INOUT || k->args[a].kind == KA_LIST_OUT)
      list = k->args[a].name ? k->args[a].name : "a list";
    if (k->args[a].kind != KA_REDUCE) continue;
    if (!k->red_op) k->red_op = wyil_alloc((size_t)k->nargs + 1);
    k->red_op[a] = c->red[k->args[a].reg];
    red = true;
  }
  if (c->rows && (!red || list))
    return list ? wyil_fmt("iterates over a list of lists (a row per work "
                           "item) and writes '%s'", list)
                : "iterates over a list of lists (a row per work item)";
  if (red && k->kind == KK_BUILD)
    return wyil_fmt("builds '%s' and reduces in the same loop (a build "
                    "with a reduction stays on the CPU)",
                    k->fn->regnames[k->build_list]
                    ? k->fn->regnames[k->build_list] : "a list");
  if (red) k->kind = KK_REDUCE;
  return NULL;
}

/* The loops whose ranges the dependence tests took as ascending: each
 * runs on the device only when it does (Insn.ascends), and --explain
 * names their variables. */
static void
mark_ascending(Ctx *c)
{
  const char *names = NULL;
  for (int v = 0; v < FLT_AFF_VARS; v++) {
    if (!(c->ascend >> v & 1)) continue;
    FltAffVar *var = &c->nest->var[v];
    c->fn->code[var->loop]->ascends = true;
    const char *nm = reg_name(c->fn, var->reg);
    names = wyil_fmt("%s%s%s", names ? names : "", names ? ", " : "",
                     nm ? nm : "?");
  }
  c->k->ascend_vars = names;
}

const char *
flt_parallel(Func *fn, int at, Live *lv, const FilterOptions *opt,
             Kernel *k)
{
  Insn *loop = fn->code[at];
  Ctx c = {fn, at, wyil_loop_end(fn, at), lv, opt, k, NULL, loop->dst, -1,
           NULL, NULL, NULL, NULL, NULL, false, NULL, 0};
  if (opt->opt_level == 0) return "offloading is off (-O0)";
  c.ndefs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  c.def = wyil_alloc(sizeof(Insn *) * (size_t)(fn->nregs + 1));
  c.label_at = wyil_cfg(fn)->label_at;
  const char *why = check_bounds(&c, loop);
  if (why) return why;
  k->fn = k->host = fn;
  k->loop = loop;
  k->ndims = 1;
  k->loopvar[0] = loop->dst;
  k->loops[0] = loop;
  for (int i = at + 1; i < c.end; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0) {
      c.ndefs[d]++;
      c.def[d] = fn->code[i];
    }
  }
  if (c.ndefs[c.loopvar]) c.index_var = -1;  /* `i = i + 1` in the body */
  c.red = wyil_alloc((size_t)fn->nregs + 1);
  c.red_why = wyil_alloc(sizeof(char *) * (size_t)(fn->nregs + 1));
  for (int r = 0; r < fn->nregs; r++) {
    Type *t = c.ndefs[r] ? wyil_def_type(c.def[r]) : NULL;
    if (!t || r == c.loopvar || !wyil_live_in(lv, at + 1, r)
        || ty_list_elem(t))
      continue;
    KRedOp op = flt_reduction(fn, at, c.end, c.ndefs, r, &c.red_why[r]);
    if (op && is_scalar(t, opt) && !flt_num_union(t)) c.red[r] = (uint8_t)op;
    else if (op) c.red_why[r] = type_reason(t, opt);
  }
  /* build.c: before the checks (it marks the append they accept); its
   * reason comes after the calls', which name the real obstacle */
  const char *build_why = flt_build_find(fn, at, lv, k);
  c.numkind = flt_num_kinds(fn, at, c.end, c.ndefs);
  for (int r = 0; r < fn->nregs; r++)
    if (c.numkind[r] >= 2) {  /* int|real kept as a device real */
      if (!k->numreal) k->numreal = wyil_alloc((size_t)fn->nregs + 1);
      k->numreal[r] = true;
    }
  /* calls, exits and I/O first: they name the real obstacle better than
   * the types of the values feeding them (sys.out is a record field) */
  PtrVec stack = {0};
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1 && build_why) return build_why;
    for (int i = at + 1; i < c.end; i++) {
      Op op = fn->code[i]->op;
      bool strong = op == OP_INVOKE || op == OP_RETURN || op == OP_THROW
                    || op == OP_GOTO || op == OP_DEBUG || op == OP_TRY
                    || op == OP_INDIRECT;
      if (strong != (pass == 0)) continue;
      if ((why = check_insn(&c, fn, fn->code[i], false, &stack))) return why;
    }
  }
  if ((why = check_private(&c))) return why;
  if ((why = check_views(&c))) return why;
  /* what the kernel reads from outside: scalars and lists */
  PtrVec args = {0};
  for (int r = 0; r < fn->nregs; r++) {
    bool src = k->over_list && r == k->src;
    if (r == c.loopvar || (!wyil_live_in(lv, at + 1, r) && !src)) continue;
    Type *t = NULL;
    bool used = false;
    for (int i = at + 1; i < c.end && !used; i++) {
      Insn *in = fn->code[i];
      for (int a = 0; a < in->nargs; a++)
        if (in->args[a] == r) {
          used = true;
          t = operand_type(in, a);
          break;
        }
      if (in->op == OP_UPDATE && in->dst == r) {
        used = true;
        t = in->type;
      }
    }
    if (!used && !src) continue;
    if (!t) t = loop->type;  /* the list iterated over, only there */
    Insn *cst = sole_const(fn, r);
    if (cst && !type_reason(cst->type, opt)) {
      vec_push(&k->consts, cst);  /* the kernel defines it itself */
      continue;
    }
    KernelArg *ka = wyil_alloc(sizeof(KernelArg));
    ka->reg = r;
    ka->type = t;
    ka->name = reg_name(fn, r);
    ka->depth = flt_list_depth(t, &ka->elem);
    if (c.red[r]) {
      ka->kind = KA_REDUCE;
      ka->type = wyil_def_type(c.def[r]);
      ka->elem = ty_expand(ka->type);
      ka->depth = 0;
    } else if (ka->depth && k->build_append && r == k->build_list) {
      ka->kind = KA_LIST_OUT;   /* build.c: written whole, never read */
    } else if (ka->depth) {
      if ((why = check_list(&c, r, ka))) return why;
    } else {
      if ((why = type_reason(t, opt))) return why;
      if (flt_num_union(t))
        return wyil_fmt("reads %s, an int or a real, from before the loop",
                        quoted(fn, r));
      ka->kind = KA_SCALAR;
      ka->elem = ty_expand(t);
    }
    if (ty_expand(ka->elem)->kind == TY_REAL) k->uses_real = true;
    vec_push(&args, ka);
  }
  /* a list defined inside the body and indexed there is a private list:
   * the checks above rejected its allocation already */
  k->nargs = args.n;
  k->args = wyil_alloc(sizeof(KernelArg) * (size_t)(args.n + 1));
  for (int i = 0; i < args.n; i++) k->args[i] = *(KernelArg *)args.v[i];
  if ((why = reduce_kind(&c))) return why;
  mark_ascending(&c);
  return NULL;
}
