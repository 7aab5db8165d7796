/* retbound.c -- what a called function returns, in terms of the
 * arguments of a call: `bound(v, lo, hi)` returns lo, hi, or v where
 * lo <= v <= hi, so its result lies between min(lo, hi) and max(lo, hi)
 * whatever v is.  hoist.c tests such bounds once before a loop in
 * place of the index checks of the result in its every iteration.
 *
 * The function's code must have no loop (every branch goes forward) and
 * no try.  A forward pass carries the comparisons known to hold (an
 * `if` taken or fallen through, an assert passed) between stable
 * values: parameters the body never assigns and ints defined once by a
 * constant, which keep their value wherever the comparison is known.  At
 * a label the facts of every way in are intersected.  Each return must
 * return a stable value: a constant bounds itself; a parameter p is
 * bounded below by q when `p >= q` (or `p > q`, or `p == q`) is known
 * there, else by p itself, and above likewise.  The call's result is at
 * least the least of the returns' lower bounds and at most the greatest
 * of their upper ones.
 *
 * Contract (compiler/pipeline.c's table): part of pass narrow (the
 * plan's return facts, plan.c).  Requires: the called functions' code.
 * Provides: ChkRetFacts' bounds in terms of a call's arguments.
 * Invalidates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "checks_internal.h"

/* Most facts carried at once; further ones are dropped (fewer facts:
 * weaker bounds, never wrong ones). */
#define FACTS 16

typedef struct Fact {
  int a, b;   /* registers: a cmp b */
  Cmp cmp;
} Fact;

typedef struct FactSet {
  bool live;  /* control reaches here */
  int n;
  Fact f[FACTS];
} FactSet;

/* Per register: its value as a term where it is stable (known[r]). */
typedef struct Stable {
  int n;        /* registers */
  bool *known;
  ChkTerm *term;
} Stable;

static void
find_stable(const Func *fn, const int *ndefs, int bits, Stable *st)
{
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++)
    if (!ndefs[r]) {
      st->known[r] = true;
      st->term[r] = (ChkTerm){r, 0};
    }
  for (int p = 0; p < fn->ncode; p++) {
    Insn *in = fn->code[p];
    int r = wyil_def_reg(in);
    char *end;
    if (r < fn->nparams || r >= fn->nregs || ndefs[r] != 1
        || in->op != OP_CONST || !in->cst || in->cst->kind != C_INT)
      continue;
    long long v = strtoll(in->cst->text, &end, 10);
    if (*end || v <= -wmax(bits) - 1 || v >= wmax(bits)) continue;
    st->known[r] = true;
    st->term[r] = (ChkTerm){-1, v};
  }
}

/* The stable value of register r: *t as a term; false if r is not one. */
static bool
stable(const Stable *st, int r, ChkTerm *t)
{
  if (r < 0 || r >= st->n || !st->known[r]) return false;
  *t = st->term[r];
  return true;
}

static void
add_fact(FactSet *s, int a, Cmp cmp, int b)
{
  if (s->n < FACTS) s->f[s->n++] = (Fact){a, b, cmp};
}

/* Control reaches label state *to with the facts of *from too. */
static void
meet_facts(FactSet *to, const FactSet *from)
{
  if (!from->live) return;
  if (!to->live) {
    *to = *from;
    return;
  }
  int k = 0;
  for (int i = 0; i < to->n; i++) {
    bool both = false;
    for (int j = 0; j < from->n && !both; j++)
      both = to->f[i].a == from->f[j].a && to->f[i].b == from->f[j].b
             && to->f[i].cmp == from->f[j].cmp;
    if (both) to->f[k++] = to->f[i];
  }
  to->n = k;
}

static bool
is_int_cmp(const Insn *in)
{
  return in->cmp <= CMP_GE && in->type && chk_int_type(in->type);
}

/* Add term t to the n terms of ts (at most CHK_ALTS). */
static void
add_term(ChkTerm *ts, int *n, ChkTerm t)
{
  for (int i = 0; i < *n; i++)
    if (ts[i].par == t.par && (t.par >= 0 || ts[i].c == t.c)) return;
  if (*n < CHK_ALTS) ts[(*n)++] = t;
}

/* The bounds of returned value t (stable, in register r) from the facts
 * of s: t itself, then what the facts say of a parameter. */
static ChkRetBound
bounds_of(const Stable *st, const FactSet *s, int r, ChkTerm t)
{
  ChkRetBound b = {0, 0, {{0, 0}}, {{0, 0}}};
  add_term(b.lo, &b.nlo, t);
  add_term(b.hi, &b.nhi, t);
  for (int i = 0; t.par >= 0 && i < s->n; i++) {
    const Fact *f = &s->f[i];
    int other;
    Cmp c;
    ChkTerm o;
    if (f->a == r) {
      other = f->b;
      c = f->cmp;
    } else if (f->b == r) {   /* other cmp r: r mirror(cmp) other */
      other = f->a;
      c = cmp_mirror(f->cmp);
    } else {
      continue;
    }
    if (other == r || !stable(st, other, &o)) continue;
    if (c == CMP_EQ || c == CMP_GE || c == CMP_GT) add_term(b.lo, &b.nlo, o);
    if (c == CMP_EQ || c == CMP_LE || c == CMP_LT) add_term(b.hi, &b.nhi, o);
  }
  return b;
}

void
chk_ret_terms(const Func *fn, ChkRetFacts *f, int bits)
{
  f->nret = 0;
  if (!fn || fn->is_native || fn->ncode <= 0 || fn->nlabels < 0) return;
  int *ndefs = calloc((size_t)fn->nregs + 1, sizeof *ndefs);
  int *at = malloc(sizeof *at * ((size_t)fn->nlabels + 1));
  FactSet *in_label = calloc((size_t)fn->nlabels + 1, sizeof *in_label);
  FactSet cur = {true, 0, {{0, 0, CMP_EQ}}};
  ChkRetBound rets[CHK_RETS];
  int nret = 0;
  Stable st = {fn->nregs, calloc((size_t)fn->nregs + 1, sizeof(bool)),
               calloc((size_t)fn->nregs + 1, sizeof(ChkTerm))};
  bool ok = ndefs && at && in_label && st.known && st.term;
  for (int l = 0; ok && l < fn->nlabels; l++) at[l] = -1;
  for (int p = 0; ok && p < fn->ncode; p++) {
    Insn *in = fn->code[p];
    int d = wyil_def_reg(in);
    if (d >= 0 && d < fn->nregs) ndefs[d]++;
    if (in->op == OP_LABEL && in->label >= 0 && in->label < fn->nlabels)
      at[in->label] = p;
  }
  if (ok) find_stable(fn, ndefs, bits, &st);
  for (int p = 0; ok && p < fn->ncode; p++) {
    Insn *in = fn->code[p];
    int flags = wyil_op_flags[in->op];
    ChkTerm ta, tb;
    switch (in->op) {
    case OP_LOOP: case OP_FORALL: case OP_TRY:
      ok = false;
      continue;
    case OP_LABEL:
      if (in->label >= 0 && in->label < fn->nlabels)
        meet_facts(&cur, &in_label[in->label]);
      continue;
    case OP_RETURN: {
      ChkTerm t;
      if (!cur.live) continue;
      if (in->nargs < 1 || !stable(&st, in->args[0], &t)) {
        ok = false;
        continue;
      }
      if (nret >= CHK_RETS) {
        ok = false;
        continue;
      }
      rets[nret++] = bounds_of(&st, &cur, in->args[0], t);
      cur.live = false;
      continue;
    }
    default: break;
    }
    if (!(flags & F_BRANCH)) {
      if (in->op == OP_ASSERT && cur.live && is_int_cmp(in)
          && stable(&st, in->args[0], &ta)
          && stable(&st, in->args[1], &tb))
        add_fact(&cur, in->args[0], in->cmp, in->args[1]);
      if (flags & F_END) cur.live = false;
      continue;
    }
    /* a branch: forward only */
    int targets[1 + 64], nt = 0;
    targets[nt++] = in->label;
    for (int c = 0; in->op == OP_SWITCH && c < in->ncases; c++) {
      if (nt >= 65) {
        ok = false;
        break;
      }
      targets[nt++] = in->cases[c].label;
    }
    FactSet taken = cur, fall = cur;
    if (in->op == OP_IF && is_int_cmp(in)
        && stable(&st, in->args[0], &ta)
        && stable(&st, in->args[1], &tb)) {
      add_fact(&taken, in->args[0], in->cmp, in->args[1]);
      add_fact(&fall, in->args[0], cmp_negate(in->cmp), in->args[1]);
    }
    for (int t = 0; ok && t < nt; t++) {
      int l = targets[t];
      if (l < 0 || l >= fn->nlabels || at[l] <= p) {
        ok = false;
        break;
      }
      meet_facts(&in_label[l], &taken);
    }
    cur = fall;
    if (in->op == OP_GOTO || in->op == OP_SWITCH || (flags & F_END))
      cur.live = false;
  }
  if (ok && nret > 0) {
    f->nret = nret;
    memcpy(f->ret, rets, sizeof rets[0] * (size_t)nret);
  }
  free(ndefs);
  free(at);
  free(in_label);
  free(st.known);
  free(st.term);
}

ChkRetFacts *
chk_call_terms(const ChkFunc *cf, const Insn *d)
{
  if (d->op != OP_INVOKE || !d->callee || d->callee->is_native) return NULL;
  ChkRetFacts *rf = chk_ret_facts(cf, d->callee);
  return rf && rf->nret > 0 ? rf : NULL;
}
