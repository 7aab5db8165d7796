/* cgen_rows.c -- storage arrays hoisted out of a counted loop that
 * reads or writes a [real] list or the rows of a [[real]] in place, in
 * the IEEE real modes.
 *
 * The elements of a [real] are machine numbers there (runtime/list.c,
 * LS_F64 or LS_F32).  In the copy of a counted loop that assumes its
 * facts (cgen_version.c), an element read x[w][j] finds the row in x's
 * storage array and then tests the row's state each iteration, and a
 * store x[w][j] = v tests both lists' counts, state and bounds
 * (wy_list_put2_d).  Where the loop keeps the row the same, that is
 * done once where the loop starts:
 *     before                          after
 *     for j in lo..hi:                A = wy_list_row_mut(&x, w)
 *       x[w][j] = x[w][j] - ...       B = wy_list_row_flat(x, u)
 *                 ... x[u][j]         if (facts && A && B && lo..hi
 *                                         within |x[w]|)
 *                                       for j: A[j] = A[j] - ... B[j]
 * A hoist of x (a register) at row %w (or x itself, for a [real]):
 *   - writes: every write of x in the loop is an update x[%w][%j] = %v
 *     (x[%j] = %v for a [real]) of a double %v at a row index %w the
 *     loop does not write, and %j the loop's variable or a register it
 *     does not write (its bounds tested where the loop starts, against
 *     the row's length, which the loop keeps);
 *   - reads: x[%w][%j] through a borrowed row (cgen_borrow.c) at an
 *     index %w the loop does not write, of an x the loop writes only by
 *     hoisted stores, or not at all; x[%j] of a [real] it writes so,
 *     or does not write (at an index other than the loop's variable,
 *     whose reads have the loop's fact, cgen_bounds.c); the element's
 *     bounds proved by the checks the facts left out
 *     (cgen_bounds_proved), else the read as written runs;
 *   - x is read in the loop only by lengths and element or borrowed
 *     row reads: nothing takes a reference to x or to a row, so a row
 *     made unique where the loop starts stays so, and no store
 *     replaces a row (copy-on-write) or changes its storage (every
 *     double fits LS_F64, every float LS_F32).
 * wy_list_row_mut makes x and its row unique (copies when shared) and
 * current, and gives the row's array; the arrays of reads are taken
 * after those of writes, so that a read of the row being written finds
 * the same array.  When a list is not such a list (another storage, a
 * ragged or short row) the array is NULL and the loop as written runs.
 *
 *
 * A row the loop reads at its variable, x[v][%j] of an x the loop does
 * not write (whose fact lets the fast copy take x's rows from its
 * storage array, cgen_bounds.c), changes each iteration, so it has a
 * guard instead: at the start of each iteration of the fast copy,
 * before anything of it has run, the row's array is taken when the row
 * is a current list of the mode's numbers and %j (the variable or a
 * register the loop keeps) is in its bounds (wy_list_row_num, inline);
 * the element reads then load from it, and the checks of %j against
 * the row the guard implies are left out.  When a guard fails, the
 * loop as written takes over at that iteration (`goto wyc_backH`, into
 * the other copy, which shares the frame): a ragged or short row fails
 * there with its message, a row of another storage is read as it is.
 * Where a loop around it does not write x either (the outermost such
 * FORALL, L) and %j is a register the inner loop keeps, the rows are
 * looked at where the inner loop starts instead, and the result kept
 * for the rest of L's run: wy_list_grid checks that rows lo .. hi-1 are
 * current lists of the mode's numbers, and gives the least of their
 * lengths, m, and their arrays, in a buffer the frame holds (wyc_pvK,
 * released with the registers); L's start forgets it (wyc_loK,
 * wyc_hiK: the rows it covers), an inner loop over rows it covers
 * reuses it.  The fast copy then needs %j < m, and reads the element
 * as C reads a row of a `double **`.  A row keeps its storage and
 * contents while x keeps its rows (a write through another holder
 * copies first).
 *
 * Requires: g->dbl, g->borrow, g->bd (cgen_unbox.c, cgen_borrow.c,
 * cgen_bounds.c) and the flow facts.  Provides g->rows, NULL where
 * there is nothing to hoist (always in exact mode: its code is
 * unchanged).
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

typedef struct Hoist {
  int loop;        /* the FORALL code[h] */
  int list;        /* the register x */
  int row;         /* the row index register %w; -1: x is a [real] */
  bool write;      /* its stores go through it (wy_list_row_mut) */
} Hoist;

typedef struct Guard {
  int loop;        /* the FORALL code[h] */
  int list;        /* x, read x[v][%j] */
  int index;       /* %j */
  int grid;        /* the FORALL L where x's rows are looked at, -1:
                      each iteration's guard */
} Guard;

struct Rows {
  Hoist *hs;
  int n, cap;
  int *of;         /* INDEXOF or UPDATE insn -> its hoist, -1 */
  Guard *gs;
  int ng, gcap;
  int *guard;      /* INDEXOF insn -> its guard, -1 */
  int *cover;      /* ASSERT insn -> the guard implying it, -1 */
};

/* The hoist of loop h for x at row w, made when new. */
static int
hoist_of(Gen *g, int h, int x, int w)
{
  struct Rows *rs = g->rows;
  for (int k = 0; k < rs->n; k++)
    if (rs->hs[k].loop == h && rs->hs[k].list == x && rs->hs[k].row == w)
      return k;
  if (rs->n == rs->cap) {
    rs->cap = rs->cap ? 2 * rs->cap : 8;
    Hoist *nh = wyil_alloc(sizeof(Hoist) * (size_t)rs->cap);
    if (rs->n) memcpy(nh, rs->hs, sizeof(Hoist) * (size_t)rs->n);
    rs->hs = nh;
  }
  rs->hs[rs->n] = (Hoist){h, x, w, false};
  return rs->n++;
}

/* The guard of loop h for x[v][j], made when new. */
static int
guard_of(Gen *g, int h, int x, int j)
{
  struct Rows *rs = g->rows;
  for (int k = 0; k < rs->ng; k++)
    if (rs->gs[k].loop == h && rs->gs[k].list == x && rs->gs[k].index == j)
      return k;
  if (rs->ng == rs->gcap) {
    rs->gcap = rs->gcap ? 2 * rs->gcap : 8;
    Guard *ng = wyil_alloc(sizeof(Guard) * (size_t)rs->gcap);
    if (rs->ng) memcpy(ng, rs->gs, sizeof(Guard) * (size_t)rs->ng);
    rs->gs = ng;
  }
  rs->gs[rs->ng] = (Guard){h, x, j, -1};
  return rs->ng++;
}

/* Is t a list whose elements are reals (depth 1) or lists of reals
 * (depth 2)? */
static bool
reals_at(Type *t, int depth)
{
  Type *e = t ? ty_list_elem(t) : NULL;
  if (!e) return false;
  return depth == 1 ? ty_is(e, TY_REAL) : reals_at(e, 1);
}

/* Is code[k], an UPDATE of x, a store the hoist can take: x[%w][%j] =
 * %v (depth 2) or x[%j] = %v (depth 1) of lists, %v a double, %w kept
 * by the loop, %j its variable or kept? */
static bool
hoistable_store(Gen *g, int h, int e, Insn *in, int depth)
{
  Func *fn = g->fn;
  int all = KEEP_ALL | KEEP_LEN | KEEP_ROWS, v = fn->code[h]->dst;
  int j = in->args[depth - 1], val = in->args[in->nargs - 1];
  if (in->nsteps != depth || !g->dbl[val]) return false;
  for (int s = 0; s < depth; s++)
    if (in->steps[s].kind != UPD_INDEX || !reals_at(in->steps[s].type,
                                                    depth - s))
      return false;
  if (depth == 2 && (in->args[0] == v || cgen_kept(fn, h, e, in->args[0])
                                         != all))
    return false;
  return j == v || cgen_kept(fn, h, e, j) == all;
}

/* Does the loop h (body (h, e)) use x only as hoists allow (lengths,
 * element reads, borrowed rows at depth 2, hoistable stores)?  Does it
 * store into x (*writes)? */
static bool
uses_allowed(Gen *g, int h, int e, int x, int depth, bool *writes)
{
  Func *fn = g->fn;
  *writes = false;
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    if (in->op == OP_UPDATE && in->dst == x) {
      if (!hoistable_store(g, h, e, in, depth)) return false;
      for (int a = 0; a < in->nargs; a++)
        if (in->args[a] == x) return false;
      *writes = true;
      continue;
    }
    if (wyil_def_reg(in) == x) return false;
    for (int a = 0; a < in->nargs; a++) {
      if (in->args[a] != x) continue;
      if (a != 0 || (in->op != OP_LENGTHOF && in->op != OP_INDEXOF))
        return false;
      if (in->op == OP_INDEXOF && depth == 2
          && !(g->borrow && in->dst >= 0 && g->borrow[in->dst]))
        return false;
    }
  }
  return true;
}

/* Element reads r[%j] of the borrowed row r = x[%w] defined at code[d],
 * %w kept by the loop: hoisted reads of x's row %w. */
static void
scan_row_reads(Gen *g, int h, int e, int d)
{
  Func *fn = g->fn;
  Insn *def = fn->code[d];
  int r = def->dst, w = def->args[1];
  if (w == fn->code[h]->dst || cgen_kept(fn, h, e, w)
                               != (KEEP_ALL | KEEP_LEN | KEEP_ROWS))
    return;
  for (int k = d + 1; k < e; k++) {
    Insn *in = fn->code[k];
    if (in->op == OP_INDEXOF && in->args[0] == r && in->dst >= 0
        && ty_is(in->type, TY_LIST) && reals_at(in->type, 1))
      g->rows->of[k] = hoist_of(g, h, def->args[0], w);
  }
}

/* The hoists of the counted loop code[h] (body (h, e)) for x. */
static void
scan_list(Gen *g, int h, int e, int x, int depth)
{
  Func *fn = g->fn;
  bool writes;
  if (!uses_allowed(g, h, e, x, depth, &writes)) return;
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    if (in->op == OP_UPDATE && in->dst == x) {
      int s = hoist_of(g, h, x, depth == 2 ? in->args[0] : -1);
      g->rows->hs[s].write = true;
      g->rows->of[k] = s;
    } else if (in->op == OP_INDEXOF && in->args[0] == x && depth == 2) {
      scan_row_reads(g, h, e, k);
    } else if (in->op == OP_INDEXOF && in->args[0] == x
               && (writes || in->args[1] != fn->code[h]->dst)) {
      /* a [real] written, or read at an index the loop keeps (the
       * loop's fact has its reads at the variable) */
      g->rows->of[k] = hoist_of(g, h, x, -1);
    }
  }
}

/* The checks of %j against the row r between its read code[d] and the
 * element read code[k], which guard gd implies. */
static void
cover_checks(Gen *g, int d, int k, int r, int j, int gd)
{
  Func *fn = g->fn;
  for (int a = d + 1; a < k; a++) {
    Insn *in = fn->code[a], *m;
    if (in->op != OP_ASSERT || in->args[0] != j || !in->type
        || !ty_is(in->type, TY_INT))
      continue;
    if ((in->cmp == CMP_GE && cgen_nonpos_const(fn, in->args[1]))
        || (in->cmp == CMP_LT && (m = wyil_only_def(fn, in->args[1]))
            && m->op == OP_LENGTHOF && m->args[0] == r))
      g->rows->cover[a] = gd;
  }
}

/* The guards of loop code[h] (body (h, e)): element reads r[%j] of a
 * borrowed row r = x[v] whose fact lets the fast copy read x's rows,
 * %j the variable or kept. */
static void
scan_guards(Gen *g, int h, int e)
{
  Func *fn = g->fn;
  int v = fn->code[h]->dst, all = KEEP_ALL | KEEP_LEN | KEEP_ROWS;
  for (int d = h + 1; d < e; d++) {
    Insn *def = fn->code[d];
    int r = def->dst;
    if (def->op != OP_INDEXOF || r < 0 || !g->borrow || !g->borrow[r]
        || def->args[1] != v || !reals_at(def->type, 2)
        || !cgen_bounds_rows(g, d, h))
      continue;
    for (int k = d + 1; k < e; k++) {
      Insn *in = fn->code[k];
      int j = in->nargs > 1 ? in->args[1] : -1;
      if (in->op != OP_INDEXOF || in->args[0] != r || in->dst < 0
          || (j != v && cgen_kept(fn, h, e, j) != all))
        continue;
      int gd = guard_of(g, h, def->args[0], j);
      g->rows->guard[k] = gd;
      cover_checks(g, d, k, r, j, gd);
    }
  }
}

/* The outermost FORALL around loop code[h] none of whose code writes
 * x, or -1. */
static int
grid_loop(Gen *g, int h, int x)
{
  int best = -1;
  for (int l = g->fl->encl[h]; l >= 0; l = g->fl->encl[l])
    if (cgen_kept(g->fn, l, g->fl->match[l], x)
        == (KEEP_ALL | KEEP_LEN | KEEP_ROWS))
      best = l;
    else
      break;
  return best;
}

/* The lists the loop code[h] reads or writes: the first operand of
 * its INDEXOFs and the roots of its UPDATEs, each once. */
static void
scan_loop(Gen *g, int h)
{
  Func *fn = g->fn;
  int e = g->fl->match[h];
  bool *seen = wyil_alloc((size_t)fn->nregs + 1);
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    int x = in->op == OP_UPDATE ? in->dst
            : in->op == OP_INDEXOF ? in->args[0] : -1;
    Type *t = in->op == OP_UPDATE && in->nsteps ? in->steps[0].type
              : in->type;
    if (x < 0 || seen[x]) continue;
    seen[x] = true;
    if (reals_at(t, 2)) scan_list(g, h, e, x, 2);
    else if (reals_at(t, 1)) scan_list(g, h, e, x, 1);
  }
}

void
cgen_rows_scan(Gen *g)
{
  Func *fn = g->fn;
  g->rows = NULL;
  if (!g->bd || !g->dbl) return;
  struct Rows *rs = wyil_alloc(sizeof *rs);
  size_t n = sizeof(int) * (size_t)(fn->ncode + 1);
  rs->of = wyil_alloc(n);
  rs->guard = wyil_alloc(n);
  rs->cover = wyil_alloc(n);
  for (int i = 0; i < fn->ncode; i++)
    rs->of[i] = rs->guard[i] = rs->cover[i] = -1;
  g->rows = rs;
  for (int h = 0; h < fn->ncode; h++)
    if (cgen_versioned(g, h)) {
      scan_loop(g, h);
      scan_guards(g, h, g->fl->match[h]);
    }
  for (int k = 0; k < rs->ng; k++)
    if (rs->gs[k].index != fn->code[rs->gs[k].loop]->dst)
      rs->gs[k].grid = grid_loop(g, rs->gs[k].loop, rs->gs[k].list);
  if (!rs->n && !rs->ng) g->rows = NULL;
}

/* The C type of the arrays: the mode's numbers. */
static const char *
num_type(Gen *g)
{
  return g->m->real_mode == WYIL_REAL_FLOAT ? "float" : "double";
}

static const char *
num_store(Gen *g)
{
  return g->m->real_mode == WYIL_REAL_FLOAT ? "WY_LS_F32" : "WY_LS_F64";
}

void
cgen_rows_decls(Gen *g)
{
  const char *vol = g->fl->has_try ? "volatile " : "";
  if (!g->rows) return;
  for (int k = 0; k < g->rows->n; k++)
    cgen_emit(g, "%s%s *%swyc_a%d = NULL;", g->rows->hs[k].write ? ""
              : "const ", num_type(g), vol, k);
  for (int k = 0; k < g->rows->ng; k++) {
    cgen_emit(g, "__attribute__((unused)) %suint64_t wyc_j%d = 0;", vol, k);
    if (g->rows->gs[k].grid < 0) {
      cgen_emit(g, "const %s *%swyc_g%d = NULL;", num_type(g), vol, k);
      continue;
    }
    cgen_emit(g, "%suint64_t wyc_m%d = 0;", vol, k);
    cgen_emit(g, "%sint64_t wyc_lo%d = 0, wyc_hi%d = 0;", vol, k, k);
    cgen_emit(g, "const %s *const *%swyc_p%d = NULL;", num_type(g), vol, k);
    cgen_emit(g, "%swyv wyc_pv%d = WY_UNDEF;", vol, k);
  }
}

void
cgen_rows_outer(Gen *g, int l)
{
  for (int k = 0; g->rows && k < g->rows->ng; k++)
    if (g->rows->gs[k].grid == l)
      cgen_emit(g, "wyc_lo%d = wyc_hi%d = 0;", k, k);
}

void
cgen_rows_release(Gen *g)
{
  for (int k = 0; g->rows && k < g->rows->ng; k++)
    if (g->rows->gs[k].grid >= 0) cgen_emit(g, "wy_decref(wyc_pv%d);", k);
}

/* Where the inner loop code[h] starts: rows lo .. hi-1 of guard k's
 * list looked at, unless L's run looked at them already. */
static void
enter_grid(Gen *g, int h, int k)
{
  Insn *rg = g->fn->code[g->fl->range_of[h]];
  int lo = rg->args[0], hi = rg->args[1];
  cgen_emit(g, "if (!(wyc_lo%d <= wy_small_val(r%d)"
            " && wy_small_val(r%d) <= wyc_hi%d)) {", k, lo, hi, k);
  cgen_emit(g, "  wyv b = wyc_pv%d;", k);
  cgen_emit(g, "  wyc_m%d = wy_list_grid(r%d, r%d, r%d, %s, &b);", k,
            g->rows->gs[k].list, lo, hi, num_store(g));
  cgen_emit(g, "  wyc_pv%d = b;", k);
  cgen_emit(g, "  wyc_p%d = wyc_m%d ? (const %s *const *)wy_list(b)->data"
            " : NULL;", k, k, num_type(g));
  cgen_emit(g, "  wyc_lo%d = wy_small_val(r%d);", k, lo);
  cgen_emit(g, "  wyc_hi%d = wyc_m%d ? wy_small_val(r%d) : 0;", k, k, hi);
  cgen_emit(g, "}");
}

bool
cgen_rows_guarded(Gen *g, int h)
{
  for (int k = 0; g->rows && k < g->rows->ng; k++)
    if (g->rows->gs[k].loop == h && g->rows->gs[k].grid < 0) return true;
  return false;
}

void
cgen_rows_iter(Gen *g, int h)
{
  StrBuf cond = {0};
  for (int k = 0; g->rows && k < g->rows->ng; k++) {
    Guard *gd = &g->rows->gs[k];
    if (gd->loop != h || gd->grid >= 0) continue;
    const char *j = gd->index == g->fn->code[h]->dst
                    ? wyil_fmt("(uint64_t)wyc_i%d", h)
                    : wyil_fmt("wyc_j%d", k);
    cgen_emit(g, "wyc_g%d = wy_list_row_num(r%d, wyc_i%d, %s, %s);", k,
              gd->list, h, j, num_store(g));
    sb_printf(&cond, "%s!wyc_g%d", cond.len ? " || " : "", k);
  }
  if (!cond.len) return;
  cgen_emit(g, "if (__builtin_expect(%s, 0)) {", cond.s);
  g->indent++;
  cgen_defer_test(g, h);        /* an overflow so far: from the start */
  g->indent--;
  cgen_emit(g, "  wyc_s%d = 1;", h);     /* the loop as written, from here */
  cgen_emit(g, "  goto wyc_back%d;", h);
  cgen_emit(g, "}");
  sb_free(&cond);
}

bool
cgen_rows_skip(Gen *g, int i)
{
  return g->rows && g->fast >= 0 && g->rows->cover[i] >= 0
         && g->rows->gs[g->rows->cover[i]].loop == g->fast;
}

/* The bounds of the store index j of a write into hoist k, whose row
 * is there (wyc_aK), against the row's length: j the loop's variable
 * (lo .. hi) or a register the loop keeps. */
static const char *
store_bounds(Gen *g, int h, const Hoist *hs, int j)
{
  Insn *rg = g->fn->code[g->fl->range_of[h]];
  int lo = rg->args[0], hi = rg->args[1];
  const char *len = hs->row < 0 ? wyil_fmt("(int64_t)wy_list_len(r%d)",
                                           hs->list)
                    : wyil_fmt("wy_list_row_len(r%d, r%d)", hs->list,
                               hs->row);
  if (j == g->fn->code[h]->dst)
    return wyil_fmt("wy_is_small(r%d) && wy_is_small(r%d)"
                    " && 0 <= wy_small_val(r%d)"
                    " && wy_small_val(r%d) <= wy_small_val(r%d)"
                    " && wy_small_val(r%d) <= %s", lo, hi, lo, lo, hi, hi,
                    len);
  return wyil_fmt("wy_is_small(r%d) && 0 <= wy_small_val(r%d)"
                  " && wy_small_val(r%d) < %s", j, j, j, len);
}

void
cgen_rows_enter(Gen *g, int h, const char *facts)
{
  struct Rows *rs = g->rows;
  if (!rs) return;
  bool any = false;
  for (int k = 0; k < rs->n; k++)
    if (rs->hs[k].loop == h) {
      cgen_emit(g, "wyc_a%d = NULL;", k);
      any = true;
    }
  for (int k = 0; k < rs->ng; k++)
    if (rs->gs[k].loop == h && rs->gs[k].index != g->fn->code[h]->dst) {
      cgen_emit(g, "wyc_j%d = wy_list_index_of(r%d);", k, rs->gs[k].index);
      any |= rs->gs[k].grid >= 0;
    }
  if (!any) return;
  cgen_emit(g, "if (%s) {", facts);
  g->indent++;
  for (int k = 0; k < rs->ng; k++)
    if (rs->gs[k].loop == h && rs->gs[k].grid >= 0) enter_grid(g, h, k);
  /* writes first: a read of a row written finds its array */
  for (int pass = 1; pass >= 0; pass--)
    for (int k = 0; k < rs->n; k++) {
      Hoist *hs = &rs->hs[k];
      if (hs->loop != h || hs->write != pass) continue;
      if (!hs->write && hs->row < 0)
        cgen_emit(g, "wyc_a%d = wy_list_flat(r%d, %s);", k, hs->list,
                  num_store(g));
      else if (!hs->write)
        cgen_emit(g, "wyc_a%d = wy_list_row_flat(r%d, r%d, %s);", k,
                  hs->list, hs->row, num_store(g));
      else if (hs->row < 0)
        cgen_emit(g, "{ wyv root = r%d; wyc_a%d = wy_list_mut(&root, %s);"
                  " r%d = root; }", hs->list, k, num_store(g), hs->list);
      else
        cgen_emit(g, "{ wyv root = r%d; wyc_a%d = wy_list_row_mut(&root, r%d,"
                  " %s); r%d = root; }", hs->list, k, hs->row, num_store(g),
                  hs->list);
    }
  /* the bounds of the stores, once each */
  for (int i = h + 1; i < g->fl->match[h]; i++) {
    Insn *in = g->fn->code[i];
    int k = rs->of[i];
    if (k < 0 || in->op != OP_UPDATE) continue;
    cgen_emit(g, "if (wyc_a%d && !(%s)) wyc_a%d = NULL;", k,
              store_bounds(g, h, &rs->hs[k], in->args[in->nsteps - 1]), k);
  }
  g->indent--;
  cgen_emit(g, "}");
}

const char *
cgen_rows_all(Gen *g, int h)
{
  StrBuf sb = {0};
  if (!g->rows) return NULL;
  for (int k = 0; k < g->rows->n; k++)
    if (g->rows->hs[k].loop == h)
      sb_printf(&sb, "%swyc_a%d", sb.len ? " && " : "", k);
  for (int k = 0; k < g->rows->ng; k++)
    if (g->rows->gs[k].loop == h && g->rows->gs[k].grid >= 0)
      sb_printf(&sb, "%swyc_j%d < wyc_m%d", sb.len ? " && " : "", k, k);
  const char *s = sb.len ? wyil_strdup(sb.s) : NULL;
  sb_free(&sb);
  return s;
}

/* The index of code[i]'s element in the fast copy: its loop counter,
 * or the register's value. */
static const char *
index_expr(Gen *g, int j)
{
  if (j == g->fn->code[g->fast]->dst) return wyil_fmt("wyc_i%d", g->fast);
  return wyil_fmt("wy_small_val(r%d)", j);
}

const char *
cgen_rows_elem(Gen *g, int i, bool unboxed)
{
  if (!g->rows || g->fast < 0) return NULL;
  int k = g->rows->of[i], gd = g->rows->guard[i];
  Insn *in = g->fn->code[i];
  const char *e;
  if (gd >= 0 && g->rows->gs[gd].loop == g->fast
      && g->rows->gs[gd].grid >= 0)
    e = wyil_fmt("wyc_p%d[wyc_i%d - wyc_lo%d][wyc_j%d]", gd, g->fast, gd,
                 gd);
  else if (gd >= 0 && g->rows->gs[gd].loop == g->fast)
    e = wyil_fmt("wyc_g%d[%s]", gd, in->args[1] == g->fn->code[g->fast]->dst
                 ? wyil_fmt("wyc_i%d", g->fast) : wyil_fmt("wyc_j%d", gd));
  else if (k >= 0 && g->rows->hs[k].loop == g->fast && in->op == OP_INDEXOF
           && cgen_bounds_proved(g, i))
    e = wyil_fmt("wyc_a%d[%s]", k, index_expr(g, in->args[1]));
  else
    return NULL;
  return unboxed ? e : wyil_fmt("wy_f_make(%s, NULL)", e);
}

const char *
cgen_rows_store(Gen *g, int i)
{
  if (!g->rows || g->fast < 0 || g->rows->of[i] < 0) return NULL;
  int k = g->rows->of[i];
  Insn *in = g->fn->code[i];
  if (g->rows->hs[k].loop != g->fast || in->op != OP_UPDATE) return NULL;
  return wyil_fmt("wyc_a%d[%s] = d%d;", k,
                  index_expr(g, in->args[in->nsteps - 1]),
                  in->args[in->nargs - 1]);
}
