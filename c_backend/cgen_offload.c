/* cgen_offload.c -- `offload` instructions: loops that run as OpenCL
 * kernels (filter/ outlined them into kernel functions and put an
 * `offload` before each loop, opencl_backend/ wrote the kernels).  The
 * descriptors read what the pipeline decided before either back end
 * printed (the Kernel and its KernelArgs: jam, narrow, store32), never
 * what the OpenCL printer writes.
 *
 * Static data, written once per module into the `kernels` section as
 * the first offload needs it: the OpenCL program as a string, and per
 * kernel its WyOclParam table and WyOclKernel descriptor (runtime/ocl.h).
 * At `offload wyk_K (%a, ...) blklabX`, the registers being the host's
 * for the kernel function's parameters (its arguments, then the bounds
 * of each dimension over a range):
 *
 *   { if both bounds are small ints (and the guard register, an operand
 *     after the parameters where the kernel has one, holds 1):
 *       lo/hi from the bound registers (a descending range a..b runs the
 *       same items as b+1..a+1: the iterations are independent), or
 *       0 and the length of the list a loop iterates over;
 *       WyOclArg wyc_a[] = {{&rN}, ...};     the kernel's arguments
 *       unless an inner dimension is empty and the outer body may fail:
 *       st = wy_ocl_offload(&wyc_kernK, wyc_a, n, lo, hi);
 *       OK: goto LX (past the loop);
 *       else, WYC_OFFLOAD=mandatory and no language error: wy_fail }
 *   ... the loop, untouched: the CPU path ...
 *   LX:;
 *
 * The call borrows the registers (lists it writes are updated through
 * their slots, copy-on-write); it creates no reference of its own.  On
 * any failure the runtime leaves every register as it was, so the CPU
 * path runs the loop from its start.  The registers are the OFFLOAD's
 * operands: liveness keeps them until it.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* The program text as adjacent C string literals, one per line. */
static void
put_source(Gen *g)
{
  StrBuf *sb = &g->kernels;
  const char *s = g->off->cl_source ? g->off->cl_source : "";
  sb_puts(sb, "static const char wyc_cl_source[] =\n");
  if (!*s) sb_puts(sb, "  \"\"");
  while (*s) {
    const char *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s + 1) : strlen(s);
    sb_puts(sb, "  ");
    cgen_emit_cstr(sb, s, n);
    s += n;
    if (*s) sb_putc(sb, '\n');
  }
  sb_puts(sb, ";\n\n");
  g->cl_emitted = true;
}

static const char *
elem_name(Type *t)
{
  switch (t ? ty_expand(t)->kind : TY_ANY) {
  case TY_INT: return "WY_OCL_T_INT";
  case TY_REAL: return "WY_OCL_T_REAL";
  case TY_BOOL: return "WY_OCL_T_BOOL";
  default:
    internal_error("cgen: a kernel argument of type %s", t ? ty_str(t) : "?");
  }
}

static const char *
kind_name(KernelArg *ka)
{
  static const char *const lists[] = {
    [KA_LIST_IN] = "WY_OCL_LIST_IN", [KA_LIST_OUT] = "WY_OCL_LIST_OUT",
    [KA_LIST_INOUT] = "WY_OCL_LIST_INOUT"};
  if (ka->kind == KA_REDUCE) return "WY_OCL_REDUCE";
  if (ka->kind != KA_SCALAR) return lists[ka->kind];
  Type *t = ka->elem ? ka->elem : ka->type;
  switch (t ? ty_expand(t)->kind : TY_ANY) {
  case TY_INT: return "WY_OCL_INT";
  case TY_REAL: return "WY_OCL_REAL";
  case TY_BOOL: return "WY_OCL_BOOL";
  default:
    internal_error("cgen: a scalar kernel argument of type %s",
                   t ? ty_str(t) : "?");
  }
}

/* Does any kernel of the module compute with reals? */
static bool
module_uses_real(Module *m)
{
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (fn->kernel && fn->kernel->uses_real) return true;
  }
  return false;
}

/* The WyOclReal of the module's program: every kernel's descriptor
 * carries the same one, so that the kernels of the one source share one
 * build (a kernel without reals is indifferent to the option). */
static const char *
real_name(Gen *g, FltReal how)
{
  if (!module_uses_real(g->m)) return "WY_OCL_REAL_NONE";
  switch (how) {
  case FLT_REAL_FLOAT: return "WY_OCL_REAL_FLOAT";
  case FLT_REAL_DOUBLE: return "WY_OCL_REAL_DOUBLE";
  default: return "WY_OCL_REAL_AUTO";
  }
}

/* The iterations of dimension d each work item runs (the OpenCL back
 * end's register blocking: Kernel.jam), 1 where it runs one. */
static int
jam_of(Kernel *k, int d)
{
  return d < k->ndims && k->jam[d] > 1 ? k->jam[d] : 1;
}

/* wyc_kern<id>_params and wyc_kern<id>; host: the host register of each
 * parameter of the kernel function; pos: the loop's, which the fallback
 * note names. */
static void
put_descriptor(Gen *g, Kernel *k, const int *host, SrcPos pos)
{
  StrBuf *sb = &g->kernels;
  if (!g->cl_emitted) put_source(g);
  if (k->nargs > 0) {
    sb_printf(sb, "static const WyOclParam wyc_kern%d_params[] = {\n", k->id);
    for (int a = 0; a < k->nargs; a++) {
      KernelArg *ka = &k->args[a];
      bool list = ka->kind != KA_SCALAR && ka->kind != KA_REDUCE;
      bool red = ka->kind == KA_REDUCE;   /* its type; operator as depth */
      /* LIST_OUT: the dimension indexing each level; LIST_INOUT: the
       * dimension of its own index, in win[0] (filter/window.c) */
      bool out = ka->kind == KA_LIST_OUT || ka->kind == KA_LIST_INOUT;
      /* the narrow variant's bound on the list, and the bound of what
       * the kernel stores (passes narrow and store32) */
      sb_printf(sb, "  {%s, %s, %d, {%d, %d, %d}, %d, %d, %d, %d, "
                "{%d, %d, %d}},  /* %%%d %s */\n",
                kind_name(ka), list || red ? elem_name(ka->elem)
                                           : "WY_OCL_T_INT",
                list ? ka->depth : red ? k->red_op[a] : 0,
                out ? ka->win[0] : -1, out ? ka->win[1] : -1,
                out ? ka->win[2] : -1,
                k->narrow_name ? ka->narrow : 0,
                out && ka->out_bits >= 0 ? ka->out_bits + 1 : 0,
                ka->store32, out && ka->out_arg >= 0 ? ka->out_arg + 1 : 0,
                k->narrow_name && list ? ka->index_dim[0] : 0,
                k->narrow_name && list ? ka->index_dim[1] : 0,
                k->narrow_name && list ? ka->index_dim[2] : 0,
                host[ka->reg], ka->name ? ka->name : "");
    }
    sb_puts(sb, "};\n");
  }
  /* the runtime picks the real type for the device (runtime/ocl.h,
   * WyOclReal); the narrow variant first, which the kernel names */
  for (int v = k->narrow_name ? 1 : 0; v >= 0; v--) {
    sb_printf(sb, "%sconst WyOclKernel wyc_kern%d%s = {\n"
              "  wyc_cl_source, NULL, %s, %d, %s, %s, %d, ",
              v ? "static " : g->link, k->id,
              v ? "_n" : "", cgen_cstr_lit(v ? k->narrow_name : k->name),
              k->ndims, real_name(g, g->off->real),
              g->off->int64_only ? "true" : "false", k->nargs);
    if (k->nargs > 0) sb_printf(sb, "wyc_kern%d_params, ", k->id);
    else sb_puts(sb, "NULL, ");
    sb_printf(sb, "%s, ", k->uses_real ? "true" : "false");
    if (!v && k->narrow_name)
      sb_printf(sb, "&wyc_kern%d_n, %d, ", k->id, k->narrow_dims);
    else sb_puts(sb, "NULL, 0, ");
    sb_printf(sb, "{%d, %d, %d}, %s};\n\n", jam_of(k, 0), jam_of(k, 1),
              jam_of(k, 2), cgen_pos_ref(g, pos));
  }
  if (g->units)
    sb_printf(&g->externs, "extern const WyOclKernel wyc_kern%d;\n", k->id);
  sb_printf(&g->kern_refs, "&wyc_kern%d, ", k->id);
  g->nkern_refs++;
}

void
cgen_emit_offload(Gen *g, int i)
{
  Insn *in = g->fn->code[i];
  Kernel *k = in->callee->kernel;
  const int *host = in->args;   /* kernel parameter -> host register */
  if (!g->off) return;          /* no offloading: the loop runs */
  put_descriptor(g, k, host, in->pos);
  StrBuf cond = {0}, los = {0}, his = {0};
  for (int d = 0; d < k->ndims; d++) {
    if (k->over_list && k->loops[d] == k->loop) {
      /* a loop over a list: one work item per index of the list */
      sb_printf(&cond, "%s1", d ? " && " : "");
      sb_printf(&los, "%s0", d ? ", " : "");
      sb_printf(&his, "%s(int64_t)wy_list_len(r%d)", d ? ", " : "",
                host[k->src]);
      continue;
    }
    if (k->lo[d] < 0 || k->hi[d] < 0)
      internal_error("cgen: kernel %s has no bounds in dimension %d",
                     k->name, d);
    int lo = host[k->lo[d]], hi = host[k->hi[d]];
    sb_printf(&cond, "%swy_is_small(r%d) && wy_is_small(r%d)",
              d ? " && " : "", lo, hi);
    sb_printf(&los, "%swy_small_val(r%d)", d ? ", " : "", lo);
    sb_printf(&his, "%swy_small_val(r%d)", d ? ", " : "", hi);
  }
  /* a build (filter/build.c): xs empty and the range ascending, else the
   * CPU path; the kernel fills a new list, which replaces xs on success */
  int blist = k->kind == KK_BUILD ? host[k->build_list] : -1;
  for (int d = 0; blist >= 0 && d < k->ndims; d++)
    sb_printf(&cond, " && wy_small_val(r%d) <= wy_small_val(r%d)",
              host[k->lo[d]], host[k->hi[d]]);
  /* a range the dependence test took as ascending (Insn.ascends) */
  for (int d = 0; blist < 0 && d < k->ndims; d++)
    if (k->loops[d]->ascends && k->lo[d] >= 0 && k->hi[d] >= 0)
      sb_printf(&cond, " && wy_small_val(r%d) <= wy_small_val(r%d)",
                host[k->lo[d]], host[k->hi[d]]);
  /* a triangle's rectangle (Kernel.tri) not empty: its items check that
   * every row lies inside it, and with none a row could go unchecked */
  for (int d = 0; d < k->ndims; d++)
    if (k->tri[d])
      sb_printf(&cond, " && wy_small_val(r%d) < wy_small_val(r%d)",
                host[k->lo[d]], host[k->hi[d]]);
  if (blist >= 0) sb_printf(&cond, " && wy_list_len(r%d) == 0", blist);
  /* a write at a computed index shown one-to-one (filter/inject.c) */
  if (in->nargs > in->callee->nparams)
    sb_printf(&cond, " && wy_small_val(r%d) != 0", in->args[in->nargs - 1]);
  cgen_emit(g, "/* offloaded: kernel %s, the loop below is the CPU path */",
            k->name);
  cgen_emit(g, "if (%s) {", cond.s);
  g->indent++;
  cgen_emit(g, "int64_t wyc_lo[3] = {%s}, wyc_hi[3] = {%s};", los.s, his.s);
  cgen_emit(g, "for (int d = 0; d < %d; d++)", k->ndims);
  cgen_emit(g, "  if (wyc_lo[d] > wyc_hi[d]) {  "
            "/* a..b descending: b+1..a+1 */");
  cgen_emit(g, "    int64_t t = wyc_lo[d];");
  cgen_emit(g, "    wyc_lo[d] = wyc_hi[d] + 1;");
  cgen_emit(g, "    wyc_hi[d] = t + 1;");
  cgen_emit(g, "  }");
  StrBuf args = {0};
  for (int a = 0; a < k->nargs; a++) {
    if (k->args[a].reg == k->build_list && blist >= 0) {
      /* level l of the list: the dimension of the nest's l-th loop */
      int d0 = k->nest[0], d1 = k->ndims > 1 ? k->nest[1] : 0;
      if (k->build_copies)   /* every row as long as the one copied */
        cgen_emit(g, "int64_t wyc_n[2] = {wyc_hi[%d] - wyc_lo[%d], "
                  "(int64_t)wy_list_len(r%d)};", d0, d0,
                  host[k->build_append->args[1]]);
      else
        cgen_emit(g, "int64_t wyc_n[2] = {wyc_hi[%d] - wyc_lo[%d], "
                  "wyc_hi[%d] - wyc_lo[%d]};", d0, d0, d1, d1);
      cgen_emit(g, "wyv wyc_b = wy_ocl_build_list(%s, %d, wyc_n);",
                elem_name(k->args[a].elem), k->args[a].depth);
      sb_printf(&args, "%s{&wyc_b}", a ? ", " : "");
      continue;
    }
    sb_printf(&args, "%s{(wyv *)&r%d}", a ? ", " : "", host[k->args[a].reg]);
  }
  if (k->nargs > 0) cgen_emit(g, "WyOclArg wyc_a[] = {%s};", args.s);
  /* an empty inner range: the outer iterations' checks must still run
   * (filter.c, set_outer_checks), so the CPU path takes this call */
  StrBuf empty = {0};
  for (int j = 1; k->outer_checks && j < k->ndims; j++)
    sb_printf(&empty, "%swyc_lo[%d] == wyc_hi[%d]", empty.len ? " || " : "",
              k->nest[j], k->nest[j]);
  if (empty.len) {
    cgen_emit(g, "if (!(%s)) {", empty.s);
    g->indent++;
  }
  cgen_emit(g, "int wyc_st = wy_ocl_offload(&wyc_kern%d, %s, %d, wyc_lo, "
            "wyc_hi);", k->id, k->nargs > 0 ? "wyc_a" : "NULL", k->nargs);
  if (blist >= 0) {
    cgen_emit(g, "if (wyc_st == WY_OCL_OK) { wy_set(&r%d, wyc_b); goto L%d; }",
              blist, in->label);
    cgen_emit(g, "wy_decref(wyc_b);");
  } else {
    cgen_emit(g, "if (wyc_st == WY_OCL_OK) goto L%d;", in->label);
  }
  cgen_chain_status(g, i);
  cgen_emit(g, "if (wy_ocl_mandatory() && !wy_ocl_language_error(wyc_st))");
  cgen_emit(g, "  wy_fail(wy_ocl_mandatory_message(), %s);",
            cgen_pos_ref(g, in->pos));
  cgen_emit(g, "wy_ocl_confirm_begin(&wyc_kern%d, wyc_st);", k->id);
  if (empty.len) {
    g->indent--;
    cgen_emit(g, "}");
  }
  g->indent--;
  cgen_emit(g, "}");
  cgen_chain_pause(g, i);
  sb_free(&empty);
  sb_free(&cond);
  sb_free(&los);
  sb_free(&his);
  sb_free(&args);
}

void
cgen_emit_offload_exit(Gen *g, int i)
{
  Insn *lab = g->fn->code[i], *in;
  if (!g->off || lab->label < 0 || lab->label >= g->fn->nlabels
      || !(in = g->fl->offload_of[lab->label]))
    return;
  cgen_emit(g, "wy_ocl_confirm_end(&wyc_kern%d, %s);",
            in->callee->kernel->id, cgen_pos_ref(g, in->pos));
  cgen_chain_resume(g, i);
}
