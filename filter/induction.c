/* induction.c -- induction variables (issue 15 item 3).
 *
 * A scalar int changed by a loop-invariant amount exactly once in every
 * iteration of a nest of range loops,
 *
 *     k = start
 *     for i in lo0..hi0:            L0
 *         for j in lo1..hi1:        L1 (Ln: the loop holding the update)
 *             ... k ...
 *             k = k + step
 *
 * carries a value from each iteration to the next, so the nest stays
 * sequential.  Its value at the top of an iteration is known in closed
 * form, k0 + (number of updates before it) * step, and this pass makes
 * every iteration compute it from the loop indices:
 *
 *     B = k;  tripM = |hiM - loM|;  Wn = step;  WM = WM+1 * tripM+1
 *     for i in lo0..hi0:
 *         B0 = B + (i - lo0) * W0;  k = B0    (* -1: a descending range)
 *         for j in lo1..hi1:
 *             B1 = B0 + (j - lo1) * W1;  k = B1
 *             ... k ...
 *             k = k + step            (now private: defined above)
 *     k = B + trip0 * W0              (k's value after the nest)
 *
 * after which k is private to every loop of the nest and the dependence
 * analysis may find the nest parallel.  Ints are exact on the CPU, so the
 * rewritten program computes the same values; on the device the closed
 * form is checked arithmetic like any other (overflow: the CPU path).
 *
 * Conditions (anything else is left alone):
 *   - the update is `add k = k, c` (either operand order) or
 *     `sub k = k, c` on ints, and it is k's only definition in L0;
 *   - c, and every loop's range bounds, are not written in L0;
 *   - each loop of the chain L0 .. Ln runs over a range (`for i in a..b`)
 *     made once before it; the next loop of the chain (for Ln: the
 *     update) sits directly in its body and runs in every iteration: no
 *     branch before it jumps past it, nothing inside the loop leaves it
 *     by a branch (break), and there is no try/catch;
 *   - L0 is the outermost loop for which all of this holds.
 * Return, throw and a failed check may still end the nest early: no
 * later iteration runs, and the values of the iterations that ran are
 * right.  The pass runs before the analyses (filter.c) at -O1 and -O2;
 * on a module it has already rewritten it finds nothing more to do (k
 * then has more than one definition in the nest).
 *
 * Contract (compiler/pipeline.c's table): Pass induction. Requires: counted
 * and recur (recur's update count is made a function of the indices here).
 * Provides: induction variables computed from the loop indices, FltIv
 * records (FLT_IV_INDUCTION). Invalidates: the function's CFG.
 */
#include <string.h>

#include "filter_internal.h"

#define IV_MAX_DEPTH FLT_NEST_MAX

/* The register fn->code[at]'s FORALL iterates over, if it is a RANGE
 * made once before the loop: that RANGE's index, else -1. */
static int
range_of(Func *fn, const Cfg *cfg, int at)
{
  int src = fn->code[at]->args[0];
  if (src < fn->nparams || cfg->ndefs[src] != 1) return -1;
  int r = cfg->def_at[src];
  return r >= 0 && r < at && fn->code[r]->op == OP_RANGE ? r : -1;
}

int
flt_loop_around(Func *fn, const Cfg *cfg, int i)
{
  for (int h = i - 1; h >= 0; h--) {
    Op op = fn->code[h]->op;
    if ((op == OP_LOOP || op == OP_FORALL) && cfg->match[h] > i) return h;
  }
  return -1;
}

bool
flt_runs_every_iteration(Func *fn, const Cfg *cfg, int head, int point)
{
  int end = cfg->match[head];
  for (int i = head + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_TRY || in->op == OP_SWITCH) return false;
    if (!(wyil_op_flags[in->op] & F_BRANCH) || in->label < 0) continue;
    int to = cfg->label_at[in->label];
    if (to > end) return false;                  /* a break */
    if (i < point && to > point) return false;   /* skips the point */
  }
  return true;
}

FltNest
flt_nest_find(Func *fn, const Cfg *cfg, int u, int k, const int *inv,
              int ninv)
{
  FltNest best = {0}, cur = {0};
  int point = u, head = flt_loop_around(fn, cfg, u);
  int inner[IV_MAX_DEPTH], ninner = 0;
  while (head >= 0 && ninner < IV_MAX_DEPTH
         && fn->code[head]->op == OP_FORALL) {
    int r = range_of(fn, cfg, head);
    if (r < 0 || !flt_runs_every_iteration(fn, cfg, head, point)) break;
    inner[ninner++] = head;
    int end = cfg->match[head];
    /* this loop as L0: k's one definition, the invariants and every
     * bound unchanged inside it, nothing between a range and its loop
     * changing them */
    bool ok = !flt_written(fn, r, head, k);
    for (int v = 0; v < ninv; v++)
      ok = ok && !flt_written(fn, head, end + 1, inv[v])
           && !flt_written(fn, r, head, inv[v]);
    int defs = 0;
    for (int i = head; i <= end; i++)
      if (wyil_def_reg(fn->code[i]) == k) defs++;
    ok = ok && defs == 1;
    for (int m = 0; m < ninner && ok; m++) {
      Insn *rg = fn->code[range_of(fn, cfg, inner[m])];
      for (int a = 0; a < 2; a++)
        ok = ok && !flt_written(fn, head, end + 1, rg->args[a])
             && !flt_written(fn, r, head, rg->args[a]);
    }
    if (ok) {
      cur.n = ninner;
      for (int m = 0; m < ninner; m++) {
        cur.loop[m] = inner[ninner - 1 - m];
        cur.range[m] = range_of(fn, cfg, cur.loop[m]);
      }
      best = cur;
    }
    point = head;
    head = flt_loop_around(fn, cfg, head);
  }
  return best;
}

/* ---- emitting ------------------------------------------------------ */

static int
new_reg(FltEmit *e)
{
  return wyil_new_reg(e->fn, NULL);
}

/* A range a..b runs |b - a| iterations, descending when b < a (spec
 * §5.5): dir = b >= a ? 1 : -1 and trip = (b - a) * dir. */
static void
emit_trip(FltEmit *e, int trip, int dir, Insn *rg, int one, int minus_one)
{
  flt_emit(e, OP_SUB, trip, rg->args[1], rg->args[0]);
  flt_emit(e, OP_ASSIGN, dir, one, -1);
  int ascending = wyil_new_label(e->fn);
  flt_emit_if(e, trip, CMP_GE, one, ascending);
  flt_emit(e, OP_ASSIGN, dir, minus_one, -1);
  flt_emit_label(e, ascending);
  flt_emit(e, OP_MUL, trip, trip, dir);
}

/* Rewrite the update at code[u] over nest t (see the head comment). */
static void
rewrite(Func *fn, int u, const FltNest *t)
{
  Insn *upd = fn->code[u];
  int k = upd->dst, c = upd->args[0] == k ? upd->args[1] : upd->args[0];
  int l0 = t->loop[0], end0 = wyil_loop_end(fn, l0);
  FltEmit e = {fn, wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 16
                                                     + 16 * t->n)),
            0, fn->code[l0]->pos};
  int base = new_reg(&e), one = new_reg(&e), minus_one = new_reg(&e),
      total = new_reg(&e), trip[IV_MAX_DEPTH], dir[IV_MAX_DEPTH],
      w[IV_MAX_DEPTH], dw[IV_MAX_DEPTH], b[IV_MAX_DEPTH];
  for (int m = 0; m < t->n; m++) {
    trip[m] = new_reg(&e);
    dir[m] = new_reg(&e);
    w[m] = new_reg(&e);
    dw[m] = new_reg(&e);
    b[m] = new_reg(&e);
  }
  int first = t->range[0];   /* the prologue goes before L0's range */
  for (int i = 0; i < fn->ncode; i++) {
    if (i == first) {
      flt_emit_const(&e, one, "1");
      flt_emit_const(&e, minus_one, "-1");
      flt_emit(&e, OP_ASSIGN, base, k, -1);
      for (int m = 0; m < t->n; m++)
        emit_trip(&e, trip[m], dir[m], fn->code[t->range[m]], one,
                  minus_one);
      if (upd->op == OP_SUB) flt_emit(&e, OP_NEG, w[t->n - 1], c, -1);
      else flt_emit(&e, OP_ASSIGN, w[t->n - 1], c, -1);
      for (int m = t->n - 2; m >= 0; m--)
        flt_emit(&e, OP_MUL, w[m], w[m + 1], trip[m + 1]);
      for (int m = 0; m < t->n; m++)
        flt_emit(&e, OP_MUL, dw[m], w[m], dir[m]);
      flt_emit(&e, OP_MUL, total, trip[0], w[0]);
    }
    e.code[e.n++] = fn->code[i];
    for (int m = 0; m < t->n; m++) {
      if (i != t->loop[m]) continue;
      /* the iteration's number is (i - lo) * dir */
      Insn *rg = fn->code[t->range[m]];
      int off = new_reg(&e);
      flt_emit(&e, OP_SUB, off, fn->code[i]->dst, rg->args[0]);
      flt_emit(&e, OP_MUL, off, off, dw[m]);
      flt_emit(&e, OP_ADD, b[m], m ? b[m - 1] : base, off);
      flt_emit(&e, OP_ASSIGN, k, b[m], -1);
    }
    if (i == end0) flt_emit(&e, OP_ADD, k, base, total);
  }
  flt_emit_install(&e);
}

static bool
is_update(Func *fn, Insn *in)
{
  if (in->op != OP_ADD && in->op != OP_SUB) return false;
  if (in->type != ty_int || in->dst < 0) return false;
  int k = in->dst;
  if (in->args[0] == in->args[1]) return false;
  if (in->op == OP_SUB) return in->args[0] == k;
  (void)fn;
  return in->args[0] == k || in->args[1] == k;
}

int
flt_induction(Func *fn, PtrVec *ivs)
{
  int done = 0;
  /* each rewrite changes the code: look again from the start; an update
   * rewritten (or refused) once is never taken again */
  PtrVec seen = {0};
  for (bool again = true; again;) {
    again = false;
    Cfg *cfg = wyil_cfg(fn);
    for (int u = 0; u < fn->ncode && !again; u++) {
      Insn *in = fn->code[u];
      if (!is_update(fn, in)) continue;
      bool old = false;
      for (int s = 0; s < seen.n && !old; s++) old = seen.v[s] == in;
      if (old) continue;
      vec_push(&seen, in);
      int c = in->args[0] == in->dst ? in->args[1] : in->args[0];
      FltNest t = flt_nest_find(fn, cfg, u, in->dst, &c, 1);
      if (t.n == 0) continue;
      FltIv *iv = wyil_alloc(sizeof(FltIv));
      iv->loop = fn->code[t.loop[0]];
      iv->var = fn->regnames ? fn->regnames[in->dst] : NULL;
      iv->kind = FLT_IV_INDUCTION;
      vec_push(ivs, iv);
      rewrite(fn, u, &t);
      done++;
      again = true;
    }
  }
  return done;
}
