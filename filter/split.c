/* split.c -- the filter's last pass: each kernel becomes a WYIL function
 * of its own, and its loop in the host function is preceded by an
 * `offload` instruction.
 *
 * Requires: the kernels of flt_classify (the driver's vetoes settled),
 * and, for flt_place_offloads, their kernel functions when the driver
 * outlined and planned them already (compiler/pipeline.c).
 * Invalidates: the host functions' CFG caches (code inserted).
 * Provides: per kernel a Func (Func.kernel describes it, in the kernel
 * function's registers) added to the module, and in the host function
 *
 *     offload wyk_K (%host registers of its parameters) blklabX
 *     forall ...       the loop, unchanged: the CPU fallback
 *     end
 *   .blklabX
 *
 * The kernel function's parameters are the kernel's arguments, in
 * order (what crosses to the device, KernelArg.kind its transfer), then
 * for each dimension over a range its bounds lo, hi (ints: the NDRange;
 * a dimension over a list's elements has none).  Its body: the hoisted
 * constants the kernel reads, `range` of the first dimension's bounds
 * (a loop over a range), the loop nest with registers renumbered and
 * labels kept, and `return`; calls of small int functions replaced by
 * their code (inline.c).
 */
#include <string.h>

#include "filter_internal.h"

typedef struct Outline {
  Func *host, *kfn;
  int *map;        /* host register -> kernel register, -1 */
} Outline;

static int
map_reg(Outline *o, int r)
{
  if (r < 0) return r;
  if (o->map[r] < 0) o->map[r] = wyil_new_reg(o->kfn, o->host->regnames[r]);
  return o->map[r];
}

/* A copy of host instruction in, appended to the kernel function with
 * its registers renumbered. */
static Insn *
copy_insn(Outline *o, Insn *in)
{
  int *args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
  for (int a = 0; a < in->nargs; a++) args[a] = map_reg(o, in->args[a]);
  int dst = map_reg(o, in->dst);
  Insn *c = wyil_emit(o->kfn, in->op, in->type, dst, in->nargs, args,
                      in->pos);
  Insn keep = *c;
  *c = *in;   /* labels, constants, paths, cases, callee: shared */
  c->dst = keep.dst;
  c->args = keep.args;
  return c;
}

/* Does dimension d of k run over a range (it has bounds)? */
static bool
has_bounds(Kernel *k, int d)
{
  return !(k->over_list && k->loops[d] == k->loop);
}

Func *
flt_outline(Kernel *k)
{
  Func *host = k->fn;
  int at = wyil_insn_index(host, k->loop), end = wyil_loop_end(host, at);
  int np = k->nargs;
  Type **pt = wyil_alloc(sizeof(Type *) * (size_t)(k->nargs + 7));
  for (int a = 0; a < k->nargs; a++) pt[a] = k->args[a].type;
  for (int d = 0; d < k->ndims; d++)
    if (has_bounds(k, d)) {
      pt[np++] = ty_int;
      pt[np++] = ty_int;
    }
  Outline o = {host, NULL, NULL};
  o.kfn = wyil_new_func(NULL, host->module, k->name,
                        ty_func(ty_void, np, pt), k->loop->pos);
  o.kfn->cname = k->name;
  o.kfn->nlabels = host->nlabels;
  o.map = wyil_alloc(sizeof(int) * (size_t)(host->nregs + 1));
  for (int r = 0; r < host->nregs; r++) o.map[r] = -1;
  Kernel *kk = wyil_alloc(sizeof(Kernel));
  *kk = *k;
  kk->fn = o.kfn;
  kk->host = host;
  kk->args = wyil_alloc(sizeof(KernelArg) * (size_t)(k->nargs + 1));
  for (int a = 0; a < k->nargs; a++) {
    kk->args[a] = k->args[a];
    kk->args[a].reg = a;
    o.map[k->args[a].reg] = a;
    o.kfn->regnames[a] = host->regnames[k->args[a].reg];
  }
  for (int d = 0, p = k->nargs; d < k->ndims; d++) {
    kk->lo[d] = kk->hi[d] = -1;
    if (!has_bounds(k, d)) continue;
    kk->lo[d] = p++;
    kk->hi[d] = p++;
  }
  kk->consts = (PtrVec){0};
  for (int c = 0; c < k->consts.n; c++)
    vec_push(&kk->consts, copy_insn(&o, k->consts.v[c]));
  int outer = 0;
  while (outer < k->ndims && k->loops[outer] != k->loop) outer++;
  int coll = -1;   /* the kernel loop's collection */
  if (!has_bounds(k, outer)) {
    coll = map_reg(&o, k->loop->args[0]);
  } else {
    int lohi[2] = {kk->lo[outer], kk->hi[outer]};
    coll = wyil_new_reg(o.kfn, NULL);
    wyil_emit(o.kfn, OP_RANGE, ty_list(ty_int), coll, 2, lohi,
              k->loop->pos);
  }
  for (int i = at; i <= end; i++) {
    Insn *in = host->code[i];
    if (i == at && o.map[in->args[0]] < 0)
      o.map[in->args[0]] = coll;   /* the loop's collection */
    Insn *c = copy_insn(&o, in);
    if (i == at) kk->loop = c;
    flt_build_map(k, kk, in, c);
    for (int d = 0; d < k->ndims; d++)
      if (in == k->loops[d]) kk->loops[d] = c;
  }
  wyil_emit(o.kfn, OP_RETURN, NULL, -1, 0, NULL, k->loop->pos);
  for (int d = 0; d < k->ndims; d++) kk->loopvar[d] = o.map[k->loopvar[d]];
  kk->src = k->over_list ? o.map[k->src] : -1;
  kk->build_list = k->build_append ? o.map[k->build_list] : -1;
  kk->numreal = NULL;
  for (int r = 0; k->numreal && r < host->nregs; r++) {
    if (!k->numreal[r] || o.map[r] < 0) continue;
    if (!kk->numreal) kk->numreal = wyil_alloc((size_t)o.kfn->nregs + 1);
    kk->numreal[o.map[r]] = true;
  }
  o.kfn->kernel = kk;
  flt_inline_calls(o.kfn);
  return o.kfn;
}

/* Insert in before code[at] of fn. */
static void
insert_at(Func *fn, int at, Insn *in)
{
  Insn **code = wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 1));
  memcpy(code, fn->code, sizeof(Insn *) * (size_t)at);
  code[at] = in;
  memcpy(code + at + 1, fn->code + at,
         sizeof(Insn *) * (size_t)(fn->ncode - at));
  fn->code = code;
  fn->ncode++;
  fn->capcode = fn->ncode;
}

static Insn *
new_insn(Op op, int nargs, SrcPos pos)
{
  Insn *in = wyil_alloc(sizeof(Insn));
  in->op = op;
  in->dst = -1;
  in->nargs = nargs;
  in->args = wyil_alloc(sizeof(int) * (size_t)(nargs + 1));
  in->label = -1;
  in->pos = pos;
  return in;
}

void
flt_place_offloads(Module *m, FilterResult *r, Func **kfns)
{
  for (int i = 0; i < r->kernels.n; i++) {
    Kernel *k = r->kernels.v[i];
    Func *kfn = kfns && kfns[i] ? kfns[i] : flt_outline(k), *host = k->fn;
    Kernel *kk = kfn->kernel;
    Insn *off = new_insn(OP_OFFLOAD, kfn->nparams + k->guarded,
                         k->loop->pos);
    off->callee = kfn;
    if (k->guarded) off->args[kfn->nparams] = k->guard;
    for (int a = 0; a < k->nargs; a++) off->args[a] = k->args[a].reg;
    for (int d = 0; d < k->ndims; d++) {
      if (kk->lo[d] >= 0) off->args[kk->lo[d]] = k->lo[d];
      if (kk->hi[d] >= 0) off->args[kk->hi[d]] = k->hi[d];
    }
    Insn *exit = new_insn(OP_LABEL, 0, k->loop->pos);
    off->label = exit->label = wyil_new_label(host);
    int at = wyil_insn_index(host, k->loop), end = wyil_loop_end(host, at);
    insert_at(host, end + 1, exit);
    insert_at(host, at, off);
    vec_push(&m->funcs, kfn);
  }
}

void
flt_split(Module *m, FilterResult *r)
{
  flt_place_offloads(m, r, NULL);
  flt_recur_cpu_paths(r);
  flt_chain(m, r);
}
