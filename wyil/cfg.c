/* cfg.c -- the control flow of one WYIL function, its definitions per
 * register and its liveness: computed here once, used by the verifier,
 * the filter and both back ends.
 *
 * Requires: a function whose registers and opcodes are in range (the
 * verifier checks those first).  Computes (struct Cfg in wyil.h): where
 * each label is and which are branched to; the LOOP/FORALL matching its
 * END; the FORALL around each instruction; the try region each
 * instruction is in; the successors of each instruction; how many
 * instructions write each register whole.  A malformed structure
 * (an END without its loop, a label defined twice, a branch to no
 * label) is an internal error.
 *
 * The control flow, one answer for every user:
 * - F_BRANCH instructions may go to in->label (IF, IFIS, GOTO, TRY's
 *   handler, SWITCH's default; SWITCH also to each case's label); F_END
 *   ones never fall through.
 * - `forall %d in %a` reads %a once, on entry (the loop runs over a
 *   snapshot), then goes to its body or past its END; the END of a
 *   FORALL goes to the body's start (the next element) or past itself.
 *   The END of a LOOP goes back to the LOOP.
 * - inside a try region every F_THROW instruction (a call, a throw) may
 *   also go to the handler of the innermost TRY open there.
 *
 * Liveness (wyil_live) is a backward fixpoint over those successors:
 * live-in = uses + (live-out - whole writes); an UPDATE reads and writes
 * its root.  A user may add uses of its own (c_backend: what it reads at
 * a FORALL that it compiles differently).
 *
 * Memory: the tables (Cfg, Live) live in an arena of their own, not the
 * compilation arena: a function's are dead once the pass or printer
 * that asked for them is done, and wyil_cfg_release, called by the
 * drivers between functions (the verifier, the pass table, the C back
 * end), frees them all.  Nothing may hold a Cfg or Live across it.
 */
#include <string.h>

#include "wyil.h"

int
wyil_def_reg(const Insn *in)
{
  if (in->op == OP_UPDATE || in->op == OP_TRY) return in->dst;
  if ((wyil_op_flags[in->op] & F_DEF) && in->dst >= 0) return in->dst;
  return -1;
}

Insn *
wyil_only_def(const Func *fn, int r)
{
  Insn *d = NULL;
  for (int q = 0; q < fn->ncode; q++) {
    if (wyil_def_reg(fn->code[q]) != r) continue;
    if (d) return NULL;
    d = fn->code[q];
  }
  return d;
}

static int *
new_ints(int n, int fill)
{
  int *v = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  for (int i = 0; i < n + 1; i++) v[i] = fill;
  return v;
}

/* Labels, loop matching, enclosing FORALLs, definitions. */
static void
scan_structure(Cfg *c)
{
  Func *fn = c->fn;
  int *stack = new_ints(fn->ncode, -1), depth = 0;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    for (int d = depth - 1; d >= 0 && c->encl[i] < 0; d--)
      if (fn->code[stack[d]]->op == OP_FORALL) c->encl[i] = stack[d];
    if (in->op == OP_LABEL) {
      if (in->label < 0 || in->label >= fn->nlabels
          || c->label_at[in->label] >= 0)
        internal_error("%s: label %d bad or defined twice", fn->name,
                       in->label);
      c->label_at[in->label] = i;
    }
    if (in->op == OP_TRY) c->has_try = true;
    if (in->op == OP_LOOP || in->op == OP_FORALL) stack[depth++] = i;
    if (in->op == OP_END) {
      if (!depth) internal_error("%s: END without loop at %d", fn->name, i);
      int h = stack[--depth];
      c->match[h] = i;
      c->match[i] = h;
    }
    int d = wyil_def_reg(in);
    if (d >= 0 && in->op != OP_UPDATE) {
      c->ndefs[d]++;
      c->def_at[d] = i;
    }
  }
  if (depth) internal_error("%s: %d unclosed loops", fn->name, depth);
}

/* The labels instruction in may branch to, into targets; their number. */
static int
branch_targets(Insn *in, int *targets)
{
  int n = 0;
  if (!(wyil_op_flags[in->op] & F_BRANCH)) return 0;
  targets[n++] = in->label;
  for (int k = 0; in->op == OP_SWITCH && k < in->ncases; k++)
    targets[n++] = in->cases[k].label;
  return n;
}

/* try_in[i]: the innermost TRY open when insn i starts (a forward walk
 * with the stack of open regions; a label reached only by branches
 * takes the region of the first branch to it). */
static void
scan_tries(Cfg *c, int *targets)
{
  Func *fn = c->fn;
  int *at_label = new_ints(fn->nlabels, -2);
  int cur = -1;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_LABEL && cur == -2) cur = at_label[in->label];
    c->try_in[i] = cur;
    if (cur == -2) continue;
    if (in->op == OP_TRY) {
      c->try_parent[i] = cur;
      at_label[in->label] = cur;  /* the handler runs outside */
      cur = i;
      continue;
    }
    if (in->op == OP_TRYEND) {
      cur = cur >= 0 ? c->try_parent[cur] : -1;
      continue;
    }
    int n = branch_targets(in, targets);
    for (int k = 0; k < n; k++)
      if (at_label[targets[k]] == -2) at_label[targets[k]] = cur;
    if (wyil_op_flags[in->op] & F_END) cur = -2;
  }
}

/* The successors of insn i, into out; their number. */
static int
successors(Cfg *c, int i, int *targets, int *out)
{
  Func *fn = c->fn;
  Insn *in = fn->code[i];
  int n = 0, flags = wyil_op_flags[in->op];
  if (in->op == OP_END) {
    int h = c->match[i];
    if (fn->code[h]->op != OP_FORALL) {
      out[n++] = h;
      return n;
    }
    out[n++] = h + 1;  /* the next element */
  } else if (in->op == OP_FORALL) {
    if (c->match[i] + 1 < fn->ncode) out[n++] = c->match[i] + 1;
  }
  int nt = branch_targets(in, targets);
  for (int k = 0; k < nt; k++) {
    int l = targets[k];
    if (l < 0 || l >= fn->nlabels || c->label_at[l] < 0)
      internal_error("%s: insn %d branches to undefined label %d",
                     fn->name, i, l);
    out[n++] = c->label_at[l];
  }
  if ((flags & F_THROW) && c->try_in[i] >= 0)
    out[n++] = c->label_at[fn->code[c->try_in[i]]->label];
  if (!(flags & F_END) && i + 1 < fn->ncode) out[n++] = i + 1;
  return n;
}

static void
fill_successors(Cfg *c, int *targets, int maxt)
{
  Func *fn = c->fn;
  int cap = fn->ncode * 2 + 8, n = 0;
  int *tmp = new_ints(maxt + 4, 0);
  c->succ_at = new_ints(fn->ncode + 1, 0);
  c->succ = new_ints(cap, 0);
  for (int i = 0; i < fn->ncode; i++) {
    c->succ_at[i] = n;
    int ns = successors(c, i, targets, tmp);
    if (n + ns > cap) {
      cap = (n + ns) * 2;
      int *v = new_ints(cap, 0);
      memcpy(v, c->succ, sizeof(int) * (size_t)n);
      c->succ = v;
    }
    for (int k = 0; k < ns; k++) c->succ[n++] = tmp[k];
    int nt = branch_targets(fn->code[i], targets);
    for (int k = 0; k < nt; k++) c->label_used[targets[k]] = true;
  }
  c->succ_at[fn->ncode] = n;
}

/* The arena of the tables, and the functions whose fn->cfg is in it. */
static WyArena *cfg_arena;
static PtrVec cfg_owners;

static WyArena *
use_cfg_arena(void)
{
  if (!cfg_arena) cfg_arena = wyil_arena_new();
  return wyil_arena_use(cfg_arena);
}

void
wyil_cfg_release(void)
{
  if (!cfg_arena) return;
  for (int i = 0; i < cfg_owners.n; i++) ((Func *)cfg_owners.v[i])->cfg = NULL;
  cfg_owners = (PtrVec){0};
  wyil_arena_reset(cfg_arena);
}

static Cfg *
new_cfg(Func *fn)
{
  Cfg *c = wyil_alloc(sizeof(Cfg));
  int n = fn->ncode;
  c->fn = fn;
  c->code = fn->code;
  c->ncode = n;
  c->nregs = fn->nregs;
  c->nlabels = fn->nlabels;
  c->label_at = new_ints(fn->nlabels, -1);
  c->label_used = wyil_alloc(sizeof(bool) * (size_t)(fn->nlabels + 1));
  c->match = new_ints(n, -1);
  c->encl = new_ints(n, -1);
  c->try_in = new_ints(n, -1);
  c->try_parent = new_ints(n, -1);
  c->ndefs = new_ints(fn->nregs, 0);
  c->def_at = new_ints(fn->nregs, -1);
  int maxt = 1;
  for (int i = 0; i < n; i++)
    if (fn->code[i]->op == OP_SWITCH && fn->code[i]->ncases + 1 > maxt)
      maxt = fn->code[i]->ncases + 1;
  int *targets = new_ints(maxt, 0);
  scan_structure(c);
  scan_tries(c, targets);
  fill_successors(c, targets, maxt);
  return c;
}

Cfg *
wyil_cfg(const Func *cfn)
{
  Func *fn = (Func *)cfn;   /* the cache, not the function, changes */
  Cfg *c = fn->cfg;
  if (c && c->code == fn->code && c->ncode == fn->ncode
      && c->nregs == fn->nregs && c->nlabels == fn->nlabels)
    return c;
  WyArena *was = use_cfg_arena();
  if (!c) vec_push(&cfg_owners, fn);
  fn->cfg = new_cfg(fn);
  wyil_arena_use(was);
  return fn->cfg;
}

void
wyil_cfg_drop(Func *fn)
{
  fn->cfg = NULL;   /* (still in cfg_owners: its next one is listed) */
}

/* ---------------------------------------------------------------- */
/* Liveness                                                           */

static void
set_bit(uint64_t *set, int r)
{
  set[r >> 6] |= UINT64_C(1) << (r & 63);
}

/* live-in of insn i from its live-out. */
static void
transfer(Live *lv, Cfg *c, int i, const uint64_t *out, uint64_t *in_set)
{
  Insn *in = c->fn->code[i];
  memcpy(in_set, out, sizeof(uint64_t) * (size_t)lv->words);
  int d = wyil_def_reg(in);
  if (d >= 0 && in->op != OP_UPDATE)
    in_set[d >> 6] &= ~(UINT64_C(1) << (d & 63));
  for (int k = 0; k < in->nargs; k++) set_bit(in_set, in->args[k]);
  if (in->op == OP_UPDATE) set_bit(in_set, in->dst);  /* reads its root */
  if (lv->extra) lv->extra(lv->ctx, i, in_set);
}

Live *
wyil_live(Cfg *c, WyilUses *extra, void *ctx)
{
  int n = c->ncode, w = (c->nregs + 63) / 64;
  if (w == 0) w = 1;
  WyArena *was = use_cfg_arena();
  Live *lv = wyil_alloc(sizeof(Live));
  lv->ninsn = n;
  lv->words = w;
  lv->extra = extra;
  lv->ctx = ctx;
  lv->in = wyil_alloc(sizeof(uint64_t) * (size_t)(n + 1) * (size_t)w);
  lv->out = wyil_alloc(sizeof(uint64_t) * (size_t)(n + 1) * (size_t)w);
  uint64_t *tmp = wyil_alloc(sizeof(uint64_t) * (size_t)w);
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = n - 1; i >= 0; i--) {
      uint64_t *out = lv->out + (size_t)i * (size_t)w;
      memset(out, 0, sizeof(uint64_t) * (size_t)w);
      for (int s = c->succ_at[i]; s < c->succ_at[i + 1]; s++) {
        const uint64_t *si = lv->in + (size_t)c->succ[s] * (size_t)w;
        for (int b = 0; b < w; b++) out[b] |= si[b];
      }
      transfer(lv, c, i, out, tmp);
      uint64_t *cur = lv->in + (size_t)i * (size_t)w;
      if (memcmp(cur, tmp, sizeof(uint64_t) * (size_t)w)) {
        memcpy(cur, tmp, sizeof(uint64_t) * (size_t)w);
        changed = true;
      }
    }
  }
  wyil_arena_use(was);
  return lv;
}

Live *
wyil_cfg_live(Func *fn)
{
  Cfg *c = wyil_cfg(fn);
  if (!c->live) c->live = wyil_live(c, NULL, NULL);
  return c->live;
}

bool
wyil_live_in(Live *lv, int i, int r)
{
  if (i < 0 || i >= lv->ninsn || r < 0) return false;
  return (lv->in[(size_t)i * (size_t)lv->words + (size_t)(r >> 6)]
          >> (r & 63)) & 1;
}

bool
wyil_live_out(Live *lv, int i, int r)
{
  if (i < 0 || i >= lv->ninsn || r < 0) return false;
  return (lv->out[(size_t)i * (size_t)lv->words + (size_t)(r >> 6)]
          >> (r & 63)) & 1;
}
