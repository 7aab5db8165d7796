/* recur.c -- affine recurrences modulo m, computed by jump-ahead.
 *
 * A scalar int updated once in every iteration of a nest of range loops
 * by an affine map modulo a loop-invariant m,
 *
 *     for i in lo..hi:
 *         ... s ...
 *         s = (s * a + c) % m        (or (a * s + c) % m, (s * a) % m)
 *         ... s ...
 *
 * (a linear congruential generator) carries a value from each iteration
 * to the next.  With F(x) = (a * x + c) mod m, the value at the top of
 * the iteration that follows q updates is F^q(s0), and the maps compose:
 * F^2 = (a^2, a * c + c), so F^q is made in O(log q) steps by squaring
 * (jump-ahead).  When s0, a and c are >= 0 and m > 0 every value is >= 0
 * and `%` (truncated, spec §5.1) is the modulus, so this pass versions
 * the nest:
 *
 *     s0 = s;  if s0 < 0 or a < 0 or c < 0 or m <= 0: goto SEQ
 *     q = 0
 *     for i in lo..hi:                (the nest, rewritten)
 *         s = s0;  if q > 0: s = F^q(s0) by squaring (a while loop)
 *         ... s ...
 *         s = (s * a + c) % m
 *         q = q + 1                    (induction.c makes q a function
 *         ... s ...                     of the loop indices)
 *     s = F^q(s0)                      (when s is live after the nest)
 *     goto DONE
 *   SEQ:                               (the nest as it was)
 *   DONE:
 *
 * after which s is private to every loop of the nest.  The ints are
 * exact, so both versions compute what the nest did; on the device the
 * products (below m^2) are checked arithmetic like any other.  The
 * rewritten nest costs O(log q) per iteration on the CPU, so it is the
 * device's only: once the kernels are placed, flt_recur_cpu_paths puts
 * `goto SEQ` after the nest's `offload` (its CPU path: no device, a
 * fallback) or, when the nest became no kernel, before the nest.
 *
 * Conditions (anything else is left alone): the update is `rem s = x,
 * m` of ints with x = y + c (either order) or x = y, y = s * a (either
 * order), x and y defined once in the function, the three in the
 * innermost loop's body in that order, each run in every iteration;
 * s's only definition in the nest is the update and s is read only in
 * the innermost loop's body; a, c and m unchanged in the nest; the
 * nest a chain of range loops as induction.c requires (flt_nest_find);
 * no branch enters or leaves the nest but by its ends, and it holds no
 * try or switch.  The sequential version is marked (FLT_IV_RECUR_SEQ)
 * so that a later run of the filter leaves it alone.
 *
 * Contract (compiler/pipeline.c's table): Passes recur and recur-paths.
 * recur requires counted, provides versioned nests and FltIv records
 * (FLT_IV_RECUR, FLT_IV_RECUR_SEQ, FLT_IV_JUMP), invalidates the function's
 * CFG. recur-paths (flt_recur_cpu_paths) requires split, provides a goto to
 * the sequential version on the CPU path, invalidates the host function's
 * CFG.
 */
#include <string.h>

#include "filter_internal.h"

typedef struct Recur {
  int u, mul, add;       /* indices of the update, s * a, and + c (-1) */
  int s, a, c, m;        /* registers (c: -1 when there is none) */
  FltNest nest;
  int first, last;       /* the region versioned: L0's RANGE .. END */
} Recur;

/* The single definition of register r at an index before u, or -1. */
static int
def_before(const Cfg *cfg, int r, int u)
{
  if (r < 0 || cfg->ndefs[r] != 1) return -1;
  int d = cfg->def_at[r];
  return d >= 0 && d < u ? d : -1;
}

/* Is code[i] directly in the body of the loop at `head`, run in every
 * iteration? */
static bool
every_iteration(Func *fn, const Cfg *cfg, int head, int i)
{
  return flt_loop_around(fn, cfg, i) == head
         && flt_runs_every_iteration(fn, cfg, head, i);
}

/* Does a branch of code[from .. to] leave it, or one outside enter it? */
static bool
branches_cross(Func *fn, const Cfg *cfg, int from, int to)
{
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_TRY || in->op == OP_SWITCH) {
      if (i >= from && i <= to) return true;
      continue;
    }
    if (!(wyil_op_flags[in->op] & F_BRANCH) || in->label < 0) continue;
    int at = cfg->label_at[in->label];
    bool inside = i >= from && i <= to, lands = at >= from && at <= to;
    if (inside != lands) return true;
  }
  return false;
}

/* Is register r read by an instruction of code[from .. to] outside the
 * body of the loop at `head`? */
static bool
read_outside(Func *fn, const Cfg *cfg, int from, int to, int head, int r)
{
  int end = cfg->match[head];
  for (int i = from; i <= to; i++) {
    if (i > head && i < end) continue;
    Insn *in = fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == r) return true;
  }
  return false;
}

/* The recurrence whose update is code[u], or false. */
static bool
find_recur(Func *fn, const Cfg *cfg, int u, Recur *r)
{
  Insn *up = fn->code[u];
  if (up->op != OP_REM || up->type != ty_int || up->dst < 0) return false;
  memset(r, 0, sizeof *r);
  r->u = u;
  r->s = up->dst;
  r->m = up->args[1];
  r->c = -1;
  r->add = -1;
  int x = up->args[0], dx = def_before(cfg, x, u);
  if (dx < 0 || fn->code[dx]->type != ty_int) return false;
  int y = x;
  if (fn->code[dx]->op == OP_ADD) {
    Insn *ad = fn->code[dx];
    for (int k = 0; k < 2 && r->add < 0; k++) {
      int dy = def_before(cfg, ad->args[k], dx);
      if (dy >= 0 && fn->code[dy]->op == OP_MUL) {
        r->add = dx;
        y = ad->args[k];
        r->c = ad->args[1 - k];
      }
    }
    if (r->add < 0) return false;
  }
  r->mul = def_before(cfg, y, r->add >= 0 ? r->add : u);
  if (r->mul < 0) return false;
  Insn *mu = fn->code[r->mul];
  if (mu->op != OP_MUL || mu->type != ty_int || mu->args[0] == mu->args[1])
    return false;
  if (mu->args[0] == r->s) r->a = mu->args[1];
  else if (mu->args[1] == r->s) r->a = mu->args[0];
  else return false;
  int inv[3] = {r->a, r->m, r->c};
  for (int k = 0; k < 3; k++)
    if (inv[k] == r->s || inv[k] == x || inv[k] == y) return false;
  if (r->m == r->a || (r->c >= 0 && (r->c == r->a || r->c == r->m)))
    return false;
  r->nest = flt_nest_find(fn, cfg, u, r->s, inv, r->c >= 0 ? 3 : 2);
  if (r->nest.n == 0) return false;
  int inner = r->nest.loop[r->nest.n - 1];
  if (!every_iteration(fn, cfg, inner, r->mul)
      || (r->add >= 0 && !every_iteration(fn, cfg, inner, r->add)))
    return false;
  r->first = r->nest.range[0];
  r->last = cfg->match[r->nest.loop[0]];
  if (r->last + 1 >= fn->ncode) return false;
  return !read_outside(fn, cfg, r->first, r->last, inner, r->s)
         && !branches_cross(fn, cfg, r->first, r->last);
}

/* ---- emitting ------------------------------------------------------ */

/* d = (x * y + z) % m; z -1: none. */
static void
emit_affine(FltEmit *e, int d, int x, int y, int z, int m)
{
  /* registers defined once each: never an update `t = t + z` that
   * induction.c would look at */
  int t = wyil_new_reg(e->fn, NULL), u = t;
  flt_emit(e, OP_MUL, t, x, y);
  if (z >= 0) flt_emit(e, OP_ADD, u = wyil_new_reg(e->fn, NULL), t, z);
  flt_emit(e, OP_REM, d, u, m);
}

/* s = F^q(s0): s0 itself when q <= 0, else by squaring; each emission
 * uses registers of its own, so that every one is private where it is.
 * The while loop it makes is recorded in ivs (FLT_IV_JUMP). */
static void
emit_jump(FltEmit *e, const Recur *r, int s0, int q, PtrVec *ivs)
{
  Func *fn = e->fn;
  int zero = flt_emit_const(e, -1, "0"), one = flt_emit_const(e, -1, "1"),
      two = flt_emit_const(e, -1, "2");
  int ra = wyil_new_reg(fn, NULL), rc = wyil_new_reg(fn, NULL),
      fa = wyil_new_reg(fn, NULL), fc = wyil_new_reg(fn, NULL),
      k = wyil_new_reg(fn, NULL), odd = wyil_new_reg(fn, NULL);
  int done = wyil_new_label(fn), out = wyil_new_label(fn),
      even = wyil_new_label(fn);
  flt_emit(e, OP_ASSIGN, r->s, s0, -1);
  flt_emit_if(e, q, CMP_LE, zero, done);
  /* R = F^0 = (1, 0); G = F = (a mod m, c mod m) */
  flt_emit(e, OP_ASSIGN, ra, one, -1);
  flt_emit(e, OP_ASSIGN, rc, zero, -1);
  flt_emit(e, OP_REM, fa, r->a, r->m);
  if (r->c >= 0) flt_emit(e, OP_REM, fc, r->c, r->m);
  else flt_emit(e, OP_ASSIGN, fc, zero, -1);
  flt_emit(e, OP_ASSIGN, k, q, -1);
  Insn *loop = flt_emit(e, OP_LOOP, -1, -1, -1);
  loop->type = NULL;
  flt_emit_if(e, k, CMP_LE, zero, out);
  /* an odd k: R = G o R */
  flt_emit(e, OP_REM, odd, k, two);
  flt_emit_if(e, odd, CMP_EQ, zero, even);
  emit_affine(e, rc, fa, rc, fc, r->m);
  emit_affine(e, ra, fa, ra, -1, r->m);
  flt_emit_label(e, even);
  /* G = G o G, k = k / 2 */
  emit_affine(e, fc, fa, fc, fc, r->m);
  emit_affine(e, fa, fa, fa, -1, r->m);
  flt_emit(e, OP_DIV, k, k, two);
  Insn *end = flt_emit(e, OP_END, -1, -1, -1);
  end->type = NULL;
  flt_emit_label(e, out);
  emit_affine(e, r->s, ra, s0, rc, r->m);
  flt_emit_label(e, done);
  FltIv *iv = wyil_alloc(sizeof(FltIv));
  iv->loop = loop;
  iv->var = fn->regnames ? fn->regnames[r->s] : NULL;
  iv->kind = FLT_IV_JUMP;
  vec_push(ivs, iv);
}

/* Version the nest of r (see the head comment); ivs gets the rewrite,
 * the sequential version and the jump-ahead loops. */
static void
rewrite(Func *fn, const Recur *r, PtrVec *ivs)
{
  Live *lv = wyil_cfg_live(fn);
  int nregs = fn->nregs, nlabels = fn->nlabels;
  /* the sequential copy: registers that live only inside the nest, and
   * its labels, renamed */
  int *ren = wyil_alloc(sizeof(int) * (size_t)nregs);
  int *relabel = wyil_alloc(sizeof(int) * (size_t)(nlabels + 1));
  for (int g = 0; g < nregs; g++) ren[g] = g;
  for (int l = 0; l < nlabels; l++) relabel[l] = l;
  for (int i = r->first; i <= r->last; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d >= fn->nparams && ren[d] == d && in->op != OP_UPDATE
        && !wyil_live_in(lv, r->first, d) && !wyil_live_in(lv, r->last + 1, d))
      ren[d] = wyil_new_reg(fn, fn->regnames ? fn->regnames[d] : NULL);
    if (in->op == OP_LABEL) relabel[in->label] = wyil_new_label(fn);
  }
  int size = r->last - r->first + 1;
  /* room for the copy, the test and two jump-aheads (about 40 each) */
  size_t room = (size_t)(fn->ncode + size + 160);
  FltEmit e = {fn, wyil_alloc(sizeof(Insn *) * room), 0, fn->code[r->u]->pos};
  int inner = r->nest.loop[r->nest.n - 1];
  int s0 = wyil_new_reg(fn, NULL), q = wyil_new_reg(fn, NULL);
  int seq = wyil_new_label(fn), done = wyil_new_label(fn);
  Insn *seq_loop = NULL;
  int one = -1;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (i == r->first) {
      int zero = flt_emit_const(&e, -1, "0");
      one = flt_emit_const(&e, -1, "1");
      flt_emit(&e, OP_ASSIGN, s0, r->s, -1);
      flt_emit_if(&e, s0, CMP_LT, zero, seq);
      flt_emit_if(&e, r->a, CMP_LT, zero, seq);
      if (r->c >= 0) flt_emit_if(&e, r->c, CMP_LT, zero, seq);
      flt_emit_if(&e, r->m, CMP_LE, zero, seq);
      flt_emit(&e, OP_ASSIGN, q, zero, -1);
    }
    e.code[e.n++] = in;
    if (i == inner) emit_jump(&e, r, s0, q, ivs);
    if (i == r->u) flt_emit(&e, OP_ADD, q, q, one);
    if (i == r->last) {
      if (wyil_live_in(lv, r->last + 1, r->s)) emit_jump(&e, r, s0, q, ivs);
      Insn *go = flt_emit(&e, OP_GOTO, -1, -1, -1);
      go->type = NULL;
      go->label = done;
      flt_emit_label(&e, seq);
      for (int j = r->first; j <= r->last; j++) {
        Insn *c = flt_copy_insn(fn->code[j], ren, relabel);
        if (j == r->nest.loop[0]) seq_loop = c;
        e.code[e.n++] = c;
      }
      flt_emit_label(&e, done);
    }
  }
  FltIv *iv = wyil_alloc(sizeof(FltIv));
  iv->loop = fn->code[r->nest.loop[0]];
  iv->var = fn->regnames ? fn->regnames[r->s] : NULL;
  iv->kind = FLT_IV_RECUR;
  iv->fn = fn;
  iv->seq_label = seq;
  vec_push(ivs, iv);
  FltIv *sv = wyil_alloc(sizeof(FltIv));
  *sv = *iv;
  sv->loop = seq_loop;
  sv->kind = FLT_IV_RECUR_SEQ;
  vec_push(ivs, sv);
  flt_emit_install(&e);
}

/* Is code[u] inside a sequential version made before? */
static bool
in_sequential_version(Func *fn, const Cfg *cfg, int u, const PtrVec *ivs)
{
  for (int v = 0; v < ivs->n; v++) {
    FltIv *iv = ivs->v[v];
    if (iv->kind != FLT_IV_RECUR_SEQ) continue;
    for (int h = 0; h < u; h++)
      if (fn->code[h] == iv->loop && cfg->match[h] > u) return true;
  }
  return false;
}

int
flt_recurrences(Func *fn, PtrVec *ivs)
{
  int done = 0;
  for (bool again = true; again;) {
    again = false;
    Cfg *cfg = wyil_cfg(fn);
    for (int u = 0; u < fn->ncode && !again; u++) {
      Recur r;
      if (fn->code[u]->op != OP_REM || !find_recur(fn, cfg, u, &r)
          || in_sequential_version(fn, cfg, u, ivs))
        continue;
      rewrite(fn, &r, ivs);
      done++;
      again = true;
    }
  }
  return done;
}

/* Insert `goto label` before code[at] of fn. */
static void
insert_goto(Func *fn, int at, int label, SrcPos pos)
{
  Insn *go = flt_new_insn(OP_GOTO, NULL, -1, -1, -1, pos);
  go->label = label;
  Insn **code = wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 1));
  memcpy(code, fn->code, sizeof(Insn *) * (size_t)at);
  code[at] = go;
  memcpy(code + at + 1, fn->code + at,
         sizeof(Insn *) * (size_t)(fn->ncode - at));
  fn->code = code;
  fn->ncode++;
  fn->capcode = fn->ncode;
  wyil_cfg_drop(fn);
}

void
flt_recur_cpu_paths(FilterResult *r)
{
  for (int i = 0; r->ivs && i < r->ivs->n; i++) {
    FltIv *iv = r->ivs->v[i];
    /* likewise the first part of a distributed loop (distribute.c) and
     * an interchanged nest (interchange.c) */
    if ((iv->kind != FLT_IV_RECUR && iv->kind != FLT_IV_DIST
         && iv->kind != FLT_IV_SWAP) || !iv->fn)
      continue;
    /* the offload, when the nest is a kernel, stands just before it */
    insert_goto(iv->fn, wyil_insn_index(iv->fn, iv->loop), iv->seq_label,
                iv->loop->pos);
  }
}
