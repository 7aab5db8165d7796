/* window.c -- lists a kernel only writes, whole: no upload; lists it
 * reads and writes only at its own index: no undo copy (own_index).
 *
 * Requires: a kernel whose dimensions are final (filter.c, after
 * flattening).  A list argument written by the kernel (KA_LIST_INOUT)
 * becomes KA_LIST_OUT, with win[l] the dimension indexing level l, when
 * the runtime may skip uploading it and write back the box the
 * dimensions' ranges span (the contract of WyOclParam.win in
 * runtime/ocl.h):
 * - the kernel never reads it (its length aside);
 * - every write is at path [v_win0][v_win1]..., one loop variable of a
 *   different dimension per level, so every write lies in the box;
 * - one such write runs in every work item: it sits in no sequential
 *   loop and no branch jumps over it, and no dimension is a triangle's
 *   (Kernel.tri: items before their row's start do nothing).  Together these make each element
 *   of the box written, so no device garbage comes back.
 */
#include "filter_internal.h"

typedef struct Win {
  Func *fn;
  Kernel *k;
  int at, end;
  const Cfg *t;
} Win;

/* The dimension whose loop variable register r copies, or -1. */
static int
dim_of_index(Win *w, int r, int depth)
{
  for (int d = 0; d < w->k->ndims; d++)
    if (r == w->k->loopvar[d] && !(w->k->over_list && w->k->loops[d]
                                   == w->k->loop))
      return d;
  if (depth > 4 || r < 0 || w->t->ndefs[r] != 1) return -1;
  Insn *def = w->fn->code[w->t->def_at[r]];
  if (def->op != OP_ASSIGN) return -1;
  return dim_of_index(w, def->args[0], depth + 1);
}

/* Does every path through the kernel body write list L outside any
 * sequential loop?  Branches go forward only (WYIL's loops are LOOP or
 * FORALL ... END, left by jumps to a label after the END), so one pass
 * in code order computes "written on every path to here".  A write
 * inside a sequential loop counts for nothing: the loop may run zero
 * times.  Jumps out of such a loop carry the state at its start. */
static bool
written_on_every_path(Win *w, int L)
{
  Func *fn = w->fn;
  int n = w->end - w->at, seq = 0, nopen = 0;
  bool *in = wyil_alloc(sizeof(bool) * (size_t)(n + 1));
  Insn **open = wyil_alloc(sizeof(Insn *) * (size_t)(n + 1));
  for (int j = 0; j <= n; j++) in[j] = true;
  in[0] = false;  /* code[at + 1]: nothing written yet */
  for (int i = w->at + 1; i < w->end; i++) {
    Insn *op = fn->code[i];
    int j = i - w->at - 1;
    bool here = in[j], falls = true;
    if (op->op == OP_LOOP || op->op == OP_FORALL) {
      open[nopen++] = op;
      seq += !flt_is_dimension(w->k, op);
    }
    if (op->op == OP_UPDATE && op->dst == L && seq == 0) here = true;
    if (wyil_op_flags[op->op] & F_BRANCH) {
      int t = w->t->label_at[op->label] - w->at - 1;
      if (t > j && t <= n) in[t] = in[t] && here;
      for (int c = 0; c < op->ncases; c++) {
        t = w->t->label_at[op->cases[c].label] - w->at - 1;
        if (t > j && t <= n) in[t] = in[t] && here;
      }
    }
    /* GOTO always jumps, SWITCH's label is its default; after FAIL,
     * RETURN or THROW the kernel fails and the CPU path runs */
    if (wyil_op_flags[op->op] & F_END) falls = false;
    if (op->op == OP_END) {
      /* a while loop's END only goes back; a forall's also exits */
      Insn *h = nopen > 0 ? open[--nopen] : NULL;
      if (h && !flt_is_dimension(w->k, h)) seq--;
      falls = h && h->op == OP_FORALL;
    }
    if (falls) in[j + 1] = in[j + 1] && here;
  }
  return in[n - 1];   /* code[end]: the kernel loop's END */
}

static void
window(Win *w, KernelArg *ka)
{
  int L = ka->reg, map[3] = {-1, -1, -1};
  /* a triangle's items before their row's start write nothing */
  for (int d = 0; d < w->k->ndims; d++)
    if (w->k->tri[d]) return;
  for (int i = w->at + 1; i < w->end; i++) {
    Insn *in = w->fn->code[i];
    if (in->op != OP_LENGTHOF)
      for (int a = 0; a < in->nargs; a++)
        if (in->args[a] == L) return;  /* read (or stored elsewhere) */
    if (in->op != OP_UPDATE || in->dst != L) continue;
    if (in->nsteps != ka->depth) return;
    for (int l = 0; l < in->nsteps; l++) {
      int d = in->steps[l].kind == UPD_INDEX
              ? dim_of_index(w, in->args[l], 0) : -1;
      if (d < 0 || (map[l] >= 0 && map[l] != d)) return;
      for (int m = 0; m < l; m++)
        if (map[m] == d) return;   /* a diagonal: not the whole box */
      map[l] = d;
    }
  }
  if (map[0] < 0 || !written_on_every_path(w, L)) return;
  ka->kind = KA_LIST_OUT;
  for (int l = 0; l < 3; l++) ka->win[l] = l < ka->depth ? map[l] : -1;
}

/* A list the kernel reads and writes only at its own work item's index
 * (`xs[i] = xs[i] + 1`, a 1-D map): win[0] = that dimension, and the
 * list stays KA_LIST_INOUT.  Each work item first copies its element
 * from the list's old buffer into the one the kernel writes
 * (opencl_backend/oclgen.c), so the runtime needs no device copy of a
 * list held only on the device to keep a failed call undoable
 * (runtime/ocl_run.c).  No other work item reads or writes that
 * element, so the copies race with nothing. */
static void
own_index(Win *w, KernelArg *ka)
{
  int L = ka->reg, d = -1;
  if (ka->depth != 1 || w->k->ndims != 1 || w->k->kind != KK_MAP) return;
  for (int i = w->at + 1; i < w->end; i++) {
    Insn *in = w->fn->code[i];
    int idx = -1, first = 0;
    if (in->op == OP_LENGTHOF) continue;
    if (in->op == OP_UPDATE && in->dst == L) {
      if (in->nsteps != 1 || in->steps[0].kind != UPD_INDEX) return;
      idx = in->args[0];
      first = 1;
    } else if (in->op == OP_INDEXOF && in->nargs == 2 && in->args[0] == L) {
      idx = in->args[1];
      first = 2;
    }
    for (int a = first; a < in->nargs; a++)
      if (in->args[a] == L) return;   /* read whole, or stored elsewhere */
    if (idx < 0) continue;
    int e = dim_of_index(w, idx, 0);
    if (e < 0 || (d >= 0 && e != d)) return;
    d = e;
  }
  if (d >= 0 && w->k->loops[d] == w->k->loop) ka->win[0] = d;
}

void
flt_windows(Func *fn, int at, Kernel *k, const Cfg *t)
{
  Win w = {fn, k, at, wyil_loop_end(fn, at), t};
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    for (int l = 0; l < 3; l++) ka->win[l] = -1;
    if (ka->kind == KA_LIST_INOUT) window(&w, ka);
    if (ka->kind == KA_LIST_INOUT) own_index(&w, ka);
  }
}
