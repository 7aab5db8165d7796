/* filter.c -- the filter's passes, in order, and `--explain`.
 *
 * For every function of the program's module: liveness (liveness.c),
 * then each loop from the outside in: the first loop on a path from the
 * root whose iterations are independent (depend.c) becomes a kernel
 * (GPU-implicit); the loops inside it are GPU-implicit-inner when they
 * are themselves parallel over bounds that do not depend on the kernel's
 * loop variable, GPU-explicit otherwise; every other loop stays on the
 * CPU with the reason depend.c gave.
 */
#include <stdlib.h>
#include <string.h>

#include "filter_internal.h"

/* ORDER LoopClass */
const char *const flt_class_name[] = {
  "CPU", "GPU-implicit", "GPU-implicit-inner", "GPU-explicit"
};

static LoopInfo *
new_info(FilterResult *r, Func *fn, Insn *loop, LoopClass cls,
         const char *reason, Kernel *k)
{
  LoopInfo *li = wyil_alloc(sizeof(LoopInfo));
  li->fn = fn;
  li->loop = loop;
  li->cls = cls;
  li->reason = reason;
  li->kernel = k;
  li->pos = loop->pos;
  li->var = loop->op == OP_FORALL ? fn->regnames[loop->dst] : NULL;
  vec_push(&r->loops, li);
  return li;
}

/* Does register reg get written between code[from] and code[to]? */
static bool
written_in(Func *fn, int from, int to, int reg)
{
  for (int i = from; i < to; i++)
    if (flt_defined_reg(fn->code[i]) == reg) return true;
  return false;
}

/* Does register reg, read at code[use] inside the loop at code[at], hold
 * the same value in every iteration: not written in the body before
 * `use`, or computed there from constants and such registers only? */
static bool
same_every_iteration(Func *fn, int at, int use, int reg, int loopvar,
                     int depth)
{
  if (reg == loopvar || depth > 8) return false;
  Insn *def = NULL;
  for (int i = at + 1; i < use; i++)
    if (flt_defined_reg(fn->code[i]) == reg) {
      if (def) return false;  /* several definitions: give up */
      def = fn->code[i];
    }
  if (!def) return !written_in(fn, at + 1, wyil_loop_end(fn, at), reg);
  switch (def->op) {
  case OP_CONST:
    return true;
  case OP_ASSIGN: case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG:
  case OP_LENGTHOF:
    for (int a = 0; a < def->nargs; a++)
      if (!same_every_iteration(fn, at, use, def->args[a], loopvar, depth + 1))
        return false;
    return true;
  default:
    return false;
  }
}

/* Classify the loops nested in the kernel loop at `at` (its body). */
static void
classify_inside(FilterResult *r, Func *fn, int at, Kernel *k,
                Liveness *lv, const FilterOptions *opt)
{
  int end = wyil_loop_end(fn, at);
  int depth = 0;
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_END) {
      depth--;
      continue;
    }
    if (in->op != OP_LOOP && in->op != OP_FORALL) continue;
    LoopClass cls = LC_GPU_EXPLICIT;
    if (depth == 0 && in->op == OP_FORALL) {
      /* directly inside: parallel over bounds independent of the
       * kernel's loop variable? */
      Kernel probe = {0};
      const char *why = flt_parallel(fn, i, lv, opt, &probe);
      if (!why && same_every_iteration(fn, at, i, probe.lo[0], k->loopvar[0], 0)
          && same_every_iteration(fn, at, i, probe.hi[0], k->loopvar[0], 0))
        cls = LC_GPU_IMPLICIT_INNER;
    }
    new_info(r, fn, in, cls, NULL, k);
    depth++;
  }
}

static void
filter_func(FilterResult *r, Func *fn, const FilterOptions *opt)
{
  Liveness *lv = flt_liveness(fn);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_LOOP) {
      new_info(r, fn, in, LC_CPU, "a while loop: each iteration depends on "
               "the previous one's condition", NULL);
      continue;
    }
    if (in->op != OP_FORALL) continue;
    Kernel *k = wyil_alloc(sizeof(Kernel));
    const char *why = flt_parallel(fn, i, lv, opt, k);
    if (why) {
      new_info(r, fn, in, LC_CPU, why, NULL);
      continue;
    }
    k->id = r->kernels.n + 1;
    k->name = wyil_fmt("wyk_%d", k->id);
    vec_push(&r->kernels, k);
    new_info(r, fn, in, LC_GPU_IMPLICIT, NULL, k);
    classify_inside(r, fn, i, k, lv, opt);
    i = wyil_loop_end(fn, i);  /* its inner loops are classified */
  }
}

FilterResult *
flt_run(Module *m, const FilterOptions *opt)
{
  FilterResult *r = wyil_alloc(sizeof(FilterResult));
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!fn->is_native && !strcmp(fn->module, m->name)) filter_func(r, fn, opt);
  }
  return r;
}

Kernel *
flt_kernel_at(FilterResult *r, Insn *loop)
{
  for (int i = 0; r && i < r->kernels.n; i++) {
    Kernel *k = r->kernels.v[i];
    if (k->loop == loop) return k;
  }
  return NULL;
}

static int
cmp_pos(const void *a, const void *b)
{
  const LoopInfo *x = *(LoopInfo *const *)a, *y = *(LoopInfo *const *)b;
  if (x->pos.line != y->pos.line) return x->pos.line - y->pos.line;
  return x->pos.col - y->pos.col;
}

static void
explain_kernel(FILE *out, Kernel *k)
{
  int in = 0, outs = 0, scalars = 0;
  for (int i = 0; i < k->nargs; i++) {
    if (k->args[i].kind == KA_LIST_IN) in++;
    else if (k->args[i].kind == KA_SCALAR) scalars++;
    else outs++;
  }
  fprintf(out, " (kernel %d, %d-D, %d list%s in, %d out", k->id, k->ndims,
          in, in == 1 ? "" : "s", outs);
  if (scalars) fprintf(out, ", %d scalar%s", scalars, scalars == 1 ? "" : "s");
  fprintf(out, ")");
}

void
flt_explain(FILE *out, FilterResult *r)
{
  LoopInfo **v = (LoopInfo **)r->loops.v;
  qsort(v, (size_t)r->loops.n, sizeof(LoopInfo *), cmp_pos);
  for (int i = 0; i < r->loops.n; i++) {
    LoopInfo *li = v[i];
    fprintf(out, "%s:%d: ", li->pos.file, li->pos.line);
    if (li->var) fprintf(out, "for %s: ", li->var);
    else fprintf(out, "while: ");
    fprintf(out, "%s", flt_class_name[li->cls]);
    switch (li->cls) {
    case LC_CPU: fprintf(out, " — %s", li->reason); break;
    case LC_GPU_IMPLICIT: explain_kernel(out, li->kernel); break;
    case LC_GPU_IMPLICIT_INNER:
      fprintf(out, " (in kernel %d)", li->kernel->id);
      break;
    case LC_GPU_EXPLICIT:
      fprintf(out, " (sequential in kernel %d)", li->kernel->id);
      break;
    }
    fprintf(out, "\n");
  }
}
