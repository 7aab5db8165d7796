/* cgen_version.c -- the code of a function, instruction by instruction,
 * with loop versioning: a counted loop that has facts (cgen_bounds.c)
 * and no loop with facts inside it is emitted twice,
 *     <its facts, tested>
 *     if (<the range ascends, they hold, and the arrays of its [real]
 *          and [int] reads were found>) {
 *       the copy that assumes them: no check they imply, element reads
 *       straight from the arrays, the index counted as a C int64;
 *     } else {
 *       the loop as cgen_emit_insn emits it (each implied check tested
 *       under `!wyc_okN &&`, so that it fails as the loop as written);
 *     }
 * so that the fast copy's body holds no test that the facts decide.
 * The storage arrays the fast copy reads and writes (cgen_rows.c) are
 * taken between the facts and the `if`, and join its condition; a
 * guard at the start of a fast iteration that fails jumps into the loop
 * as written at that iteration (wyc_back<h>, before its `for`).
 * The copies share the frame (registers, loop counters, handlers); the
 * labels inside the copied loop get a suffix in the fast copy
 * (cgen_label), those outside (a `break`'s target) keep their names.
 *
 * Requires: g->bd (cgen_bounds_scan) and the flow facts.  Provides
 * cgen_emit_code, which the function emitter runs over the whole body.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* The longest loop (in instructions) whose code is emitted twice. */
#define VERSION_MAX 400

const char *
cgen_label(Gen *g, int label)
{
  if (g->fast >= 0) {
    int at = g->fl->label_at[label];
    if (at > g->fast && at < g->fl->match[g->fast])
      return wyil_fmt("L%d_f", label);
  }
  return wyil_fmt("L%d", label);
}

static void
emit_one(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  if (in->op == OP_FORALL) {
    cgen_bounds_enter(g, i);
    cgen_rows_outer(g, i);
  }
  if (in->op != OP_NOP && in->op != OP_LABEL && in->op != OP_END)
    cgen_emit_comment(g, i);
  cgen_emit_insn(g, i);
}

/* Does the body of loop code[h], (h, e), hold a loop with facts? */
static bool
facts_inside(Gen *g, int h, int e)
{
  for (int k = h + 1; k < e; k++)
    if (g->fn->code[k]->op == OP_FORALL && cgen_bounds_all(g, k)) return true;
  return false;
}

/* Does the fast copy of loop code[h] (being emitted: g->fast == h) read
 * its variable other than as the index of a read from an array of the
 * facts or in a check left out?  Or is it live after the loop? */
static bool
reads_var(Gen *g, int h, int e)
{
  Func *fn = g->fn;
  int v = fn->code[h]->dst;
  if (cgen_flow_live_after(g->fl, e, v)) return true;
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    bool by_fact = cgen_bounds_skip(g, k) || cgen_rows_skip(g, k)
      || (in->op == OP_INDEXOF && in->args[1] == v && in->args[0] != v
          && (g->borrow && g->borrow[in->dst]
              ? cgen_bounds_row(g, k) != NULL
              : (cgen_rows_elem(g, k, g->dbl && g->dbl[in->dst])
                 || cgen_bounds_elem(g, k, g->dbl && g->dbl[in->dst]))))
      || (in->op == OP_UPDATE && in->dst != v && cgen_rows_store(g, k)
          && in->args[in->nsteps - 1] == v);
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == v && !by_fact) return true;
    if (in->op == OP_UPDATE && in->dst == v) return true;
  }
  return false;
}

bool
cgen_versioned(Gen *g, int h)
{
  if (g->fn->code[h]->op != OP_FORALL || !g->bd) return false;
  int e = g->fl->match[h];
  return cgen_bounds_all(g, h) && e - h <= VERSION_MAX
         && !facts_inside(g, h, e);
}

bool
cgen_any_versioned(Gen *g)
{
  for (int h = 0; g->bd && h < g->fn->ncode; h++)
    if (cgen_versioned(g, h)) return true;
  return false;
}

/* The FORALL code[h] in two versions; returns the index after its END,
 * or -1 when it is not versioned. */
static int
version(Gen *g, int h)
{
  Func *fn = g->fn;
  Insn *in = fn->code[h];
  if (g->fast >= 0 || !cgen_versioned(g, h)) return -1;
  const char *all = cgen_bounds_all(g, h), *rows;
  int e = g->fl->match[h];
  int hi = fn->code[g->fl->range_of[h]]->args[1], lo =
    fn->code[g->fl->range_of[h]]->args[0], v = in->dst;
  cgen_bounds_enter(g, h);
  cgen_rows_outer(g, h);
  cgen_rows_enter(g, h, wyil_fmt("%s && wy_is_small(r%d) && wy_is_small(r%d)"
                                 " && wy_small_val(r%d) < wy_small_val(r%d)",
                                 all, lo, hi, lo, hi));
  if ((rows = cgen_rows_all(g, h))) all = wyil_fmt("%s && %s", all, rows);
  /* the fast copy counts upwards: a range that descends (which facts of
   * checks alone do not exclude) runs as written */
  all = wyil_fmt("wy_is_small(r%d) && wy_is_small(r%d)"
                 " && wy_small_val(r%d) <= wy_small_val(r%d) && %s", lo, hi,
                 lo, hi, all);
  cgen_emit_comment(g, h);
  cgen_emit(g, "if (%s) {", all);
  g->indent++;
  g->fast = h;
  bool var = reads_var(g, h, e);
  if (var) cgen_emit(g, "%s(&r%d, WY_UNDEF);", g->set, v);
  cgen_emit(g, "wyc_n%d = wy_small_val(r%d);", h, hi);
  cgen_defer_begin(g, h);
  cgen_emit(g, "for (wyc_i%d = wy_small_val(r%d); wyc_i%d != wyc_n%d;"
            " wyc_i%d++) {", h, lo, h, h, h);
  if (var) cgen_emit(g, "  r%d = wy_small(wyc_i%d);", v, h);
  g->indent++;
  cgen_rows_iter(g, h);
  for (int k = h + 1; k <= e; k++) emit_one(g, k);
  cgen_defer_test(g, h);
  g->indent--;
  g->fast = -1;
  cgen_emit(g, "} else {");
  g->indent++;
  cgen_defer_label(g, h);
  if (cgen_rows_guarded(g, h)) g->resume = h;
  cgen_emit_insn(g, h);
  g->resume = -1;
  for (int k = h + 1; k <= e; k++) emit_one(g, k);
  g->indent--;
  cgen_emit(g, "}");
  return e + 1;
}

void
cgen_emit_code(Gen *g, int from, int to)
{
  for (int i = from; i < to; i++) {
    int next = version(g, i);
    if (next >= 0) i = next - 1;
    else emit_one(g, i);
  }
}
