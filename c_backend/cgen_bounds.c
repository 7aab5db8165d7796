/* cgen_bounds.c -- facts about a counted loop over lists it leaves as
 * they are, tested once where the loop starts, in the IEEE real modes.
 *
 * In `forall %v in lo..hi` (counted, cgen_flow.c) that writes neither
 * %v nor a list %x, the element reads %x[%v] go through checks each
 * iteration: `assertge %v, 0`, `assertlt %v, |%x|`, and the read's own
 * tests of the index, of staleness and of the storage kind.  When the
 * loop starts, the fact
 *     ok  =  lo, hi small ints,  0 <= lo <= hi (ascending),  %x a list,
 *            hi <= |%x|
 * implies every one of them for every iteration: %v runs over lo .. hi-1
 * and %x, not written in the loop, keeps its length and its elements
 * (value semantics: a write through another holder copies first).  So
 * the generated code computes ok (wyc_okN) before the loop, and
 *   - an ASSERT the fact implies runs only when it is false
 *     (`if (!wyc_okN && ...)`): the check and its message are those of
 *     the loop as written whenever it could fail;
 *   - a read %x[%v] of a [real] or [int] list takes the storage array
 *     found once when the loop starts (wy_list_flat: the stale test and
 *     the download there), wyc_eN, and reads an element of it (the
 *     IEEE mode's number of LS_F64 or LS_F32, an int64 of LS_INT); with
 *     no array (another storage kind, or ok false) the checked read runs;
 *     a read of another list skips only the index test.
 * A lower bound `assertge %v, %z` (a constant z <= 0) is implied by
 * 0 <= lo alone: a fact of the loop with no list.  A list of lists
 * must also be current and LS_ANY: then its rows are read from its
 * storage array.
 *
 * Checks that do not change in the innermost counted loop around them
 * get a fact each (FK_CHECK), the check itself evaluated where the loop
 * starts: `assertge %u, 0` and `assertlt %u, |%y|` on a register %u the
 * loop does not write, where the loop keeps |%y| (it writes %y only by
 * element updates `%y[a]... = e`), or %y is the row %x[%w] at an index
 * %w it does not write, of a list %x whose rows keep their lengths (it
 * writes %x only by `%x[a][b]... = e`); the same check on the loop's
 * variable takes `hi <= |%y|`.  A borrowed row %x[%w] (cgen_borrow.c)
 * at such an index has the fact that it is there (wy_list_row_len):
 * read from the storage array too.  An elimination's update
 * `A[i][j] = A[i][j] - A[i][k] * A[k][j]` in its loop over j keeps all
 * of its checks of i, k and j that way.
 *
 * Requires: the flow facts (g->fl: counted loops, loop matching) and
 * g->dbl (cgen_unbox.c) for the unboxed reads.  Provides g->bd, or NULL
 * where there is nothing to do: in exact mode (its code is unchanged),
 * and in a function with an offloaded or chained loop (a kernel may
 * leave a list's newer values on the device).
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

typedef enum FactKind { FK_PLAIN, FK_REAL, FK_INT, FK_ROWS, FK_CHECK }
  FactKind;

typedef struct Fact {
  int loop;        /* the FORALL */
  int list;        /* the register %x, -1: the range alone (or FK_CHECK) */
  FactKind kind;   /* how its elements are read (FK_ROWS: lists, read
                      from the storage array of a current LS_ANY list);
                      FK_CHECK: a check that does not change in the
                      loop, or a row read at an index it does not
                      change */
  const char *cond;/* FK_CHECK: the C condition that implies it */
  bool used;       /* some check or read relies on it */
} Fact;

struct Bounds {
  Fact *facts;
  int nfacts, cap;
  int *guard;      /* ASSERT insn -> the fact implying it, -1 */
  int *elem;       /* INDEXOF insn -> the fact of its list, -1 */
  int *row;        /* INDEXOF insn of a borrowed row at an index the loop
                      keeps -> the FK_CHECK fact that it is there, -1 */
};

/* The fact of loop h about list x (-1: none), made when new. */
static int
fact_of(Gen *g, int h, int x, Type *list)
{
  struct Bounds *bd = g->bd;
  for (int f = 0; f < bd->nfacts; f++)
    if (bd->facts[f].loop == h && bd->facts[f].list == x) return f;
  if (bd->nfacts == bd->cap) {
    bd->cap = bd->cap ? 2 * bd->cap : 8;
    Fact *nf = wyil_alloc(sizeof(Fact) * (size_t)bd->cap);
    if (bd->nfacts) memcpy(nf, bd->facts, sizeof(Fact) * (size_t)bd->nfacts);
    bd->facts = nf;
  }
  Type *e = list ? ty_list_elem(list) : NULL;
  FactKind k = FK_PLAIN;
  if (e && ty_is(e, TY_REAL)) k = FK_REAL;
  else if (e && ty_is(e, TY_INT)) k = FK_INT;
  else if (e && ty_is(e, TY_LIST)) k = FK_ROWS;
  bd->facts[bd->nfacts] = (Fact){h, x, k, NULL, false};
  return bd->nfacts++;
}

/* A new FK_CHECK fact of loop h. */
static int
check_fact(Gen *g, int h, const char *cond)
{
  int f = fact_of(g, h, -2 - g->bd->nfacts, NULL);
  g->bd->facts[f].kind = FK_CHECK;
  g->bd->facts[f].cond = cond;
  return f;
}

bool
cgen_nonpos_const(Func *fn, int z)
{
  Insn *d = wyil_only_def(fn, z);
  return d && d->op == OP_CONST && d->cst->kind == C_INT
         && (d->cst->text[0] == '-' || !strcmp(d->cst->text, "0"));
}

/* The facts of the counted loop code[h], whose body is (h, e). */
static void
scan_loop(Gen *g, int h, int e)
{
  Func *fn = g->fn;
  int v = fn->code[h]->dst;
  bool *written = wyil_alloc((size_t)fn->nregs + 1);
  for (int k = h + 1; k < e; k++) {
    int r = wyil_def_reg(fn->code[k]);
    if (r >= 0) written[r] = true;
  }
  if (written[v]) return;
  for (int k = h + 1; k < e; k++) {
    Insn *in = fn->code[k];
    if (in->op == OP_ASSERT && in->args[0] == v && in->type
        && ty_is(in->type, TY_INT)) {
      int b = in->args[1];
      Insn *m = wyil_only_def(fn, b);
      if (in->cmp == CMP_GE && cgen_nonpos_const(fn, b))
        g->bd->guard[k] = fact_of(g, h, -1, NULL);
      else if (in->cmp == CMP_LT && m && m->op == OP_LENGTHOF && m->type
               && ty_list_elem(m->type) && !written[m->args[0]]) {
        int at = wyil_insn_index(fn, m);
        if (at > h && at < e)
          g->bd->guard[k] = fact_of(g, h, m->args[0], m->type);
      }
    } else if (in->op == OP_INDEXOF && in->args[1] == v && in->type
               && ty_list_elem(in->type) && ty_is(in->type, TY_LIST)
               && !written[in->args[0]] && in->args[0] != v) {
      g->bd->elem[k] = fact_of(g, h, in->args[0], in->type);
    }
  }
}

/* Is step k of the UPDATE in an index into a list? */
static bool
list_index(Insn *in, int k)
{
  return k < in->nsteps && in->steps[k].kind == UPD_INDEX
         && in->steps[k].type && ty_is(in->steps[k].type, TY_LIST);
}

int
cgen_kept(Func *fn, int h, int e, int x)
{
  int keep = KEEP_ALL | KEEP_LEN | KEEP_ROWS;
  for (int k = h; k < e; k++) {
    Insn *in = fn->code[k];
    if (wyil_def_reg(in) != x) continue;
    if (in->op != OP_UPDATE || !list_index(in, 0)) return 0;
    keep &= list_index(in, 1) ? ~KEEP_ALL : KEEP_LEN;
  }
  return keep;
}

/* The register r is a small int >= 0, as C. */
static const char *
nonneg(int r)
{
  return wyil_fmt("wy_is_small(r%d) && wy_small_val(r%d) >= 0", r, r);
}

/* A C expression of |y| at the start of loop code[h] (body (h, e)), for
 * `lengthof %m = %y` in its body, where the loop keeps that length; -1
 * when y is no list, NULL where there is none. */
static const char *
entry_len(Gen *g, int h, int e, Insn *m)
{
  Func *fn = g->fn;
  int y = m->args[0], at = wyil_insn_index(fn, m);
  if (at <= h || at >= e || !m->type || !ty_is(m->type, TY_LIST))
    return NULL;
  if (cgen_kept(fn, h, e, y) & KEEP_LEN)
    return wyil_fmt("wy_list_len_or(r%d)", y);
  Insn *r = wyil_only_def(fn, y);   /* y = x[w], a row of x */
  if (!r || r->op != OP_INDEXOF || !r->type || !ty_is(r->type, TY_LIST))
    return NULL;
  int x = r->args[0], w = r->args[1], rat = wyil_insn_index(fn, r);
  if (rat <= h || rat >= e || cgen_kept(fn, h, e, w) != (KEEP_ALL | KEEP_LEN
                                                    | KEEP_ROWS)
      || !(cgen_kept(fn, h, e, x) & KEEP_ROWS))
    return NULL;
  return wyil_fmt("wy_list_row_len(r%d, r%d)", x, w);
}

/* The ASSERT code[k] in the counted loop code[h] (body (h, e)), on a
 * register the loop does not write or on its variable, against a
 * length the loop keeps: its fact, tested where the loop starts. */
static void
scan_check(Gen *g, int h, int e, int k)
{
  Func *fn = g->fn;
  Insn *in = fn->code[k], *m;
  int u = in->args[0], v = fn->code[h]->dst;
  const char *len;
  if (!in->type || !ty_is(in->type, TY_INT)) return;
  if (u != v && cgen_kept(fn, h, e, u) != (KEEP_ALL | KEEP_LEN | KEEP_ROWS))
    return;
  if (in->cmp == CMP_GE && u != v && cgen_nonpos_const(fn, in->args[1])) {
    g->bd->guard[k] = check_fact(g, h, nonneg(u));
  } else if (in->cmp == CMP_LT && (m = wyil_only_def(fn, in->args[1]))
             && m->op == OP_LENGTHOF && (len = entry_len(g, h, e, m))) {
    Insn *rg = fn->code[g->fl->range_of[h]];
    int lo = rg->args[0], hi = rg->args[1];
    if (u != v)
      g->bd->guard[k] = check_fact(g, h, wyil_fmt(
        "%s && wy_small_val(r%d) < %s", nonneg(u), u, len));
    else
      g->bd->guard[k] = check_fact(g, h, wyil_fmt(
        "%s && wy_is_small(r%d) && wy_small_val(r%d) <= wy_small_val(r%d)"
        " && wy_small_val(r%d) <= %s", nonneg(lo), hi, lo, hi, hi, len));
  }
}

void
cgen_bounds_scan(Gen *g)
{
  Func *fn = g->fn;
  g->bd = NULL;
  if (g->m->real_mode == WYIL_REAL_EXACT || g->any_chain) return;
  for (int i = 0; i < fn->ncode; i++)
    if (fn->code[i]->op == OP_OFFLOAD) return;
  struct Bounds *bd = wyil_alloc(sizeof *bd);
  bd->guard = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  bd->elem = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  bd->row = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  for (int i = 0; i < fn->ncode; i++)
    bd->guard[i] = bd->elem[i] = bd->row[i] = -1;
  g->bd = bd;
  for (int h = 0; h < fn->ncode; h++)
    if (fn->code[h]->op == OP_FORALL && g->fl->range_of[h] >= 0
        && fn->code[h]->dst >= 0)
      scan_loop(g, h, g->fl->match[h]);
  for (int k = 0; k < fn->ncode; k++) {
    int h = g->fl->encl[k];
    /* the innermost loop's fact, where an outer one has the check */
    if (fn->code[k]->op == OP_ASSERT && h >= 0 && g->fl->range_of[h] >= 0
        && fn->code[h]->dst >= 0
        && (bd->guard[k] < 0 || bd->facts[bd->guard[k]].loop != h))
      scan_check(g, h, g->fl->match[h], k);
  }
  for (int k = 0; k < fn->ncode; k++) {
    Insn *in = fn->code[k];
    int h = g->fl->encl[k];
    if (in->op != OP_INDEXOF || !g->borrow || !g->borrow[in->dst] || h < 0
        || g->fl->range_of[h] < 0 || fn->code[h]->dst < 0)
      continue;
    int e = g->fl->match[h], x = in->args[0], w = in->args[1];
    if (w != fn->code[h]->dst && cgen_kept(fn, h, e, w) & KEEP_ALL
        && cgen_kept(fn, h, e, x) & KEEP_LEN)
      bd->row[k] = check_fact(g, h, wyil_fmt("wy_list_row_len(r%d, r%d) >= 0",
                                             x, w));
  }
  for (int k = 0; k < fn->ncode; k++) {
    if (bd->guard[k] >= 0) bd->facts[bd->guard[k]].used = true;
    if (bd->elem[k] >= 0) bd->facts[bd->elem[k]].used = true;
    if (bd->row[k] >= 0) bd->facts[bd->row[k]].used = true;
  }
  if (!bd->nfacts) g->bd = NULL;
}

/* The C type of the storage array of a fact's list: the IEEE mode's
 * numbers (LS_F64, LS_F32) or ints (LS_INT). */
static const char *
array_type(Gen *g, FactKind k)
{
  if (k != FK_REAL) return "int64_t";
  return g->m->real_mode == WYIL_REAL_FLOAT ? "float" : "double";
}

static const char *
array_store(Gen *g, FactKind k)
{
  if (k != FK_REAL) return "WY_LS_INT";
  return g->m->real_mode == WYIL_REAL_FLOAT ? "WY_LS_F32" : "WY_LS_F64";
}

void
cgen_bounds_decls(Gen *g)
{
  const char *vol = g->fl->has_try ? "volatile " : "";
  if (!g->bd) return;
  for (int f = 0; f < g->bd->nfacts; f++) {
    Fact *ft = &g->bd->facts[f];
    if (!ft->used) continue;   /* an inner loop's fact has its checks */
    /* a fact its loop's slow copy may not read (a row that is borrowed
     * there, a read of another kind): unused is no warning */
    cgen_emit(g, "__attribute__((unused)) %sbool wyc_ok%d = false;", vol, f);
    if ((ft->kind == FK_REAL || ft->kind == FK_INT) && ft->list >= 0)
      cgen_emit(g, "const %s *%swyc_e%d = NULL;", array_type(g, ft->kind), vol,
                f);
  }
}

void
cgen_bounds_enter(Gen *g, int h)
{
  if (!g->bd || g->fl->range_of[h] < 0) return;
  Insn *rg = g->fn->code[g->fl->range_of[h]];
  int lo = rg->args[0], hi = rg->args[1];
  for (int f = 0; f < g->bd->nfacts; f++) {
    Fact *ft = &g->bd->facts[f];
    if (ft->loop != h || !ft->used) continue;
    if (ft->kind == FK_CHECK) {
      cgen_emit(g, "wyc_ok%d = %s;", f, ft->cond);
      continue;
    }
    cgen_emit(g, "wyc_ok%d = wy_is_small(r%d) && wy_is_small(r%d)", f, lo, hi);
    cgen_emit(g, "  && 0 <= wy_small_val(r%d)"
              " && wy_small_val(r%d) <= wy_small_val(r%d)%s", lo, lo, hi,
              ft->list < 0 ? ";" : "");
    if (ft->list < 0) continue;
    int x = ft->list;
    cgen_emit(g, "  && wy_is_obj(r%d) && wy_obj(r%d)->kind == WY_K_LIST", x, x);
    cgen_emit(g, "  && (uint64_t)wy_small_val(r%d) <= wy_list_len(r%d)%s", hi,
              x, ft->kind == FK_ROWS ? "" : ";");
    if (ft->kind == FK_ROWS)
      cgen_emit(g, "  && !(wy_list(r%d)->h.flags & WY_LIST_STALE)"
                " && wy_list(r%d)->h.sub == WY_LS_ANY;", x, x);
    if (ft->kind == FK_REAL || ft->kind == FK_INT)
      cgen_emit(g, "wyc_e%d = wyc_ok%d ? wy_list_flat(r%d, %s) : NULL;", f, f,
                x, array_store(g, ft->kind));
  }
}

bool
cgen_bounds_skip(Gen *g, int i)
{
  return g->bd && g->bd->guard[i] >= 0 && g->fast >= 0
         && g->bd->facts[g->bd->guard[i]].loop == g->fast;
}

const char *
cgen_bounds_all(Gen *g, int h)
{
  StrBuf sb = {0};
  if (!g->bd) return NULL;
  for (int f = 0; f < g->bd->nfacts; f++) {
    Fact *ft = &g->bd->facts[f];
    if (ft->loop != h || !ft->used) continue;
    sb_printf(&sb, "%swyc_ok%d", sb.len ? " && " : "", f);
    if ((ft->kind == FK_REAL || ft->kind == FK_INT) && ft->list >= 0)
      sb_printf(&sb, " && wyc_e%d", f);
  }
  const char *s = sb.len ? wyil_strdup(sb.s) : NULL;
  sb_free(&sb);
  return s;
}

const char *
cgen_bounds_guard(Gen *g, int i)
{
  if (!g->bd || g->bd->guard[i] < 0) return "";
  return wyil_fmt("!wyc_ok%d && ", g->bd->guard[i]);
}

bool
cgen_bounds_proved(Gen *g, int i)
{
  Func *fn = g->fn;
  Insn *in = fn->code[i];
  int r = in->args[0], j = in->args[1];
  bool ge = false, lt = false;
  if (!g->bd || g->fast < 0) return false;
  for (int k = i - 1; k > g->fast && !(ge && lt); k--) {
    Insn *a = fn->code[k];
    int d = wyil_def_reg(a);
    if (d == r || d == j || a->op == OP_LABEL || a->op == OP_END)
      return false;
    if (a->op != OP_ASSERT || a->args[0] != j || !cgen_bounds_skip(g, k))
      continue;
    Insn *m = wyil_only_def(fn, a->args[1]);
    if (a->cmp == CMP_GE) ge = true;
    else if (a->cmp == CMP_LT && m && m->op == OP_LENGTHOF && m->args[0] == r)
      lt = true;
  }
  return ge && lt;
}

const char *
cgen_bounds_row(Gen *g, int i)
{
  struct Bounds *bd = g->bd;
  if (!bd || g->fast < 0) return NULL;
  Insn *in = g->fn->code[i];
  int f = bd->row[i] >= 0 ? bd->row[i] : bd->elem[i];
  if (f < 0 || bd->facts[f].loop != g->fast
      || (bd->facts[f].kind != FK_ROWS && bd->row[i] != f))
    return NULL;
  const char *k = bd->row[i] == f ? wyil_fmt("wy_small_val(r%d)", in->args[1])
                                  : wyil_fmt("wyc_i%d", g->fast);
  return wyil_fmt("((const wyv *)wy_list(r%d)->data)[%s]", in->args[0], k);
}

bool
cgen_bounds_plain(Gen *g, int i)
{
  struct Bounds *bd = g->bd;
  int f = bd && g->fast >= 0 ? bd->elem[i] : -1;
  return f >= 0 && bd->facts[f].loop == g->fast
         && bd->facts[f].kind == FK_REAL;
}

bool
cgen_bounds_rows(Gen *g, int i, int h)
{
  struct Bounds *bd = g->bd;
  int f = bd ? bd->elem[i] : -1;
  return f >= 0 && bd->facts[f].loop == h && bd->facts[f].kind == FK_ROWS;
}

const char *
cgen_bounds_elem(Gen *g, int i, bool unboxed)
{
  if (!g->bd || g->bd->elem[i] < 0) return NULL;
  int f = g->bd->elem[i];
  Fact *ft = &g->bd->facts[f];
  Insn *in = g->fn->code[i];
  int x = in->args[0], v = in->args[1];
  const char *p = cgen_pos_ref(g, in->pos);
  const char *k = wyil_fmt("wy_small_val(r%d)", v);
  if (g->fast == ft->loop) {   /* the facts hold, the array was found */
    k = wyil_fmt("wyc_i%d", ft->loop);
    switch (ft->kind) {
    case FK_REAL:
      return wyil_fmt(unboxed ? "wyc_e%d[%s]" : "wy_f_make(wyc_e%d[%s], NULL)",
                      f, k);
    case FK_INT:
      return unboxed ? NULL : wyil_fmt("wy_small(wyc_e%d[%s])", f, k);
    default:
      return unboxed ? NULL : wyil_fmt("wyc_list_at(r%d, %s)", x, k);
    }
  }
  if (unboxed) {
    if (ft->kind != FK_REAL) return NULL;
    return wyil_fmt("(wyc_e%d ? wyc_e%d[%s]"
                    " : wy_list_real_at(r%d, r%d, %s))", f, f, k, x, v, p);
  }
  if (ft->kind == FK_REAL)
    return wyil_fmt("(wyc_e%d ? wy_f_make(wyc_e%d[%s], NULL)"
                    " : wyc_list_index(r%d, r%d, %s))", f, f, k, x, v, p);
  if (ft->kind == FK_INT)
    return wyil_fmt("(wyc_e%d ? wy_small(wyc_e%d[%s])"
                    " : wyc_list_index(r%d, r%d, %s))", f, f, k, x, v, p);
  return wyil_fmt("(wyc_ok%d ? wyc_list_at(r%d, %s)"
                  " : wyc_list_index(r%d, r%d, %s))", f, x, k, x, v, p);
}
