/* cgen_unbox.c -- registers whose type is real as C doubles, in the
 * IEEE real modes (--real=double|float, docs/reals.md).
 *
 * A boxed real is a tagged word (runtime/wyrt.h, "IEEE reals") that
 * every operation decodes and encodes again, and every assignment goes
 * through wy_set.  Here a register that only ever holds a real lives in
 * a C double dN instead:
 *   - the arithmetic of reals (+ - * / and negation), copies,
 *     conversions from ints, constants and the element reads of [real]
 *     lists compute into dN directly, with the checks of the boxed
 *     operations: a result that is not finite fails with "real
 *     overflow" at the operation (wy_f_fin), a zero divisor with
 *     "division by zero"; in FLOAT mode dN is a C float, and each result
 *     is float's own operation, as wy_s_* round it;
 *   - comparisons of reals read dN (cgen_cmp_expr);
 *   - a store x[i] = dN or x[i][j] = dN into lists writes the number
 *     (wy_list_put_d, wy_list_put2_d: in place into the machine numbers
 *     of LS_F64 or LS_F32 storage, runtime/list.c), or into a storage
 *     array hoisted out of its loop (cgen_rows.c);
 *   - every other instruction that reads dN (a call, a store into a
 *     record, a return, a generic operation) finds the value
 *     boxed into its register rN first, and one that writes a double
 *     register writes rN, which is then unboxed: the generic code is
 *     unchanged.
 * A double is always finite (each result was checked), so boxing it
 * cannot fail; -0.0 boxes as 0.0, as the runtime's results are.
 *
 * Requires: the function's flow facts (g->fl) and its chained loops
 * (cgen_chain_scan).  Provides g->dbl: register -> held as dN, for the
 * registers that every instruction writing them gives a real (not a
 * loop's variable, not a caught value), parameters declared real, and
 * that some instruction reads.  None in exact mode (the generated code
 * is unchanged there), and none in a function with an offloaded loop or
 * a chained one, whose kernels take and give their registers boxed.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

static bool
is_real(Type *t)
{
  return t && ty_is(t, TY_REAL);
}

/* The declared type of parameter k of fn, or NULL. */
static Type *
param_type(Func *fn, int k)
{
  Type *t = fn->type;
  if (!t || (t->kind != TY_FUNC && t->kind != TY_METHOD)
      || t->n != fn->nparams)
    return NULL;
  return t->elems[k];
}

/* The C type of the double registers: in FLOAT mode a float, whose
 * + - * / are float's own, the double result rounded once (docs/
 * reals.md); "f": the float versions of the checks. */
const char *
cgen_unbox_ctype(Gen *g)
{
  return g->m->real_mode == WYIL_REAL_FLOAT ? "float" : "double";
}

static const char *
fsuf(Gen *g)
{
  return g->m->real_mode == WYIL_REAL_FLOAT ? "f" : "";
}

/* The registers that every instruction writing them gives an immediate
 * word (a constant's, a list's length), parameters not: their old value
 * needs no release. */
static bool *
imm_regs(Gen *g)
{
  Func *fn = g->fn;
  size_t n = (size_t)fn->nregs + 1;
  bool *imm = wyil_alloc(n), *bad = wyil_alloc(n);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d < 0) continue;
    if ((in->op == OP_CONST && cgen_const_is_imm(g, in->cst))
        || (in->op == OP_LENGTHOF && in->type && ty_list_elem(in->type)))
      imm[d] = true;
    else
      bad[d] = true;
  }
  for (int r = 0; r < fn->nregs; r++) imm[r] = imm[r] && !bad[r]
                                               && r >= fn->nparams;
  return imm;
}

void
cgen_unbox_scan(Gen *g)
{
  Func *fn = g->fn;
  g->dbl = NULL;
  g->imm = NULL;
  if (g->m->real_mode == WYIL_REAL_EXACT || g->any_chain) return;
  for (int i = 0; i < fn->ncode; i++)
    if (fn->code[i]->op == OP_OFFLOAD) return;
  size_t n = (size_t)fn->nregs + 1;
  bool *real = wyil_alloc(n), *bad = wyil_alloc(n), *read = wyil_alloc(n);
  for (int k = 0; k < fn->nparams && k < fn->nregs; k++) {
    if (is_real(param_type(fn, k))) real[k] = true;
    else bad[k] = true;
  }
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    for (int k = 0; k < in->nargs; k++) read[in->args[k]] = true;
    if (d < 0) continue;
    if (in->op == OP_FORALL || in->op == OP_TRY || in->op == OP_UPDATE
        || !is_real(wyil_def_type(in)))
      bad[d] = true;
    else
      real[d] = true;
  }
  bool any = false;
  for (int r = 0; r < fn->nregs; r++) {
    real[r] = real[r] && !bad[r] && read[r];
    any |= real[r];
  }
  if (any) g->dbl = real;
  g->imm = imm_regs(g);
}

void
cgen_unbox_decls(Gen *g, const char *vol)
{
  Func *fn = g->fn;
  StrBuf line = {0};
  if (!g->dbl) return;
  for (int r = 0; r < fn->nregs; r++) {
    if (g->dbl[r]) {
      if (!line.len) sb_printf(&line, "%s%s ", vol, cgen_unbox_ctype(g));
      else sb_puts(&line, ", ");
      sb_printf(&line, "d%d = 0.0", r);
    }
    if (line.len > 60 || (line.len && r == fn->nregs - 1)) {
      cgen_emit(g, "%s;", line.s);
      line.len = 0;
      line.s[0] = 0;
    }
  }
  sb_free(&line);
  for (int k = 0; k < fn->nparams && k < fn->nregs; k++)
    if (g->dbl[k]) cgen_emit(g, "d%d = wy_f_val(r%d);", k, k);
}

const char *
cgen_unbox_opnd(Gen *g, int r)
{
  if (g->dbl && g->dbl[r]) return wyil_fmt("d%d", r);
  if (g->m->real_mode == WYIL_REAL_FLOAT)
    return wyil_fmt("(float)wy_f_val(r%d)", r);
  return wyil_fmt("wy_f_val(r%d)", r);
}

static bool
reads_dbl(Gen *g, Insn *in)
{
  for (int k = 0; k < in->nargs; k++)
    if (g->dbl[in->args[k]]) return true;
  return false;
}

static bool
is_arith(Insn *in, bool div)
{
  return (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL
          || (div && in->op == OP_DIV)) && is_real(in->type);
}

/* May the overflow check of code[i]'s double result be left to
 * code[i + 1]?  When that is + - or * of reals into a double and the one
 * reader of the result: a result that is not finite makes its own not
 * finite (inf - inf and inf * 0 are NaN), and nothing runs between. */
static bool
defers(Gen *g, int i)
{
  Func *fn = g->fn;
  if (i < 0 || i + 1 >= fn->ncode) return false;
  Insn *in = fn->code[i], *next = fn->code[i + 1];
  int d = in->dst;
  if (!is_arith(in, true) || d < 0 || !g->dbl[d] || !is_arith(next, false)
      || next->dst < 0 || !g->dbl[next->dst]
      || cgen_flow_live_after(g->fl, i + 1, d))
    return false;
  return next->args[0] == d || next->args[1] == d;
}

/* ... and code[i + 1] checks its own result (in a run of such pairs,
 * every other one defers: a check is passed on once). */
static bool
deferred(Gen *g, int i)
{
  int n = 0;
  if (!defers(g, i)) return false;
  while (defers(g, i - 1 - n)) n++;
  return n % 2 == 0;
}

/* + - * / and negation of reals, into dN or (boxed) into rN. */
static void
emit_arith(Gen *g, Insn *in)
{
  static const char *const sym[] = {"+", "-", "*", "/"};
  const char *p = cgen_pos_ref(g, in->pos);
  bool single = g->m->real_mode == WYIL_REAL_FLOAT;
  int d = in->dst;
  const char *x = cgen_unbox_opnd(g, in->args[0]), *e;
  if (in->op == OP_NEG) {
    if (g->dbl[d]) cgen_emit(g, "d%d = -%s;", d, x);
    else cgen_emit(g, "%s(&r%d, wy_f_make(-%s, %s));", g->set, d, x, p);
    return;
  }
  const char *y = cgen_unbox_opnd(g, in->args[1]);
  int o = in->op == OP_ADD ? 0 : in->op == OP_SUB ? 1 : in->op == OP_MUL ? 2
                                                                         : 3;
  if (o == 3) {
    cgen_emit(g, "{");
    g->indent++;
    cgen_emit(g, "%s wyc_y = %s;", cgen_unbox_ctype(g), y);
    cgen_emit(g, "if (__builtin_expect(wyc_y == 0.0, 0)) wy_f_div_zero(%s);",
              p);
    y = "wyc_y";
  }
  e = wyil_fmt(single ? "(float)(%s %s %s)" : "%s %s %s", x, sym[o], y);
  int i = wyil_insn_index(g->fn, in);
  if (g->dbl[d] && cgen_defer_unchecked(g))   /* tested after the loop */
    cgen_emit(g, "d%d = %s;", d, e);
  else if (g->dbl[d] && deferred(g, i))
    cgen_emit(g, "d%d = %s;", d, e);
  else if (g->dbl[d] && i > 0 && deferred(g, i - 1))
    cgen_emit(g, "d%d = wy_f_fin2%s(%s, d%d, %s, %s);", d, fsuf(g), e,
              g->fn->code[i - 1]->dst,
              cgen_pos_ref(g, g->fn->code[i - 1]->pos), p);
  else if (g->dbl[d])
    cgen_emit(g, "d%d = wy_f_fin%s(%s, %s);", d, fsuf(g), e, p);
  else
    cgen_emit(g, "%s(&r%d, wy_f_make(%s, %s));", g->set, d, e, p);
  if (o == 3) {
    g->indent--;
    cgen_emit(g, "}");
  }
}

/* convert %d = %a to real: from an int (rounded once), or a real. */
static bool
emit_convert(Gen *g, Insn *in)
{
  int d = in->dst, a = in->args[0];
  if (!is_real(in->type2) || !in->type) return false;
  TypeKind k = ty_expand(in->type)->kind;
  if (k == TY_REAL) {
    cgen_emit(g, "d%d = %s;", d, cgen_unbox_opnd(g, a));
  } else if (k == TY_INT) {
    bool single = g->m->real_mode == WYIL_REAL_FLOAT;
    cgen_emit(g, "d%d = wy_f_fin(wy_f_int_%c(r%d), NULL);", d,
              single ? 's' : 'd', a);
  } else {
    return false;
  }
  return true;
}

/* update %x[%i] = %v or %x[%i][%j] = %v of lists, %v a double: stored
 * as its number (wy_list_put_d, wy_list_put2_d: in place into LS_F64 or
 * LS_F32 storage, no word made), with the checks wy_list_set makes. */
static bool
emit_update(Gen *g, Insn *in)
{
  int v = in->args[in->nargs - 1];
  const char *hoisted = cgen_rows_store(g, wyil_insn_index(g->fn, in));
  if (hoisted) {
    cgen_emit(g, "%s", hoisted);
    return true;
  }
  if (!g->dbl[v] || in->nsteps < 1 || in->nsteps > 2) return false;
  for (int k = 0; k < in->nsteps; k++)
    if (in->steps[k].kind != UPD_INDEX || !in->steps[k].type
        || !ty_list_elem(in->steps[k].type))
      return false;
  const char *p = cgen_pos_ref(g, in->pos);
  cgen_emit(g, "{");
  cgen_emit(g, "  wyv root = r%d;", in->dst);
  if (in->nsteps == 1)
    cgen_emit(g, "  wy_list_put_d(&root, r%d, d%d, %s);", in->args[0], v, p);
  else
    cgen_emit(g, "  wy_list_put2_d(&root, r%d, r%d, d%d, %s);", in->args[0],
              in->args[1], v, p);
  cgen_emit(g, "  r%d = root;", in->dst);
  cgen_emit(g, "}");
  return true;
}

bool
cgen_unbox_insn(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  int d = in->dst;
  bool dd = g->dbl && d >= 0 && g->dbl[d] && in->op != OP_UPDATE;
  double v;
  if (!g->dbl) return false;
  switch (in->op) {
  case OP_CONST:
    if (!dd || !cgen_const_real(g, in->cst, &v)) return false;
    cgen_emit(g, "d%d = %a;", d, v);
    return true;
  case OP_ASSIGN:
    if (!dd) return false;
    if (in->args[0] != d)
      cgen_emit(g, "d%d = %s;", d, cgen_unbox_opnd(g, in->args[0]));
    return true;
  case OP_CONVERT: return dd && emit_convert(g, in);
  case OP_UPDATE: return emit_update(g, in);
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_NEG:
    if (!is_real(in->type) || (!dd && !reads_dbl(g, in))) return false;
    emit_arith(g, in);
    return true;
  case OP_INDEXOF: {
    if (!dd || !in->type || !ty_list_elem(in->type)) return false;
    const char *e = cgen_rows_elem(g, i, true);
    if (!e) e = cgen_bounds_elem(g, i, true);
    if (!e)
      e = wyil_fmt("wy_list_real_%s(r%d, r%d, %s)",
                   cgen_bounds_proved(g, i) ? "get" : "at", in->args[0],
                   in->args[1], cgen_pos_ref(g, in->pos));
    cgen_emit(g, "d%d = %s;", d, e);
    return true;
  }
  default: return false;
  }
}

void
cgen_unbox_before(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  if (!g->dbl) return;
  /* comparisons of reals read the doubles (cgen_cmp_expr) */
  if ((in->op == OP_IF || in->op == OP_ASSERT) && is_real(in->type)
      && in->cmp <= CMP_GE)
    return;
  for (int k = 0; k < in->nargs; k++) {
    int r = in->args[k];
    bool seen = false;
    for (int j = 0; j < k && !seen; j++) seen = in->args[j] == r;
    if (g->dbl[r] && !seen)
      cgen_emit(g, "%s(&r%d, wy_f_make(d%d, NULL));", g->set, r, r);
  }
}

void
cgen_unbox_after(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  if (g->dbl && in->dst >= 0 && g->dbl[in->dst] && in->op != OP_UPDATE)
    cgen_emit(g, "d%d = wy_f_val(r%d);", in->dst, in->dst);
}
