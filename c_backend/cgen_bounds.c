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
 *     the download there), wyc_eN, and reads a word of it; with no
 *     array (another storage kind, or ok false) the checked read runs;
 *     a read of another list skips only the index test.
 * A lower bound `assertge %v, %z` (a constant z <= 0) is implied by
 * 0 <= lo alone: a fact of the loop with no list.
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

typedef enum FactKind { FK_PLAIN, FK_REAL, FK_INT } FactKind;

typedef struct Fact {
  int loop;        /* the FORALL */
  int list;        /* the register %x, -1: the range alone */
  FactKind kind;   /* how its elements are read */
} Fact;

struct Bounds {
  Fact *facts;
  int nfacts, cap;
  int *guard;      /* ASSERT insn -> the fact implying it, -1 */
  int *elem;       /* INDEXOF insn -> the fact of its list, -1 */
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
  bd->facts[bd->nfacts] = (Fact){h, x, k};
  return bd->nfacts++;
}

/* Is register z an int constant <= 0 wherever it is read? */
static bool
nonpos_const(Func *fn, int z)
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
      if (in->cmp == CMP_GE && nonpos_const(fn, b))
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
  for (int i = 0; i < fn->ncode; i++) bd->guard[i] = bd->elem[i] = -1;
  g->bd = bd;
  for (int h = 0; h < fn->ncode; h++)
    if (fn->code[h]->op == OP_FORALL && g->fl->range_of[h] >= 0
        && fn->code[h]->dst >= 0)
      scan_loop(g, h, g->fl->match[h]);
  if (!bd->nfacts) g->bd = NULL;
}

static const char *
array_type(FactKind k)
{
  return k == FK_REAL ? "wyv" : "int64_t";
}

void
cgen_bounds_decls(Gen *g)
{
  const char *vol = g->fl->has_try ? "volatile " : "";
  if (!g->bd) return;
  for (int f = 0; f < g->bd->nfacts; f++) {
    Fact *ft = &g->bd->facts[f];
    cgen_emit(g, "%sbool wyc_ok%d = false;", vol, f);
    if (ft->kind != FK_PLAIN && ft->list >= 0)
      cgen_emit(g, "const %s *%swyc_e%d = NULL;", array_type(ft->kind), vol,
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
    if (ft->loop != h) continue;
    cgen_emit(g, "wyc_ok%d = wy_is_small(r%d) && wy_is_small(r%d)", f, lo, hi);
    cgen_emit(g, "  && 0 <= wy_small_val(r%d)"
              " && wy_small_val(r%d) <= wy_small_val(r%d)%s", lo, lo, hi,
              ft->list < 0 ? ";" : "");
    if (ft->list < 0) continue;
    int x = ft->list;
    cgen_emit(g, "  && wy_is_obj(r%d) && wy_obj(r%d)->kind == WY_K_LIST", x, x);
    cgen_emit(g, "  && (uint64_t)wy_small_val(r%d) <= wy_list_len(r%d);", hi,
              x);
    if (ft->kind != FK_PLAIN)
      cgen_emit(g, "wyc_e%d = wyc_ok%d ? wy_list_flat(r%d, %s) : NULL;", f, f,
                x, ft->kind == FK_REAL ? "WY_LS_REAL" : "WY_LS_INT");
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
    if (ft->loop != h) continue;
    sb_printf(&sb, "%swyc_ok%d", sb.len ? " && " : "", f);
    if (ft->kind != FK_PLAIN && ft->list >= 0)
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
      return wyil_fmt(unboxed ? "wy_f_imm_val(wyc_e%d[%s])" : "wyc_e%d[%s]",
                      f, k);
    case FK_INT:
      return unboxed ? NULL : wyil_fmt("wy_small(wyc_e%d[%s])", f, k);
    default:
      return unboxed ? NULL : wyil_fmt("wyc_list_at(r%d, %s)", x, k);
    }
  }
  if (unboxed) {
    if (ft->kind != FK_REAL) return NULL;
    return wyil_fmt("(wyc_e%d ? wy_f_imm_val(wyc_e%d[%s])"
                    " : wy_list_real_at(r%d, r%d, %s))", f, f, k, x, v, p);
  }
  if (ft->kind == FK_REAL)
    return wyil_fmt("(wyc_e%d ? wyc_e%d[%s] : wyc_list_index(r%d, r%d, %s))",
                    f, f, k, x, v, p);
  if (ft->kind == FK_INT)
    return wyil_fmt("(wyc_e%d ? wy_small(wyc_e%d[%s])"
                    " : wyc_list_index(r%d, r%d, %s))", f, f, k, x, v, p);
  return wyil_fmt("(wyc_ok%d ? wyc_list_at(r%d, %s)"
                  " : wyc_list_index(r%d, r%d, %s))", f, x, k, x, v, p);
}
