/* oclgen.c -- the OpenCL back end's driver: the kernel functions of a
 * module (Func.kernel set, made by filter/split.c) in, one OpenCL C
 * program out.
 *
 * The program is: the prelude (wy_int, wy_real, checked arithmetic),
 * prototypes and definitions of every function a kernel calls, then one
 * __kernel per kernel function.  This file holds the function frames:
 * parameters in the ABI of runtime/ocl.h, the work item's prologue
 * (global ids and loop variables), and the declarations of the variables
 * the body used; the body itself comes from oclgen_insn.c.  A kernel
 * function's body is its loop nest (filter/split.c): the code between
 * its FORALL and END is the work item's.
 *
 * What becomes of each check comes from the plan the planning passes
 * made (checks/: narrow, store32, checks), which the printer reads
 * through checks.h's questions (ChkFunc: a function's check plan in one
 * variant); the printer decides only how its text reads (the fma
 * products, oclgen_fma.c; the speculative steps, oclgen_spec.c), which
 * nothing else reads.  It takes the module, its functions and kernels
 * const: it changes none of them (wyil_cfg's tables are a cache).
 *
 * Contract (compiler/pipeline.c's table): passes veto (ocl_check_kernel: a
 * trial emission of one planned kernel function, on the trial plan the
 * driver made, nothing kept) and emit-opencl (ocl_emit_planned).
 * emit-opencl requires a verified module whose kernel functions are
 * planned (filter/jam.c, filter/tile.c, then narrow, store32 and checks:
 * checks/plan.c) and provides the program text.  It rewrites no WYIL and
 * writes no field of the plan or of a Kernel.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

/* ---------------------------------------------------------------- */
/* Trials: a kernel the emitter cannot express                        */

/* While ocl_check_kernel runs: where ocl_cannot returns to, and why. */
static jmp_buf *trial;
static const char *trial_why;

_Noreturn void
ocl_cannot(const char *why)
{
  if (!trial) internal_error("oclgen: %s (the filter let it through)", why);
  trial_why = why;
  longjmp(*trial, 1);
}

/* ---------------------------------------------------------------- */
/* Text and names                                                     */

void
ocl_line(OclGen *g, const char *fmt, ...)
{
  for (int i = 0; i < g->indent; i++) sb_puts(g->out, "  ");
  va_list ap;
  va_start(ap, fmt);
  char *line = NULL;
  if (vasprintf(&line, fmt, ap) < 0) internal_error("oclgen: out of memory");
  va_end(ap);
  sb_puts(g->out, line);
  sb_putc(g->out, '\n');
  free(line);
}

/* ORDER Tag */
static const char tag_char[] = {'i', 'r', 'b'};

Tag
ocl_tag_of(Type *t)
{
  switch (t ? ty_expand(t)->kind : TY_ANY) {
  case TY_INT: return TAG_INT;
  case TY_REAL: return TAG_REAL;
  case TY_BOOL: return TAG_BOOL;
  case TY_UNION:
    /* int|real: the filter let it reach a kernel only where a device
     * real gives the same result (filter/numkind.c) */
    for (int i = 0; i < ty_expand(t)->n; i++) {
      int k = ty_expand(ty_expand(t)->elems[i])->kind;
      if (k != TY_INT && k != TY_REAL) return TAG_NONE;
    }
    return TAG_REAL;
  default: return TAG_NONE;
  }
}

Tag
ocl_scalar_tag(OclGen *g, Type *t, const char *what)
{
  Tag tag = ocl_tag_of(t);
  if (tag == TAG_NONE)
    ocl_cannot(wyil_fmt("a %s of type %s in '%s'", what,
                        t ? ty_str(t) : "?", g->fn->name));
  return tag;
}

const char *
ocl_tag_ctype(Tag t)
{
  static const char *const ctype[] = {"wy_int", "wy_real", "uchar"};
  if (t < 0 || t >= NTAGS) internal_error("oclgen: bad tag %d", t);
  return ctype[t];
}

const char *
ocl_var(OclGen *g, int r, Tag t)
{
  if (r < 0 || r >= g->fn->nregs || t < 0 || t >= NTAGS)
    internal_error("oclgen: bad register %%%d in %s", r, g->fn->name);
  if (t == TAG_INT && g->k && g->k->numreal && g->k->numreal[r])
    t = TAG_REAL;  /* an int|real held as a real: `s = 0` writes 0.0 */
  g->uses[r] |= (uint8_t)(1 << t);
  return wyil_fmt("r%d_%c", r, tag_char[t]);
}

/* A failed check: a kernel keeps the code in its private wyc_e and
 * jumps to its one exit (wyc_fail, or a reduce kernel's wyc_done), which
 * writes the flag once per work item: the first failure wins and no
 * atomic sits in a loop.  A called function records the code in its
 * caller's private status and returns, and the caller tests that plain
 * variable (emit_invoke). */
const char *
ocl_fail_stmt(OclGen *g, int code)
{
  return ocl_fail_var(g, wyil_fmt("%d", code));
}

/* The statement that fails with the code in variable `code` (a callee's
 * status), as ocl_fail_stmt. */
const char *
ocl_fail_var(OclGen *g, const char *code)
{
  if (g->k) {
    g->failed = true;
    if (!g->fail_to)   /* a tiled loop's item (oclgen_tile.c) */
      return wyil_fmt("{ wyc_e = %s; atomic_cmpxchg(wyc_err, 0, wyc_e); "
                      "break; }", code);
    return wyil_fmt("{ wyc_e = %s; goto %s; }", code, g->fail_to);
  }
  return wyil_fmt("{ *wyc_st = %s; %s }", code, g->leave);
}

const char *
ocl_dim_index(const Kernel *k, int d)
{
  if (k->jam[d] > 1) return wyil_fmt("lo%d + gid%d * %d", d, d, k->jam[d]);
  return wyil_fmt("lo%d + gid%d", d, d);
}

void
ocl_emit_store(OclGen *g, const char *lhs, const char *val, Tag elem)
{
  if (elem == TAG_REAL)
    ocl_line(g, "if (!isfinite(%s)) %s", val,
             ocl_fail_stmt(g, OCL_FLAG_NONFINITE));
  ocl_line(g, "%s = %s;", lhs, val);
}

const char *
ocl_func_name(OclGen *g, const Func *fn)
{
  /* hand-built modules: made up, unique by address */
  const char *name = fn->cname ? fn->cname
                     : wyil_fmt("wyc_fn_%lx",
                                (unsigned long)((uintptr_t)fn >> 4 & 0xffffff));
  return g->variant ? wyil_fmt("%s_n", name) : name;
}

int
ocl_list_shape(Type *t, Tag *elem)
{
  int d = 0;
  t = ty_expand(t);
  while (t && t->kind == TY_LIST && d < 4) {
    t = ty_expand(t->elems[0]);
    d++;
  }
  *elem = ocl_tag_of(t);
  return d >= 1 && d <= 3 && *elem != TAG_NONE ? d : 0;
}

int
ocl_arg_shape(const KernelArg *ka, Tag *elem)
{
  int depth = ocl_list_shape(ka->type, elem);
  if (ka->elem) *elem = ocl_tag_of(ka->elem);
  if (ka->depth) depth = ka->depth;
  return depth;
}

void
ocl_past_end_return(OclGen *g, int d)
{
  const Kernel *k = g->k;
  if (k->jam[d] > 1)   /* ceil(n / jam) items (filter/jam.c) */
    ocl_line(g, "if (gid%d > (n%d - 1) / %d) return;", d, d, k->jam[d]);
  else
    ocl_line(g, "if (gid%d >= n%d) return;", d, d);
}

/* ---------------------------------------------------------------- */
/* The program's prelude                                              */

static const char prelude_int[] =
  "#ifdef WYC_INT64\n"
  "typedef long wy_int;\n"
  "typedef ulong wy_uint;\n"
  "#define WY_INT_MIN LONG_MIN\n"
  "#define WY_INT_MAX LONG_MAX\n"
  "#define WY_SQRT_MAX 3037000499L\n"
  "#define WY_INT_BITS 64\n"
  "#else\n"
  "typedef int wy_int;\n"
  "typedef uint wy_uint;\n"
  "#define WY_INT_MIN INT_MIN\n"
  "#define WY_INT_MAX INT_MAX\n"
  "#define WY_SQRT_MAX 46340\n"
  "#define WY_INT_BITS 32\n"
  "#endif\n\n"
  /* Flat offsets into a list's buffer.  On a GPU, with 32-bit ints, an
   * int: half the address arithmetic of a long in an inner loop (an
   * H200: a 2-D stencil's kernel 9-14% faster); the
   * runtime runs the 64-bit variant where a list has more elements than
   * an int counts.  On a CPU a long: PoCL's vectoriser sees consecutive
   * elements through a 64-bit index only (a dot-product nest 20%
   * slower with ints). */
  "#if defined(WYC_GPU) && !defined(WYC_INT64)\n"
  "typedef int wy_off;\n"
  "#else\n"
  "typedef long wy_off;\n"
  "#endif\n\n";

/* The real type is the runtime's choice for the device it builds for
 * (runtime/ocl.h, WyOclReal): one source for both. */
static const char prelude_real[] =
  "#ifdef WYC_REAL_DOUBLE\n"
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "typedef double wy_real;\n"
  "#else\n"
  "typedef float wy_real;\n"
  "#endif\n\n";

/* *r = a op b; true when the result does not fit wy_int.  Clang's
 * overflow builtins where the compiler has them (PoCL: an add or imul
 * and its overflow flag); else in the ints' own width: wrap-around sums
 * with sign tests, a 32-bit product widened to 64 bits (one wide
 * multiply on a GPU), a 64-bit one through mul_hi.  WYC_NO_OVF_BUILTINS
 * (the runtime's option for Oclgrind, whose compiler has the builtins
 * but whose simulator cannot run the intrinsics they become) forces the
 * second way. */
static const char prelude_arith[] =
  "#if defined(__has_builtin) && !defined(WYC_NO_OVF_BUILTINS)\n"
  "#if __has_builtin(__builtin_add_overflow) && "
  "__has_builtin(__builtin_mul_overflow)\n"
  "#define WYC_OVF_BUILTINS 1\n"
  "#endif\n"
  "#endif\n\n"
  "#ifdef WYC_OVF_BUILTINS\n"
  "#define wyc_add(a, b, r) __builtin_add_overflow((a), (b), (r))\n"
  "#define wyc_sub(a, b, r) __builtin_sub_overflow((a), (b), (r))\n"
  "#define wyc_mul(a, b, r) __builtin_mul_overflow((a), (b), (r))\n"
  "#else\n"
  "bool\nwyc_add(wy_int a, wy_int b, wy_int *r)\n{\n"
  "  wy_int s = (wy_int)((wy_uint)a + (wy_uint)b);\n"
  "  *r = s;\n"
  "  return ((a ^ s) & (b ^ s)) < 0;\n}\n\n"
  "bool\nwyc_sub(wy_int a, wy_int b, wy_int *r)\n{\n"
  "  wy_int s = (wy_int)((wy_uint)a - (wy_uint)b);\n"
  "  *r = s;\n"
  "  return ((a ^ b) & (a ^ s)) < 0;\n}\n\n"
  "bool\nwyc_mul(wy_int a, wy_int b, wy_int *r)\n{\n"
  "#ifdef WYC_INT64\n"
  "  wy_int lo = (wy_int)((wy_uint)a * (wy_uint)b);\n"
  "  *r = lo;\n"
  "  return mul_hi(a, b) != (lo >> 63);\n"
  "#else\n"
  "  long p = (long)a * (long)b;\n"
  "  *r = (int)p;\n"
  "  return p != (long)(int)p;\n"
  "#endif\n"
  "}\n"
  "#endif\n\n"
  /* Oclgrind (WYC_NO_OVF_BUILTINS) cannot run llvm.abs, which LLVM makes
   * of the plain form once a loop has no checks left (a narrow variant's
   * counted loops): there the difference goes through a volatile */
  "#ifndef WYC_GPU\n"
  "/* the trip count of the range i..n, either direction */\n"
  "wy_uint\nwyc_trip(wy_int i, wy_int n)\n{\n"
  "#ifdef WYC_NO_OVF_BUILTINS\n"
  "  volatile wy_uint d = (wy_uint)n - (wy_uint)i;\n"
  "  return i <= n ? d : (wy_uint)0 - d;\n"
  "#else\n"
  "  return i <= n ? (wy_uint)n - (wy_uint)i : (wy_uint)i - (wy_uint)n;\n"
  "#endif\n"
  "}\n"
  "#endif\n\n";

static void
put_prelude(StrBuf *sb, const Module *m)
{
  sb_printf(sb, "/* OpenCL C generated by wyc from %s.  Do not edit. */\n\n",
            m && m->file ? m->file : "?");
  sb_puts(sb, prelude_int);
  /* a*b+c rounds twice, as on the CPU and on every device alike */
  sb_puts(sb, "#pragma OPENCL FP_CONTRACT OFF\n\n");
  ocl_fma_defines(sb);
  sb_puts(sb, prelude_real);
  sb_puts(sb, prelude_arith);
}

/* ---------------------------------------------------------------- */
/* Functions                                                          */

/* Fresh per-function state for code[from..to) of fn. */
void
ocl_begin_func(OclGen *g, const Func *fn, const Kernel *k, int from, int to)
{
  size_t nr = (size_t)fn->nregs + 1;
  g->fn = fn;
  g->k = k;
  g->from = from;
  g->to = to;
  g->indent = 1;
  g->decls = (StrBuf){0};
  g->real_scratch = false;
  Cfg *c = wyil_cfg(fn);
  g->match = c->match;
  g->label_at = c->label_at;
  g->label_used = c->label_used;
  memset(g->nchk, 0, sizeof g->nchk);
  g->nupward = 0;
  g->nupward_all = 0;
  g->nfma = 0;
  g->nspec = 0;
  g->views = wyil_alloc(sizeof(View *) * nr);
  g->uses = wyil_alloc(nr);
  g->params = wyil_alloc(nr);
  g->racc = wyil_alloc(sizeof(int) * nr);
  g->ends_declared = wyil_alloc(sizeof(bool) * ((size_t)fn->ncode + 1));
}

/* Mark register r's variable of type t as a parameter: used, not
 * declared.  Returns its name. */
static const char *
param_var(OclGen *g, int r, Tag t)
{
  g->params[r] |= (uint8_t)(1 << t);
  return ocl_var(g, r, t);
}

/* The declarations of every variable the body used. */
static void
put_decls(OclGen *g, StrBuf *sb)
{
  for (int r = 0; r < g->fn->nregs; r++) {
    uint8_t u = g->uses[r] & (uint8_t)~g->params[r];
    for (int t = 0; t < NTAGS; t++)
      if (u & (1 << t))
        sb_printf(sb, "  %s r%d_%c = 0;\n", t == TAG_REAL && g->racc[r]
                  ? "wy_racc" : ocl_tag_ctype(t), r, tag_char[t]);
    if (u & USE_OFF) sb_printf(sb, "  wy_off r%d_off = 0;\n", r);
    if (u & USE_RANGE)
      sb_printf(sb, "  wy_int r%d_lo = 0, r%d_hi = 0;\n", r, r);
  }
  if (g->k && g->calls) sb_puts(sb, "  int wyc_st = 0;\n");
  if (g->k) sb_puts(sb, "  int wyc_e = 0;\n");
  if (g->decls.len) sb_puts(sb, g->decls.s);
}

/* The parameter list of a called function (after wyc_st). */
static void
put_callee_params(OclGen *g, StrBuf *sb, const Func *fn)
{
  Type *ft = fn->type;
  for (int p = 0; p < fn->nparams; p++) {
    Type *pt = ft && p < ft->n ? ft->elems[p] : NULL;
    Tag elem, t = ocl_tag_of(pt);
    int depth = ocl_list_shape(pt, &elem);
    if (t != TAG_NONE) {
      sb_printf(sb, ", %s %s", ocl_tag_ctype(t), param_var(g, p, t));
      continue;
    }
    if (!depth)
      ocl_cannot(wyil_fmt("parameter %d of '%s' has type %s", p + 1,
                          fn->name, pt ? ty_str(pt) : "?"));
    View *v = wyil_alloc(sizeof(View));
    v->base = wyil_fmt("r%d_p", p);
    v->off = wyil_fmt("r%d_off", p);
    v->depth = depth;
    v->elem = elem;
    v->list = p;
    g->params[p] |= USE_OFF;
    g->uses[p] |= USE_OFF;
    sb_printf(sb, ", __global %s *%s, wy_off %s", ocl_tag_ctype(elem), v->base,
              v->off);
    for (int l = 0; l < depth; l++) {
      v->lens[l] = wyil_fmt("r%d_len%d", p, l);
      sb_printf(sb, ", wy_int %s", v->lens[l]);
    }
    g->views[p] = v;
  }
}

static const char *
ret_ctype(const Func *fn)
{
  Type *ret = fn->type ? fn->type->ret : NULL;
  if (!ret || ty_is(ret, TY_VOID)) return "void";
  Tag t = ocl_tag_of(ret);
  if (t == TAG_NONE)
    ocl_cannot(wyil_fmt("'%s' returns %s", fn->name, ty_str(ret)));
  return ocl_tag_ctype(t);
}

static void
put_prototype(OclGen *vg, StrBuf *sb, const Func *fn)
{
  OclGen g = {.fn = fn, .variant = vg->variant};
  size_t nr = (size_t)fn->nregs + (size_t)fn->nparams + 1;
  g.uses = wyil_alloc(nr);
  g.params = wyil_alloc(nr);
  g.views = wyil_alloc(sizeof(View *) * nr);
  sb_printf(sb, "%s %s(int *wyc_st", ret_ctype(fn), ocl_func_name(&g, fn));
  put_callee_params(&g, sb, fn);
  sb_puts(sb, ");\n");
}

/* --explain: what the function just emitted computes with fma and runs
 * several steps between exit tests; with --explain=checks also what
 * became of its checks. */
static void
put_stats(OclGen *g, const char *what, SrcPos pos)
{
  if (!g->stats) return;
  const int *n = g->nchk;
  if (g->stats_checks)
    fprintf(g->stats, "%s:%d: %s: checks: %d tested, %d tested once before "
          "their loop, %d proved, %d joined to another, %d tested once "
          "before their loop through the bounds of a call, %d summed in 64 "
          "bits and tested once after their loop; %d range%s taken as "
          "ascending on a GPU (%sa descending one reruns the loop on the "
          "CPU)\n",
          pos.file ? pos.file : "?", pos.line, what,
          n[CHK_EMIT] + n[CHK_UNSIGNED], n[CHK_HOISTED], n[CHK_PROVED],
          n[CHK_FUSED], n[CHK_BOUNDED], n[CHK_WIDE], g->nupward,
          g->nupward == 1 ? "" : "s",
          g->nupward_all ? wyil_fmt("%d of them on every device: a "
                                    "running sum's bound counts their "
                                    "iterations; ", g->nupward_all)
                         : "");
  if (g->nfma || g->nspec)
    fprintf(g->stats, "%s:%d: %s: %d real product%s computed with the sum "
            "that reads %s (fma, one rounding) %s; %d loop%s run several "
            "steps between exit tests %s\n", pos.file ? pos.file : "?",
            pos.line, what, g->nfma, g->nfma == 1 ? "" : "s",
            g->nfma == 1 ? "it" : "them",
            g->o->fma == OCL_FMA_ALL ? "on every device" : "on a GPU",
            g->nspec, g->nspec == 1 ? "" : "s",
            g->o->unroll > 1 ? "on every device" : "on a GPU");
}

/* The check plan of fn in g's variant. */
static const ChkFunc *
plan_of(OclGen *g, const Func *fn)
{
  const ChkFunc *cf = chk_func(g->pl, fn, g->variant);
  if (!cf) internal_error("oclgen: %s has no check plan", fn->name);
  return cf;
}

static void
put_callee(OclGen *g, StrBuf *sb, const Func *fn)
{
  ocl_begin_func(g, fn, NULL, 0, fn->ncode);
  g->cf = plan_of(g, fn);
  const char *rt = ret_ctype(fn);
  g->leave = strcmp(rt, "void") ? "return 0;" : "return;";
  sb_printf(sb, "/* %s:%s%s */\n%s\n%s(int *wyc_st", fn->module, fn->name,
            g->variant ? ", for the narrow kernels" : "", rt,
            ocl_func_name(g, fn));
  put_callee_params(g, sb, fn);
  sb_puts(sb, ")\n{\n");
  g->body = (StrBuf){0};
  g->out = &g->body;
  ocl_emit_body(g);
  put_decls(g, sb);
  if (g->body.len) sb_puts(sb, g->body.s);
  if (strcmp(rt, "void")) sb_puts(sb, "  return 0;\n");
  sb_puts(sb, "}\n\n");
  put_stats(g, wyil_fmt("function %s, called by %skernels", fn->name,
                        g->variant ? "narrow " : ""),
            fn->ncode ? fn->code[0]->pos : (SrcPos){0});
  g->cf = NULL;
  sb_free(&g->body);
  sb_free(&g->decls);
}

/* ---------------------------------------------------------------- */
/* Kernels                                                            */

void
ocl_kernel_params(OclGen *g, StrBuf *sb, const Kernel *k)
{
  sb_puts(sb, "__global int *wyc_err,\n   ");
  for (int d = 0; d < k->ndims; d++)
    sb_printf(sb, "%s wy_int lo%d, wy_int n%d", d ? "," : "", d, d);
  for (int a = 0; a < k->nargs; a++) {
    const KernelArg *ka = &k->args[a];
    int r = ka->reg;
    if (r < 0 || r >= k->fn->nregs)
      internal_error("oclgen: kernel %s: bad argument register", k->name);
    if (ka->kind == KA_REDUCE) {
      ocl_reduce_param(g, sb, k, a);
      continue;
    }
    if (ka->kind == KA_SCALAR) {
      Tag t = ocl_scalar_tag(g, ka->elem ? ka->elem : ka->type, "argument");
      sb_printf(sb, ",\n    %s %s", ocl_tag_ctype(t), param_var(g, r, t));
      continue;
    }
    Tag elem;
    int depth = ocl_arg_shape(ka, &elem);
    if (depth < 1 || depth > 3 || elem == TAG_NONE)
      ocl_cannot(wyil_fmt("a list argument of type %s",
                          ka->type ? ty_str(ka->type) : "?"));
    View *v = wyil_alloc(sizeof(View));
    v->base = wyil_fmt("a%d", r);
    v->off = "0";
    v->depth = depth;
    v->elem = elem;
    v->list = r;
    sb_printf(sb, ",\n    __global %s *%s",
              ka->store32 ? "int" : ocl_tag_ctype(elem), v->base);
    for (int l = 0; l < depth; l++) {
      v->lens[l] = wyil_fmt("a%d_len%d", r, l);
      sb_printf(sb, ", wy_int %s", v->lens[l]);
    }
    if (wyil_own_index(ka))
      sb_printf(sb, ", __global const %s *%s_old", ocl_tag_ctype(elem),
                v->base);
    g->views[r] = v;
  }
}

/* Each work item's copy of its own element of the lists the kernel
 * reads and writes only there, from the buffer of their old values
 * (filter/window.c, own_index): before the body touches them. */
static void
put_own_copies(OclGen *g, const Kernel *k)
{
  for (int a = 0; a < k->nargs; a++) {
    const KernelArg *ka = &k->args[a];
    if (!wyil_own_index(ka)) continue;
    const char *i = ocl_var(g, k->loopvar[ka->win[0]], TAG_INT);
    View *v = g->views[ka->reg];
    ocl_line(g, "if ((wy_uint)%s < (wy_uint)%s) "
             "%s[(long)%s] = %s_old[(long)%s];",
             i, v->lens[0], v->base, i, v->base, i);
  }
}

/* Set g up for kernel function fn: its loop's body is the code. */
static void
begin_kernel(OclGen *g, const Func *fn)
{
  const Kernel *k = fn->kernel;
  int at = wyil_insn_index(fn, k->loop);
  ocl_begin_func(g, fn, k, at + 1, wyil_loop_end(fn, at));
}

static void
put_kernel(OclGen *g, StrBuf *sb, const Func *fn)
{
  const Kernel *k = fn->kernel;
  const char *name = g->variant ? k->narrow_name : k->name;
  begin_kernel(g, fn);
  g->cf = plan_of(g, fn);
  bool red = k->kind == KK_REDUCE;
  g->leave = red ? "goto wyc_done;" : "return;";
  g->fail_to = red ? "wyc_done" : "wyc_fail";
  g->failed = false;
  sb_printf(sb, "/* %s:%s, the loop at line %d */\n__kernel ",
            k->host->module, k->host->name, k->loop->pos.line);
  ocl_tile_attribute(k, sb);
  sb_printf(sb, "void\n%s(", name);
  ocl_kernel_params(g, sb, k);
  sb_puts(sb, ")\n{\n");
  g->body = (StrBuf){0};
  g->out = &g->body;
  if (k->ntiles) ocl_tile_prologue(g);
  for (int d = 0; d < k->ndims && !k->ntiles; d++) {
    ocl_line(g, "wy_int gid%d = get_global_id(%d);", d, d);
    if (!red) ocl_past_end_return(g, d);
  }
  if (red) ocl_reduce_prologue(g, k);
  /* constants the filter left outside the loop */
  for (int c = 0; c < k->consts.n; c++) ocl_emit_const(g, k->consts.v[c]);
  /* the outermost loop's variable (an index, or the element at the
   * index); inner dimensions' at their FORALL */
  for (int d = 0; d < k->ndims; d++) {
    if (k->loops[d] != k->loop) continue;
    if (!k->over_list) {
      ocl_line(g, "%s = %s;", ocl_var(g, k->loopvar[d], TAG_INT),
               ocl_dim_index(k, d));
      continue;
    }
    if (k->src < 0 || k->src >= fn->nregs || !g->views[k->src])
      internal_error("oclgen: kernel %s: the list it iterates over is no "
                     "argument", k->name);
    ocl_emit_element(g, k->loop, k->loopvar[d], g->views[k->src],
                     wyil_fmt("((wy_off)lo%d + gid%d)", d, d));
  }
  put_own_copies(g, k);
  ocl_emit_body(g);
  if (red) {
    ocl_reduce_epilogue(g, k);
  } else if (g->failed) {
    ocl_line(g, "return;");
    ocl_line(g, "wyc_fail:");
    /* a tiled kernel's group leaves together, failed or not */
    ocl_line(g, "%satomic_cmpxchg(wyc_err, 0, wyc_e);",
             k->ntiles ? "if (wyc_e) " : "");
  }
  put_decls(g, sb);
  sb_puts(sb, g->body.s);
  sb_puts(sb, "}\n\n");
  put_stats(g, g->variant ? chk_narrow_what(k) : wyil_fmt("kernel %s", name),
            k->loop->pos);
  const char *done[] = {k->jam_what, k->tile_what};
  for (int w = 0; w < 2 && g->stats && !g->variant; w++)
    if (done[w])
      fprintf(g->stats, "%s:%d: kernel %s: %s\n",
              k->loop->pos.file ? k->loop->pos.file : "?", k->loop->pos.line,
              name, done[w]);
  sb_free(&g->body);
  sb_free(&g->decls);
}

/* ---------------------------------------------------------------- */
/* The program                                                        */

/* The program of plan pl's kernel functions into sb: every called
 * function once (the filter's lists, and whatever the kernels and those
 * functions call, transitively), then the kernels, as planned
 * (checks/plan.c); --explain's counts into g->stats. */
static void
put_program(OclGen *g, StrBuf *sb)
{
  static const PtrVec none;
  const PtrVec *ks = g->pl ? chk_kernels(g->pl) : &none;
  const PtrVec *callees = g->pl ? chk_callees(g->pl) : &none;
  int n = ks->n;
  put_prelude(sb, g->m);
  bool tiles = false;
  for (int i = 0; i < n; i++)
    tiles |= ((const Func *)ks->v[i])->kernel->ntiles > 0;
  if (tiles) ocl_tile_defines(sb, g->o->tile == OCL_TILE_ALL);
  ocl_math_prelude(sb, ks, callees);
  int narrow = 0;    /* kernels with a narrow variant */
  for (int i = 0; i < n; i++)
    narrow += ((const Func *)ks->v[i])->kernel->narrow_name != NULL;
  /* each variant's kernels call their own copies of the functions,
   * planned with what those kernels' calls say of their ints */
  for (g->variant = 0; g->variant <= (narrow > 0); g->variant++) {
    for (int i = 0; i < callees->n; i++) put_prototype(g, sb, callees->v[i]);
    if (callees->n) sb_putc(sb, '\n');
    for (int i = 0; i < callees->n; i++) put_callee(g, sb, callees->v[i]);
  }
  g->variant = 0;
  ocl_reduce_prelude(g, sb, ks);
  for (int i = 0; i < n; i++) put_kernel(g, sb, ks->v[i]);
  g->variant = 1;
  for (int i = 0; i < n; i++)
    if (((const Func *)ks->v[i])->kernel->narrow_name)
      put_kernel(g, sb, ks->v[i]);
  g->variant = 0;
}

const ChkTarget ocl_target = {{32, 64}};

static const OclOptions defaults = {.real = FLT_REAL_AUTO,
                                    .tile = OCL_TILE_GPU};

/* The printer's state for plan pl (NULL: no kernels). */
static OclGen
new_gen(const ChkPlan *pl, const OclOptions *o)
{
  return (OclGen){.m = pl ? chk_module(pl) : NULL, .o = o ? o : &defaults,
                  .pl = pl};
}

const char *
ocl_check_kernel(const ChkPlan *pl, const OclOptions *o)
{
  jmp_buf here;
  /* in the arena: unchanged pointers survive the longjmp, and the
   * buffers they own are freed either way */
  StrBuf *sb = wyil_alloc(sizeof(StrBuf));
  OclGen *g = wyil_alloc(sizeof(OclGen));
  *g = new_gen(pl, o);
  const char *why = NULL;
  trial = &here;
  if (!setjmp(here)) {
    /* the kernels' parameters first (the narrow choice's order) */
    const PtrVec *ks = chk_kernels(pl);
    for (int i = 0; i < ks->n; i++) {
      begin_kernel(g, ks->v[i]);
      ocl_kernel_params(g, sb, ((const Func *)ks->v[i])->kernel);
      sb_free(sb);
    }
    put_program(g, sb);
  } else {
    why = trial_why;
  }
  trial = NULL;
  sb_free(sb);
  sb_free(&g->body);
  sb_free(&g->decls);
  return why;
}

char *
ocl_emit_planned(const ChkPlan *pl, const OclOptions *o)
{
  StrBuf sb = {0};
  OclGen g = new_gen(pl, o);
  put_program(&g, &sb);
  return sb.s ? sb.s : strdup("");
}

void
ocl_explain_checks(FILE *out, const ChkPlan *pl, const OclOptions *o,
                   bool checks)
{
  StrBuf sb = {0};
  if (!pl) internal_error("oclgen: --explain before the pass checks");
  OclGen g = new_gen(pl, o);
  g.stats = out;
  g.stats_checks = checks;
  put_program(&g, &sb);
  sb_free(&sb);
}
