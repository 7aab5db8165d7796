/* distribute_groups.c -- loop distribution by independent groups of
 * statements, also of the statements inside one inner loop: the second
 * strategy of distribute.c, for a loop its cut into a parallel first
 * part and a rest does not split.
 *
 *     for i in lo..hi:                  for i1 in lo..hi:      (part 1)
 *         P(i)                              P(i1)
 *         for j in lo2..hi2:                for j1 in lo2..hi2: S(i1, j1)
 *             R(i, j)          ==>      for i2 in lo..hi:      (part 2)
 *             S(i, j)                       for j2 in lo2..hi2: R(i2, j2)
 *         Q(i)                              Q(i2)
 *                                       goto DONE
 *                                     SEQ: the loop as written
 *                                     DONE:
 *
 * The statements (the body's top level cut where a source statement
 * ends, and the body of one inner range loop cut the same way) fall
 * into groups: two statements are in one group when one of them defines
 * a register or writes a list the other reads or writes.  Statements of
 * different groups share nothing but values neither changes, so the
 * groups can run as separate loops in any order: one group (here P, S
 * and Q) whose loop is parallel becomes part 1, the rest part 2 (which
 * interchange.c may then make parallel).  A statement that writes no
 * list (a check, a computation of a value it alone uses) joins the
 * group of the statement after it.
 *
 * Shapes it serves: the two products of one matrix in one sweep, a row
 * product q[i] = q[i] + A[i][j] * p[j] beside a transposed one s[j] =
 * s[j] + r[i] * A[i][j]; the row sums and the column sums of a matrix in
 * one nest; an element-wise map of a matrix beside a column reduction
 * of its input.
 *
 * Versioned as distribute.c's parts are, and for the same reason (the
 * order of first failures): part 1 runs only as a kernel, and its CPU
 * path is `goto SEQ` (recur-paths).
 *
 * When (the loop at h, END e): flt_versionable, its range's ends not
 * written in it, not parallel as a whole; the inner loop opened (at k,
 * END ke) a FORALL over a range made just before it from registers the
 * loop does not write, no branch leaving its body; no register the body
 * defines, but for the lists it writes element-wise (UPDATE only), is
 * live where the body starts (carried to the next i) or after the loop;
 * at least two groups that write lists; part 1, rewritten, parallel.
 *
 * Contract: a helper of pass distribute (distribute.c's table row):
 * requires, provides and invalidates what that pass does.
 */
#include <string.h>

#include "filter_internal.h"

/* Statements examined per loop, and groups tried as part 1. */
#define UNITS_MAX 64
#define TRIALS_MAX 4

typedef struct Unit {
  int from, to;       /* code[from .. to) */
  bool inner;         /* in the opened inner loop's body */
  bool writes;        /* has an UPDATE */
  int group;          /* union-find parent, then the group's root */
} Unit;

typedef struct Split {
  Func *fn;
  int h, e;           /* the loop */
  int k, ke;          /* the inner loop opened, or -1 */
  Unit u[UNITS_MAX];
  int n;
  bool *upd;          /* the lists the body writes element-wise */
} Split;

static bool
idle_insn(Insn *in)
{
  return in->op == OP_LABEL || in->op == OP_NOP;
}

/* Add the statement code[from .. to), unless it holds only labels and
 * nops (no branch reaches them from another statement: cuts cross no
 * branch). */
static bool
add_unit(Split *s, int from, int to, bool inner)
{
  bool real = false;
  for (int i = from; i < to && !real; i++) real = !idle_insn(s->fn->code[i]);
  if (!real) return true;
  if (s->n == UNITS_MAX) return false;
  Unit *u = &s->u[s->n];
  *u = (Unit){from, to, inner, false, s->n};
  for (int i = from; i < to; i++) u->writes |= s->fn->code[i]->op == OP_UPDATE;
  s->n++;
  return true;
}

/* Cut code[from .. to), the body of the loop at lh (END le), into
 * statements. */
static bool
cut_units(Split *s, const Cfg *c, int lh, int le, int from, int to,
          bool inner)
{
  int start = from;
  for (int p = from + 1; p < to; p++) {
    if (!flt_stmt_cut(s->fn, c, lh, le, p)) continue;
    if (!add_unit(s, start, p, inner)) return false;
    start = p;
  }
  return add_unit(s, start, to, inner);
}

/* The statements of the loop, with the inner loop at k opened (k < 0:
 * none): false when there are too many or a cut around the inner loop
 * crosses a branch. */
static bool
find_units(Split *s, const Cfg *c)
{
  int h = s->h, e = s->e, k = s->k, ke = s->ke;
  s->n = 0;
  if (k < 0) return cut_units(s, c, h, e, h + 1, e, false);
  if (!flt_cut_point(s->fn, c, h, e, k - 1)
      || !flt_cut_point(s->fn, c, h, e, ke + 1))
    return false;
  return cut_units(s, c, h, e, h + 1, k - 1, false)
         && cut_units(s, c, k, ke, k + 1, ke, true)
         && cut_units(s, c, h, e, ke + 1, e, false);
}

static int
root(Split *s, int a)
{
  while (s->u[a].group != a) a = s->u[a].group;
  return a;
}

static void
join(Split *s, int a, int b)
{
  a = root(s, a);
  b = root(s, b);
  if (a != b) s->u[a > b ? a : b].group = a < b ? a : b;
}

/* Does statement a define a register (or write a list) statement b
 * reads or writes? */
static bool
feeds(Func *fn, const Unit *a, const Unit *b, bool *mark)
{
  bool hit = false;
  for (int i = a->from; i < a->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0) mark[d] = true;
  }
  for (int i = b->from; i < b->to && !hit; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    hit = d >= 0 && mark[d];
    for (int x = 0; x < in->nargs && !hit; x++)
      hit = in->args[x] >= 0 && mark[in->args[x]];
  }
  for (int i = a->from; i < a->to; i++) {
    int d = wyil_def_reg(fn->code[i]);
    if (d >= 0) mark[d] = false;
  }
  return hit;
}

/* The groups: how many write lists (each statement's group its root). */
static int
group_units(Split *s)
{
  bool *mark = wyil_alloc(sizeof(bool) * (size_t)(s->fn->nregs + 1));
  for (int a = 0; a < s->n; a++)
    for (int b = 0; b < s->n; b++)
      if (a != b && feeds(s->fn, &s->u[a], &s->u[b], mark)) join(s, a, b);
  /* a group that writes no list joins the next statement's (the last
   * statement's: the one before) */
  for (bool again = true; again;) {
    again = false;
    for (int a = 0; a < s->n && !again; a++) {
      int g = root(s, a);
      bool w = false;
      for (int b = 0; b < s->n; b++) w |= root(s, b) == g && s->u[b].writes;
      int b = a + 1 < s->n ? a + 1 : a - 1;
      if (w || s->n < 2 || root(s, b) == g) continue;
      join(s, a, b);
      again = true;
    }
  }
  int groups = 0;
  for (int a = 0; a < s->n; a++) {
    s->u[a].group = root(s, a);
    groups += s->u[a].group == a;
  }
  return groups;
}

/* No register the body defines is carried to the next iteration or
 * live after the loop, but for the lists it writes element-wise, which
 * keep their names in the copies; s->upd set. */
static bool
values_private(Split *s, Live *lv)
{
  Func *fn = s->fn;
  int h = s->h, e = s->e;
  s->upd = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  for (int i = h + 1; i < e; i++)
    if (fn->code[i]->op == OP_UPDATE) s->upd[fn->code[i]->dst] = true;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d < 0 || d == fn->code[h]->dst) continue;
    if (s->upd[d]) {
      if (in->op != OP_UPDATE) return false;
      continue;
    }
    if (wyil_live_in(lv, h + 1, d)
        || (e + 1 < fn->ncode && wyil_live_in(lv, e + 1, d)))
      return false;
  }
  return true;
}

/* Append to em the loop over the statements of group g (first: of g,
 * else of every other group), its registers and labels renamed; its
 * FORALL. */
static Insn *
emit_group(FltEmit *em, const Split *s, int g, bool first)
{
  Func *fn = s->fn;
  int h = s->h, k = s->k;
  bool mine[UNITS_MAX], inner = false;
  FltNames m = flt_names(fn);
  flt_fresh_names(fn, &m, h - 1, h + 1, s->upd);
  for (int a = 0; a < s->n; a++) {
    mine[a] = (s->u[a].group == g) == first;
    if (!mine[a]) continue;
    flt_fresh_names(fn, &m, s->u[a].from, s->u[a].to, s->upd);
    inner |= s->u[a].inner;
  }
  if (inner) flt_fresh_names(fn, &m, k - 1, k + 1, s->upd);
  em->code[em->n++] = flt_copy_insn(fn->code[h - 1], m.ren, m.relabel);
  Insn *head = flt_copy_insn(fn->code[h], m.ren, m.relabel);
  head->ascends = false;
  em->code[em->n++] = head;
  bool open = false;
  for (int a = 0; a < s->n; a++) {
    if (!mine[a]) continue;
    if (s->u[a].inner && !open) {
      em->code[em->n++] = flt_copy_insn(fn->code[k - 1], m.ren, m.relabel);
      Insn *in = flt_copy_insn(fn->code[k], m.ren, m.relabel);
      in->ascends = false;
      em->code[em->n++] = in;
      open = true;
    }
    if (!s->u[a].inner && open) {
      em->code[em->n++] = flt_new_insn(OP_END, NULL, -1, -1, -1, head->pos);
      open = false;
    }
    for (int i = s->u[a].from; i < s->u[a].to; i++)
      em->code[em->n++] = flt_copy_insn(fn->code[i], m.ren, m.relabel);
  }
  if (open)
    em->code[em->n++] = flt_new_insn(OP_END, NULL, -1, -1, -1, head->pos);
  em->code[em->n++] = flt_new_insn(OP_END, NULL, -1, -1, -1, head->pos);
  return head;
}

/* Group g as part 1, the rest as part 2: installed, and kept when part
 * 1 is parallel. */
static bool
try_group(Split *s, int g, FilterOptions *opt)
{
  Func *fn = s->fn;
  FltSnapshot before = flt_snapshot(fn);
  Insn *loop = fn->code[s->h];
  FltEmit parts = {fn, wyil_alloc(sizeof(Insn *)
                                  * (size_t)(2 * (s->e - s->h) + 16)),
                   0, loop->pos};
  Insn *first = emit_group(&parts, s, g, true);
  Insn *last = emit_group(&parts, s, g, false);
  int seq = flt_dist_install(fn, s->h, s->e, &parts);
  Kernel *probe = wyil_alloc(sizeof(Kernel));
  int at = wyil_insn_index(fn, first);
  if (at >= 0 && !flt_parallel(fn, at, wyil_cfg_live(fn), opt, probe)) {
    flt_add_iv(opt->ivs, first, fn, seq, FLT_IV_DIST);
    flt_add_iv(opt->ivs, last, fn, -1, FLT_IV_DIST_LAST);
    flt_add_iv(opt->ivs, loop, fn, -1, FLT_IV_DIST_SEQ);
    return true;
  }
  flt_restore(fn, &before);
  return false;
}

/* The loop's statements with the inner loop at k opened (k < 0: none)
 * grouped, and each group that writes tried as part 1. */
static bool
try_opened(Split *s, int k, FilterOptions *opt, int *trials)
{
  Func *fn = s->fn;
  Cfg *c = wyil_cfg(fn);
  s->k = k;
  s->ke = k < 0 ? -1 : c->match[k];
  if (k >= 0) {
    Insn *rg = fn->code[k - 1];
    if (flt_written(fn, s->h, s->e, rg->args[0])
        || flt_written(fn, s->h, s->e, rg->args[1]))
      return false;
    if (!flt_inner_closed(fn, c, k, s->ke)) return false;
  }
  if (!find_units(s, c) || group_units(s) < 2) return false;
  for (int a = 0; a < s->n && *trials < TRIALS_MAX; a++) {
    if (s->u[a].group != a) continue;
    bool w = false;
    for (int b = 0; b < s->n; b++) w |= s->u[b].group == a && s->u[b].writes;
    if (!w) continue;
    ++*trials;
    if (try_group(s, a, opt)) return true;
  }
  return false;
}

bool
flt_distribute_groups(Func *fn, int h, FilterOptions *opt)
{
  Cfg *c = wyil_cfg(fn);
  Split s = {.fn = fn, .h = h, .e = c->match[h], .k = -1, .ke = -1};
  if (!values_private(&s, wyil_cfg_live(fn))) return false;
  int trials = 0;
  /* each inner range loop of the top level opened, then none */
  for (int k = h + 1; k < s.e && trials < TRIALS_MAX; k++) {
    Insn *in = fn->code[k];
    if (in->op != OP_FORALL && in->op != OP_LOOP) continue;
    if (in->op == OP_FORALL && fn->code[k - 1]->op == OP_RANGE
        && fn->code[k - 1]->dst == in->args[0]
        && try_opened(&s, k, opt, &trials))
      return true;
    k = wyil_cfg(fn)->match[k];
  }
  return trials < TRIALS_MAX && try_opened(&s, -1, opt, &trials);
}
