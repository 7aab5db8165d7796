/* jam.c -- register blocking: unroll-and-jam of a kernel's
 * NDRange dimensions into its inner sequential loop.
 *
 * A work item of a dot-product nest's kernel (c[i][j] = sum of
 * a[i][k] * b[k][j]) computes one c[i][j]: per
 * step of its loop over k it loads a[i][k] and b[k][j] for one multiply
 * and add, so the kernel waits on loads.  When each item computes a 4 x
 * 4 block of c instead, one loop over k serving all sixteen sums, a
 * step loads four a[i + r][k] and four b[k][j + c] for sixteen multiply
 * and adds: the driver's compiler merges the copies' loads of the same
 * element (they are the same expression of the same values), and the
 * sums stay in registers.
 *
 * The kernel function is rewritten before the back end plans its checks
 * and emits it.  Its shape must be, inside the outermost dimension's
 * FORALL: straight code P1, then (2-D) the inner dimension's FORALL,
 * straight code P0, one FORALL over a range the dimensions do not
 * change, with straight code B inside, and straight code S after it
 * (the only place that stores).  Each dimension d with a load in B that
 * does not depend on d's index (shared by the copies along d) gets a
 * factor F_d (up to --jam, 8 by default, halved while the copies' work
 * in B exceeds MAX_WORK); the code becomes
 *
 *   FORALL i_1 .. i_{F-1}      copies' indices (Kernel.jam_copy)
 *   P1 for each i copy
 *   FORALL j, FORALL j_1 ..    the inner dimension's, and its copies
 *   P0 for each (i, j) copy
 *   FORALL k: B for each copy
 *   S for each copy, skipped where its index repeats the previous one
 *
 * with every register P1, P0, B and S define renamed in each copy but
 * the first.  Only 2-D kernels by default: a 1-D kernel's n items are
 * all its parallelism, and n / F items leave a GPU idle (an all-pairs
 * kernel, 65536 items, ran 2.3 times slower on an H200 with 4
 * iterations per item, 4.7 with 8); an explicit --jam blocks them too.
 * The back end makes item g's c-th index min(g F + c, n - 1) of its
 * range (oclgen_insn.c) and the runtime launches ceil(n / F) items
 * (runtime/ocl_run.c).  A repeated index recomputes the last
 * iteration (the same checks: a failure there is one of the loop's)
 * and skips its stores; every other iteration runs once, as before.
 * The range analysis sees a copy's FORALL as the dimension's: its index
 * lies in the same range, so the copies' checks are proved alike.
 *
 * Contract (compiler/pipeline.c's table): Pass jam (flt_jam, from the
 * driver's step_jam with --jam's factor). Requires: outline (a kernel
 * function not yet judged). Provides: Kernel.jam, jam_copy, jam_what;
 * the copies in the kernel function. Invalidates: the kernel function's
 * CFG. Runs once per kernel function, before veto judges it; the OpenCL
 * back end only reads what it made (wyil_jam_copy, ocl_dim_index).
 */
#include <string.h>

#include "filter_internal.h"

/* At most this much work (arithmetic, loads, calls) in the jammed loop:
 * the copies' registers must stay in registers. */
enum { MAX_WORK = 512 };
/* At most this many instructions after the copying (compile time). */
enum { MAX_CODE = 6000 };

/* Is label l the target of a branch of fn (its CFG says)? */
static bool
label_used(Func *fn, int l)
{
  return l >= 0 && l < fn->nlabels && wyil_cfg(fn)->label_used[l];
}

/* An instruction the copies may hold: straight code of scalars (a label
 * no branch goes to: a copy's is a nop). */
static bool
straight_op(Func *fn, Insn *in, bool store)
{
  switch (in->op) {
  case OP_LABEL:
    return !label_used(fn, in->label);
  case OP_NOP: case OP_CONST: case OP_ASSIGN: case OP_CONVERT:
  case OP_LENGTHOF: case OP_INDEXOF: case OP_RANGE: case OP_ADD:
  case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM: case OP_NEG:
  case OP_ASSERT: case OP_INVOKE:
    return true;
  case OP_UPDATE:
    return store;
  default:
    return false;
  }
}

/* The parts of the kernel's code, as instruction indices. */
typedef struct Parts {
  int from, to;        /* inside the outermost FORALL: code[from .. to) */
  int inner, inner_end;/* the inner dimension's FORALL and END, or -1 */
  int seq, seq_end;    /* the sequential FORALL and its END */
  int dout, din;       /* the outer and inner dimensions (din -1) */
} Parts;

static bool
find_parts(Kernel *k, Parts *pt)
{
  Func *fn = k->fn;
  int at = wyil_insn_index(fn, k->loop);
  pt->from = at + 1;
  pt->to = wyil_loop_end(fn, at);
  pt->dout = pt->din = -1;
  pt->inner = pt->inner_end = -1;
  for (int d = 0; d < k->ndims; d++) {
    if (k->loops[d] == k->loop) pt->dout = d;
    else pt->din = d;
  }
  if (pt->dout < 0 || (k->ndims == 2) != (pt->din >= 0)) return false;
  int s0 = pt->from, s1 = pt->to;
  if (pt->din >= 0) {
    for (int p = pt->from; p < pt->to; p++)
      if (fn->code[p] == k->loops[pt->din]) pt->inner = p;
    if (pt->inner < 0) return false;
    pt->inner_end = wyil_loop_end(fn, pt->inner);
    for (int p = pt->inner_end + 1; p < pt->to; p++) {  /* labels, nops */
      Insn *in = fn->code[p];
      if (in->op != OP_NOP && (in->op != OP_LABEL || label_used(fn, in->label)))
        return false;
    }
    for (int p = pt->from; p < pt->inner; p++)
      if (!straight_op(fn, fn->code[p], false)) return false;
    s0 = pt->inner + 1;
    s1 = pt->inner_end;
  }
  pt->seq = pt->seq_end = -1;
  for (int p = s0; p < s1; p++) {
    Insn *in = fn->code[p];
    if (in->op == OP_FORALL && pt->seq < 0) {
      pt->seq = p;
      pt->seq_end = p = wyil_loop_end(fn, p);
      continue;
    }
    if (!straight_op(fn, in, pt->seq >= 0)) return false;
  }
  if (pt->seq < 0) return false;
  for (int p = pt->seq + 1; p < pt->seq_end; p++)
    if (!straight_op(fn, fn->code[p], false)) return false;
  return true;
}

/* tainted[d * nregs + r]: register r depends on dimension d's index. */
static bool *
find_taint(Kernel *k, const Parts *pt, int nregs)
{
  Func *fn = k->fn;
  bool *t = wyil_alloc(sizeof(bool) * (size_t)(3 * nregs + 1));
  for (int d = 0; d < k->ndims; d++) {
    bool *td = t + d * nregs;
    int v = k->loops[d]->dst;
    if (v >= 0 && v < nregs) td[v] = true;
    if (k->loopvar[d] >= 0 && k->loopvar[d] < nregs) td[k->loopvar[d]] = true;
    /* twice: the sums B carries from one iteration to the next */
    for (int pass = 0; pass < 2; pass++)
      for (int p = pt->from; p < pt->to; p++) {
        Insn *in = fn->code[p];
        int dst = wyil_def_reg(in);
        if (dst < 0 || dst >= nregs || in->op == OP_UPDATE) continue;
        for (int a = 0; a < in->nargs; a++)
          if (in->args[a] >= 0 && in->args[a] < nregs && td[in->args[a]])
            td[dst] = true;
      }
  }
  return t;
}

/* Is the INDEXOF at p a load of an element (not a row another INDEXOF
 * or LENGTHOF takes apart)? */
static bool
is_load(Func *fn, const Parts *pt, int p)
{
  Insn *in = fn->code[p];
  if (in->op != OP_INDEXOF || in->dst < 0) return false;
  for (int q = pt->from; q < pt->to; q++) {
    Insn *u = fn->code[q];
    if ((u->op == OP_INDEXOF || u->op == OP_LENGTHOF) && u->nargs > 0
        && u->args[0] == in->dst)
      return false;
  }
  return true;
}

/* The copies: per copy (outer r, inner c), register -> its register. */
typedef struct Copies {
  Func *fn;
  int nregs;           /* registers before the copying */
  int fo, fi;          /* factors of the outer and inner dimensions */
  int *cls;            /* register -> 0 shared, 1 per outer copy (P1),
                          2 per copy (P0, B, S) */
  int **ren;           /* [r * fi + c] -> register (copy 0: identity) */
  int ovar[WYIL_JAM_MAX], ivar[WYIL_JAM_MAX];  /* the copies' indices */
  int ov, iv;          /* the dimensions' own index registers */
} Copies;

static int
map_reg(const Copies *cp, int r, int oc, int ic)
{
  if (r < 0 || r >= cp->nregs) return r;
  if (r == cp->ov) return cp->ovar[oc];
  if (cp->iv >= 0 && r == cp->iv) return cp->ivar[ic];
  if (cp->cls[r] == 1) return cp->ren[oc * cp->fi][r];
  if (cp->cls[r] == 2) return cp->ren[oc * cp->fi + ic][r];
  return r;
}

static Insn *
clone_insn(const Copies *cp, Insn *in, int oc, int ic)
{
  Insn *c = wyil_alloc(sizeof(Insn));
  *c = *in;
  if (in->op == OP_LABEL) {   /* one label per number */
    c->op = OP_NOP;
    c->label = -1;
  }
  c->args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
  for (int a = 0; a < in->nargs; a++)
    c->args[a] = map_reg(cp, in->args[a], oc, ic);
  if (in->dst >= 0 && in->op != OP_UPDATE)
    c->dst = map_reg(cp, in->dst, oc, ic);
  return c;
}

static Insn *
new_insn(Op op, int dst, int a, int b, Insn *like)
{
  Insn *in = wyil_alloc(sizeof(Insn));
  in->op = op;
  in->type = op == OP_FORALL ? like->type : ty_int;
  in->dst = dst;
  in->nargs = op == OP_FORALL ? 1 : op == OP_IF ? 2 : 0;
  in->args = wyil_alloc(sizeof(int) * 2);
  in->args[0] = a;
  in->args[1] = b;
  in->label = -1;
  in->pos = like->pos;
  return in;
}

/* Classify the registers the copied parts define; false when one is
 * defined in both P1 and the rest, or a parameter is (other than by a
 * store into a list). */
static bool
classify(Kernel *k, const Parts *pt, Copies *cp)
{
  Func *fn = k->fn;
  cp->cls = wyil_alloc(sizeof(int) * (size_t)(cp->nregs + 1));
  for (int p = pt->from; p < pt->to; p++) {
    Insn *in = fn->code[p];
    if (p == pt->inner || p == pt->inner_end || p == pt->seq
        || p == pt->seq_end)
      continue;
    int d = wyil_def_reg(in);
    if (d < 0 || in->op == OP_UPDATE) {
      if (in->op == OP_UPDATE && (in->dst < 0 || in->dst >= fn->nparams))
        return false;
      continue;
    }
    if (d >= cp->nregs || d < fn->nparams) return false;
    int c = pt->inner >= 0 && p < pt->inner ? 1 : 2;
    if (cp->cls[d] && cp->cls[d] != c) return false;
    cp->cls[d] = c;
  }
  return true;
}

/* The work of one iteration of B: what the device computes. */
static int
work_of(Func *fn, const Parts *pt)
{
  int w = 0;
  for (int p = pt->seq + 1; p < pt->seq_end; p++)
    switch (fn->code[p]->op) {
    case OP_INDEXOF: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    case OP_REM: case OP_NEG: case OP_INVOKE: case OP_CONVERT:
      w++;
      break;
    default: break;
    }
  return w > 0 ? w : 1;
}

/* The factor of each dimension: up to `most` where B loads an element
 * whose index does not depend on that dimension's (the copies along it
 * share the load), 1 elsewhere; halved, the greater first, until the
 * jammed loop's work is within MAX_WORK. */
static void
choose_factors(Kernel *k, const Parts *pt, const bool *taint, int nregs,
               int most, int f[3])
{
  Func *fn = k->fn;
  for (int d = 0; d < 3; d++) f[d] = 1;
  for (int d = 0; d < k->ndims; d++)
    for (int p = pt->seq + 1; p < pt->seq_end; p++)
      if (is_load(fn, pt, p) && !taint[d * nregs + fn->code[p]->dst])
        f[d] = most;
  int w = work_of(fn, pt);
  while (f[0] * f[1] * w > MAX_WORK && f[0] * f[1] > 1) {
    int d = f[1] > f[0] ? 1 : 0;
    f[d] /= 2;
  }
}

/* The source variable register r holds, or NULL. */
static const char *
var_of(Func *fn, int r)
{
  return r >= 0 && r < fn->nregs && fn->regnames ? fn->regnames[r] : NULL;
}

/* ... or "?" */
static const char *
reg_name(Func *fn, int r)
{
  const char *v = var_of(fn, r);
  return v ? v : "?";
}

/* --explain's words for the jam done (outer dimension first). */
static const char *
explain(Kernel *k, const Copies *cp)
{
  Func *fn = k->fn;
  const char *what;
  if (cp->fi > 1 && cp->fo > 1)
    what = wyil_fmt("%d x %d iterations of (%s, %s)", cp->fo, cp->fi,
                    reg_name(fn, cp->ov), reg_name(fn, cp->iv));
  else if (cp->fi > 1)
    what = wyil_fmt("%d iterations of %s", cp->fi, reg_name(fn, cp->iv));
  else
    what = wyil_fmt("%d iterations of %s", cp->fo, reg_name(fn, cp->ov));
  return wyil_fmt("each work item runs %s, their inner loops jammed into "
                  "one: an element read alike by several is read once "
                  "(register blocking)", what);
}

/* Fresh registers for every copy but the first, and for the copies'
 * indices; ints held as reals stay so in every copy. */
static void
make_copies(Kernel *k, Copies *cp)
{
  Func *fn = k->fn;
  int n = cp->fo * cp->fi, nregs = cp->nregs;
  cp->ren = wyil_alloc(sizeof(int *) * (size_t)n);
  for (int j = 0; j < n; j++) {
    cp->ren[j] = wyil_alloc(sizeof(int) * (size_t)(nregs + 1));
    for (int r = 0; r < nregs; r++)
      cp->ren[j][r] = j == 0 || !cp->cls[r] ? r
                      : wyil_new_reg(fn, var_of(fn, r));
  }
  cp->ovar[0] = cp->ov;
  cp->ivar[0] = cp->iv;
  for (int c = 1; c < cp->fo; c++)
    cp->ovar[c] = wyil_new_reg(fn, var_of(fn, cp->ov));
  for (int c = 1; c < cp->fi; c++)
    cp->ivar[c] = wyil_new_reg(fn, var_of(fn, cp->iv));
  if (k->numreal) {
    bool *nr = wyil_alloc((size_t)fn->nregs + 1);
    memcpy(nr, k->numreal, (size_t)nregs);
    for (int j = 1; j < n; j++)
      for (int r = 0; r < nregs; r++) nr[cp->ren[j][r]] |= k->numreal[r];
    k->numreal = nr;
  }
}

/* The new code being built, and which of its instructions are new. */
typedef struct Out {
  Insn **code;
  bool *added;
  int n;
} Out;

static Insn *
put(Out *o, Insn *in, bool added)
{
  o->added[o->n] = added;
  return o->code[o->n++] = in;
}

/* Code [from, to) of the kernel function, once per copy (the first
 * copy the instructions themselves). */
static void
put_copies(Out *o, const Copies *cp, int from, int to, int n)
{
  for (int j = 0; j < n; j++)
    for (int p = from; p < to; p++)
      put(o, j ? clone_insn(cp, cp->fn->code[p], j / cp->fi, j % cp->fi)
               : cp->fn->code[p], j > 0);
}

/* The code of the rewritten kernel function (see the file's comment). */
static void
rewrite(Kernel *k, const Parts *pt, const Copies *cp)
{
  Func *fn = k->fn;
  int n = cp->fo * cp->fi;
  size_t room = (size_t)(fn->ncode + 4 * n * (pt->to - pt->from) + 8 * n
                         + 16);
  Out o = {wyil_alloc(sizeof(Insn *) * room), wyil_alloc(room), 0};
  for (int p = 0; p < pt->from; p++) put(&o, fn->code[p], false);
  for (int c = 1; c < cp->fo; c++)
    k->jam_copy[pt->dout][c] = put(&o, new_insn(OP_FORALL, cp->ovar[c],
                                                k->loop->args[0], -1,
                                                k->loop), true);
  int body = pt->from, last = pt->to;
  if (pt->inner >= 0) {   /* P1 per outer copy, the inner dimension's */
    Insn *fj = fn->code[pt->inner];
    for (int oc = 0; oc < cp->fo; oc++)
      for (int p = pt->from; p < pt->inner; p++)
        put(&o, oc ? clone_insn(cp, fn->code[p], oc, 0) : fn->code[p],
            oc > 0);
    put(&o, fj, false);
    for (int c = 1; c < cp->fi; c++)
      k->jam_copy[pt->din][c] = put(&o, new_insn(OP_FORALL, cp->ivar[c],
                                                 fj->args[0], -1, fj),
                                    true);
    body = pt->inner + 1;
    last = pt->inner_end;
  }
  put_copies(&o, cp, body, pt->seq, n);   /* P0 */
  put(&o, fn->code[pt->seq], false);
  put_copies(&o, cp, pt->seq + 1, pt->seq_end, n);   /* B */
  put(&o, fn->code[pt->seq_end], false);
  Insn *at = fn->code[pt->seq_end];
  for (int j = 0; j < n; j++) {   /* S, a repeated index's skipped */
    int oc = j / cp->fi, ic = j % cp->fi, skip = -1;
    if (oc || ic) skip = wyil_new_label(fn);
    if (oc) {
      Insn *in = put(&o, new_insn(OP_IF, -1, cp->ovar[oc],
                                  cp->ovar[oc - 1], at), true);
      in->cmp = CMP_EQ;
      in->label = skip;
    }
    if (ic) {
      Insn *in = put(&o, new_insn(OP_IF, -1, cp->ivar[ic],
                                  cp->ivar[ic - 1], at), true);
      in->cmp = CMP_EQ;
      in->label = skip;
    }
    for (int p = pt->seq_end + 1; p < last; p++)
      put(&o, j ? clone_insn(cp, fn->code[p], oc, ic) : fn->code[p], j > 0);
    if (skip >= 0) put(&o, new_insn(OP_LABEL, -1, -1, -1, at), true)->label
                     = skip;
  }
  if (pt->inner >= 0) {
    for (int c = 1; c < cp->fi; c++)
      put(&o, new_insn(OP_END, -1, -1, -1, fn->code[pt->inner_end]), true);
    for (int p = pt->inner_end; p < pt->to; p++) put(&o, fn->code[p], false);
  }
  for (int c = 1; c < cp->fo; c++)
    put(&o, new_insn(OP_END, -1, -1, -1, fn->code[pt->to]), true);
  for (int p = pt->to; p < fn->ncode; p++) put(&o, fn->code[p], false);
  k->jam_clone = o.added;
  fn->code = o.code;
  fn->ncode = fn->capcode = o.n;
  wyil_cfg_drop(fn);
}

void
flt_jam(Kernel *k, int most, bool one_d)
{
  if (k->jam_tried) return;
  k->jam_tried = true;
  for (int d = 0; d < 3; d++) k->jam[d] = 1;
  if (k->kind != KK_MAP || k->over_list || k->ndims < (one_d ? 1 : 2)
      || k->tri[0] || k->tri[1] || k->tri[2]
      || k->ndims > 2 || !k->loop || k->loop->op != OP_FORALL)
    return;
  Func *fn = k->fn;
  Parts pt;
  if (!find_parts(k, &pt)) return;
  int nregs = fn->nregs;
  bool *taint = find_taint(k, &pt, nregs);
  /* the inner loop's range, and the inner dimension's, the same in
   * every copy */
  int seqr = fn->code[pt.seq]->args[0];
  for (int d = 0; d < k->ndims; d++) {
    if (seqr < 0 || seqr >= nregs || taint[d * nregs + seqr]) return;
    if (pt.inner >= 0 && taint[d * nregs + fn->code[pt.inner]->args[0]])
      return;
  }
  Copies cp = {.fn = fn, .nregs = nregs, .fo = 1, .fi = 1};
  cp.ov = k->loop->dst;
  cp.iv = pt.inner >= 0 ? fn->code[pt.inner]->dst : -1;
  if (cp.ov < 0 || cp.ov != k->loopvar[pt.dout]
      || (pt.din >= 0 && cp.iv != k->loopvar[pt.din])
      || !classify(k, &pt, &cp))
    return;
  int f[3];
  if (most > WYIL_JAM_MAX) most = WYIL_JAM_MAX;
  choose_factors(k, &pt, taint, nregs, most, f);
  cp.fo = f[pt.dout];
  cp.fi = pt.din >= 0 ? f[pt.din] : 1;
  int n = cp.fo * cp.fi;
  int np1 = pt.inner >= 0 ? pt.inner - pt.from : 0;
  if (n == 1
      || fn->ncode + (n - 1) * (pt.to - pt.from) + np1 * cp.fo > MAX_CODE)
    return;
  make_copies(k, &cp);
  k->jam_seq = fn->code[pt.seq];
  rewrite(k, &pt, &cp);
  k->jam[pt.dout] = cp.fo;
  if (pt.din >= 0) k->jam[pt.din] = cp.fi;
  k->jam_what = explain(k, &cp);
}
