/* cgen_ctrl.c -- the structured parts of a function body in C:
 *   branches (`goto L<n>`; a branch that leaves a FORALL first drops the
 *   loop's snapshot of its collection), SWITCH as a chain of tests, LOOP
 *   as `for (;;)`, FORALL as an index loop over a snapshot (or a counting
 *   loop for a range; an offloaded one is preceded by its kernel call,
 *   cgen_offload.c), UPDATE as a walk down slots of the runtime's
 *   copy-on-write containers, and TRY/TRYEND as setjmp handlers.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

void
cgen_emit_goto(Gen *g, int i, const char *cond, int label)
{
  Flow *fl = g->fl;
  int target = fl->label_at[label];
  int exits[64], n = 0;
  for (int f = fl->encl[i]; f >= 0 && n < 64; f = fl->encl[f])
    if (fl->match[f] < target) exits[n++] = f;
  if (n == 0) {
    if (cond) cgen_emit(g, "if (%s) goto %s;", cond, cgen_label(g, label));
    else cgen_emit(g, "goto %s;", cgen_label(g, label));
    return;
  }
  if (cond) cgen_emit(g, "if (%s) {", cond);
  else cgen_emit(g, "{");
  for (int k = 0; k < n; k++)
    cgen_emit(g, "  %s(&wyc_c%d, WY_UNDEF);", g->set, exits[k]);
  cgen_emit(g, "  goto %s;", cgen_label(g, label));
  cgen_emit(g, "}");
}

void
cgen_emit_switch(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  int a = in->args[0];
  for (int k = 0; k < in->ncases; k++) {
    Const *c = in->cases[k].value;
    const char *cond = cgen_const_is_imm(g, c)
      ? wyil_fmt("r%d == %s", a, cgen_const_expr(g, c))
      : wyil_fmt("wyc_eq(r%d, %s)", a, cgen_const_expr(g, c));
    cgen_emit_goto(g, i, cond, in->cases[k].label);
  }
  cgen_emit_goto(g, i, NULL, in->label);
}

/* The C expressions for the length of the snapshot `c` and its element
 * `i`, by the collection's static type. */
static void
iter_exprs(Type *t, const char *c, const char *i, const char **len,
           const char **get)
{
  if (t && ty_list_elem(t)) {
    *len = wyil_fmt("(int64_t)wy_list_len(%s)", c);
    *get = wyil_fmt("wyc_list_at(%s, %s)", c, i);
  } else if (t && ty_is(t, TY_STRING)) {
    *len = wyil_fmt("(int64_t)wy_str_len(%s)", c);
    *get = wyil_fmt("wy_char(wy_str_at(%s, (size_t)%s))", c, i);
  } else if (t && ty_set_elem(t)) {
    *len = wyil_fmt("(int64_t)wy_set_len(%s)", c);
    *get = wyil_fmt("wy_set_get(%s, (size_t)%s)", c, i);
  } else if (t && ty_is(t, TY_MAP)) {
    *len = wyil_fmt("(int64_t)wy_map_len(%s)", c);
    *get = wyil_fmt("wyc_map_pair(%s, %s)", c, i);
  } else {
    *len = wyil_fmt("wyc_iter_len(%s)", c);
    *get = wyil_fmt("wyc_iter_get(%s, %s)", c, i);
  }
}

/* forall %d in (range %x, %y): count with machine ints when both bounds
 * are small (either direction), else materialise the list. */
static void
emit_range_forall(Gen *g, int i, Insn *rg)
{
  Insn *in = g->fn->code[i];
  int x = rg->args[0], y = rg->args[1];
  const char *set = g->set;
  cgen_emit(g, "if (wy_is_small(r%d) && wy_is_small(r%d)) {", x, y);
  cgen_emit(g, "  %s(&wyc_c%d, WY_UNDEF);", set, i);
  cgen_emit(g, "  wyc_i%d = wy_small_val(r%d);", i, x);
  cgen_emit(g, "  wyc_n%d = wy_small_val(r%d);", i, y);
  cgen_emit(g, "  wyc_s%d = wyc_i%d <= wyc_n%d ? 1 : -1;", i, i, i);
  cgen_emit(g, "} else {");
  cgen_emit(g, "  %s(&wyc_c%d, wy_list_range(r%d, r%d));", set, i, x, y);
  cgen_emit(g, "  wyc_i%d = 0;", i);
  cgen_emit(g, "  wyc_n%d = (int64_t)wy_list_len(wyc_c%d);", i, i);
  cgen_emit(g, "  wyc_s%d = 1;", i);
  cgen_emit(g, "}");
  if (g->resume == i) cgen_emit(g, "wyc_back%d:;", i);   /* cgen_rows.c */
  cgen_emit(g, "for (; wyc_i%d != wyc_n%d; wyc_i%d += wyc_s%d) {", i, i, i, i);
  cgen_emit(g, "  %s(&r%d, wyc_c%d ? wyc_list_at(wyc_c%d, wyc_i%d)"
            " : wy_small(wyc_i%d));", set, in->dst, i, i, i, i);
}

void
cgen_emit_forall(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  if (g->fl->range_of[i] >= 0) {
    emit_range_forall(g, i, g->fn->code[g->fl->range_of[i]]);
  } else {
    const char *c = wyil_fmt("wyc_c%d", i), *idx = wyil_fmt("wyc_i%d", i);
    const char *len, *get;
    iter_exprs(in->type, c, idx, &len, &get);
    int a = in->args[0];
    if (g->fl->moves && !cgen_flow_live_after(g->fl, i, a) && a != in->dst)
      cgen_emit(g, "%s(&%s, r%d); r%d = WY_UNDEF;", g->set, c, a, a);
    else
      cgen_emit(g, "%s(&%s, wyc_own(r%d));", g->set, c, a);
    cgen_emit(g, "wyc_i%d = 0;", i);
    cgen_emit(g, "wyc_n%d = %s;", i, len);
    cgen_emit(g, "for (; wyc_i%d < wyc_n%d; wyc_i%d++) {", i, i, i);
    cgen_emit(g, "  %s(&r%d, %s);", g->set, in->dst, get);
  }
  g->indent++;
}

void
cgen_emit_end(Gen *g, int i)
{
  int h = g->fl->match[i];
  cgen_chain_back_edge(g, i);
  g->indent--;
  cgen_emit(g, "}");
  if (g->fn->code[h]->op == OP_FORALL)
    cgen_emit(g, "%s(&wyc_c%d, WY_UNDEF);", g->set, h);
  cgen_chain_after_end(g, i);
}

/* ---------------------------------------------------------------- */
/* UPDATE                                                             */

/* CT_ANY: a union of lists, strings and maps, dispatched at run time */
typedef enum Container { CT_LIST, CT_STRING, CT_MAP, CT_ANY } Container;

static Container
container(Type *t)
{
  if (!t) return CT_LIST;
  if (ty_is(t, TY_STRING)) return CT_STRING;
  if (ty_is(t, TY_MAP)) return CT_MAP;
  if (ty_list_elem(t)) return CT_LIST;
  Type *e = ty_expand(t);
  if (e->kind == TY_UNION && e->n > 0) {
    for (int k = 0; k < e->n; k++)
      if (!ty_is(e->elems[k], TY_MAP)) return CT_ANY;
    return CT_MAP;
  }
  return CT_LIST;
}

/* Steps from..nsteps of the path, applied to the slot `s<from>`; `arg`
 * is the index of the next index register, `v` the C value expression
 * (borrowed). */
/* Is step k of in an index into a list (not a union with maps or
 * strings)? */
static bool
list_step(Insn *in, int k)
{
  return in->steps[k].kind == UPD_INDEX && container(in->steps[k].type)
                                           == CT_LIST;
}

static void
emit_steps(Gen *g, Insn *in, int from, int arg, const char *v)
{
  const char *pos = NULL;
  /* in the IEEE modes, l[i][j] = v has an inline path (wyrt.h) */
  if (g->m->real_mode != WYIL_REAL_EXACT && from == 0 && in->nsteps == 2
      && list_step(in, 0) && list_step(in, 1)) {
    cgen_emit(g, "wy_list_put2(s0, r%d, r%d, %s, %s);", in->args[0],
              in->args[1], v, cgen_pos_ref(g, in->pos));
    return;
  }
  for (int k = from; k < in->nsteps; k++) {
    UpdStep *st = &in->steps[k];
    bool last = k == in->nsteps - 1;
    int idx = st->kind == UPD_INDEX ? in->args[arg++] : -1;
    Container ct = container(st->type);
    if (st->kind == UPD_INDEX && ct != CT_MAP && !pos)
      pos = cgen_pos_ref(g, in->pos);
    if (st->kind == UPD_FIELD) {
      if (last)
        cgen_emit(g, "wy_record_set(s%d, \"%s\", %s);", k, st->field, v);
      else
        cgen_emit(g, "wyv *s%d = wy_record_slot(s%d, \"%s\");", k + 1, k,
                  st->field);
    } else if (st->kind == UPD_DEREF) {
      if (last) {
        cgen_emit(g, "wyv *s%d = wy_ref_slot(*s%d);", k + 1, k);
        cgen_emit(g, "wy_set(s%d, wyc_own(%s));", k + 1, v);
      } else {
        cgen_emit(g, "wyv *s%d = wy_ref_slot(*s%d);", k + 1, k);
      }
    } else if (ct == CT_MAP) {
      if (last) {
        cgen_emit(g, "wy_map_put(s%d, r%d, %s);", k, idx, v);
      } else {
        /* take the value out, update it unshared, put it back */
        cgen_emit(g, "wyv m%d = wy_map_get(*s%d, r%d);", k, k, idx);
        cgen_emit(g, "wy_map_put(s%d, r%d, WY_NULL);", k, idx);
        cgen_emit(g, "{");
        g->indent++;
        cgen_emit(g, "wyv *s%d = &m%d;", k + 1, k);
        emit_steps(g, in, k + 1, arg, v);
        g->indent--;
        cgen_emit(g, "}");
        cgen_emit(g, "wy_map_put(s%d, r%d, m%d);", k, idx, k);
        cgen_emit(g, "wy_decref(m%d);", k);
        return;
      }
    } else if (ct == CT_ANY && last) {
      cgen_emit(g, "switch (wy_kind(*s%d)) {", k);
      cgen_emit(g, "case WY_K_MAP: wy_map_put(s%d, r%d, %s); break;", k, idx,
                v);
      cgen_emit(g, "case WY_K_STRING: wy_str_set(s%d, r%d, %s, %s); break;",
                k, idx, v, pos);
      cgen_emit(g, "default: wy_list_set(s%d, r%d, %s, %s);", k, idx, v, pos);
      cgen_emit(g, "}");
    } else if (ct == CT_ANY) {  /* a string holds no inner path */
      cgen_emit(g, "wyv *s%d = wy_kind(*s%d) == WY_K_MAP", k + 1, k);
      cgen_emit(g, "  ? wy_map_slot(s%d, r%d) : wy_list_slot(s%d, r%d, %s);",
                k, idx, k, idx, pos);
    } else if (ct == CT_STRING) {
      cgen_emit(g, "wy_str_set(s%d, r%d, %s, %s);", k, idx, v, pos);
    } else if (last) {
      cgen_emit(g, "%s(s%d, r%d, %s, %s);", g->m->real_mode != WYIL_REAL_EXACT
                ? "wy_list_put" : "wy_list_set", k, idx, v, pos);
    } else {
      cgen_emit(g, "wyv *s%d = wy_list_slot(s%d, r%d, %s);", k + 1, k, idx,
                pos);
    }
  }
}

void
cgen_emit_update(Gen *g, Insn *in)
{
  int v = in->args[in->nargs - 1];
  bool alias = v == in->dst;
  for (int k = 0; k < in->nargs - 1; k++) alias |= in->args[k] == in->dst;
  cgen_emit(g, "{");
  g->indent++;
  if (alias) cgen_emit(g, "wyv v = wyc_own(r%d);", v);
  /* the root's reference moves into a plain local for the walk (the
   * register may be volatile), and back */
  cgen_emit(g, "wyv root = r%d;", in->dst);
  cgen_emit(g, "wyv *s0 = &root;");
  const char *val = alias ? "v" : wyil_fmt("r%d", v);
  if (in->nsteps == 0) cgen_emit(g, "wy_set(s0, wyc_own(%s));", val);
  else emit_steps(g, in, 0, 0, val);
  cgen_emit(g, "r%d = root;", in->dst);
  if (alias) cgen_emit(g, "wy_decref(v);");
  g->indent--;
  cgen_emit(g, "}");
}

/* ---------------------------------------------------------------- */
/* Exceptions                                                         */

void
cgen_emit_try(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  cgen_emit(g, "wy_try_push(&wyc_h%d);", i);
  cgen_emit(g, "if (setjmp(wyc_h%d.env)) {", i);
  if (in->dst >= 0) cgen_emit(g, "  %s(&r%d, wyc_h%d.thrown);", g->set,
                              in->dst, i);
  else cgen_emit(g, "  wy_decref(wyc_h%d.thrown);", i);
  cgen_emit(g, "  goto %s;", cgen_label(g, in->label));
  cgen_emit(g, "}");
}

void
cgen_emit_tryend(Gen *g, int i)
{
  int k = g->fl->try_in[i];
  if (k >= 0) cgen_emit(g, "wy_try_pop(&wyc_h%d);", k);
  else cgen_emit(g, "/* tryend outside any try region */");
}
