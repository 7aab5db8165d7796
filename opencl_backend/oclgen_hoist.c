/* oclgen_hoist.c -- the tests the check plan moved before a loop
 * (checks/hoist.c decided them; see checks/range.c's head comment for
 * why that keeps the program's meaning), the operations it computes
 * there, and the sums carried in 64 bits, as OpenCL C.
 *
 * A loop `forall v in lo..hi` runs v = lo, lo+1, ..., hi-1 when lo <= hi
 * and lo, lo-1, ..., hi+1 otherwise (oclgen_insn.c, emit_forall): its
 * least value is wyc_mnK, its greatest wyc_mxK, and a check of `v + off`
 * is tested at the end that could fail it, each step of the chain off
 * through the checked wyc_add and wyc_sub (an overflow fails the test
 * too).  The values the plan names (checks.h, ChkVal) become the
 * function's variables, its constants and its lists' length parameters.
 *
 * Contract (compiler/pipeline.c's table): part of pass emit-opencl.
 * Requires: the check plan of the function (checks: chk_kind,
 * chk_hoist_to, chk_invariant, ...).  Provides: OpenCL C text.
 * Invalidates nothing.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

static const char *const rel[] = {"==", "!=", "<", "<=", ">", ">="};

/* The text of a value the plan names before a loop. */
static const char *
val_text(OclGen *g, ChkVal v)
{
  switch (v.kind) {
  case CHK_VAL_REG: return ocl_var(g, v.reg, TAG_INT);
  case CHK_VAL_INT: return wyil_fmt("%lld", v.c);
  default: break;
  }
  View *lv = v.reg >= 0 && v.reg < g->fn->nregs ? g->views[v.reg] : NULL;
  if (!lv || v.level >= lv->depth)
    internal_error("oclgen: %s: the length of %%%d is no parameter",
                   g->fn->name, v.reg);
  return lv->lens[v.level];
}

/* Register r's text before the loop at h, or NULL (not invariant). */
static const char *
invariant(OclGen *g, int h, int r)
{
  ChkVal v;
  return chk_invariant(g->cf, h, r, &v) ? val_text(g, v) : NULL;
}

/* Declare loop h's ends and scratch once. */
static void
declare_ends(OclGen *g, int h)
{
  if (g->ends_declared[h]) return;
  g->ends_declared[h] = true;
  sb_printf(&g->decls, "  wy_int wyc_mn%d = 0, wyc_mx%d = 0, wyc_t%d = 0;\n",
            h, h, h);
}

/* The ends of h's range as text before H (both known: the plan said). */
static void
inner_bounds(OclGen *g, int H, int h, const char **lo, const char **hi)
{
  ChkVal l, u;
  if (!chk_inner_bounds(g->cf, H, h, &l, &u))
    internal_error("oclgen: %s: the loop at %d has no bounds before %d",
                   g->fn->name, h, H);
  *lo = val_text(g, l);
  *hi = val_text(g, u);
}

/* Open the test of the checks lifted out of h, before H: h's range is
 * not empty, and its ends. */
static void
open_lifted(OclGen *g, int H, int h)
{
  const char *lo, *hi;
  inner_bounds(g, H, h, &lo, &hi);
  declare_ends(g, h);
  ocl_line(g, "if (%s != %s) {  /* checks of the loop at line %d */", lo, hi,
           g->fn->code[h]->pos.line);
  g->indent++;
  ocl_line(g, "wyc_mn%d = %s < %s ? %s : %s + 1;", h, lo, hi, lo, hi);
  ocl_line(g, "wyc_mx%d = %s < %s ? %s - 1 : %s;", h, lo, hi, hi, lo);
}

/* The test of the bounds for the assert at p, before loop h. */
static void
emit_bound_test(OclGen *g, int h, int p)
{
  Cmp cmp;
  ChkVal other, t[CHK_RETS];
  const char *all = "";
  int n;
  if (!chk_bound_test(g->cf, h, p, &cmp, &other, t, &n) || n == 0) return;
  const char *o = val_text(g, other);
  for (int i = 0; i < n; i++)
    all = wyil_fmt("%s%s%s %s %s", all, i ? " && " : "", val_text(g, t[i]),
                   rel[cmp], o);
  ocl_line(g, "if (!(%s)) %s", all, ocl_fail_stmt(g, OCL_FLAG_BOUND));
}

/* The chain's value at the end `end` ("wyc_mn" or "wyc_mx") of loop
 * h's variable into wyc_tH: the test's first part (an overflow of any
 * step fails it too, each ending in " || "), and the value. */
static const char *
at_end(OclGen *g, int h, const char *end, const ChkChain *c,
       const char **val)
{
  const char *pre = "", *from = wyil_fmt("%s%d", end, h);
  *val = c->n ? wyil_fmt("wyc_t%d", h) : from;
  for (int i = 0; i < c->n; i++) {
    pre = wyil_fmt("%swyc_%s(%s, %s, &wyc_t%d) || ", pre,
                   c->sub[i] ? "sub" : "add", from, val_text(g, c->off[i]),
                   h);
    from = *val;
  }
  return pre;
}

/* The register a CHK_WIDE sum at p adds to. */
static const char *
wide_sum_var(OclGen *g, int p)
{
  return ocl_var(g, g->fn->code[p]->dst, TAG_INT);
}

/* The preprocessor test under which the CHK_WIDE sums of the loop at h
 * are 64-bit: with 32-bit ints, and on a GPU only where another loop
 * of the code holds h (chk_wide_inner); elsewhere each add is tested. */
static const char *
wide_guard(OclGen *g, int h)
{
  return chk_wide_inner(g->cf, h)
         ? "#if defined(WYC_GPU) && !defined(WYC_INT64)" : "#ifndef WYC_INT64";
}

void
ocl_emit_wide_sum(OclGen *g, int p)
{
  Insn *in = g->fn->code[p];
  bool add = in->op == OP_ADD;
  const char *s = wide_sum_var(g, p);
  const char *t = ocl_var(g, in->args[in->args[0] == in->dst], TAG_INT);
  ocl_line(g, "%s", wide_guard(g, chk_at(g->cf, p)->hoist_to));
  ocl_line(g, "wyc_w%d %c= %s;", p, add ? '+' : '-', t);
  ocl_line(g, "#else");
  ocl_line(g, "if (wyc_%s(%s, %s, &%s)) %s", add ? "add" : "sub", s, t, s,
           ocl_fail_stmt(g, 1));
  ocl_line(g, "#endif");
}

/* Is the check at p a CHK_WIDE sum of the loop at h? */
static bool
wide_of(OclGen *g, int p, int h)
{
  const ChkAt *at = chk_at(g->cf, p);
  return at->kind == CHK_WIDE && at->hoist_to == h;
}

void
ocl_emit_wide_exit(OclGen *g, int h)
{
  int e = g->match[h];
  for (int p = h + 1; p < e; p++) {
    if (!wide_of(g, p, h)) continue;
    ocl_line(g, "%s", wide_guard(g, h));
    ocl_line(g, "if (wyc_w%d != (long)(int)wyc_w%d) %s", p, p,
             ocl_fail_stmt(g, 1));
    ocl_line(g, "%s = (wy_int)wyc_w%d;", wide_sum_var(g, p), p);
    ocl_line(g, "#endif");
  }
}

/* The check at p, lifted out of loop h to before H (chk_lift_from). */
static void
emit_lifted(OclGen *g, int H, int h, int p)
{
  Insn *in = g->fn->code[p];
  int a = in->args[0], b = in->args[1];
  ChkChain ca, cb;
  ChkLift ka = chk_lift_operand(g->cf, H, h, p, a, &ca);
  ChkLift kb = chk_lift_operand(g->cf, H, h, p, b, &cb);
  bool low = in->cmp == CMP_GT || in->cmp == CMP_GE;
  const char *ta = ka == CHK_LIFT_INV ? invariant(g, H, a) : NULL;
  const char *tb = kb == CHK_LIFT_INV ? invariant(g, H, b) : NULL;
  const char *pre = "";
  if (ka != CHK_LIFT_INV)        /* v + off cmp b: the end that could fail */
    pre = at_end(g, ka == CHK_LIFT_OUTER ? H : h, low ? "wyc_mn" : "wyc_mx",
                 &ca, &ta);
  else if (kb != CHK_LIFT_INV)   /* a cmp v + off */
    pre = at_end(g, kb == CHK_LIFT_OUTER ? H : h, low ? "wyc_mx" : "wyc_mn",
                 &cb, &tb);
  ocl_line(g, "if (%s!(%s %s %s)) %s", pre, ta, rel[in->cmp], tb,
           ocl_fail_stmt(g, ocl_assert_code(in->name)));
}

/* The test of the check at p (an assert, or an add or sub `v + off`)
 * hoisted before the loop at h. */
static void
emit_hoisted_check(OclGen *g, int h, int p)
{
  Insn *in = g->fn->code[p];
  int a = in->args[0], b = in->args[1];
  ChkChain c;
  const char *val;
  if (in->op == OP_ADD || in->op == OP_SUB) {
    chk_chain(g->cf, h, p, in->dst, &c);
    const char *both = wyil_fmt("%s%s", at_end(g, h, "wyc_mn", &c, &val),
                                at_end(g, h, "wyc_mx", &c, &val));
    ocl_line(g, "if (%.*s) %s", (int)strlen(both) - 4, both,
             ocl_fail_stmt(g, 1));   /* less the last " || " */
    return;
  }
  const char *ta = invariant(g, h, a), *tb = invariant(g, h, b);
  const char *pre = "";
  bool low = in->cmp == CMP_GT || in->cmp == CMP_GE;
  if (!ta) {        /* v + off cmp b: the end that could fail it */
    chk_chain(g->cf, h, p, a, &c);
    pre = at_end(g, h, low ? "wyc_mn" : "wyc_mx", &c, &ta);
  } else if (!tb) { /* a cmp v + off */
    chk_chain(g->cf, h, p, b, &c);
    pre = at_end(g, h, low ? "wyc_mx" : "wyc_mn", &c, &tb);
  }
  ocl_line(g, "if (%s!(%s %s %s)) %s", pre, ta, rel[in->cmp], tb,
           ocl_fail_stmt(g, ocl_assert_code(in->name)));
}

void
ocl_emit_hoisted(OclGen *g, int h)
{
  int e = g->match[h], open = -1;   /* open: the inner loop being lifted */
  bool any = false;
  for (int p = h + 1; p < e; p++) {
    const ChkAt *at = chk_at(g->cf, p);
    bool moved = at->move_to == h;
    /* an inner loop's test that it ascends, the same in every iteration */
    bool upward = at->upward == h;
    if (!moved && !upward
        && ((at->kind != CHK_HOISTED && at->kind != CHK_BOUNDED)
            || at->hoist_to != h))
      continue;
    if (!any) {
      declare_ends(g, h);
      ocl_line(g, "if (wyc_i%d != wyc_n%d) {  /* checks of every iteration */",
               h, h);
      g->indent++;
      ocl_line(g, "wyc_mn%d = wyc_i%d < wyc_n%d ? wyc_i%d : wyc_n%d + 1;", h,
               h, h, h, h);
      ocl_line(g, "wyc_mx%d = wyc_i%d < wyc_n%d ? wyc_n%d - 1 : wyc_i%d;", h,
               h, h, h, h);
      any = true;
    }
    int from = moved || upward ? -1 : at->lift_from;
    if (open >= 0 && from != open) {
      g->indent--;
      ocl_line(g, "}");
      open = -1;
    }
    if (upward) {
      const char *lo, *hi;
      bool all = at->must_ascend;
      inner_bounds(g, h, p, &lo, &hi);
      if (!all) ocl_line(g, "#ifdef WYC_GPU");
      ocl_line(g, "if (%s > %s) %s", lo, hi,
               ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
      if (!all) ocl_line(g, "#endif");
    } else if (from >= 0) {
      if (open != from) open_lifted(g, h, from);
      open = from;
      emit_lifted(g, h, from, p);
    } else if (moved) {      /* a constant too: no operands */
      ocl_emit_moved(g, p);
    } else if (at->kind == CHK_BOUNDED) {
      emit_bound_test(g, h, p);
    } else {
      emit_hoisted_check(g, h, p);
    }
  }
  if (open >= 0) {
    g->indent--;
    ocl_line(g, "}");
  }
  if (any) {
    g->indent--;
    ocl_line(g, "}");
  }
  for (int p = h + 1; p < e; p++) {
    if (!wide_of(g, p, h)) continue;
    sb_printf(&g->decls, "  long wyc_w%d = 0;\n", p);
    ocl_line(g, "%s", wide_guard(g, h));
    ocl_line(g, "wyc_w%d = %s;", p, wide_sum_var(g, p));
    ocl_line(g, "#endif");
  }
}
