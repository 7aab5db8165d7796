/* counted.c -- counted while loops become range loops.
 *
 *     i = start                         i = start
 *     while i < n:            ==>       for v in start..max(start, n):
 *         ... i ...                         ... v ...
 *         i = i + 1                         i = v + 1
 *         ... i ...                         ... i ...
 *                                       i = max(start, n)
 *
 * (`i <= n` runs to n + 1).  A while loop is sequential by nature: each
 * iteration needs the previous one's condition.  When the condition
 * compares a counter that the body steps by 1 exactly once per iteration
 * against a bound the body does not change, the iterations are known
 * before the loop starts, and the loop is a range loop; the dependence
 * analysis then judges it like any `for`.  The ints are exact, so the
 * rewritten loop computes what the while loop did, on every target.
 *
 * Conditions (anything else is left alone):
 *   - the loop starts with the test `if i >= n goto EXIT` (or `i > n`,
 *     or the operands swapped), EXIT after the loop's end, preceded only
 *     by pure definitions of the bound (constants, `|xs|` of a list the
 *     loop writes only element by element, int + - * of operands the
 *     loop does not change), which move before the loop;
 *   - i (an int) has one definition in the loop, `i = i + 1` with 1 a
 *     constant, directly in the loop's body, and no branch before it
 *     jumps past it (a `continue`);
 *   - nothing leaves the loop by a branch but the test (no `break`), and
 *     there is no try/catch.
 *
 * A loop that grows a list by one element per iteration until its
 * length reaches a bound is counted too, by the length:
 *
 *     while |xs| < n:           ==>       t = |xs|
 *         ... |xs| ...                      for v in t..max(t, n):
 *         xs = xs + [e]                         ... v ...
 *                                               xs = xs + [e]
 *                                           t = max(t, n)
 *
 * with the same conditions, where the counter t is the prefix's
 * `t = |xs|` (its only definition in the loop), and the step is xs's
 * only definition in the loop, an append of one element (t keeps its
 * value through the iteration, so every read of it reads v).
 * It runs before induction.c, whose nests it may complete.
 *
 * Contract (compiler/pipeline.c's table): Pass counted. Requires: consts.
 * Provides: FORALL loops in place of counted while loops, FltIv records
 * (FLT_IV_COUNTED, FLT_IV_LENGTH). Invalidates: the function's CFG.
 */
#include <string.h>

#include "filter_internal.h"

/* Is register r a constant int `text`, defined once in fn? */
static bool
is_const_int(Func *fn, const Cfg *cfg, int r, const char *text)
{
  if (r < 0 || cfg->ndefs[r] != 1 || cfg->def_at[r] < 0) return false;
  Insn *in = fn->code[cfg->def_at[r]];
  return in->op == OP_CONST && in->cst->kind == C_INT
         && !strcmp(in->cst->text, text);
}

/* Is register r written in code[from .. to], UPDATEs counted only when
 * `updates`? */
static bool
written(Func *fn, int from, int to, int r, bool updates)
{
  for (int i = from; i <= to; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_UPDATE && !updates) continue;
    if (wyil_def_reg(in) == r) return true;
  }
  return false;
}

/* May the prefix instruction code[p] of the loop at h..e move before
 * the loop?  Pure, and its operands unchanged by the loop (an element
 * write keeps a list's length). */
static bool
hoistable(Func *fn, int h, int e, int p)
{
  Insn *in = fn->code[p];
  if (in->dst < 0 || written(fn, p + 1, e, in->dst, true)
      || written(fn, h + 1, p - 1, in->dst, true))
    return false;
  switch (in->op) {
  case OP_CONST:
    return true;
  case OP_LENGTHOF:
    return ty_list_elem(in->type)
           && !written(fn, h + 1, e, in->args[0], false);
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_ASSIGN:
    if (in->type != ty_int) return false;
    for (int a = 0; a < in->nargs; a++)
      if (written(fn, p + 1, e, in->args[a], true)) return false;
    return true;
  default:
    return false;
  }
}

typedef struct Counted {
  int head, end;     /* the LOOP and its END */
  int test;          /* the exit test's index */
  int step;          /* the index of i = i + 1 (or of xs = xs + [e]) */
  int counter, bound;
  bool inclusive;    /* i <= n: the range runs to n + 1 */
  int one;           /* a register holding 1 (-1: counted by a length) */
  int list;          /* counted by |list|, or -1 */
} Counted;

/* The step of a loop counted by the length of the list that the prefix
 * instruction code[len] measures: the index of that list's only
 * definition in the loop at h..e, an append of one element, or -1. */
static int
length_step(Func *fn, int h, int e, int len)
{
  Insn *m = fn->code[len];
  int list = m->args[0], step = -1;
  if (!ty_list_elem(m->type) || written(fn, h + 1, len - 1, m->dst, true)
      || written(fn, len + 1, e, m->dst, true))
    return -1;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (wyil_def_reg(in) != list) continue;
    if (step >= 0 || in->op != OP_APPENDL || in->args[0] != list)
      return -1;
    step = i;
  }
  return step;
}

/* The counted loop at code[h], or false. */
static bool
find_counted(Func *fn, const Cfg *cfg, int h, Counted *c)
{
  int e = cfg->match[h], t = h + 1, len = -1;
  while (t < e && fn->code[t]->op != OP_IF) {
    if (!hoistable(fn, h, e, t)) {
      /* at most one `|xs|` of a list the loop grows: the counter */
      if (fn->code[t]->op != OP_LENGTHOF || len >= 0) return false;
      len = t;
    }
    t++;
  }
  if (t >= e) return false;
  Insn *test = fn->code[t];
  if (test->type != ty_int || cfg->label_at[test->label] <= e) return false;
  int a = test->args[0], b = test->args[1];
  if (test->cmp == CMP_GE || test->cmp == CMP_GT) {
    c->counter = a;
    c->bound = b;
    c->inclusive = test->cmp == CMP_GT;
  } else if (test->cmp == CMP_LE || test->cmp == CMP_LT) {
    c->counter = b;
    c->bound = a;
    c->inclusive = test->cmp == CMP_LT;
  } else {
    return false;
  }
  if (c->counter == c->bound || written(fn, t + 1, e, c->bound, true))
    return false;
  int step = -1;
  c->one = -1;
  c->list = -1;
  if (len >= 0) {
    /* counted by a length: the list's one append is the step */
    if (fn->code[len]->dst != c->counter) return false;
    c->list = fn->code[len]->args[0];
    step = length_step(fn, h, e, len);
    if (step < 0) return false;
  }
  /* the step: i = i + 1, the counter's only definition in the loop */
  for (int i = h + 1; i < e && len < 0; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_TRY || in->op == OP_SWITCH) return false;
    if (wyil_def_reg(in) != c->counter) continue;
    if (step >= 0 || in->op != OP_ADD || in->type != ty_int) return false;
    int o = in->args[0] == c->counter ? in->args[1] : in->args[0];
    if (in->args[0] != c->counter && in->args[1] != c->counter)
      return false;
    if (!is_const_int(fn, cfg, o, "1")) return false;
    c->one = o;
    step = i;
  }
  if (step < 0) return false;
  /* directly in the body, run in every iteration; no other way out */
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if ((in->op == OP_LOOP || in->op == OP_FORALL) && i < step
        && cfg->match[i] > step)
      return false;
    if (i == t || !(wyil_op_flags[in->op] & F_BRANCH) || in->label < 0)
      continue;
    int to = cfg->label_at[in->label];
    if (to > e) return false;
    if (i < step && to > step) return false;
  }
  c->head = h;
  c->step = step;
  c->end = e;
  c->test = t;
  return true;
}

/* Rewrite the loop c describes (see the head comment); returns its new
 * FORALL. */
static Insn *
rewrite(Func *fn, const Counted *c)
{
  FltEmit e = {fn, wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 16)), 0,
               fn->code[c->head]->pos};
  int hi = wyil_new_reg(fn, NULL), rng = wyil_new_reg(fn, NULL),
      v = wyil_new_reg(fn, NULL), i = c->counter;
  Insn *loop = NULL;
  for (int k = 0; k < fn->ncode; k++) {
    if (k == c->head) {
      for (int p = c->head + 1; p < c->test; p++)
        e.code[e.n++] = fn->code[p];
      if (c->inclusive) {   /* a loop counted by a length has no 1 yet */
        int one = c->one >= 0 ? c->one : flt_emit_const(&e, -1, "1");
        flt_emit(&e, OP_ADD, hi, c->bound, one);
      } else {
        flt_emit(&e, OP_ASSIGN, hi, c->bound, -1);
      }
      /* hi = max(start, hi): a range with hi < start runs downwards */
      int ascending = wyil_new_label(fn);
      flt_emit_if(&e, hi, CMP_GE, i, ascending);
      flt_emit(&e, OP_ASSIGN, hi, i, -1);
      flt_emit_label(&e, ascending);
      e.code[e.n++] = flt_new_insn(OP_RANGE, ty_list(ty_int), rng, i, hi,
                                   e.pos);
      loop = flt_new_insn(OP_FORALL, ty_list(ty_int), v, rng, -1, e.pos);
      e.code[e.n++] = loop;
      k = c->test;   /* the prefix moved, the test is gone */
      continue;
    }
    /* up to the step the counter is the loop variable: reads of i read
     * v (the analysis sees indices that follow it), and the step
     * defines i = v + 1 for the rest of the body; a length is the loop
     * variable in the whole body (the append does not change it) */
    Insn *in = fn->code[k];
    if (k > c->test && (k <= c->step || (c->list >= 0 && k < c->end))) {
      Insn *copy = wyil_alloc(sizeof(Insn));
      *copy = *in;
      copy->args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
      for (int a = 0; a < in->nargs; a++)
        copy->args[a] = in->args[a] == i ? v : in->args[a];
      in = copy;
    }
    e.code[e.n++] = in;
    if (k == c->end) flt_emit(&e, OP_ASSIGN, i, hi, -1);
  }
  flt_emit_install(&e);
  return loop;
}

int
flt_counted(Func *fn, PtrVec *ivs)
{
  int done = 0;
  for (bool again = true; again;) {
    again = false;
    Cfg *cfg = wyil_cfg(fn);
    for (int h = 0; h < fn->ncode && !again; h++) {
      Counted c;
      if (fn->code[h]->op != OP_LOOP || !find_counted(fn, cfg, h, &c))
        continue;
      int named = c.list >= 0 ? c.list : c.counter;
      const char *var = fn->regnames ? fn->regnames[named] : NULL;
      Insn *loop = rewrite(fn, &c);
      FltIv *iv = wyil_alloc(sizeof(FltIv));
      iv->loop = loop;
      iv->var = var;
      iv->kind = c.list >= 0 ? FLT_IV_LENGTH : FLT_IV_COUNTED;
      vec_push(ivs, iv);
      done++;
      again = true;
    }
  }
  return done;
}
