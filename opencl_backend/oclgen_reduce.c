/* oclgen_reduce.c -- the frame of a reduce kernel (Kernel.kind
 * KK_REDUCE, filter/reduce.c): what differs from a map kernel.
 *
 * Every work item starts each reduction variable at its operator's
 * identity and runs the loop body unchanged (work items past the range
 * run no body), so the variable ends holding the item's contribution.
 * A failed check does not end the item (`goto wyc_done`, not `return`):
 * every item of a work group must reach the group's barriers.  Then a
 * tree in local memory combines the group's values and item 0 writes
 * the group's partial, one per work group, to a __global buffer.  The
 * partials are combined on the host (runtime/ocl_reduce.c): there are
 * at most a few thousand (one per 256 items), so a second kernel launch
 * would cost more than it saves, and the host must combine the result
 * with the variable's exact value before the loop anyway.
 *
 * Accumulators: ints as long whatever wy_int is (each addition or
 * product checked: an overflow sets the flag, and the host reruns the
 * exact CPU loop); reals as wy_real; bools as uchar.
 *
 * ABI (after a map kernel's parameters), per KA_REDUCE argument N:
 *   __global ACC *wyc_partN   one element per work group (groups
 *                             numbered dimension 0 fastest)
 *   __local ACC *wyc_locN     one element per work item of a group
 *
 * Contract (compiler/pipeline.c's table): Part of pass emit-opencl.
 * Requires: a kernel of kind reduce (filter/reduce.c). Provides: OpenCL C
 * text. Invalidates nothing.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

static const char prelude[] =
  "bool\nwyc_ladd(long a, long b, long *r)\n{\n"
  "  long s = (long)((ulong)a + (ulong)b);\n"
  "  *r = s;\n"
  "  return ((a ^ s) & (b ^ s)) < 0;\n}\n\n"
  "bool\nwyc_lmul(long a, long b, long *r)\n{\n"
  "  long lo = (long)((ulong)a * (ulong)b);\n"
  "  *r = lo;\n"
  "  return mul_hi(a, b) != (lo >> 63);\n}\n\n";

void
ocl_reduce_prelude(StrBuf *sb, Func **ks, int n)
{
  for (int i = 0; i < n; i++)
    if (ks[i]->kernel->kind == KK_REDUCE) {
      sb_puts(sb, prelude);
      return;
    }
}

static Tag
red_tag(OclGen *g, KernelArg *ka)
{
  return ocl_scalar_tag(g, ka->elem ? ka->elem : ka->type, "reduction");
}

static const char *
acc_type(Tag t)
{
  return t == TAG_INT ? "long" : ocl_tag_ctype(t);
}

void
ocl_reduce_param(OclGen *g, StrBuf *sb, Kernel *k, int a)
{
  const char *acc = acc_type(red_tag(g, &k->args[a]));
  sb_printf(sb, ",\n    __global %s *wyc_part%d, __local %s *wyc_loc%d", acc,
            a, acc, a);
}

/* The identity of op on values of tag t (as the item's variable). */
static const char *
identity(Tag t, int op)
{
  switch (op) {
  case KR_ADD: return t == TAG_REAL ? "0.0" : "0";
  case KR_MUL: return t == TAG_REAL ? "1.0" : "1";
  case KR_AND: return "1";
  case KR_OR: return "0";
  case KR_MIN:
    return t == TAG_REAL ? "INFINITY" : "(wy_int)(~(wy_uint)WY_INT_MIN)";
  case KR_MAX: return t == TAG_REAL ? "-INFINITY" : "WY_INT_MIN";
  default: internal_error("oclgen: reduction operator %d", op);
  }
}

void
ocl_reduce_prologue(OclGen *g, Kernel *k)
{
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->kind != KA_REDUCE) continue;
    Tag t = red_tag(g, ka);
    ocl_line(g, "%s = %s;", ocl_var(g, ka->reg, t),
             identity(t, k->red_op[a]));
  }
  StrBuf out = {0};
  for (int d = 0; d < k->ndims; d++)
    sb_printf(&out, "%sgid%d >= n%d", d ? " || " : "", d, d);
  ocl_line(g, "if (%s) goto wyc_done;", out.s);
  sb_free(&out);
}

/* x = x op y for accumulators of tag t. */
static void
combine(OclGen *g, Tag t, int op, const char *x, const char *y)
{
  switch (op) {
  case KR_ADD: case KR_MUL:
    if (t == TAG_INT) {
      ocl_line(g, "{ long wyc_r; if (wyc_l%s(%s, %s, &wyc_r) && !wyc_e) "
               "wyc_e = 1; %s = wyc_r; }",
               op == KR_ADD ? "add" : "mul", x, y, x);
    } else {
      ocl_line(g, "%s = %s %c %s;", x, x, op == KR_ADD ? '+' : '*', y);
    }
    return;
  case KR_AND: ocl_line(g, "%s = %s & %s;", x, x, y); return;
  case KR_OR: ocl_line(g, "%s = %s | %s;", x, x, y); return;
  case KR_MIN: case KR_MAX:
    ocl_line(g, "%s = %s%s(%s, %s);", x, t == TAG_REAL ? "f" : "",
             op == KR_MIN ? "min" : "max", x, y);
    return;
  default: internal_error("oclgen: reduction operator %d", op);
  }
}

void
ocl_reduce_epilogue(OclGen *g, Kernel *k)
{
  ocl_line(g, "wyc_done: ;");
  ocl_line(g, "{");
  g->indent++;
  ocl_line(g, "size_t wyc_l = get_local_id(0) + get_local_size(0) * "
           "(get_local_id(1) + get_local_size(1) * get_local_id(2));");
  ocl_line(g, "size_t wyc_ln = get_local_size(0) * get_local_size(1) * "
           "get_local_size(2);");
  ocl_line(g, "size_t wyc_g = get_group_id(0) + get_num_groups(0) * "
           "(get_group_id(1) + get_num_groups(1) * get_group_id(2));");
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->kind != KA_REDUCE) continue;
    Tag t = red_tag(g, ka);
    ocl_line(g, "wyc_loc%d[wyc_l] = (%s)%s;", a, acc_type(t),
             ocl_var(g, ka->reg, t));
  }
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  /* halves folded onto the first: the active items stay contiguous (whole
   * warps idle, no bank conflicts), unlike pairs at growing strides; the
   * first step folds what lies past the largest power of two below ln */
  ocl_line(g, "size_t wyc_h = 1;");
  ocl_line(g, "while (2 * wyc_h < wyc_ln) wyc_h <<= 1;");
  ocl_line(g, "for (size_t wyc_s = wyc_h; wyc_s > 0 && wyc_ln > 1; "
           "wyc_s >>= 1) {");
  g->indent++;
  ocl_line(g, "if (wyc_l < wyc_s && wyc_l + wyc_s < wyc_ln) {");
  g->indent++;
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->kind != KA_REDUCE) continue;
    combine(g, red_tag(g, ka), k->red_op[a], wyil_fmt("wyc_loc%d[wyc_l]", a),
            wyil_fmt("wyc_loc%d[wyc_l + wyc_s]", a));
  }
  g->indent--;
  ocl_line(g, "}");
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  g->indent--;
  ocl_line(g, "}");
  for (int a = 0; a < k->nargs; a++)
    if (k->args[a].kind == KA_REDUCE)
      ocl_line(g, "if (wyc_l == 0) wyc_part%d[wyc_g] = wyc_loc%d[0];", a, a);
  /* the item's first failure, or its tree's overflow: once */
  ocl_line(g, "if (wyc_e) atomic_cmpxchg(wyc_err, 0, wyc_e);");
  g->indent--;
  ocl_line(g, "}");
}
