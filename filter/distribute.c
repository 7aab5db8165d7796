/* distribute.c -- loop distribution (fission): a range loop whose body
 * is a parallel part followed by one that is not becomes two loops, the
 * first of them a kernel (a middle-end rewrite, after scalarize, before
 * the dependence analysis classifies the loops).
 *
 *     for i in lo..hi:             for i1 in lo..hi: A         (part 1)
 *         A               ==>      for i2 in lo..hi: B         (part 2)
 *         B                        goto DONE
 *                                SEQ:
 *                                  for i in lo..hi: A; B       (as written)
 *                                DONE:
 *
 * Shapes it serves: a row product into one list and then a sum of the
 * transposed product into another (y = A^T (A x) as one loop over the
 * rows); a classification of each element and then a histogram of the
 * classes; a normalisation of each element and then a running total
 * over the normalised values.  Part 1 runs on the device; part 2 is a
 * loop like any other (its inner loops kernels, or split again).
 *
 * Why versioned: distribution runs every A before any B, so where some
 * iteration fails (an index out of bounds, a division by zero) the
 * first failure could be another than the loop as written reports.
 * Part 1 therefore only ever runs as a kernel, whose failure the host
 * sees before anything else happens: once the kernels are placed,
 * flt_recur_cpu_paths puts `goto SEQ` on part 1's CPU path (no device,
 * a fallback), or before part 1 when it became no kernel, and the loop
 * as written runs instead, from where nothing has changed (a failed
 * kernel writes nothing back).  When part 1 succeeded, every A ran
 * without failing, and part 2 fails, if at all, where the loop as
 * written would: at the first B that fails.
 *
 * When (the loop at h, its END e):
 *   - a FORALL over a range made just before it from registers the body
 *     does not write, not inside a try or a sequential version (recur.c's
 *     or this pass's), no branch leaving its body, no return, throw,
 *     switch, debug output or method call in it, and its iterations not
 *     parallel as they stand (flt_parallel);
 *   - the body splits at a point p of its top level that no branch
 *     crosses: A = code[h+1 .. p), B = code[p .. e);
 *   - no register the body defines is live where a part starts (A's
 *     value read by B, a value carried to the next iteration) or after
 *     the loop, except the lists it writes element-wise (UPDATE): what
 *     A hands B goes through lists;
 *   - every list the body writes is used there only by element reads
 *     (INDEXOF, row by row), element writes, lengths and loops over its
 *     rows, and no access of B in an iteration i1 touches the element an
 *     access of A touches in a later iteration i2 > i1, one of the two a
 *     write (deptest.c, flt_dep_before): the dependences from A(i) to
 *     B(i') for i <= i' are the ones distribution keeps in order;
 *   - part 1, rewritten, is parallel (flt_parallel).
 * The last such point is taken (the largest part 1).
 *
 * A loop parallel as it stands is cut only between its writes of lists
 * outside any inner loop and the one inner nest after them, when it is
 * an outermost loop and both parts are parallel (nest_after_writes):
 * those writes keep the nest from flattening into a kernel of more
 * dimensions (filter.c).  A loop neither way splits is tried by groups
 * of independent statements (distribute_groups.c).
 *
 * Contract (compiler/pipeline.c's table): Pass distribute. Requires:
 * scalarize (element accumulations held in scalars).  Provides:
 * distributed loops and FltIv records (FLT_IV_DIST on part 1, with the
 * label SEQ; FLT_IV_DIST_LAST on part 2; FLT_IV_DIST_SEQ on the loop as
 * written).  Invalidates: the function's CFG and liveness.
 */
#include <string.h>

#include "filter_internal.h"

/* Bodies longer than this are left alone; of one, at most POINTS_MAX
 * cut points are examined and TRIALS_MAX of them tried (each a rewrite
 * and a dependence analysis): the last ones, the largest first parts. */
#define BODY_MAX 4096
#define POINTS_MAX 32
#define TRIALS_MAX 8

bool
flt_in_sequential(Func *fn, const Cfg *cfg, int u, const PtrVec *ivs)
{
  for (int v = 0; ivs && v < ivs->n; v++) {
    FltIv *iv = ivs->v[v];
    if (iv->kind != FLT_IV_RECUR_SEQ && iv->kind != FLT_IV_DIST_SEQ
        && iv->kind != FLT_IV_SWAP_SEQ)
      continue;
    for (int h = 0; h <= u; h++)
      if (fn->code[h] == iv->loop && cfg->match[h] >= u) return true;
  }
  return false;
}

bool
flt_plain_body(Func *fn, const Cfg *c, int h, int e)
{
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    switch (in->op) {
    case OP_RETURN: case OP_THROW: case OP_TRY: case OP_SWITCH:
    case OP_DEBUG: case OP_INDIRECT:
      return false;
    case OP_INVOKE:
      if (!in->callee || in->callee->is_method) return false;
      break;
    default:
      break;
    }
    if ((wyil_op_flags[in->op] & F_BRANCH) && in->label >= 0) {
      int t = c->label_at[in->label];
      if (t <= h || t >= e) return false;
    }
  }
  return true;
}

bool
flt_versionable(Func *fn, const Cfg *c, int h, const FilterOptions *opt)
{
  Insn *loop = fn->code[h];
  int e = c->match[h];
  return loop->op == OP_FORALL && h >= 1 && fn->code[h - 1]->op == OP_RANGE
         && fn->code[h - 1]->dst == loop->args[0] && !flt_try_near(fn, h, e)
         && !flt_in_sequential(fn, c, h, opt->ivs)
         && flt_plain_body(fn, c, h, e);
}

bool
flt_cut_point(Func *fn, const Cfg *c, int h, int e, int p)
{
  int depth = 0;
  for (int i = h + 1; i < p; i++) {
    Op op = fn->code[i]->op;
    if (op == OP_FORALL || op == OP_LOOP) depth++;
    if (op == OP_END) depth--;
  }
  if (depth != 0) return false;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (!(wyil_op_flags[in->op] & F_BRANCH) || in->label < 0) continue;
    int t = c->label_at[in->label];
    if ((i < p) != (t < p)) return false;
  }
  return true;
}

bool
flt_stmt_cut(Func *fn, const Cfg *c, int h, int e, int p)
{
  /* where a source statement or an inner loop ends */
  if (fn->code[p - 1]->op != OP_END
      && fn->code[p]->pos.line == fn->code[p - 1]->pos.line)
    return false;
  return flt_cut_point(fn, c, h, e, p);
}

/* Registers: defined in A, in B; the lists written element-wise; the
 * definitions of each in the body. */
typedef struct Regs {
  bool *def_a, *def_b, *upd;
  int *ndefs;
} Regs;

static Regs
regs_of(Func *fn, int h, int e, int p)
{
  size_t n = (size_t)fn->nregs + 1;
  Regs g = {wyil_alloc(n), wyil_alloc(n), wyil_alloc(n),
            wyil_alloc(sizeof(int) * n)};
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    bool a = i < p;
    int d = wyil_def_reg(in);
    if (d >= 0) {
      (a ? g.def_a : g.def_b)[d] = true;
      g.ndefs[d]++;
      if (in->op == OP_UPDATE) g.upd[d] = true;
    }
  }
  return g;
}

/* What flows between the parts goes through lists (head comment): no
 * register the body defines, but for the lists it writes element-wise,
 * is live where a part starts (A's values read by B, or a value carried
 * from one iteration to the next) or after the loop.  Each part then
 * defines its registers before reading them, and its copy may rename
 * them. */
static bool
flow_ok(Func *fn, Live *lv, int h, int e, int p, const Regs *g)
{
  int iv = fn->code[h]->dst;
  for (int r = 0; r < fn->nregs; r++) {
    if (r == iv || !(g->def_a[r] || g->def_b[r])) continue;
    if (g->upd[r]) {   /* every definition an UPDATE */
      for (int i = h + 1; i < e; i++)
        if (wyil_def_reg(fn->code[i]) == r && fn->code[i]->op != OP_UPDATE)
          return false;
      continue;
    }
    if (wyil_live_in(lv, h + 1, r) || wyil_live_in(lv, p, r)
        || (e + 1 < fn->ncode && wyil_live_in(lv, e + 1, r)))
      return false;
  }
  return true;
}

/* An access of `levels` indices (path[l] read at at[l]) at code[i]. */
static void
push_access(FltAffNest *n, PtrVec *acc, int i, bool write, int levels,
            const int *path, const int *at)
{
  FltAccess *x = wyil_alloc(sizeof(FltAccess));
  x->at = i;
  x->write = write;
  x->n = levels;
  for (int l = 0; l < levels; l++) {
    x->idx[l] = flt_aff_at(n, path[l], at[l]);
    x->reg[l] = path[l];
  }
  vec_push(acc, x);
}

/* The accesses of list `reg` (a row of the list at `level`) in the
 * body, the uses of its rows followed: false when some use is not an
 * element read, a write, a length or a loop over a row. */
static bool
gather(Func *fn, FltAffNest *n, int h, int e, int reg, int level,
       const int *path, const int *at, PtrVec *acc)
{
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    bool uses = false;
    for (int k = 0; k < in->nargs; k++) uses |= in->args[k] == reg;
    if (in->op == OP_UPDATE && level == 0 && in->dst == reg) {
      if (in->args[in->nargs - 1] == reg || in->nsteps > 3) return false;
      int wp[3], wa[3];
      for (int s = 0; s < in->nsteps; s++) {
        if (in->steps[s].kind != UPD_INDEX) return false;
        wp[s] = in->args[s];
        wa[s] = i;
      }
      push_access(n, acc, i, true, in->nsteps, wp, wa);
      continue;
    }
    if (!uses) continue;
    int p2[3], a2[3];
    memcpy(p2, path, sizeof p2);
    memcpy(a2, at, sizeof a2);
    if (in->op == OP_LENGTHOF) continue;
    if (in->op == OP_FORALL) {   /* every element of this row */
      push_access(n, acc, i, false, level, p2, a2);
      continue;
    }
    if (in->op != OP_INDEXOF || in->args[0] != reg || level >= 3)
      return false;
    p2[level] = in->args[1];
    a2[level] = i;
    Type *row = ty_list_elem(in->type);
    if (row && ty_list_elem(row)) {
      if (!gather(fn, n, h, e, in->dst, level + 1, p2, a2, acc))
        return false;
    } else {
      push_access(n, acc, i, false, level + 1, p2, a2);
    }
  }
  return true;
}

bool
flt_list_accesses(Func *fn, FltAffNest *n, int h, int e, int reg,
                  PtrVec *acc)
{
  int path[3] = {-1, -1, -1}, at[3] = {h, h, h};
  return gather(fn, n, h, e, reg, 0, path, at, acc);
}

/* No access of B in one iteration meets one of A in a later iteration,
 * one of them a write. */
static bool
lists_ok(Func *fn, int h, int e, int p, const Regs *g)
{
  Insn *rg = fn->code[h - 1];
  FltAffNest *n = flt_aff_nest(fn, h, g->ndefs, rg->args[0], rg->args[1]);
  for (int r = 0; r < fn->nregs; r++) {
    if (!g->upd[r]) continue;
    PtrVec acc = {0};
    if (!flt_list_accesses(fn, n, h, e, r, &acc)) return false;
    for (int i = 0; i < acc.n; i++) {
      FltAccess *xb = acc.v[i];
      if (xb->at < p) continue;
      for (int j = 0; j < acc.n; j++) {
        FltAccess *xa = acc.v[j];
        if (xa->at >= p || !(xa->write || xb->write)) continue;
        if (flt_dep_before(n, xb, xa)) return false;
      }
    }
  }
  return true;
}

/* Append to e a loop over the range of code[h] with the body
 * code[from .. to), its private registers and labels renamed; its
 * FORALL. */
static Insn *
emit_part(FltEmit *em, int h, int from, int to, const bool *upd)
{
  Func *fn = em->fn;
  Insn *loop = fn->code[h], *rg = fn->code[h - 1];
  FltNames m = flt_names(fn);
  flt_fresh_names(fn, &m, h - 1, h + 1, upd);   /* the range, the loop */
  flt_fresh_names(fn, &m, from, to, upd);
  const int *ren = m.ren, *relabel = m.relabel;
  em->code[em->n++] = flt_copy_insn(rg, ren, relabel);
  Insn *head = flt_copy_insn(loop, ren, relabel);
  head->ascends = false;
  em->code[em->n++] = head;
  for (int i = from; i < to; i++)
    em->code[em->n++] = flt_copy_insn(fn->code[i], ren, relabel);
  em->code[em->n++] = flt_new_insn(OP_END, NULL, -1, -1, -1, loop->pos);
  return head;
}

int
flt_dist_install(Func *fn, int h, int e, const FltEmit *parts)
{
  FltEmit em = {fn, wyil_alloc(sizeof(Insn *)
                               * (size_t)(fn->ncode + parts->n + 8)),
                0, fn->code[h]->pos};
  int seq = wyil_new_label(fn), done = wyil_new_label(fn);
  for (int i = 0; i < fn->ncode; i++) {
    if (i == h - 1) {
      for (int j = 0; j < parts->n; j++) em.code[em.n++] = parts->code[j];
      Insn *go = flt_emit(&em, OP_GOTO, -1, -1, -1);
      go->type = NULL;
      go->label = done;
      flt_emit_label(&em, seq);
    }
    em.code[em.n++] = fn->code[i];
    if (i == e) flt_emit_label(&em, done);
  }
  flt_emit_install(&em);
  return seq;
}

typedef struct Parts {
  Insn *first, *last, *seq;
  int seq_label;
} Parts;

/* Distribute the loop at h (END e) at p: the new code installed. */
static Parts
rewrite(Func *fn, int h, int e, int p, const bool *upd)
{
  FltEmit parts = {fn, wyil_alloc(sizeof(Insn *)
                                  * (size_t)(2 * (e - h) + 8)),
                   0, fn->code[h]->pos};
  Parts r = {NULL, NULL, fn->code[h], -1};
  r.first = emit_part(&parts, h, h + 1, p, upd);
  r.last = emit_part(&parts, h, p, e, upd);
  r.seq_label = flt_dist_install(fn, h, e, &parts);
  return r;
}

/* The body of the loop at h (END e) as writes of lists outside any
 * inner loop, then one range loop nest and nothing after it: the
 * candidate cuts lie between the last such write and the nest's range
 * (*from < p <= *to).  Such writes keep the nest from flattening
 * (filter.c, sole_inner_loop); on their own they are a loop of their
 * own: a diagonal set beside a triangle filled, a row's first element
 * beside the rest of the row, a per-row result beside a map of the row.
 * Only an outermost loop (inside another, it may run in that one's
 * kernel, where a cut buys nothing). */
static bool
nest_after_writes(Func *fn, const Cfg *c, int h, int e, int *from, int *to)
{
  int last = -1, k = -1;
  for (int i = 0; i < h; i++)
    if ((fn->code[i]->op == OP_FORALL || fn->code[i]->op == OP_LOOP)
        && c->match[i] > h)
      return false;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_FORALL || in->op == OP_LOOP) {
      if (k >= 0 || in->op != OP_FORALL || fn->code[i - 1]->op != OP_RANGE
          || fn->code[i - 1]->dst != in->args[0])
        return false;
      k = i;
      i = c->match[i];
      continue;
    }
    if (k >= 0 && in->op != OP_LABEL && in->op != OP_NOP) return false;
    if (in->op == OP_UPDATE) last = i;
  }
  if (k < 0 || last < 0 || last > k) return false;
  *from = last;
  *to = k - 1;
  return true;
}

/* Try the loop at h: distributed (true), or left as it was. */
static bool
distribute_loop(Func *fn, int h, FilterOptions *opt)
{
  Cfg *c = wyil_cfg(fn);
  int e = c->match[h];
  if (!flt_versionable(fn, c, h, opt)) return false;
  Insn *rg = fn->code[h - 1];
  if (flt_written(fn, h, e, rg->args[0]) || flt_written(fn, h, e, rg->args[1]))
    return false;
  Live *lv = wyil_cfg_live(fn);
  Kernel *probe = wyil_alloc(sizeof(Kernel));
  if (e - h > BODY_MAX) return false;
  /* a parallel loop is cut only where its writes end and its one inner
   * nest begins (flattened, the nest's kernel gains dimensions) */
  int from = h + 1, to = e - 1;
  bool par = !flt_parallel(fn, h, lv, opt, probe);
  if (par && !nest_after_writes(fn, c, h, e, &from, &to)) return false;
  int trials = 0, points = 0;
  for (int p = to; p > from && trials < TRIALS_MAX
                   && points < POINTS_MAX; p--) {
    c = wyil_cfg(fn);
    lv = wyil_cfg_live(fn);
    if (!flt_stmt_cut(fn, c, h, e, p)) continue;
    points++;
    Regs g = regs_of(fn, h, e, p);
    if (!flow_ok(fn, lv, h, e, p, &g) || !lists_ok(fn, h, e, p, &g))
      continue;
    /* part 1 must be parallel: rewrite, ask, and undo if it is not */
    trials++;
    FltSnapshot before = flt_snapshot(fn);
    Parts r = rewrite(fn, h, e, p, g.upd);
    int at = wyil_insn_index(fn, r.first);
    probe = wyil_alloc(sizeof(Kernel));
    Kernel *rest = wyil_alloc(sizeof(Kernel));
    if (!flt_parallel(fn, at, wyil_cfg_live(fn), opt, probe)
        && (!par || !flt_parallel(fn, wyil_insn_index(fn, r.last),
                                  wyil_cfg_live(fn), opt, rest))) {
      flt_add_iv(opt->ivs, r.first, fn, r.seq_label, FLT_IV_DIST);
      flt_add_iv(opt->ivs, r.last, fn, -1, FLT_IV_DIST_LAST);
      flt_add_iv(opt->ivs, r.seq, fn, -1, FLT_IV_DIST_SEQ);
      return true;
    }
    flt_restore(fn, &before);
  }
  /* no cut of the body into a parallel part and the rest: groups */
  return !par && flt_distribute_groups(fn, h, opt);
}

int
flt_distribute(Func *fn, FilterOptions *opt)
{
  /* a part, shorter than its loop, may be split again */
  return flt_each_loop(fn, opt, distribute_loop);
}
