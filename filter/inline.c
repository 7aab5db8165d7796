/* inline.c -- small int functions a kernel calls are copied into the
 * kernel function, so that the range analysis of its device code
 * (checks/range.c) sees what they compute: in a kernel,
 * `fixMul(zr, zr)` (`return (a * b) / ONE`) becomes `zr * zr / 4096`, a
 * square, and a test `fixMul(zr, zr) + fixMul(zi, zi) <= 4 * ONE` that
 * dominates a use of zr bounds zr there.  Behind a call the analysis
 * has only what the function returns for every argument.  Only the
 * kernel function changes: the host keeps its loop and its calls (the
 * CPU fallback), and a function still called elsewhere is still
 * emitted for those calls.
 *
 * Inlined: a function (not native, not a method) whose parameters, result
 * and instructions are all ints or bools, of at most INLINE_MAX
 * instructions, straight code and forward branches only: constants, copies,
 * arithmetic, bit operations, `if`, assert, fail, goto and label (no loop,
 * no call, no list), and one return, its last instruction.  A function with
 * several returns (`bound(v, lo, hi)`, returning lo, hi or v) stays a call:
 * its result would be a register defined several times, whose interval is
 * the hull of its definitions, which the function's return bounds already
 * give, and through which checks/hoist.c moves an index check before the
 * loop.  A parameter the body never writes becomes the caller's argument
 * register, so that `f(x, x)` computes `x * x`, which the analysis knows is
 * never negative; one it writes gets a copy.  The return becomes a copy into
 * the call's destination.  The function's checks (its body's, its requires
 * and ensures) are the kernel's: a failure sets the kernel's error flag with
 * the code the call's status carried, and the CPU reruns the loop, raising
 * the error where the function raises it.
 *
 * Contract (compiler/pipeline.c's table): Part of pass outline (split.c's
 * flt_outline). Requires: a kernel function just outlined. Provides: its
 * calls of small int functions replaced by their code. Invalidates: the
 * kernel function's CFG.
 */
#include <string.h>

#include "filter_internal.h"

/* Longer functions stay calls: the copies would grow the kernel. */
#define INLINE_MAX 48

static bool
scalar_type(Type *t)
{
  return !t || ty_is(t, TY_INT) || ty_is(t, TY_BOOL);
}

static bool
inline_op(Op op)
{
  switch (op) {
  case OP_NOP: case OP_CONST: case OP_ASSIGN:
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
  case OP_NEG: case OP_BITAND: case OP_BITOR: case OP_BITXOR:
  case OP_SHL: case OP_SHR: case OP_INVERT:
  case OP_LABEL: case OP_GOTO: case OP_IF: case OP_ASSERT: case OP_FAIL:
  case OP_RETURN:
    return true;
  default:
    return false;
  }
}

/* Can a kernel's call of fn be replaced by fn's code? */
static bool
inlinable(Func *fn)
{
  if (!fn || fn->is_native || fn->is_method || fn->kernel
      || fn->ncode > INLINE_MAX || !fn->type || fn->type->kind != TY_FUNC
      || !scalar_type(fn->type->ret))
    return false;
  for (int p = 0; p < fn->type->n; p++)
    if (!fn->type->elems[p] || !scalar_type(fn->type->elems[p]))
      return false;
  if (fn->ncode < 1 || fn->code[fn->ncode - 1]->op != OP_RETURN) return false;
  int *label_at = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  for (int l = 0; l < fn->nlabels; l++) label_at[l] = -1;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (!inline_op(in->op) || !scalar_type(in->type)
        || (in->op == OP_RETURN && i < fn->ncode - 1))
      return false;
    if (in->op == OP_LABEL && in->label >= 0 && in->label < fn->nlabels)
      label_at[in->label] = i;
  }
  /* forward branches only: no loop made of gotos */
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_GOTO && in->op != OP_IF) continue;
    if (in->label < 0 || in->label >= fn->nlabels || label_at[in->label] < i)
      return false;
  }
  return true;
}

typedef struct Inliner {
  Func *kfn, *callee;
  Insn *call;
  int *reg;        /* callee register -> kernel register, -1 not yet */
  int *label;      /* callee label -> kernel label */
  PtrVec out;      /* the kernel's new code */
} Inliner;

static bool
writes_param(Func *fn, int p)
{
  for (int i = 0; i < fn->ncode; i++)
    if (wyil_def_reg(fn->code[i]) == p) return true;
  return false;
}

static int
map_reg(Inliner *n, int r)
{
  if (r < 0) return r;
  if (n->reg[r] < 0) n->reg[r] = wyil_new_reg(n->kfn, n->callee->regnames[r]);
  return n->reg[r];
}

static void
put(Inliner *n, Insn *in)
{
  vec_push(&n->out, in);
}

/* The code replacing n->call. */
static void
expand(Inliner *n)
{
  Func *f = n->callee;
  Insn *call = n->call;
  n->reg = wyil_alloc(sizeof(int) * (size_t)(f->nregs + 1));
  n->label = wyil_alloc(sizeof(int) * (size_t)(f->nlabels + 1));
  for (int r = 0; r < f->nregs; r++) n->reg[r] = -1;
  for (int l = 0; l < f->nlabels; l++) n->label[l] = wyil_new_label(n->kfn);
  for (int p = 0; p < f->nparams && p < call->nargs; p++) {
    if (!writes_param(f, p)) {
      n->reg[p] = call->args[p];
      continue;
    }
    put(n, flt_new_insn(OP_ASSIGN, f->type->elems[p], map_reg(n, p),
                        call->args[p], -1, call->pos));
  }
  for (int i = 0; i < f->ncode; i++) {
    Insn *in = f->code[i];
    if (in->op == OP_RETURN) {   /* the last */
      if (in->nargs > 0 && call->dst >= 0)
        put(n, flt_new_insn(OP_ASSIGN, f->type->ret, call->dst,
                            map_reg(n, in->args[0]), -1, in->pos));
      continue;
    }
    Insn *c = wyil_alloc(sizeof(Insn));
    *c = *in;   /* constants, messages, comparisons: shared */
    c->args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
    for (int a = 0; a < in->nargs; a++) c->args[a] = map_reg(n, in->args[a]);
    c->dst = map_reg(n, in->dst);
    if (in->label >= 0 && in->label < f->nlabels)
      c->label = n->label[in->label];
    put(n, c);
  }
}

/* Add to seen the functions fn's code calls, transitively. */
static void
reach(PtrVec *seen, Func *fn)
{
  for (int i = 0; i < fn->ncode; i++) {
    Func *c = fn->code[i]->op == OP_INVOKE ? fn->code[i]->callee : NULL;
    if (!c || c->is_native) continue;
    bool known = false;
    for (int j = 0; j < seen->n && !known; j++) known = seen->v[j] == c;
    if (known) continue;
    vec_push(seen, c);
    reach(seen, c);
  }
}

int
flt_inline_calls(Func *kfn)
{
  Inliner n = {kfn, NULL, NULL, NULL, NULL, {0}};
  int count = 0, nregs = kfn->nregs;
  for (int i = 0; i < kfn->ncode; i++) {
    Insn *in = kfn->code[i];
    if (in->op != OP_INVOKE || !inlinable(in->callee)
        || in->nargs != in->callee->nparams) {
      put(&n, in);
      continue;
    }
    n.callee = in->callee;
    n.call = in;
    expand(&n);
    count++;
  }
  if (!count) return 0;
  kfn->code = (Insn **)n.out.v;
  kfn->ncode = kfn->capcode = n.out.n;
  wyil_cfg_drop(kfn);
  Kernel *k = kfn->kernel;
  if (!k) return count;
  if (k->numreal) {   /* sized by the registers before */
    bool *nr = wyil_alloc((size_t)kfn->nregs + 1);
    memcpy(nr, k->numreal, (size_t)nregs);
    k->numreal = nr;
  }
  /* the functions the kernel still calls */
  PtrVec seen = {0}, keep = {0};
  reach(&seen, kfn);
  for (int c = 0; c < k->callees.n; c++)
    for (int j = 0; j < seen.n; j++)
      if (seen.v[j] == k->callees.v[c]) {
        vec_push(&keep, seen.v[j]);
        break;
      }
  k->callees = keep;
  return count;
}
