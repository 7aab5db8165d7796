/* oclgen_insn.c -- WYIL instructions of a kernel body (or of a function
 * it calls) to OpenCL C statements: the switch over opcodes.
 *
 * Scalars are variables per (register, type).  Lists are Views of a
 * __global buffer: LENGTHOF reads a length parameter, INDEXOF of a list
 * of lists computes the row's offset, INDEXOF of a list of scalars
 * loads, UPDATE of a kernel's list argument stores (with its own bounds
 * checks: the front end inserts none for updates).  Every check that
 * fails records its code in *wyc_err and leaves: 1 an int overflow (the
 * runtime retries with 64-bit ints, then runs the CPU path), 2 an index
 * out of bounds, 3 a division by zero, 4 any other failed check, 16 an
 * infinity or NaN stored into a list (oclgen.c, ocl_emit_store).  Int
 * arithmetic is checked; control flow keeps the WYIL shape (labels and
 * gotos, `for (;;)` loops, counting loops for ranges).  Anything the
 * filter should not have let through goes to ocl_cannot: the driver
 * keeps that loop on the CPU.
 *
 * Contract (compiler/pipeline.c's table): Part of pass emit-opencl.
 * Requires: the check plan (checks) and the fma plan. Provides: OpenCL C
 * statements. Invalidates nothing; a kernel it cannot express is refused
 * (ocl_cannot) in veto's trial.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <mpfr.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

static _Noreturn void
unsupported(OclGen *g, Insn *in, const char *why)
{
  ocl_cannot(wyil_fmt("%s at %s:%d in %s (%s)", why,
                      in->pos.file ? in->pos.file : "?", in->pos.line,
                      g->fn->name, wyil_op_name[in->op]));
}

/* ---------------------------------------------------------------- */
/* Views                                                              */

/* v without its `drop` outermost levels, at register r's own offset
 * variable rN_off. */
static View *
view_for(OclGen *g, int r, const View *v, int drop)
{
  View *nv = wyil_alloc(sizeof(View));
  nv->base = v->base;
  nv->off = wyil_fmt("r%d_off", r);
  nv->depth = v->depth - drop;
  nv->elem = v->elem;
  nv->list = v->list;
  nv->drop = v->drop + drop;
  for (int l = 0; l < nv->depth; l++) nv->lens[l] = v->lens[l + drop];
  g->uses[r] |= USE_OFF;
  return nv;
}

static View *
view_of(OclGen *g, Insn *in, int r)
{
  View *v = r >= 0 && r < g->fn->nregs ? g->views[r] : NULL;
  if (!v)
    unsupported(g, in, wyil_fmt("%%%d is not a list the device holds", r));
  return v;
}

/* Register r holds v from here on; its view is fixed per function. */
static void
set_view(OclGen *g, Insn *in, int r, View *v)
{
  View *old = g->views[r];
  if (old && (strcmp(old->base, v->base) || old->depth != v->depth
              || strcmp(old->off, v->off)))
    unsupported(g, in, wyil_fmt("%%%d holds rows of different lists", r));
  g->views[r] = v;
}

/* "off + x", or x when the offset is 0. */
static const char *
plus_off(const View *v, const char *x)
{
  return strcmp(v->off, "0") ? wyil_fmt("%s + %s", v->off, x) : x;
}

/* The number of elements of one item at v's outermost level (wy_off). */
static const char *
stride(const View *v)
{
  StrBuf sb = {0};
  for (int l = 1; l < v->depth; l++)
    sb_printf(&sb, "%s%s", l > 1 ? " * " : "(wy_off)", v->lens[l]);
  const char *s = wyil_strdup(sb.s ? sb.s : "1");
  sb_free(&sb);
  return s;
}

/* Element i of v: a scalar into register d, or a row view of d. */
void
ocl_emit_element(OclGen *g, Insn *in, int d, View *v, const char *i)
{
  if (v->depth == 1) {
    ocl_line(g, "%s = %s[%s];", ocl_var(g, d, v->elem), v->base,
             plus_off(v, i));
    return;
  }
  View *row = view_for(g, d, v, 1);
  set_view(g, in, d, row);
  ocl_line(g, "%s = %s;", row->off,
           plus_off(v, wyil_fmt("%s * %s", i, stride(v))));
}

/* ---------------------------------------------------------------- */
/* Constants                                                          */

/* The decimal text as a C literal of an int type; *bits = 32 when it
 * fits int, 64 when only long, 0 when neither. */
static const char *
int_literal(const char *text, int *bits)
{
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  *bits = 0;
  if (errno || *end || end == text) return "0";
  if (v >= INT32_MIN && v <= INT32_MAX) {
    *bits = 32;
    return v == INT32_MIN ? "(-2147483647 - 1)" : wyil_fmt("%lld", v);
  }
  *bits = 64;
  if (v == INT64_MIN) return "(-9223372036854775807L - 1)";
  return wyil_fmt("%lldL", v);
}

/* The real "num/den" rounded to a float (dbl false) or a double, as a C
 * literal in *lit ("%a", with an f for a float); false when it is out of
 * that type's range.  The value goes to *val. */
static bool
real_literal(const char *text, bool dbl, const char **lit, double *val)
{
  mpq_t q;
  mpq_init(q);
  if (mpq_set_str(q, text, 10) != 0) {
    mpq_clear(q);
    internal_error("oclgen: bad real constant '%s'", text);
  }
  mpq_canonicalize(q);
  mpfr_t x;
  mpfr_init2(x, dbl ? 53 : 24);
  mpfr_set_q(x, q, MPFR_RNDN);
  double d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  mpq_clear(q);
  *val = d;
  *lit = wyil_fmt(dbl ? "%a" : "%af", d);
  return !isinf(d) && (dbl || fabs(d) <= 3.4028234663852886e38);
}

/* x = the real constant, in the real type the runtime builds with
 * (WYC_REAL_DOUBLE or not): one line when the float is exact, else one
 * branch per type; a constant out of a type's range fails there. */
static void
emit_real_const(OclGen *g, const char *x, const char *text)
{
  const char *lit[2];
  double val[2];
  bool ok[2];
  for (int dbl = 0; dbl < 2; dbl++)
    ok[dbl] = real_literal(text, dbl, &lit[dbl], &val[dbl]);
  if (ok[0] && ok[1] && val[0] == val[1]) {
    ocl_line(g, "%s = %s;", x, lit[0]);  /* a float, exact in a double */
    return;
  }
  for (int dbl = 1; dbl >= 0; dbl--) {
    ocl_line(g, dbl ? "#ifdef WYC_REAL_DOUBLE" : "#else");
    if (ok[dbl]) ocl_line(g, "%s = %s;", x, lit[dbl]);
    else ocl_line(g, "%s  /* out of the device real's range */",
                  ocl_fail_stmt(g, 1));
  }
  ocl_line(g, "#endif");
}

void
ocl_emit_const(OclGen *g, Insn *in)
{
  Const *c = in->cst;
  int d = in->dst, bits;
  switch (c ? c->kind : C_NULL) {
  case C_BOOL:
    ocl_line(g, "%s = %u;", ocl_var(g, d, TAG_BOOL), c->u ? 1u : 0u);
    return;
  case C_INT: {
    const char *lit = int_literal(c->text, &bits);
    const char *x = ocl_var(g, d, TAG_INT);
    if (bits == 32) {
      ocl_line(g, "%s = %s;", x, lit);
    } else if (bits == 64) {
      ocl_line(g, "#ifdef WYC_INT64");
      ocl_line(g, "%s = %s;", x, lit);
      ocl_line(g, "#else");
      ocl_line(g, "%s  /* %s does not fit an int */", ocl_fail_stmt(g, 1),
               c->text);
      ocl_line(g, "#endif");
    } else {
      ocl_line(g, "%s  /* %s does not fit a long */", ocl_fail_stmt(g, 1),
               c->text);
    }
    return;
  }
  case C_REAL: {
    emit_real_const(g, ocl_var(g, d, TAG_REAL), c->text);
    return;
  }
  default:
    unsupported(g, in, "a constant that is not an int, real or bool");
  }
}

/* ---------------------------------------------------------------- */
/* Arithmetic                                                         */

/* An int add, sub or mul that may overflow, tested in fewer operations
 * than the generic test where the range analysis knows more: the sign
 * of an addend or of the subtrahend (the wrapped result overflowed
 * exactly when it moved the other way from the other operand), a
 * constant factor (the other one within the width's bounds divided by
 * it) or a square (the factor within the square root of the width's
 * largest int).  One source serves both widths (WY_INT_MIN, WY_SQRT_MAX).
 * The result is computed wrapping, in unsigned ints: OpenCL C leaves
 * signed overflow undefined.  False: nothing emitted. */
static bool
cheap_overflow(OclGen *g, Insn *in, const char *x, const char *y,
               const char *d)
{
  int p = g->at, a = in->args[0], b = in->args[1];
  const char *fail = ocl_fail_stmt(g, 1);
  if (in->op == OP_MUL) {
    long long c;
    const char *v = NULL;
    if (a == b) {
      ocl_line(g, "if ((wy_uint)%s + (wy_uint)WY_SQRT_MAX "
               "> 2 * (wy_uint)WY_SQRT_MAX) %s", x, fail);
    } else if ((chk_int_const(g->cf, b, &c) && (v = x))
               || (chk_int_const(g->cf, a, &c) && (v = y))) {
      if (c >= -1 && c <= 1) return false;
      const char *lo = wyil_fmt("(WY_%s / (%lld))", c > 0 ? "INT_MIN"
                                : "INT_MAX", c);
      const char *hi = wyil_fmt("(WY_%s / (%lld))", c > 0 ? "INT_MAX"
                                : "INT_MIN", c);
      ocl_line(g, "if ((wy_uint)%s - (wy_uint)%s > (wy_uint)%s - "
               "(wy_uint)%s) %s", v, lo, hi, lo, fail);
    } else {
      return false;
    }
    ocl_line(g, "%s = (wy_int)((wy_uint)%s * (wy_uint)%s);", d, x, y);
    return true;
  }
  /* x + y, y + x or x - y, where the sign of y is known */
  const ChkAt *at = chk_at(g->cf, p);
  int sy = at->sign[1], sx = in->op == OP_ADD ? at->sign[0] : 0;
  const char *base = x;
  if (!sy && sx) {
    sy = sx;
    base = y;
  }
  if (!sy) return false;
  bool up = (in->op == OP_ADD) == (sy > 0);   /* the exact result >= base */
  ocl_line(g, "{ wy_int wyc_t = (wy_int)((wy_uint)%s %c (wy_uint)%s); "
           "if (wyc_t %c %s) %s %s = wyc_t; }", x,
           in->op == OP_ADD ? '+' : '-', y, up ? '<' : '>', base, fail, d);
  return true;
}

static void
emit_arith(OclGen *g, Insn *in)
{
  Tag t = ocl_scalar_tag(g, in->type, "arithmetic");
  int a = in->args[0], b = in->nargs > 1 ? in->args[1] : -1;
  const char *x = ocl_var(g, a, t), *y = b >= 0 ? ocl_var(g, b, t) : NULL;
  const char *d = ocl_var(g, in->dst, t);
  if (t == TAG_BOOL) unsupported(g, in, "arithmetic on bools");
  if (t == TAG_REAL) {
    if (ocl_reduce_step(g, in) || ocl_emit_fma(g, in)) return;
    switch (in->op) {
    case OP_ADD: ocl_line(g, "%s = %s + %s;", d, x, y); return;
    case OP_SUB: ocl_line(g, "%s = %s - %s;", d, x, y); return;
    case OP_MUL: ocl_line(g, "%s = %s * %s;", d, x, y); return;
    case OP_DIV: ocl_line(g, "%s = %s / %s;", d, x, y); return;
    case OP_NEG: ocl_line(g, "%s = -%s;", d, x); return;
    default: unsupported(g, in, "this operation on reals");
    }
  }
  int p = g->at;
  const ChkAt *at = chk_at(g->cf, p);
  if (at->kind == CHK_WIDE) {
    g->nchk[CHK_WIDE]++;
    ocl_emit_wide_sum(g, p);
    return;
  }
  bool safe = at->no_overflow;
  /* `v + off`, tested at both ends of v's range before its loop */
  bool hoisted = !safe && at->kind == CHK_HOISTED;
  g->nchk[safe ? CHK_PROVED : hoisted ? CHK_HOISTED : CHK_EMIT]
    += in->op != OP_DIV && in->op != OP_REM;
  switch (in->op) {
  case OP_ADD: case OP_SUB: case OP_MUL: {
    const char *f = in->op == OP_ADD ? "wyc_add"
                    : in->op == OP_SUB ? "wyc_sub" : "wyc_mul";
    if (safe || hoisted)
      ocl_line(g, "%s = %s %c %s;", d, x,
               in->op == OP_ADD ? '+' : in->op == OP_SUB ? '-' : '*', y);
    else if (!cheap_overflow(g, in, x, y, d))
      ocl_line(g, "if (%s(%s, %s, &%s)) %s", f, x, y, d, ocl_fail_stmt(g, 1));
    return;
  }
  case OP_NEG:
    if (!safe) ocl_line(g, "if (%s == WY_INT_MIN) %s", x, ocl_fail_stmt(g, 1));
    ocl_line(g, "%s = -%s;", d, x);
    return;
  case OP_DIV:
    if (!at->nonzero)
      ocl_line(g, "if (%s == 0) %s", y, ocl_fail_stmt(g, 3));
    if (!at->not_m1 && !at->not_min)
      ocl_line(g, "if (%s == -1 && %s == WY_INT_MIN) %s", y, x,
               ocl_fail_stmt(g, 1));
    ocl_line(g, "%s = %s / %s;", d, x, y);
    return;
  case OP_REM:
    if (!at->nonzero)
      ocl_line(g, "if (%s == 0) %s", y, ocl_fail_stmt(g, 3));
    if (at->not_m1)
      ocl_line(g, "%s = %s %% %s;", d, x, y);
    else
      ocl_line(g, "%s = %s == -1 ? 0 : %s %% %s;", d, y, x, y);
    return;
  default:
    unsupported(g, in, "this operation on ints");
  }
}

/* ---------------------------------------------------------------- */
/* Conditions and checks                                              */

const char *
ocl_cond_expr(OclGen *g, Insn *in)
{
  static const char *const rel[] = {"==", "!=", "<", "<=", ">", ">="};
  if (in->cmp > CMP_GE) unsupported(g, in, "a set or membership test");
  Tag t = ocl_scalar_tag(g, in->type, "comparison");
  if (t == TAG_BOOL && in->cmp != CMP_EQ && in->cmp != CMP_NE)
    unsupported(g, in, "an ordering of bools");
  return wyil_fmt("%s %s %s", ocl_var(g, in->args[0], t), rel[in->cmp],
                  ocl_var(g, in->args[1], t));
}

int
ocl_assert_code(const char *msg)
{
  if (msg && !strncmp(msg, "index out of bounds", 19)) return 2;
  if (msg && !strcmp(msg, "division by zero")) return 3;
  return 4;
}

/* The line of a branch to label l, which must be inside the emitted
 * code. */
static const char *
target(OclGen *g, Insn *in, int l)
{
  int at = l >= 0 && l < g->fn->nlabels ? g->label_at[l] : -1;
  if (at < g->from || at >= g->to)
    unsupported(g, in, "a branch out of the device code");
  return wyil_fmt("goto L%d;", l);
}

static void
emit_switch(OclGen *g, Insn *in)
{
  Tag t = ocl_scalar_tag(g, in->type, "switch");
  const char *x = ocl_var(g, in->args[0], t);
  for (int c = 0; c < in->ncases; c++) {
    Const *v = in->cases[c].value;
    const char *lit;
    int bits = 32;
    if (v->kind == C_INT && t == TAG_INT) lit = int_literal(v->text, &bits);
    else if (v->kind == C_BOOL && t == TAG_BOOL) lit = v->u ? "1" : "0";
    else unsupported(g, in, "a case that is not an int");
    if (bits == 0) continue;  /* no device value equals it */
    ocl_line(g, "if (%s%s == %s) %s", bits == 64 ? "(long)" : "", x, lit,
             target(g, in, in->cases[c].label));
  }
  ocl_line(g, "%s", target(g, in, in->label));
}

/* ---------------------------------------------------------------- */
/* Lists                                                              */

static void
emit_update(OclGen *g, Insn *in)
{
  View *v = view_of(g, in, in->dst);
  if (!g->k || strcmp(v->off, "0"))
    unsupported(g, in, "an update of a list that is not the kernel's");
  if (in->nsteps != v->depth || in->nargs != in->nsteps + 1)
    unsupported(g, in, "an update of a whole row");
  const char *flat = NULL;
  for (int s = 0; s < in->nsteps; s++) {
    if (in->steps[s].kind != UPD_INDEX)
      unsupported(g, in, "an update through a field or reference");
    const char *i = ocl_var(g, in->args[s], TAG_INT);
    if (!chk_index_known(g->cf, in->args[s], v->list, v->drop + s))
      ocl_line(g, "if ((wy_uint)%s >= (wy_uint)%s) %s", i, v->lens[s],
               ocl_fail_stmt(g, 2));
    flat = flat ? wyil_fmt("(%s) * %s + %s", flat, v->lens[s], i)
           : wyil_fmt("(wy_off)%s", i);
  }
  ocl_emit_store(g, wyil_fmt("%s[%s]", v->base, flat),
                 ocl_var(g, in->args[in->nargs - 1], v->elem), v->elem);
}

/* ASSIGN or identity CONVERT of a list: d shows the same list. */
static void
copy_view(OclGen *g, Insn *in, int d, int a)
{
  View *v = view_of(g, in, a);
  if (!strcmp(v->off, "0")) {
    set_view(g, in, d, v);
    return;
  }
  View *nv = view_for(g, d, v, 0);
  set_view(g, in, d, nv);
  if (d != a) ocl_line(g, "%s = %s;", nv->off, v->off);
}

static void
emit_assign(OclGen *g, Insn *in, Type *from, Type *to)
{
  int d = in->dst, a = in->args[0];
  Tag s = ocl_tag_of(from), t = ocl_tag_of(to), es, et;
  int ds = ocl_list_shape(from, &es), dt = ocl_list_shape(to, &et);
  if (ds && ds == dt && es == et && g->views[a]) {
    copy_view(g, in, d, a);
  } else if (s == t && s != TAG_NONE) {
    ocl_line(g, "%s = %s;", ocl_var(g, d, t), ocl_var(g, a, s));
  } else if (s == TAG_INT && t == TAG_REAL) {
    ocl_line(g, "%s = (wy_real)%s;", ocl_var(g, d, t), ocl_var(g, a, s));
  } else {
    unsupported(g, in, wyil_fmt("a conversion from %s to %s",
                                from ? ty_str(from) : "?",
                                to ? ty_str(to) : "?"));
  }
}

/* ---------------------------------------------------------------- */
/* Loops                                                              */

/* An inner dimension of the NDRange: the work item's index; when the
 * loop's own range is computed here, it must be the one the host
 * launched (else the CPU runs the loop). */
static void
emit_dim_forall(OclGen *g, int i, Insn *in, int d)
{
  int r = in->args[0], dd, c;
  const char *v = ocl_var(g, in->dst, TAG_INT);
  if (wyil_jam_copy(g->k, in, &dd, &c)) {
    /* the item's c-th iteration of the dimension (filter/jam.c), the
     * last one's past the range's end */
    ocl_line(g, "%s = lo%d + (wy_int)min((long)gid%d * %d + %d, "
             "(long)n%d - 1);", v, d, d, g->k->jam[d], c, d);
    return;
  }
  ocl_line(g, "%s = %s;", v, ocl_dim_index(g->k, d));
  int range = chk_range_at(g->cf, r);
  if (range < 0 || range > i) return;
  if (g->k->tri[d]) {
    /* a row of a triangle over the rectangle launched (filter.c
     * row_start, row_end): it ascends, lies inside, and the items before
     * its start (from its end on) do nothing */
    ocl_line(g, "if (r%d_lo > r%d_hi) %s", r, r,
             ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
    if (g->k->tri[d] == KERNEL_ROW_START) {
      ocl_line(g, "if (r%d_lo < lo%d || (long)r%d_hi != (long)lo%d + n%d)",
               r, d, r, d, d);
      ocl_line(g, "  %s", ocl_fail_stmt(g, OCL_FLAG_SHAPE));
      ocl_line(g, "if (%s < r%d_lo) %s", v, r, g->leave);
    } else {
      ocl_line(g, "if (r%d_lo != lo%d || (long)r%d_hi > (long)lo%d + n%d)",
               r, d, r, d, d);
      ocl_line(g, "  %s", ocl_fail_stmt(g, OCL_FLAG_SHAPE));
      ocl_line(g, "if (%s >= r%d_hi) %s", v, r, g->leave);
    }
    return;
  }
  ocl_line(g, "if (r%d_lo <= r%d_hi", r, r);
  ocl_line(g, "    ? (r%d_lo != lo%d || (long)r%d_hi != (long)lo%d + n%d)", r,
           d, r, d, d);
  ocl_line(g, "    : ((long)r%d_hi + 1 != lo%d"
           " || (long)r%d_lo + 1 != (long)lo%d + n%d))", r, d, r, d, d);
  ocl_line(g, "  %s", ocl_fail_stmt(g, OCL_FLAG_SHAPE));
}

static void
emit_forall(OclGen *g, int i, Insn *in)
{
  int r = in->args[0], d = wyil_kernel_dim(g->k, in);
  if (d >= 0) {
    emit_dim_forall(g, i, in, d);
    return;
  }
  if (ocl_tile_seq(g, in)) {
    ocl_tile_loop(g, i, in);
    return;
  }
  int range = chk_range_at(g->cf, r);
  if (range >= 0 && range < i) {
    sb_printf(&g->decls, "  wy_int wyc_i%d = 0, wyc_n%d = 0;\n", i, i);
    ocl_line(g, "wyc_i%d = r%d_lo;", i, r);
    ocl_line(g, "wyc_n%d = r%d_hi;", i, r);
    const ChkAt *at = chk_at(g->cf, i);
    int dir = at->dir;
    if (dir == 0) {
      /* On a GPU take it as ascending, the common case, and say so when
       * it is not: the CPU reruns the loop (OCL_FLAG_DESCENDING).  The
       * plain unit-step loop lets the driver's compiler unroll,
       * strength-reduce and merge the loads of consecutive elements,
       * which a loop of either direction hides (on an H200: 2-D stencils'
       * kernels 7-18% faster).  A CPU keeps the loop of either
       * direction: PoCL ran a weighted stencil's 4% slower the other
       * way. */
      if (at->upward < 0) {
        bool all = at->must_ascend;
        if (!all) ocl_line(g, "#ifdef WYC_GPU");
        ocl_line(g, "if (wyc_i%d > wyc_n%d) %s", i, i,
                 ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
        if (!all) ocl_line(g, "#endif");
      }
      g->nupward++;
      g->nupward_all += at->ascend_all;
    } else if (dir < 0 && in->ascends) {
      /* descending where the dependence test needs it ascending */
      ocl_line(g, "%s", ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
    }
    ocl_emit_hoisted(g, i);
    if (dir == 0) {
      sb_printf(&g->decls, "  wy_int wyc_s%d = 0;\n", i);
      sb_printf(&g->decls, "  wy_uint wyc_c%d = 0, wyc_k%d = 0;\n", i, i);
      /* a unit-step trip count the driver's compiler can see (to unroll
       * and strength-reduce), where `i != n; i += s` would hide it */
      ocl_line(g, "#ifdef WYC_GPU");
      ocl_line(g, "for (; wyc_i%d < wyc_n%d; wyc_i%d++) {", i, i, i);
      ocl_line(g, "#else");
      ocl_line(g, "wyc_s%d = wyc_i%d <= wyc_n%d ? 1 : -1;", i, i, i);
      ocl_line(g, "wyc_c%d = wyc_trip(wyc_i%d, wyc_n%d);", i, i, i);
      ocl_line(g, "for (wyc_k%d = 0; wyc_k%d < wyc_c%d; "
               "wyc_k%d++, wyc_i%d += wyc_s%d) {", i, i, i, i, i, i);
      ocl_line(g, "#endif");
    } else if (dir > 0) {
      ocl_line(g, "for (; wyc_i%d < wyc_n%d; wyc_i%d++) {", i, i, i);
    } else {  /* lo, lo - 1, ..., hi + 1 */
      ocl_line(g, "for (; wyc_i%d > wyc_n%d; wyc_i%d--) {", i, i, i);
    }
    g->indent++;
    ocl_line(g, "%s = wyc_i%d;", ocl_var(g, in->dst, TAG_INT), i);
    return;
  }
  View *v = view_of(g, in, r);
  sb_printf(&g->decls, "  wy_off wyc_i%d = 0, wyc_n%d = 0;\n", i, i);
  ocl_line(g, "wyc_n%d = %s;", i, v->lens[0]);
  ocl_line(g, "for (wyc_i%d = 0; wyc_i%d < wyc_n%d; wyc_i%d++) {", i, i, i,
           i);
  g->indent++;
  ocl_emit_element(g, in, in->dst, v, wyil_fmt("wyc_i%d", i));
}

static void
emit_end(OclGen *g, int i)
{
  int h = g->match[i];
  if (h < 0) internal_error("oclgen: END without loop in %s", g->fn->name);
  if (wyil_kernel_dim(g->k, g->fn->code[h]) >= 0) return;
  if (ocl_tile_seq(g, g->fn->code[h])) {
    ocl_tile_loop_end(g, h);
    return;
  }
  g->indent--;
  ocl_line(g, "}");
  if (g->fn->code[h]->op == OP_FORALL) ocl_emit_wide_exit(g, h);
}

/* ---------------------------------------------------------------- */
/* Calls                                                              */

/* The prelude's exact int functions of whiley.lang.Math, for the
 * programs that call them (ocl_math_prelude).  wyc_pow squares the base
 * only while a higher bit of the exponent remains, so a square that
 * overflows means a result that does: true then, and the runtime reruns
 * in 64 bits or on the CPU.  wyc_isqrt takes the root's binary digits
 * from the top, exactly in either width (no float estimate, which a
 * float device rounds to 24 bits). */
static const char math_prelude[] =
  "/* Math.pow(b, e), e > 0: true when it does not fit wy_int */\n"
  "bool\nwyc_pow(wy_int b, wy_int e, wy_int *r)\n{\n"
  "  wy_int p = 1;\n"
  "  while (e > 0) {\n"
  "    if ((e & 1) && wyc_mul(p, b, &p)) return true;\n"
  "    e >>= 1;\n"
  "    if (e > 0 && wyc_mul(b, b, &b)) return true;\n"
  "  }\n"
  "  *r = p;\n"
  "  return false;\n}\n\n"
  "/* Math.isqrt(x), x >= 0: the greatest r with r * r <= x */\n"
  "wy_int\nwyc_isqrt(wy_int x)\n{\n"
  "  wy_uint n = (wy_uint)x, r = 0;\n"
  "  wy_uint bit = (wy_uint)1 << (WY_INT_BITS - 2);\n"
  "  while (bit > n) bit >>= 2;\n"
  "  for (; bit; bit >>= 2) {\n"
  "    if (n >= r + bit) {\n"
  "      n -= r + bit;\n"
  "      r = (r >> 1) + bit;\n"
  "    } else {\n"
  "      r >>= 1;\n"
  "    }\n"
  "  }\n"
  "  return (wy_int)r;\n}\n\n";

static bool
calls_int_math(const Func *fn, int from, int to)
{
  for (int i = from; i < to; i++) {
    Insn *in = fn->code[i];
    WyilDevMath kind = in->op == OP_INVOKE ? wyil_device_math(in->callee)
                       : WYIL_DM_NONE;
    if (kind == WYIL_DM_POW || kind == WYIL_DM_ISQRT) return true;
  }
  return false;
}

void
ocl_math_prelude(StrBuf *sb, const PtrVec *ks, const PtrVec *callees)
{
  bool uses = false;
  for (int i = 0; i < ks->n && !uses; i++) {
    const Kernel *k = ((const Func *)ks->v[i])->kernel;
    int at = wyil_insn_index(k->fn, k->loop);
    uses = calls_int_math(k->fn, at + 1, wyil_loop_end(k->fn, at));
  }
  for (int i = 0; i < callees->n && !uses; i++) {
    const Func *fn = callees->v[i];
    uses = calls_int_math(fn, 0, fn->ncode);
  }
  if (uses) sb_puts(sb, math_prelude);
}

/* sqrt(x, err) of an int or a real x: the device's, correctly rounded
 * (double; a float with -cl-fp32-correctly-rounded-divide-sqrt, which
 * the runtime passes) of x as the device's real.  A negative x failed
 * the caller's precondition check; one that reaches sqrt anyway gives a
 * NaN, and the CPU reruns and raises the error. */
static void
emit_sqrt(OclGen *g, Insn *in, Tag t)
{
  const char *d = ocl_var(g, in->dst, TAG_REAL);
  const char *x = ocl_var(g, in->args[0], t);
  ocl_line(g, "%s = sqrt(%s%s);", d, t == TAG_INT ? "(wy_real)" : "", x);
  ocl_line(g, "if (!isfinite(%s)) %s", d,
           ocl_fail_stmt(g, OCL_FLAG_NONFINITE));
}

/* pow(b, e) and isqrt(x) of ints, exactly (the prelude's functions):
 * a power that does not fit fails as an overflow; a failed
 * precondition (e <= 0, x < 0) was the caller's check, here again. */
static bool
emit_int_math(OclGen *g, Insn *in, WyilDevMath kind)
{
  Type *ft = in->callee->type;
  for (int p = 0; p < ft->n; p++)
    if (ocl_tag_of(ft->elems[p]) != TAG_INT) return false;
  const char *d = ocl_var(g, in->dst, TAG_INT);
  const char *x = ocl_var(g, in->args[0], TAG_INT);
  if (kind == WYIL_DM_ISQRT) {
    ocl_line(g, "if (%s < 0) %s", x, ocl_fail_stmt(g, 4));
    ocl_line(g, "%s = wyc_isqrt(%s);", d, x);
    return true;
  }
  const char *e = ocl_var(g, in->args[1], TAG_INT);
  ocl_line(g, "if (%s <= 0) %s", e, ocl_fail_stmt(g, 4));
  ocl_line(g, "if (wyc_pow(%s, %s, &%s)) %s", x, e, d, ocl_fail_stmt(g, 1));
  return true;
}

/* A native of whiley.lang.Math that the device computes
 * (wyil_device_math): false for any other. */
static bool
emit_native(OclGen *g, Insn *in)
{
  const Func *fn = in->callee;
  Type *ft = fn->type;
  WyilDevMath kind = wyil_device_math(fn);
  if (kind == WYIL_DM_NONE || !ft || ft->n < 1 || in->dst < 0) return false;
  Tag t = ocl_tag_of(ft->elems[0]);
  if (t != TAG_INT && t != TAG_REAL) return false;
  if (kind == WYIL_DM_POW || kind == WYIL_DM_ISQRT)
    return emit_int_math(g, in, kind);
  if (kind == WYIL_DM_SQRT) {
    emit_sqrt(g, in, t);
    return true;
  }
  const char *x = ocl_var(g, in->args[0], t);
  if (kind == WYIL_DM_REAL) {   /* up to rounding; a non-finite result:
                                   the CPU's exact path decides */
    const char *d = ocl_var(g, in->dst, TAG_REAL);
    ocl_line(g, "%s = %s(%s);", d, fn->name, x);
    ocl_line(g, "if (!isfinite(%s)) %s", d,
             ocl_fail_stmt(g, OCL_FLAG_NONFINITE));
    return true;
  }
  if (kind == WYIL_DM_TO_INT) {   /* round: half away from zero, as
                                     OpenCL's round() */
    ocl_line(g, "wyc_r = %s(%s);", fn->name, x);
    /* -2^(bits-1) is exact in a float; NaN fails too */
    ocl_line(g, "if (!(wyc_r >= (wy_real)WY_INT_MIN && wyc_r < "
             "-(wy_real)WY_INT_MIN)) %s", ocl_fail_stmt(g, 1));
    ocl_line(g, "%s = (wy_int)wyc_r;", ocl_var(g, in->dst, TAG_INT));
    if (!g->real_scratch) {
      sb_printf(&g->decls, "  wy_real wyc_r = 0;\n");
      g->real_scratch = true;
    }
    return true;
  }
  const char *d = ocl_var(g, in->dst, t);
  if (kind == WYIL_DM_ABS) {
    if (t == TAG_REAL) {
      ocl_line(g, "%s = fabs(%s);", d, x);
    } else {
      ocl_line(g, "if (%s == WY_INT_MIN) %s", x, ocl_fail_stmt(g, 1));
      ocl_line(g, "%s = %s < 0 ? -%s : %s;", d, x, x, x);
    }
    return true;
  }
  bool mx = !strcmp(fn->name, "max");
  if (ft->n != 2 || ocl_tag_of(ft->elems[1]) != t) return false;
  const char *y = ocl_var(g, in->args[1], t);
  if (t == TAG_REAL) ocl_line(g, "%s = %s(%s, %s);", d, mx ? "fmax" : "fmin",
                              x, y);
  else ocl_line(g, "%s = %s(%s, %s);", d, mx ? "max" : "min", x, y);
  return true;
}

static void
emit_invoke(OclGen *g, Insn *in)
{
  const Func *fn = in->callee;
  if (fn->is_native) {
    if (!emit_native(g, in)) unsupported(g, in, "a call of a native");
    return;
  }
  Type *ft = fn->type;
  StrBuf sb = {0};
  sb_printf(&sb, "%s(%s", ocl_func_name(g, fn), g->k ? "&wyc_st" : "wyc_st");
  for (int p = 0; p < in->nargs; p++) {
    Type *pt = ft && p < ft->n ? ft->elems[p] : NULL;
    Tag t = ocl_tag_of(pt);
    if (t != TAG_NONE) {
      sb_printf(&sb, ", %s", ocl_var(g, in->args[p], t));
      continue;
    }
    View *v = view_of(g, in, in->args[p]);
    sb_printf(&sb, ", %s, %s", v->base, v->off);
    for (int l = 0; l < v->depth; l++) sb_printf(&sb, ", %s", v->lens[l]);
  }
  sb_putc(&sb, ')');
  Type *ret = ft ? ft->ret : NULL;
  Tag rt = ocl_tag_of(ret);
  if (in->dst >= 0 && rt != TAG_NONE)
    ocl_line(g, "%s = %s;", ocl_var(g, in->dst, rt), sb.s);
  else
    ocl_line(g, "%s;", sb.s);
  /* did the callee fail?  Its status is this work item's own variable
   * (no atomic in the hot path); a kernel passes it on to the flag */
  if (g->k)
    ocl_line(g, "if (wyc_st) %s", ocl_fail_var(g, "wyc_st"));
  else
    ocl_line(g, "if (*wyc_st) %s", g->leave);
  g->calls = true;
  sb_free(&sb);
}

static void
emit_return(OclGen *g, Insn *in)
{
  if (g->k) unsupported(g, in, "a return from a kernel");
  if (in->nargs == 0) {
    ocl_line(g, "%s", g->leave);
    return;
  }
  Type *ret = g->fn->type ? g->fn->type->ret : in->type;
  ocl_line(g, "return %s;", ocl_var(g, in->args[0], ocl_scalar_tag(g, ret,
                                                                   "return")));
}

/* An assert, as the check plan says (checks/range.c). */
static void
emit_assert(OclGen *g, int i, Insn *in)
{
  ChkKind c = chk_at(g->cf, i)->kind;
  const char *fail = ocl_fail_stmt(g, ocl_assert_code(in->name));
  const char *cond = ocl_cond_expr(g, in);
  g->nchk[c]++;
  if (c == CHK_EMIT) {
    ocl_line(g, "if (!(%s)) %s", cond, fail);
  } else if (c == CHK_UNSIGNED) {
    Tag t = ocl_scalar_tag(g, in->type, "comparison");
    ocl_line(g, "if ((wy_uint)%s >= (wy_uint)%s) %s",
             ocl_var(g, in->args[0], t), ocl_var(g, in->args[1], t), fail);
  }
}

/* ---------------------------------------------------------------- */
/* The switch                                                         */

void
ocl_emit_insn(OclGen *g, int i)
{
  if (chk_at(g->cf, i)->move_to >= 0) return;   /* before its loop */
  ocl_emit_moved(g, i);
}

static void emit_at(OclGen *g, int i);

void
ocl_emit_moved(OclGen *g, int i)
{
  /* --explain counts the checks of one iteration: a jammed copy's
   * (filter/jam.c) are not counted again */
  bool again = g->k && g->k->jam_clone && g->k->jam_clone[i];
  int keep[CHK_NKINDS];
  memcpy(keep, g->nchk, sizeof keep);
  emit_at(g, i);
  if (again) memcpy(g->nchk, keep, sizeof keep);
}

static void
emit_at(OclGen *g, int i)
{
  Insn *in = g->fn->code[i];
  int a = in->nargs > 0 ? in->args[0] : -1;
  g->at = i;
  switch (in->op) {
  case OP_NOP: return;
  case OP_CONST: ocl_emit_const(g, in); return;
  case OP_ASSIGN: emit_assign(g, in, in->type, in->type); return;
  case OP_CONVERT: emit_assign(g, in, in->type, in->type2); return;
  case OP_LENGTHOF:
    ocl_line(g, "%s = %s;", ocl_var(g, in->dst, TAG_INT),
             view_of(g, in, a)->lens[0]);
    return;
  case OP_INDEXOF: {
    bool tiled = ocl_tile_load(g, in);
    ocl_emit_element(g, in, in->dst, view_of(g, in, a),
                 wyil_fmt("(wy_off)%s", ocl_var(g, in->args[1], TAG_INT)));
    if (tiled) ocl_line(g, "#endif");
    return;
  }
  case OP_RANGE:
    if (chk_range_at(g->cf, in->dst) != i)
      unsupported(g, in, "a range register defined more than once");
    g->uses[in->dst] |= USE_RANGE;
    ocl_line(g, "r%d_lo = %s;", in->dst, ocl_var(g, a, TAG_INT));
    ocl_line(g, "r%d_hi = %s;", in->dst, ocl_var(g, in->args[1], TAG_INT));
    return;
  case OP_UPDATE: emit_update(g, in); return;
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
  case OP_NEG:
    emit_arith(g, in);
    return;
  case OP_LABEL:
    if (!g->label_used[in->label]) return;
    g->indent--;
    ocl_line(g, "L%d:;", in->label);
    g->indent++;
    return;
  case OP_GOTO: ocl_line(g, "%s", target(g, in, in->label)); return;
  case OP_IF:
    ocl_line(g, "if (%s) %s", ocl_cond_expr(g, in), target(g, in, in->label));
    return;
  case OP_SWITCH: emit_switch(g, in); return;
  case OP_LOOP:
    ocl_spec_loop(g, i);
    ocl_line(g, "for (;;) {");
    g->indent++;
    return;
  case OP_FORALL: emit_forall(g, i, in); return;
  case OP_END: emit_end(g, i); return;
  case OP_ASSERT: emit_assert(g, i, in); return;
  case OP_FAIL: ocl_line(g, "%s", ocl_fail_stmt(g, 4)); return;
  case OP_INVOKE: emit_invoke(g, in); return;
  case OP_RETURN: emit_return(g, in); return;
  case OP_OFFLOAD:   /* in a function a kernel calls (hand-made kernels:
                        the filter keeps such calls out): the device runs
                        the loop that follows, the offload's CPU path */
    return;
  case OP_APPENDL: case OP_NEWLIST:
    if (!ocl_emit_build(g, in))
      unsupported(g, in, "an instruction the device cannot run");
    return;
  default:
    unsupported(g, in, "an instruction the device cannot run");
  }
}

/* A kernel's tests on entry that its call site's facts hold (a
 * dimension's hi above its constant lo: checks/range.c). */
static void
emit_entry_tests(OclGen *g)
{
  long long min;
  for (int p = 0; p < g->fn->nparams; p++)
    if (chk_entry_min(g->cf, p, &min))
      ocl_line(g, "if (%s < %lld) %s", ocl_var(g, p, TAG_INT), min,
               ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
}

void
ocl_emit_body(OclGen *g)
{
  ocl_plan_fma(g);
  if (g->k) emit_entry_tests(g);
  for (int i = g->from; i < g->to; i++) ocl_emit_insn(g, i);
}
