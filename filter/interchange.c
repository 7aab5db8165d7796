/* interchange.c -- loop interchange of a perfect nest of two range loops
 * whose outer loop carries a dependence and whose inner one does not (a
 * middle-end rewrite, after distribute, before the dependence analysis
 * classifies the loops).
 *
 *     for i in lo1..hi1:             for j in lo2..hi2:
 *         for j in lo2..hi2:  ==>        for i in lo1..hi1:  S(i, j)
 *             S(i, j)                goto DONE
 *                                  SEQ:
 *                                    the nest as written
 *                                  DONE:
 *
 * Shapes it serves: a sum over the rows into each column, y[j] = y[j] +
 * A[i][j] * x[i] (a transposed matrix-vector product, and what
 * distribution leaves of a row product followed by it); the column sums
 * of a row-major matrix, s[j] = s[j] + A[i][j]; a running update of each
 * column, m[j] = (m[j] * 3 + A[i][j]) % p.  Swapped, the sum into y[j]
 * is one whose index the inner loop does not change: scalarize holds it
 * in a private scalar, and the j loop is parallel (a kernel).
 *
 * Why versioned: the swap reorders the iterations, so the first failure
 * (an index out of bounds, a division by zero) could be another than
 * the nest as written reports.  The swapped nest therefore runs only as
 * a kernel: recur-paths puts `goto SEQ` on its CPU path, or before it
 * when it became no kernel (a failed kernel writes nothing back).
 *
 * When (the outer loop at h, its END e; the inner loop at k, END ke):
 *   - both FORALLs over ranges made just before them; the inner range's
 *     bounds are not written in the nest (the same in every i);
 *   - the outer body is the inner loop and nothing else but labels and
 *     nops no branch goes to and, before the inner range, the
 *     computation of its ends from values the same in every i (lengths
 *     of lists written element-wise, int arithmetic), which the swapped
 *     nest makes before its outer loop; no branch in the inner body
 *     leaves it; not inside a try or a sequential version;
 *     flt_plain_body;
 *   - no register the nest defines is live where the inner body starts
 *     or after the nest, but for the lists it writes element-wise: every
 *     value is private to an (i, j) iteration;
 *   - every list the nest writes is used only by element reads and
 *     writes, lengths and loops over its rows, and no two accesses, one
 *     a write, meet in iterations (i1, j1) and (i2, j2) with i1 < i2 and
 *     j1 > j2 (flt_dep_crossed): the swap keeps every other direction;
 *   - the outer loop is not parallel (flt_parallel), and the swapped
 *     outer loop is, after scalarize.
 *
 * Contract (compiler/pipeline.c's table): Pass interchange. Requires:
 * distribute. Provides: interchanged nests and FltIv records
 * (FLT_IV_SWAP on the new outer loop, with the label SEQ;
 * FLT_IV_SWAP_SEQ on the nest as written). Invalidates: the function's
 * CFG and liveness.
 */
#include <string.h>

#include "filter_internal.h"

/* Is code[i] a label no branch goes to, or a nop? */
static bool
idle(Func *fn, int i)
{
  Insn *in = fn->code[i];
  if (in->op == OP_NOP) return true;
  if (in->op != OP_LABEL) return false;
  for (int j = 0; j < fn->ncode; j++) {
    Insn *b = fn->code[j];
    if ((wyil_op_flags[b->op] & F_BRANCH) && b->label == in->label)
      return false;
  }
  return true;
}

/* Does code[i], in the outer body before the inner range, compute a
 * value the same in every i that cannot fail: a length (element writes
 * never change one), or int arithmetic, a copy or a constant, of values
 * from before the nest or from such instructions before it (pre[])? */
static bool
invariant_end(Func *fn, int h, int e, int i, const bool *pre)
{
  Insn *in = fn->code[i];
  switch (in->op) {
  case OP_LENGTHOF: {
    int L = in->args[0];
    for (int j = h + 1; j < e; j++)
      if (wyil_def_reg(fn->code[j]) == L && fn->code[j]->op != OP_UPDATE)
        return false;
    return true;
  }
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_ASSIGN:
  case OP_CONST:
    if (!ty_is(in->type, TY_INT)) return false;
    break;
  default:
    return false;
  }
  for (int a = 0; a < in->nargs; a++) {
    int r = in->args[a];
    bool inside = false;
    for (int j = h; j < e && !inside; j++)
      inside = wyil_def_reg(fn->code[j]) == r && !pre[j];
    if (inside) return false;
  }
  return true;
}

/* The inner loop of a perfect nest at h (END e), or -1: the outer body
 * holds it, labels and nops no branch goes to, and before its range only
 * what invariant_end allows (pre[i]). */
static int
inner_loop(Func *fn, const Cfg *c, int h, int e, bool *pre)
{
  int k = -1;
  for (int i = h + 1; i < e; i++) {
    Op op = fn->code[i]->op;
    if (op == OP_RANGE && i + 1 < e && fn->code[i + 1]->op == OP_FORALL
        && fn->code[i + 1]->args[0] == fn->code[i]->dst && k < 0) {
      k = i + 1;
      i = c->match[k];
      continue;
    }
    if (k < 0 && invariant_end(fn, h, e, i, pre)) {
      pre[i] = true;
      continue;
    }
    if (!idle(fn, i)) return -1;
  }
  return k;
}

bool
flt_inner_closed(Func *fn, const Cfg *c, int k, int ke)
{
  for (int i = k + 1; i < ke; i++) {
    Insn *in = fn->code[i];
    if (!(wyil_op_flags[in->op] & F_BRANCH) || in->label < 0) continue;
    int t = c->label_at[in->label];
    if (t <= k || t >= ke) return false;
  }
  return true;
}

/* Every value the nest defines is private to an (i, j) iteration (but
 * for the lists it writes element-wise: upd[r]). */
static bool
private_values(Func *fn, Live *lv, int h, int e, int k, bool *upd)
{
  for (int i = h + 1; i < e; i++)
    if (fn->code[i]->op == OP_UPDATE) upd[fn->code[i]->dst] = true;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d < 0 || d == fn->code[k]->dst) continue;
    if (upd[d]) {
      if (in->op != OP_UPDATE) return false;
      continue;
    }
    if (wyil_live_in(lv, k + 1, d) || wyil_live_in(lv, h + 1, d)
        || (e + 1 < fn->ncode && wyil_live_in(lv, e + 1, d)))
      return false;
  }
  return true;
}

/* No dependence of direction (<, >) between accesses of a list the nest
 * writes. */
static bool
swap_legal(Func *fn, const bool *upd, int h, int e, int k)
{
  int *ndefs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int i = h + 1; i < e; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0) ndefs[d]++;
  }
  Insn *rg = fn->code[h - 1];
  FltAffNest *n = flt_aff_nest(fn, h, ndefs, rg->args[0], rg->args[1]);
  int v = -1;
  for (int q = 1; q < n->nvars; q++)
    if (n->var[q].loop == k) v = q;
  if (v < 0) return false;
  for (int r = 0; r < fn->nregs; r++) {
    if (!upd[r]) continue;
    PtrVec acc = {0};
    if (!flt_list_accesses(fn, n, h, e, r, &acc)) return false;
    for (int a = 0; a < acc.n; a++)
      for (int b = 0; b < acc.n; b++) {
        FltAccess *x = acc.v[a], *y = acc.v[b];
        if ((x->write || y->write) && flt_dep_crossed(n, x, y, v))
          return false;
      }
  }
  return true;
}

/* The nest at h (inner loop at k) swapped, the nest as written after it
 * as the sequential version: the new outer FORALL; *seq its label. */
static Insn *
rewrite(Func *fn, int h, int e, int k, const bool *upd, const bool *pre,
        int *seq)
{
  int ke = wyil_cfg(fn)->match[k];
  FltNames m = flt_names(fn);
  flt_fresh_names(fn, &m, h - 1, e + 1, upd);
  const int *ren = m.ren, *relabel = m.relabel;
  *seq = wyil_new_label(fn);
  int done = wyil_new_label(fn);
  FltEmit em = {fn, wyil_alloc(sizeof(Insn *)
                               * (size_t)(fn->ncode + 2 * (e - h) + 10)),
                0, fn->code[h]->pos};
  Insn *outer = NULL;
  for (int i = 0; i < fn->ncode; i++) {
    if (i == h - 1) {
      for (int j = h + 1; j < k; j++)   /* the inner range's ends */
        if (pre[j]) em.code[em.n++] = flt_copy_insn(fn->code[j], ren, relabel);
      em.code[em.n++] = flt_copy_insn(fn->code[k - 1], ren, relabel);
      outer = flt_copy_insn(fn->code[k], ren, relabel);
      outer->ascends = false;
      em.code[em.n++] = outer;
      em.code[em.n++] = flt_copy_insn(fn->code[h - 1], ren, relabel);
      Insn *in = flt_copy_insn(fn->code[h], ren, relabel);
      in->ascends = false;
      em.code[em.n++] = in;
      for (int j = k + 1; j < ke; j++)
        em.code[em.n++] = flt_copy_insn(fn->code[j], ren, relabel);
      em.code[em.n++] = flt_new_insn(OP_END, NULL, -1, -1, -1,
                                     fn->code[h]->pos);
      em.code[em.n++] = flt_new_insn(OP_END, NULL, -1, -1, -1,
                                     fn->code[h]->pos);
      Insn *go = flt_emit(&em, OP_GOTO, -1, -1, -1);
      go->type = NULL;
      go->label = done;
      flt_emit_label(&em, *seq);
    }
    em.code[em.n++] = fn->code[i];
    if (i == e) flt_emit_label(&em, done);
  }
  flt_emit_install(&em);
  return outer;
}

/* Is r written in the nest at h (END e) by more than the computation of
 * the inner range's ends (pre[])? */
static bool
written_but_ends(Func *fn, int h, int e, int r, const bool *pre)
{
  for (int i = h; i < e; i++)
    if (wyil_def_reg(fn->code[i]) == r && !pre[i]) return true;
  return false;
}

/* Try the nest at h: swapped (true), or left as it was. */
static bool
interchange_nest(Func *fn, int h, FilterOptions *opt)
{
  Cfg *c = wyil_cfg(fn);
  int e = c->match[h];
  Insn *loop = fn->code[h];
  if (!flt_versionable(fn, c, h, opt)) return false;
  bool *pre = wyil_alloc(sizeof(bool) * (size_t)(fn->ncode + 1));
  int k = inner_loop(fn, c, h, e, pre);
  if (k < 0 || !flt_inner_closed(fn, c, k, c->match[k])) return false;
  Insn *rg1 = fn->code[h - 1], *rg2 = fn->code[k - 1];
  if (flt_written(fn, h, e, rg1->args[0]) || flt_written(fn, h, e, rg1->args[1])
      || written_but_ends(fn, h, e, rg2->args[0], pre)
      || written_but_ends(fn, h, e, rg2->args[1], pre))
    return false;
  Live *lv = wyil_cfg_live(fn);
  Kernel *probe = wyil_alloc(sizeof(Kernel));
  if (!flt_parallel(fn, h, lv, opt, probe)) return false;  /* parallel */
  bool *upd = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  if (!private_values(fn, lv, h, e, k, upd) || !swap_legal(fn, upd, h, e, k))
    return false;
  /* the swapped outer loop must be parallel: rewrite, hold the sums in
   * scalars, ask, and undo if it is not */
  FltSnapshot before = flt_snapshot(fn);
  int seq;
  Insn *outer = rewrite(fn, h, e, k, upd, pre, &seq);
  flt_scalarize(fn);
  probe = wyil_alloc(sizeof(Kernel));
  int at = wyil_insn_index(fn, outer);
  if (at >= 0 && !flt_parallel(fn, at, wyil_cfg_live(fn), opt, probe)) {
    flt_add_iv(opt->ivs, outer, fn, seq, FLT_IV_SWAP);
    flt_add_iv(opt->ivs, loop, fn, -1, FLT_IV_SWAP_SEQ);
    return true;
  }
  flt_restore(fn, &before);
  return false;
}

int
flt_interchange(Func *fn, FilterOptions *opt)
{
  return flt_each_loop(fn, opt, interchange_nest);
}
