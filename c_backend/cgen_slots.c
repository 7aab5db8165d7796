/* cgen_slots.c -- one C local for many short-lived temporaries.
 *
 * Input: a host function about to be printed.  Output: the function
 * itself, or a copy whose registers are renumbered so that temporaries
 * whose lives do not overlap share one register, hence one C local.
 * The C back end declares a local per register, and each is
 * address-taken (wy_set(&rN, ...)): a chain `x + x + ... + x` of 19,000
 * terms was 19,000 locals, and gcc took 371 s over the function (its
 * stack slot sharing compares every pair).  The copy is what the
 * printer and its analyses (cgen_flow.c) see; the module keeps the
 * function as it was.
 *
 * A temporary here: a register of no source variable, not a parameter,
 * written once and read once, by instructions that compute a value from
 * their operands (arithmetic, a constant, an index, a field, a length),
 * the read after the write in the same straight run of code (no label,
 * branch or loop between).  Its life is the interval from the write to
 * the read.  In order, each write takes a free shared register and each
 * read frees its temporary's, after the instruction's own write: the
 * operand and the result of one instruction never share (the C code of
 * an instruction may read its operand after it starts to write).
 * Functions with a try, an offload or a chained loop are left as they
 * are (their registers are named elsewhere: handlers, kernels' plans).
 * With by_real (the IEEE real modes), temporaries of type real share
 * only among themselves: a register is held as a C double only when
 * every write of it gives a real (cgen_unbox.c), which a register
 * shared with an int temporary would not be.
 *
 * In a function of more than CGEN_SINK_FUNC instructions, a temporary
 * constant is also moved to just before its read: the filter puts every
 * scalar constant at the function's start (filter.c's hoist_consts, for
 * the loops' bounds), and in a sum of 10,000 terms the 10,000 constants
 * were 10,000 temporaries alive at once, 10,000 C locals (gcc took 50 s
 * over them; shared, 4 s).  (Smaller functions are printed as they were:
 * a few constants at the start cost nothing.)
 *
 * Requires: a verified function (registers in range).  Provides: the
 * copy, in the arena of the function being printed (cgen_func_arena).
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* Instructions whose C code reads its operands and writes a new value:
 * the writers and readers of temporaries.  In a long function (long:
 * more than CGEN_SINK_FUNC instructions) the appends too, so that a
 * chain `s + "a" + "b" + ...` shares its locals as a sum does. */
static bool
is_value_op(Op op, bool long_fn)
{
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
  case OP_NEG: case OP_BITAND: case OP_BITOR: case OP_BITXOR:
  case OP_SHL: case OP_SHR: case OP_INVERT: case OP_CONST:
  case OP_INDEXOF: case OP_FIELDLOAD: case OP_LENGTHOF:
    return true;
  case OP_SAPPEND: case OP_SAPPENDL: case OP_SAPPENDR: case OP_APPEND:
  case OP_APPENDL:
    return long_fn;
  default:
    return false;
  }
}

bool
cgen_is_straight(const Insn *in)
{
  if (wyil_op_flags[in->op] & (F_BRANCH | F_END)) return false;
  switch (in->op) {
  case OP_LABEL: case OP_LOOP: case OP_FORALL: case OP_END: case OP_TRY:
  case OP_TRYEND: case OP_OFFLOAD:
    return false;
  default:
    return true;
  }
}

/* Is the function one whose registers this may renumber? */
static bool
may_share(const Func *fn)
{
  if (fn->kernel || fn->is_native) return false;
  for (int i = 0; i < fn->ncode; i++) {
    const Insn *in = fn->code[i];
    if (in->op == OP_TRY || in->op == OP_OFFLOAD || in->chained) return false;
  }
  return true;
}

/* The copy of fn with register r renamed to map[r], its instructions in
 * the order order[] (NULL: as they are). */
static Func *
renumbered(const Func *fn, const int *map, int nregs, const int *order)
{
  Func *c = wyil_alloc(sizeof(Func));
  *c = *fn;
  c->cfg = NULL;
  c->nregs = nregs;
  c->regnames = wyil_alloc(sizeof(char *) * (size_t)(nregs + 1));
  for (int r = 0; r < fn->nregs; r++)
    if (fn->regnames && fn->regnames[r]) c->regnames[map[r]] = fn->regnames[r];
  c->code = wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 1));
  c->capcode = fn->ncode;
  for (int i = 0; i < fn->ncode; i++) {
    const Insn *in = fn->code[order ? order[i] : i];
    Insn *k = wyil_alloc(sizeof(Insn));
    *k = *in;
    if (in->dst >= 0) k->dst = map[in->dst];
    if (in->nargs > 0) {
      k->args = wyil_alloc(sizeof(int) * (size_t)in->nargs);
      for (int a = 0; a < in->nargs; a++) k->args[a] = map[in->args[a]];
    }
    c->code[i] = k;
  }
  return c;
}

/* The order of the instructions: each temporary constant of a long
 * function moved to just before its read (NULL: none moved). */
static int *
sunk_order(const Func *fn, const bool *temp, const int *use_at)
{
  if (fn->ncode <= CGEN_SINK_FUNC) return NULL;
  int n = fn->ncode, k = 0;
  /* the constants moved before insn u: last[u], then before[last[u]]...
   * (latest first) */
  int *last = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  int *before = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  bool *moves = wyil_alloc(sizeof(bool) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) last[i] = -1;
  bool any = false;
  for (int i = 0; i < n; i++) {
    const Insn *in = fn->code[i];
    if (in->op != OP_CONST || !temp[in->dst] || use_at[in->dst] <= i + 1)
      continue;
    moves[i] = any = true;
    before[i] = last[use_at[in->dst]];
    last[use_at[in->dst]] = i;
  }
  if (!any) return NULL;
  int *order = wyil_alloc(sizeof(int) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    if (moves[i]) continue;
    int m = 0;   /* the ones before i, in their order */
    for (int c = last[i]; c >= 0; c = before[c]) m++;
    for (int c = last[i], j = m - 1; c >= 0; c = before[c], j--)
      order[k + j] = c;
    k += m;
    order[k++] = i;
  }
  return order;
}

Func *
cgen_share_slots(Func *fn, bool by_real, Func **shown)
{
  *shown = fn;
  if (!may_share(fn) || fn->nregs < 4) return fn;
  WyArena *was = wyil_arena_use(cgen_func_arena());
  int n = fn->ncode, nr = fn->nregs;
  int *ndefs = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
  int *nuses = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
  int *def_at = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
  int *use_at = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
  int *run = wyil_alloc(sizeof(int) * (size_t)(n + 1));   /* straight run */
  int runs = 0;
  for (int i = 0; i < n; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_LABEL) runs++;   /* a label starts a run */
    run[i] = runs;
    if (!cgen_is_straight(in)) runs++;     /* the rest follow another one */
    int d = wyil_def_reg(in);
    if (d >= 0) {
      ndefs[d]++;
      def_at[d] = i;
    }
    if (in->op == OP_UPDATE && in->dst >= 0) nuses[in->dst] += 2;
    for (int a = 0; a < in->nargs; a++) {
      nuses[in->args[a]]++;
      use_at[in->args[a]] = i;
    }
  }
  /* the temporaries */
  bool *temp = wyil_alloc(sizeof(bool) * (size_t)(nr + 1));
  int ntemps = 0;
  for (int r = fn->nparams; r < nr; r++) {
    if (ndefs[r] != 1 || nuses[r] != 1) continue;
    if (fn->regnames && fn->regnames[r]) continue;
    int d = def_at[r], u = use_at[r];
    bool long_fn = n > CGEN_SINK_FUNC;
    if (d >= u || run[d] != run[u] || !is_value_op(fn->code[d]->op, long_fn)
        || !is_value_op(fn->code[u]->op, long_fn))
      continue;
    temp[r] = true;
    ntemps++;
  }
  /* shared registers by the intervals, in order; pool 1: reals */
  int *order = sunk_order(fn, temp, use_at);
  int *slot = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
  int *free_slots[2], nfree[2] = {0, 0}, nslots = 0;
  bool *real = wyil_alloc(sizeof(bool) * (size_t)(nr + 1));
  for (int p = 0; p < 2; p++)
    free_slots[p] = wyil_alloc(sizeof(int) * (size_t)(ntemps + 1));
  for (int r = 0; by_real && r < nr; r++) {
    Type *t = temp[r] ? wyil_def_type(fn->code[def_at[r]]) : NULL;
    real[r] = t && ty_is(t, TY_REAL);
  }
  for (int j = 0; j < n; j++) {
    int i = order ? order[j] : j;
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d >= 0 && temp[d]) {
      int p = real[d];
      slot[d] = nfree[p] ? free_slots[p][--nfree[p]] : nslots++;
    }
    for (int a = 0; a < in->nargs; a++)
      if (temp[in->args[a]] && use_at[in->args[a]] == i)
        free_slots[real[in->args[a]]][nfree[real[in->args[a]]]++] =
          slot[in->args[a]];
  }
  Func *out = fn;
  if (order) {   /* what the comments show, in the same order */
    Func *s = wyil_alloc(sizeof(Func));
    *s = *fn;
    s->cfg = NULL;
    s->code = wyil_alloc(sizeof(Insn *) * (size_t)(n + 1));
    for (int j = 0; j < n; j++) s->code[j] = fn->code[order[j]];
    *shown = s;
  }
  if (nslots < ntemps || order) {   /* something shared: renumber */
    int *map = wyil_alloc(sizeof(int) * (size_t)(nr + 1));
    int next = 0;
    for (int r = 0; r < nr; r++)
      if (!temp[r]) map[r] = next++;
    for (int r = 0; r < nr; r++)
      if (temp[r]) map[r] = next + slot[r];
    out = renumbered(fn, map, next + nslots, order);
  }
  wyil_arena_use(was);
  return out;
}
