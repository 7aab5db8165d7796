/* reduce.c -- reductions: scalars a loop carries only through
 * `s = s ⊕ e`.
 *
 * Requires: the body's definitions (depend.c counts them).  A register
 * s written in the body of a `forall` and live on entry to it is a
 * reduction when every path through the body leaves s_out = s_in ⊕ v,
 * v not depending on s_in, or s_out = s_in, for one associative and
 * commutative ⊕.  Then any work item may start s at ⊕'s identity, run
 * the body unchanged and hand over its s; the items' values combined in
 * any order, and with s's value before the loop, give the sequential
 * answer (exactly for ints and bools; for reals up to rounding).  The
 * shapes recognised, with s read nowhere else in the body:
 *   s = s ⊕ e, also through a chain of temporaries of the same
 *     operator (`total = total + y * size + x + 1`): ⊕ in int/real + *;
 *   s = Math.max(s, e), Math.min (either argument order);
 *   if x > s: s = x  (and <, >=, <=, either operand order): max, min;
 *   b = b && e, b = b || e (short-circuit: the branch that finds b at
 *     the absorbing value sets the result to it).
 * A count `if c: n = n + 1` is the first shape under a condition.
 */
#include <string.h>

#include "filter_internal.h"

/* ORDER KRedOp */
const char *const flt_red_name[] = {"", "+", "*", "&&", "||", "min", "max"};

typedef struct RCtx {
  Func *fn;
  int at, end;
  const int *ndefs;   /* definitions of each register in the body */
} RCtx;

/* The instructions of the body reading register r: their number, the
 * first in *first. */
static int
uses_of(RCtx *c, int r, int *first)
{
  int n = 0;
  *first = -1;
  for (int i = c->at + 1; i < c->end; i++) {
    Insn *in = c->fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == r) {
        if (!n++) *first = i;
        break;
      }
  }
  return n;
}

static int
count_arg(Insn *in, int r)
{
  int n = 0;
  for (int a = 0; a < in->nargs; a++) n += in->args[a] == r;
  return n;
}

static bool
is_math(Func *fn, const char *name)
{
  return wyil_is_math(fn, name) && fn->type && fn->type->n == 2;
}

/* The value of a bool register defined once in fn by a constant: 0 or
 * 1, else -1. */
static int
const_bool(Func *fn, int r)
{
  Cfg *cfg = wyil_cfg(fn);
  if (r < fn->nparams || cfg->ndefs[r] != 1) return -1;
  Insn *d = fn->code[cfg->def_at[r]];
  if (d->op != OP_CONST || d->cst->kind != C_BOOL) return -1;
  return d->cst->u ? 1 : 0;
}

/* Skip labels and nops from code[i]. */
static int
skip_labels(RCtx *c, int i)
{
  while (i < c->end && (c->fn->code[i]->op == OP_LABEL
                        || c->fn->code[i]->op == OP_NOP))
    i++;
  return i;
}

/* Does the code from code[p] set t to the bool value a and go straight
 * to the instruction at code[d]? */
static bool
sets_then_reaches(RCtx *c, int p, int t, int a, int d)
{
  p = skip_labels(c, p);
  if (p >= c->end) return false;
  Insn *in = c->fn->code[p];
  if (in->op != OP_CONST || in->dst != t || in->cst->kind != C_BOOL
      || (in->cst->u ? 1 : 0) != a)
    return false;
  p = skip_labels(c, p + 1);
  if (p == d) return true;
  if (p >= c->end || c->fn->code[p]->op != OP_GOTO) return false;
  int j = wyil_cfg(c->fn)->label_at[c->fn->code[p]->label];
  return j > c->at && j < c->end && skip_labels(c, j) == d;
}

/* s = s ⊕ e, through a chain of temporaries: the op, else KR_NONE and
 * *why. */
static KRedOp
arith_chain(RCtx *c, int s, int u, const char **why)
{
  Insn *in = c->fn->code[u];
  Op op = in->op;
  if (op == OP_SUB || op == OP_DIV || op == OP_REM) {
    *why = wyil_fmt("updates it with '%s', which is no reduction operator "
                    "(+, *, &&, ||, min, max)", op == OP_SUB ? "-"
                    : op == OP_DIV ? "/" : "%");
    return KR_NONE;
  }
  if (op == OP_INVOKE && (is_math(in->callee, "max")
                          || is_math(in->callee, "min"))) {
    if (in->dst != s || count_arg(in, s) != 1) {
      *why = "reads it outside its update";
      return KR_NONE;
    }
    return is_math(in->callee, "max") ? KR_MAX : KR_MIN;
  }
  if (op != OP_ADD && op != OP_MUL) {
    *why = "reads it outside its update (s = s ⊕ e)";
    return KR_NONE;
  }
  TypeKind k = ty_expand(in->type)->kind;
  if (k != TY_INT && k != TY_REAL) {
    *why = wyil_fmt("would reduce values of type %s", ty_str(in->type));
    return KR_NONE;
  }
  int cur = u, steps = 0;
  if (count_arg(in, s) != 1) {
    *why = "reads it twice in its update";
    return KR_NONE;
  }
  while (c->fn->code[cur]->dst != s) {
    int t = c->fn->code[cur]->dst, next;
    if (t < 0 || c->ndefs[t] != 1 || uses_of(c, t, &next) != 1
        || ++steps > 16) {
      *why = "reads it outside its update (s = s ⊕ e)";
      return KR_NONE;
    }
    Insn *n = c->fn->code[next];
    if (n->op != op || count_arg(n, t) != 1
        || ty_expand(n->type)->kind != k) {
      *why = n->op == OP_SUB || n->op == OP_DIV
             ? "mixes its update's operator with another (not s = s ⊕ e)"
             : "reads it outside its update (s = s ⊕ e)";
      return KR_NONE;
    }
    cur = next;
  }
  return op == OP_ADD ? KR_ADD : KR_MUL;
}

/* if x > s: s = x (d: the assignment, the only definition). */
static KRedOp
minmax_idiom(RCtx *c, int s, int f, int d)
{
  Insn *in = c->fn->code[f], *as = c->fn->code[d];
  int x = as->args[0];
  if (in->op != OP_IF || f != d - 1 || x == s || in->nargs != 2) return KR_NONE;
  TypeKind k = ty_expand(in->type)->kind;
  if (k != TY_INT && k != TY_REAL) return KR_NONE;
  int target = wyil_cfg(c->fn)->label_at[in->label];
  if (target <= d || target >= c->end) return KR_NONE;
  bool x_first = in->args[0] == x && in->args[1] == s;
  if (!x_first && !(in->args[0] == s && in->args[1] == x)) return KR_NONE;
  /* the update runs when the branch is not taken */
  Cmp upd = cmp_negate(in->cmp);
  bool greater = upd == CMP_GT || upd == CMP_GE;
  if (!greater && upd != CMP_LT && upd != CMP_LE) return KR_NONE;
  /* x > s (s < x): s becomes the greater */
  return greater == x_first ? KR_MAX : KR_MIN;
}

/* Is code[f+1 .. d] entered only through code[f]: no loop starts or
 * ends in it, and no branch from outside it targets a label in it?
 * Then every path to d passes f in the same iteration. */
static bool
entered_by(RCtx *c, int f, int d)
{
  Cfg *cfg = wyil_cfg(c->fn);
  for (int i = f + 1; i <= d; i++) {
    Op op = c->fn->code[i]->op;
    if (op == OP_FORALL || op == OP_LOOP || op == OP_END) return false;
  }
  for (int i = c->at + 1; i < c->end; i++) {
    if (i >= f && i <= d) continue;
    Insn *in = c->fn->code[i];
    if (!(wyil_op_flags[in->op] & F_BRANCH) && in->op != OP_GOTO) continue;
    int t = in->label >= 0 ? cfg->label_at[in->label] : -1;
    if (t > f && t <= d) return false;
    for (int k = 0; k < in->ncases; k++) {
      t = cfg->label_at[in->cases[k].label];
      if (t > f && t <= d) return false;
    }
  }
  return true;
}

/* b = b && e, b = b || e (d: the assignment b = t). */
static KRedOp
bool_idiom(RCtx *c, int s, int f, int d)
{
  Insn *in = c->fn->code[f], *as = c->fn->code[d];
  int t = as->args[0];
  if (in->op != OP_IF || f > d || t == s || in->nargs != 2
      || (in->cmp != CMP_EQ && in->cmp != CMP_NE))
    return KR_NONE;
  int other = in->args[0] == s ? in->args[1] : in->args[0];
  int cv = const_bool(c->fn, other);
  if (cv < 0 || count_arg(in, s) != 1 || !entered_by(c, f, d)) return KR_NONE;
  int x = in->cmp == CMP_EQ ? cv : !cv;  /* taken when s == x */
  int target = wyil_cfg(c->fn)->label_at[in->label];
  if (target <= c->at || target >= c->end) return KR_NONE;
  int a = -1;
  if (sets_then_reaches(c, target, t, x, d)) a = x;
  else if (sets_then_reaches(c, f + 1, t, !x, d)) a = !x;
  if (a < 0) return KR_NONE;
  return a ? KR_OR : KR_AND;   /* false absorbs &&, true absorbs || */
}

KRedOp
flt_reduction(Func *fn, int at, int end, const int *ndefs, int s,
              const char **why)
{
  RCtx c = {fn, at, end, ndefs};
  int d = -1, f;
  *why = NULL;
  if (ndefs[s] != 1) {
    *why = "updates it in more than one place";
    return KR_NONE;
  }
  for (int i = at + 1; i < end && d < 0; i++)
    if (wyil_def_reg(fn->code[i]) == s) d = i;
  Insn *def = fn->code[d];
  Type *t = wyil_def_type(def);
  TypeKind k = t ? ty_expand(t)->kind : TY_ANY;
  if (k != TY_INT && k != TY_REAL && k != TY_BOOL) {
    *why = wyil_fmt("would reduce values of type %s", t ? ty_str(t) : "?");
    return KR_NONE;
  }
  int nuse = uses_of(&c, s, &f);
  if (nuse == 0) {
    *why = "sets it without reading it";
    return KR_NONE;
  }
  if (nuse != 1) {
    *why = "reads it outside its update (s = s ⊕ e)";
    return KR_NONE;
  }
  KRedOp op = KR_NONE;
  if (def->op == OP_ASSIGN && k == TY_BOOL) op = bool_idiom(&c, s, f, d);
  else if (def->op == OP_ASSIGN) op = minmax_idiom(&c, s, f, d);
  else return arith_chain(&c, s, f, why);
  if (op == KR_NONE) *why = "reads it outside its update (s = s ⊕ e)";
  return op;
}

bool
flt_red_within(const Kernel *inner, const Kernel *k)
{
  for (int a = 0; a < inner->nargs; a++) {
    if (inner->args[a].kind != KA_REDUCE) continue;
    bool found = false;
    for (int b = 0; b < k->nargs && !found; b++)
      found = k->args[b].kind == KA_REDUCE
              && k->args[b].reg == inner->args[a].reg
              && k->red_op[b] == inner->red_op[a];
    if (!found) return false;
  }
  return true;
}

const char *
flt_red_outside(Func *fn, int outer, int inner, const Kernel *k)
{
  int end = wyil_loop_end(fn, outer), iend = wyil_loop_end(fn, inner);
  for (int a = 0; a < k->nargs; a++) {
    if (k->args[a].kind != KA_REDUCE) continue;
    int r = k->args[a].reg;
    for (int i = outer + 1; i < end; i++) {
      if (i == inner) {
        i = iend;
        continue;
      }
      Insn *in = fn->code[i];
      if (wyil_def_reg(in) == r || count_arg(in, r))
        return wyil_fmt("it updates '%s' outside its inner loop (once per "
                        "work item of a flattened nest)",
                        k->args[a].name ? k->args[a].name : "?");
    }
  }
  return NULL;
}
