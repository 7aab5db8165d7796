/* numkind.c -- values of type int|real in a kernel.
 *
 * Flow typing gives `s = 0; if c: s = xs[i]` the type int|real, and the
 * sum of a real and such a value the type int|real too, although a real
 * on either side of + - * / makes the result a real (spec §4.5).  Unless
 * --gpu-real=exact, a kernel keeps these values as device reals when
 * that can change no result:
 * - the kind of each register defined in the loop body is computed from
 *   its definitions: INT, REAL or MIXED (either, at run time);
 * - arithmetic typed int|real must have a REAL operand (so its result is
 *   a real) and no INT one (the device holds those as ints);
 * - a MIXED value is only an operand of such arithmetic, or copied; an
 *   int in it becomes the same number as a real, as the CPU would do;
 * - an element stored into a list of int|real must be a REAL (the CPU
 *   would store a real there too); one read from it is MIXED.
 * Everything else involving int|real stays on the CPU.
 *
 * Contract (compiler/pipeline.c's table): Part of pass classify (through
 * depend.c). Requires: the function's definitions. Provides: Kernel.numreal.
 * Invalidates nothing.
 */
#include "filter_internal.h"

enum { NK_NONE, NK_INT, NK_REAL, NK_MIXED };

bool
flt_num_union(Type *t)
{
  bool i = false, r = false;
  t = t ? ty_expand(t) : NULL;
  if (!t || t->kind != TY_UNION) return false;
  for (int k = 0; k < t->n; k++) {
    Type *e = ty_expand(t->elems[k]);
    if (e->kind == TY_INT) i = true;
    else if (e->kind == TY_REAL) r = true;
    else return false;
  }
  return i && r;
}

static int
type_kind(Type *t)
{
  t = t ? ty_expand(t) : NULL;
  if (!t) return NK_NONE;
  if (t->kind == TY_INT) return NK_INT;
  if (t->kind == TY_REAL) return NK_REAL;
  return flt_num_union(t) ? NK_MIXED : NK_NONE;
}

static int
join(int a, int b)
{
  if (a == NK_NONE) return b;
  if (b == NK_NONE || a == b) return a;
  return NK_MIXED;
}

typedef struct NumCtx {
  Func *fn;
  int at, end;
  const int *ndefs;     /* definitions inside the body */
  uint8_t *kind;
} NumCtx;

/* The kind of register r as an operand inside the body (flt_num_kinds
 * filled in the registers from before the loop too). */
static int
kind_of(NumCtx *c, int r)
{
  return c->kind[r];
}

static int
def_kind(NumCtx *c, Insn *in)
{
  int t = type_kind(in->type), a, b;
  switch (in->op) {
  case OP_INDEXOF:
    return type_kind(ty_list_elem(in->type));
  case OP_FORALL:
    return type_kind(ty_list_elem(in->type));
  case OP_INVOKE:
    return type_kind(in->callee->type->ret);
  case OP_ASSIGN: case OP_NEG:
    return t == NK_MIXED ? kind_of(c, in->args[0]) : t;
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    if (t != NK_MIXED) return t;
    a = kind_of(c, in->args[0]);
    b = kind_of(c, in->args[1]);
    if (a == NK_REAL || b == NK_REAL) return NK_REAL;
    if (a == NK_NONE || b == NK_NONE) return NK_NONE;   /* not yet known */
    return a == NK_INT && b == NK_INT ? NK_INT : NK_MIXED;
  default:
    return t;
  }
}

uint8_t *
flt_num_kinds(Func *fn, int at, int end, const int *ndefs)
{
  NumCtx c = {fn, at, end, ndefs, NULL};
  int var = fn->code[at]->dst;
  c.kind = wyil_alloc((size_t)fn->nregs + 1);
  /* registers only from before the loop: by their parameter types or
   * their definitions' types */
  for (int r = 0; r < fn->nparams; r++)
    if (!ndefs[r] && r != var)
      c.kind[r] = (uint8_t)type_kind(fn->type->elems[r]);
  for (int i = 0; i < at; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d < 0 || d < fn->nparams || ndefs[d] || d == var
        || in->op == OP_UPDATE)
      continue;
    c.kind[d] = (uint8_t)join(c.kind[d], in->op == OP_INDEXOF
                              ? type_kind(ty_list_elem(in->type))
                              : type_kind(in->type));
  }
  c.kind[var] = (uint8_t)def_kind(&c, fn->code[at]);
  for (bool changed = true; changed;) {   /* kinds only grow: it ends */
    changed = false;
    for (int i = at + 1; i < end; i++) {
      Insn *in = fn->code[i];
      int d = wyil_def_reg(in);
      if (d < 0 || in->op == OP_UPDATE) continue;
      int k = join(c.kind[d], def_kind(&c, in));
      if (k != c.kind[d]) {
        c.kind[d] = (uint8_t)k;
        changed = true;
      }
    }
  }
  return c.kind;
}

static const char *
named(Func *fn, int r)
{
  return fn->regnames[r] ? wyil_fmt("'%s'", fn->regnames[r]) : "a value";
}

const char *
flt_check_num(Func *fn, int at, int end, const int *ndefs,
              const uint8_t *kind, Insn *in)
{
  NumCtx c = {fn, at, end, ndefs, (uint8_t *)kind};
  bool uni = flt_num_union(in->type);
  int mixed = -1;
  for (int a = 0; a < in->nargs; a++)
    if (kind_of(&c, in->args[a]) == NK_MIXED) mixed = in->args[a];
  if (in->op == OP_UPDATE) {
    Type *e = in->type;
    for (int s = 0; s < in->nsteps && e; s++) e = ty_list_elem(e);
    int v = in->args[in->nargs - 1];
    if (flt_num_union(e) && kind_of(&c, v) != NK_REAL)
      return wyil_fmt("stores %s, an int or a real, into a list of "
                      "int|real (the kind would be lost)", named(fn, v));
  }
  if (!uni && mixed < 0) return NULL;
  switch (in->op) {
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: {
    int a = kind_of(&c, in->args[0]), b = kind_of(&c, in->args[1]);
    if ((a == NK_REAL && b != NK_INT) || (b == NK_REAL && a != NK_INT))
      return NULL;
    return wyil_fmt("computes with %s, an int or a real, where the "
                    "result's kind depends on which", named(fn, mixed >= 0
                    ? mixed : in->args[0]));
  }
  case OP_NEG: case OP_ASSIGN:
    if (kind_of(&c, in->args[0]) != NK_INT) return NULL;
    break;
  case OP_CONVERT:   /* to real: a real whichever kind it was */
    if (in->type2 && ty_expand(in->type2)->kind == TY_REAL) return NULL;
    break;
  case OP_INDEXOF:
    if (mixed < 0) return NULL;   /* an element of a list of int|real */
    break;
  default:
    break;
  }
  return wyil_fmt("uses %s, an int or a real, where its kind matters",
                  named(fn, mixed >= 0 ? mixed : in->dst >= 0 ? in->dst
                                                  : in->args[0]));
}
