/* scalarize.c -- scalar replacement of element accumulations (a
 * middle-end rewrite, before the dependence analysis).
 *
 * Requires: structured loops (a Cfg; made here).  Provides: for each
 * range loop whose body reads and writes one element a[f] (or a[f][g])
 * of a list at an index it never changes, that element held in a
 * private scalar t while the loop runs:
 *
 *     for j in lo..hi:                 t = 0
 *         a[f] = a[f] + e[j]           if f in bounds of a: t = a[f]
 *                                      for j in lo..hi:
 *                              ==>         t = t + e[j]   (checks of
 *                                                          a[f] kept)
 *                                      if f in bounds of a: a[f] = t
 *
 * so that a loop around it writes `a` at its own index once per
 * iteration (a parallel loop: depend.c), and the inner loop reduces t.
 * Invalidates: the function's Cfg and liveness (new code, registers and
 * labels).
 *
 * When it applies: the body writes `a` only by UPDATEs at the path f
 * (registers the body never writes), each at the body's top level and
 * preceded, with no label or loop between them, by a read of a[f] (the
 * language's bounds checks of that read come before it); every other
 * use of `a` in the body is |a|, a read of a[f], or, for a[f][g], a
 * read of the row a[f] used only as |a[f]| and a[f][g].  The body
 * leaves the loop only at its END (no break, return or throw), and no
 * try is around the loop or in it.  Elements are ints or reals.
 *
 * Why it keeps the language's meaning: the checks of every access stay
 * where they were, so an index out of bounds fails at the same access,
 * in the same iteration, as before (a loop of zero trips fails nowhere).
 * The load before the loop and the store after it run only when f is in
 * bounds, so they cannot fail; then t holds a[f] whenever the body reads
 * it, and the store puts back the last value written, or the value that
 * was there (a loop of zero trips leaves a[f] as it was).  When f is
 * out of bounds the body's first access fails before it reads t (the
 * read precedes every write), and t's 0 is never seen.  No other index
 * of `a` is read or written in the body, and its length never changes.
 */
#include <string.h>

#include "filter_internal.h"

/* One candidate: the UPDATE and the path it writes. */
typedef struct Cand {
  int list;        /* the register of `a` */
  int depth;       /* 1: a[f]; 2: a[f][g] */
  int idx[2];      /* f, g */
  Type *elem;      /* the element type: int or real */
  Insn *upd;       /* the first UPDATE (for positions and types) */
} Cand;

/* Do registers r and q hold the same index: one register, or two
 * constants defined once of the same value (each literal has its own)? */
static bool
same_reg(Func *fn, int r, int q)
{
  if (r == q) return true;
  Cfg *c = wyil_cfg(fn);
  if (r < fn->nparams || q < fn->nparams || c->ndefs[r] != 1
      || c->ndefs[q] != 1 || c->def_at[r] < 0 || c->def_at[q] < 0)
    return false;
  Insn *a = fn->code[c->def_at[r]], *b = fn->code[c->def_at[q]];
  return a->op == OP_CONST && b->op == OP_CONST && a->cst->kind == C_INT
         && const_equal(a->cst, b->cst);
}

static bool
is_loop_op(Op op)
{
  return op == OP_FORALL || op == OP_LOOP;
}

/* Does the body (h, e) leave the loop other than at its END: a break
 * (a branch to a label outside), a return, a throw? */
static bool
leaves_early(Func *fn, const Cfg *c, int h, int e)
{
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    int fl = wyil_op_flags[in->op];
    if (in->op == OP_RETURN || in->op == OP_THROW || in->op == OP_SWITCH
        || in->op == OP_OFFLOAD)
      return true;
    if ((fl & F_BRANCH) && (c->label_at[in->label] < h
                            || c->label_at[in->label] > e))
      return true;
  }
  return false;
}

/* The scalar element type of `list` (type t) after `depth` levels: int
 * or real, else NULL. */
static Type *
elem_of(Type *t, int depth)
{
  for (int l = 0; l < depth && t; l++) t = ty_list_elem(t);
  if (!t) return NULL;
  TypeKind k = ty_expand(t)->kind;
  return k == TY_INT || k == TY_REAL ? t : NULL;
}

/* The candidate an UPDATE at the body's top level makes, if its shape
 * is one (false otherwise). */
static bool
cand_of(Func *fn, int h, int e, Insn *u, Cand *cd)
{
  if (u->nsteps < 1 || u->nsteps > 2 || u->nargs != u->nsteps + 1)
    return false;
  for (int s = 0; s < u->nsteps; s++) {
    if (u->steps[s].kind != UPD_INDEX || !ty_list_elem(u->steps[s].type))
      return false;
    if (flt_written(fn, h, e + 1, u->args[s])) return false;
  }
  cd->list = u->dst;
  cd->depth = u->nsteps;
  cd->idx[0] = u->args[0];
  cd->idx[1] = u->nsteps > 1 ? u->args[1] : -1;
  cd->elem = elem_of(u->type, u->nsteps);
  cd->upd = u;
  return cd->elem != NULL && u->dst != fn->code[h]->args[0];
}

static bool
same_path(Func *fn, const Cand *cd, Insn *u)
{
  return u->op == OP_UPDATE && u->dst == cd->list && u->nsteps == cd->depth
         && same_reg(fn, u->args[0], cd->idx[0])
         && (cd->depth < 2 || same_reg(fn, u->args[1], cd->idx[1]));
}

/* Is every use of register r in the function at an instruction of the
 * body (h, e) that reads it as |r| or r[g]? */
static bool
row_uses_ok(Func *fn, int h, int e, int r, int g)
{
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    bool uses = wyil_def_reg(in) == r && in->op != OP_INDEXOF;
    for (int a = 0; a < in->nargs; a++) uses |= in->args[a] == r;
    if (!uses) continue;
    if (i <= h || i >= e) return false;
    if (in->op == OP_LENGTHOF) continue;
    if (in->op == OP_INDEXOF && in->args[0] == r
        && same_reg(fn, in->args[1], g) && in->dst != r)
      continue;
    return false;
  }
  return true;
}

/* Is `in` a read of the element a[f] (depth 1) or r[g] with r a row
 * a[f] (depth 2)?  rows[] marks the row registers. */
static bool
is_elem_read(Func *fn, const Cand *cd, Insn *in, const bool *rows)
{
  if (in->op != OP_INDEXOF) return false;
  if (cd->depth == 1)
    return in->args[0] == cd->list && same_reg(fn, in->args[1], cd->idx[0]);
  return rows[in->args[0]] && same_reg(fn, in->args[1], cd->idx[1]);
}

/* Does every use of `a` in the body fit the rule (head comment)?  Marks
 * the row registers in rows[]. */
static bool
uses_fit(Func *fn, const Cfg *c, int h, int e, const Cand *cd, bool *rows)
{
  int a = cd->list, depth = 0;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (is_loop_op(in->op)) depth++;
    if (in->op == OP_END) depth--;
    if (wyil_def_reg(in) == a) {
      if (!same_path(fn, cd, in) || depth != 0) return false;
      continue;
    }
    bool uses = false;
    for (int k = 0; k < in->nargs; k++) uses |= in->args[k] == a;
    if (!uses) continue;
    if (in->op == OP_LENGTHOF) continue;
    if (in->op != OP_INDEXOF || in->args[0] != a
        || !same_reg(fn, in->args[1], cd->idx[0]))
      return false;
    if (cd->depth == 2) {
      if (c->ndefs[in->dst] != 1 || !row_uses_ok(fn, h, e, in->dst,
                                                  cd->idx[1]))
        return false;
      rows[in->dst] = true;
    }
  }
  return true;
}

/* Is every UPDATE of the candidate preceded, at the top level and with
 * no label or loop between, by a read of the element? */
static bool
writes_follow_reads(Func *fn, int h, int e, const Cand *cd, const bool *rows)
{
  for (int i = h + 1; i < e; i++) {
    if (!same_path(fn, cd, fn->code[i])) continue;
    int j = i - 1;
    for (; j > h; j--) {
      Insn *in = fn->code[j];
      if (in->op == OP_LABEL || is_loop_op(in->op) || in->op == OP_END)
        return false;
      if (is_elem_read(fn, cd, in, rows)) break;
    }
    if (j <= h) return false;
  }
  return true;
}

/* ---- the rewrite ------------------------------------------------- */

static Insn *
new_insn(FltEmit *em, Op op, Type *t, int dst, int a, int b)
{
  Insn *in = flt_new_insn(op, t, dst, a, b, em->pos);
  em->code[em->n++] = in;
  return in;
}

/* if the path of cd is out of the bounds of `a`, goto skip; leaves in
 * *elem_list the register of the innermost list (a, or the row a[f]). */
static void
emit_bounds(FltEmit *em, const Cand *cd, int zero, int skip, int *elem_list)
{
  Func *fn = em->fn;
  Type *t = cd->upd->type;
  int list = cd->list;
  for (int l = 0; l < cd->depth; l++) {
    int len = wyil_new_reg(fn, NULL), f = cd->idx[l];
    flt_emit_if(em, f, CMP_LT, zero, skip);
    new_insn(em, OP_LENGTHOF, t, len, list, -1);
    flt_emit_if(em, f, CMP_GE, len, skip);
    if (l + 1 < cd->depth) {
      int row = wyil_new_reg(fn, NULL);
      new_insn(em, OP_INDEXOF, t, row, list, f);
      list = row;
      t = ty_list_elem(t);
    }
  }
  *elem_list = list;
}

/* Where register r is read in fn: the number of instructions, all of
 * them within code[from .. to] when *inside. */
static int
reads_of(Func *fn, int r, int from, int to, bool *inside)
{
  int n = 0;
  *inside = true;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    bool uses = in->op == OP_UPDATE && in->dst == r;
    for (int a = 0; a < in->nargs; a++) uses |= in->args[a] == r;
    if (!uses) continue;
    n++;
    if (i < from || i > to) *inside = false;
  }
  return n;
}

/* The first UPDATE of the candidate after code[i] in the straight-line
 * code that follows it (no label or loop between), or -1. */
static int
next_write(Func *fn, int i, int e, const Cand *cd)
{
  for (int j = i + 1; j < e; j++) {
    Insn *in = fn->code[j];
    if (same_path(fn, cd, in)) return j;
    if (in->op == OP_LABEL || is_loop_op(in->op) || in->op == OP_END)
      return -1;
  }
  return -1;
}

/* How the body's accesses become accesses of t (the element's scalar),
 * in the shape reduce.c reads (`t = t + e`, not through copies). */
typedef struct Plan {
  bool *rename;   /* register -> a read of the element, read as t */
  bool *drop;     /* instruction -> left out */
  bool *to_t;     /* instruction -> its destination becomes t */
} Plan;

/* Is any register read in code(from, to) t, or renamed to t? */
static bool
reads_t(Func *fn, const Plan *p, int t, int from, int to)
{
  for (int i = from + 1; i < to; i++) {
    Insn *in = fn->code[i];
    for (int a = 0; a < in->nargs; a++)
      if (in->args[a] == t || p->rename[in->args[a]]) return true;
  }
  return false;
}

static Plan
plan(Func *fn, const Cfg *c, int h, int e, const Cand *cd, const bool *rows,
     int t)
{
  Plan p = {wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1)),
            wyil_alloc(sizeof(bool) * (size_t)(fn->ncode + 1)),
            wyil_alloc(sizeof(bool) * (size_t)(fn->ncode + 1))};
  bool inside;
  /* x = a[f] read only up to the next write: read t instead */
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    int w = next_write(fn, i, e, cd), x = in->dst;
    if (!is_elem_read(fn, cd, in, rows) || w < 0 || c->ndefs[x] != 1) continue;
    if (reads_of(fn, x, i + 1, w, &inside) > 0 && inside) {
      p.rename[x] = true;
      p.drop[i] = true;
    }
  }
  /* v = t op e; a[f] = v: computed into t */
  for (int u = h + 1; u < e; u++) {
    Insn *in = fn->code[u];
    if (!same_path(fn, cd, in)) continue;
    int v = in->args[in->nargs - 1], d = c->def_at[v];
    if (v < fn->nparams || c->ndefs[v] != 1 || d <= h || d >= u
        || p.rename[v] || reads_of(fn, v, u, u, &inside) != 1 || !inside
        || next_write(fn, d, e, cd) != u || reads_t(fn, &p, t, d, u)
        || !(wyil_op_flags[fn->code[d]->op] & F_DEF)
        || is_elem_read(fn, cd, fn->code[d], rows))
      continue;
    p.to_t[d] = true;
    p.drop[u] = true;
  }
  return p;
}

/* A copy of `in` with the renamed registers read as t. */
static Insn *
renamed(Insn *in, const Plan *p, int t)
{
  bool any = false;
  for (int a = 0; a < in->nargs; a++) any |= p->rename[in->args[a]];
  if (!any) return in;
  Insn *cp = wyil_alloc(sizeof(Insn));
  *cp = *in;
  cp->args = wyil_alloc(sizeof(int) * (size_t)(in->nargs + 1));
  for (int a = 0; a < in->nargs; a++)
    cp->args[a] = p->rename[in->args[a]] ? t : in->args[a];
  return cp;
}

/* The element's source name, "tmp[i]" (for --explain), or NULL. */
static const char *
elem_name(Func *fn, const Cand *cd)
{
  const char *n = fn->regnames[cd->list];
  if (!n) return NULL;
  Cfg *c = wyil_cfg(fn);
  for (int l = 0; l < cd->depth; l++) {
    int r = cd->idx[l], d = r < fn->nregs ? c->def_at[r] : -1;
    const char *ix = fn->regnames[r];
    if (!ix && d >= 0 && c->ndefs[r] == 1 && fn->code[d]->op == OP_CONST
        && fn->code[d]->cst->kind == C_INT)
      ix = fn->code[d]->cst->text;
    n = wyil_fmt("%s[%s]", n, ix ? ix : "..");
  }
  return n;
}

/* The rewrite of the loop at code[h] (END at e) for cd (head comment). */
static void
rewrite(Func *fn, int h, int e, const Cand *cd, const bool *rows)
{
  int first = h;   /* the loop's own range, made just before it, stays */
  if (h > 0 && fn->code[h - 1]->op == OP_RANGE
      && fn->code[h - 1]->dst == fn->code[h]->args[0])
    first = h - 1;
  FltEmit em = {fn, wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 32)), 0,
                cd->upd->pos};
  int t = wyil_new_reg(fn, elem_name(fn, cd));
  int zero = wyil_new_reg(fn, NULL);
  Plan p = plan(fn, wyil_cfg(fn), h, e, cd, rows, t);
  bool real = ty_expand(cd->elem)->kind == TY_REAL;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (i == first) {   /* t = 0; if in bounds: t = a[f] */
      int skip = wyil_new_label(fn), el;
      flt_emit_const(&em, zero, "0");
      Insn *z = new_insn(&em, OP_CONST, cd->elem, t, -1, -1);
      z->cst = wyil_alloc(sizeof(Const));
      z->cst->kind = real ? C_REAL : C_INT;
      z->cst->text = real ? "0/1" : "0";
      emit_bounds(&em, cd, zero, skip, &el);
      Type *lt = cd->depth > 1 ? ty_list_elem(cd->upd->type) : cd->upd->type;
      new_insn(&em, OP_INDEXOF, lt, t, el, cd->idx[cd->depth - 1]);
      flt_emit_label(&em, skip);
    }
    bool body = i > h && i < e;
    if (body && p.drop[i]) continue;
    if (body && is_elem_read(fn, cd, in, rows)) {
      new_insn(&em, OP_ASSIGN, cd->elem, in->dst, t, -1)->pos = in->pos;
      continue;
    }
    if (body && same_path(fn, cd, in)) {
      /* a[f] = v: t = v, v read as t where it is a renamed read of the
       * element (a[f] = a[f] stores what t holds: nothing to do) */
      int v = in->args[in->nargs - 1];
      if (p.rename[v]) v = t;
      if (v != t)
        new_insn(&em, OP_ASSIGN, cd->elem, t, v, -1)->pos = in->pos;
      continue;
    }
    if (body) in = renamed(in, &p, t);
    if (body && p.to_t[i]) {
      Insn *cp = wyil_alloc(sizeof(Insn));
      *cp = *in;
      cp->dst = t;
      in = cp;
    }
    em.code[em.n++] = in;
    if (i == e) {       /* if in bounds: a[f] = t */
      int skip = wyil_new_label(fn), el;
      emit_bounds(&em, cd, zero, skip, &el);
      Insn *st = wyil_alloc(sizeof(Insn));
      *st = *cd->upd;
      st->args = wyil_alloc(sizeof(int) * (size_t)st->nargs);
      memcpy(st->args, cd->upd->args, sizeof(int) * (size_t)st->nargs);
      st->args[st->nargs - 1] = t;
      st->pos = em.pos;
      em.code[em.n++] = st;
      flt_emit_label(&em, skip);
    }
  }
  flt_emit_install(&em);
}

/* Try the loop at code[h]: one rewrite, or false. */
static bool
scalarize_loop(Func *fn, int h)
{
  Cfg *c = wyil_cfg(fn);
  int e = c->match[h];
  if (fn->code[h]->op != OP_FORALL || leaves_early(fn, c, h, e)
      || flt_try_near(fn, h, e))
    return false;
  int depth = 0;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (is_loop_op(in->op)) depth++;
    if (in->op == OP_END) depth--;
    Cand cd;
    if (depth != 0 || in->op != OP_UPDATE || !cand_of(fn, h, e, in, &cd))
      continue;
    bool *rows = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
    if (!uses_fit(fn, c, h, e, &cd, rows)
        || !writes_follow_reads(fn, h, e, &cd, rows))
      continue;
    rewrite(fn, h, e, &cd, rows);
    return true;
  }
  return false;
}

int
flt_scalarize(Func *fn)
{
  if (fn->ncode == 0) return 0;
  int n = 0;
  /* each rewrite renumbers the code: start again after one; a rewritten
   * loop no longer writes its element, so this ends */
  for (bool again = true; again && n < fn->ncode;) {
    again = false;
    for (int h = 0; h < fn->ncode && !again; h++)
      if (fn->code[h]->op == OP_FORALL && scalarize_loop(fn, h)) {
        again = true;
        n++;
      }
  }
  return n;
}
