/* rows.c -- a row appended many times becomes a copy per iteration.
 *
 *     rows = []                          z = 0; len = |row|
 *     for i in lo..hi:          ==>      for i in lo..hi:
 *         rows = rows + [row]                r = []
 *                                            for x in z..len:
 *                                                r = r + [row[x]]
 *                                            rows = rows + [r]
 *
 * (row made before the loop and not changed in it).  The host's loop
 * shares one row among all of rows' elements; build.c cannot offload
 * that, since the device has no shared rows.  The rewritten nest is the
 * 2-D build idiom, so the device allocates the rectangular list and
 * writes every element, and the result is born on the device, where the
 * kernels that read or write it next find it.  Lists are values, so the
 * copies print and compare as the shared row did; what changes is that
 * the CPU path (no device, or a call the runtime keeps on the CPU) makes
 * the copies too: a row written later is copied on its first write on
 * the host anyway, and a grid whose rows are never written costs
 * |rows| x |row| elements instead of |rows| pointers.
 *
 * Conditions (anything else is left alone): the loop is a range loop
 * not inside another loop, its body is that one append (NOPs aside),
 * and row is a list of ints or bools.  Not of reals: the device's copy
 * of 0.1 would be a double's value, where the shared row keeps the
 * exact one (a copy must not round).
 */
#include "filter_internal.h"

/* The append `rows = rows + [row]` that is the whole body of the loop
 * at code[h] (END at e), or -1. */
static int
lone_append(Func *fn, int h, int e)
{
  int app = -1;
  for (int i = h + 1; i < e; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_NOP) continue;
    if (app >= 0 || in->op != OP_APPENDL || in->args[0] != in->dst
        || in->args[1] == in->dst)
      return -1;
    app = i;
  }
  return app;
}

/* Is t (a row's type) a list of ints or bools? */
static bool
buildable_row(Type *t)
{
  if (!t || !ty_is(t, TY_LIST)) return false;
  Type *e = ty_list_elem(t);
  TypeKind k = e ? ty_expand(e)->kind : TY_ANY;
  return k == TY_INT || k == TY_BOOL;
}

/* Rewrite the loop at code[h] whose body is the append code[app]. */
static void
rewrite(Func *fn, int h, int app, PtrVec *ivs)
{
  Insn *ap = fn->code[app];
  int row = ap->args[1];
  Type *rt = ty_expand(ty_list_elem(ap->type));
  const char *name = fn->regnames ? fn->regnames[row] : NULL;
  SrcPos pos = ap->pos;
  /* the inner loop's variable is named after the row: --explain shows
   * the nest as (i, row) */
  int z = wyil_new_reg(fn, NULL), len = wyil_new_reg(fn, NULL),
      r = wyil_new_reg(fn, name), rg = wyil_new_reg(fn, NULL),
      x = wyil_new_reg(fn, name), el = wyil_new_reg(fn, NULL);
  Insn **code = wyil_alloc(sizeof(Insn *) * (size_t)(fn->ncode + 16));
  int n = 0;
  Insn *inner = NULL;
  for (int k = 0; k < fn->ncode; k++) {
    Insn *in = fn->code[k];
    if (k == h) {
      Insn *c = flt_new_insn(OP_CONST, ty_int, z, -1, -1, pos);
      c->cst = wyil_alloc(sizeof(Const));
      c->cst->kind = C_INT;
      c->cst->text = "0";
      code[n++] = c;
      code[n++] = flt_new_insn(OP_LENGTHOF, rt, len, row, -1, pos);
    }
    if (k != app) {
      code[n++] = in;
      continue;
    }
    Insn *nw = flt_new_insn(OP_NEWLIST, ty_list(ty_void), r, -1, -1, pos);
    nw->nargs = 0;
    code[n++] = nw;
    code[n++] = flt_new_insn(OP_RANGE, ty_list(ty_int), rg, z, len, pos);
    inner = flt_new_insn(OP_FORALL, ty_list(ty_int), x, rg, -1, pos);
    code[n++] = inner;
    code[n++] = flt_new_insn(OP_INDEXOF, rt, el, row, x, pos);
    code[n++] = flt_new_insn(OP_APPENDL, rt, r, r, el, pos);
    code[n++] = flt_new_insn(OP_END, NULL, -1, -1, -1, pos);
    code[n++] = flt_new_insn(OP_APPENDL, ap->type, ap->dst, ap->dst, r,
                             pos);
  }
  fn->code = code;
  fn->ncode = fn->capcode = n;
  wyil_cfg_drop(fn);
  FltIv *iv = wyil_alloc(sizeof(FltIv));
  iv->loop = fn->code[h + 2];
  iv->var = name;
  iv->rows = inner;
  vec_push(ivs, iv);
}

int
flt_rows(Func *fn, PtrVec *ivs)
{
  int done = 0;
  for (bool again = true; again;) {
    again = false;
    Cfg *cfg = wyil_cfg(fn);
    for (int h = 0; h < fn->ncode && !again; h++) {
      Insn *in = fn->code[h];
      if (in->op != OP_FORALL || cfg->encl[h] >= 0) continue;
      int src = in->args[0];
      if (cfg->ndefs[src] != 1 || cfg->def_at[src] < 0
          || fn->code[cfg->def_at[src]]->op != OP_RANGE)
        continue;
      int app = lone_append(fn, h, cfg->match[h]);
      if (app < 0) continue;
      Type *t = fn->code[app]->type;
      if (!buildable_row(t ? ty_list_elem(t) : NULL)) continue;
      rewrite(fn, h, app, ivs);
      done++;
      again = true;
    }
  }
  return done;
}
