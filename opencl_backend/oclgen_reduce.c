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
 * exact CPU loop); bools as uchar; reals under min and max as wy_real
 * (exact); reals under + and * as wy_racc, double wherever the device
 * has it (the runtime adds -DWYC_FP64=1 to the build options), also
 * when wy_real is float: the variable, the temporaries of its update's
 * chain (`s = s + a + b`), the local tree and the partials are double,
 * and each element is converted as it is added (a product of two floats
 * fused into the sum is exact in double).  A float accumulator lost
 * the low bits of long sums: a work item running an inner loop of a
 * nest adds hundreds of elements to one float, a tree level adds two
 * partial sums of the same size, and a float holds 24 bits of a sum
 * whose elements need 20.  A device without fp64 (wy_racc float) gets
 * compensated sums: each addition of the update is Knuth's TwoSum,
 * its rounding error kept in the item's wyc_cN; the tree adds (sum,
 * compensation) pairs (wy_rpart, a float2) the same way, and the host
 * adds each partial's two floats in double.  Where wy_real is double
 * the kernel computes what it computed before (wyc_radd is x + y).
 *
 * Error of a sum of n reals x_i (u = 2^-24, a float's unit roundoff):
 * with fp64, each addition rounds at 2^-53 of a partial sum, and an
 * element passes at most m + log2(L) + G additions (m: the iterations
 * of a work item, L: a group's items, G: the groups, whose partials the
 * host adds in double), so |sum - exact| <= (m + log2(L) + G) 2^-53
 * sum |x_i|, below u sum |x_i| while m + G < 2^28; without fp64, the
 * compensated item sums and pairs keep it within (2 + log2(n)) u sum
 * |x_i|.  Either way within a few ulps of float times log2(n), where a
 * float accumulator's error grows with n (a float holds 24 bits: a sum
 * of 2^20 elements of 20 bits each lost its low bits at every level).
 * Products: a double accumulator (a float one without fp64); min and
 * max: exact.
 *
 * ABI (after a map kernel's parameters), per KA_REDUCE argument N:
 *   __global ACC *wyc_partN   one element per work group (groups
 *                             numbered dimension 0 fastest)
 *   __local ACC *wyc_locN     one element per work item of a group
 * ACC: long for ints, uchar for bools, wy_real for min and max of
 * reals, wy_racc for their products, wy_rpart for their sums (8 bytes:
 * a double, or a float2 of the sum and its compensation).
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

/* The real accumulators (the head comment); %s: the fused multiply-add
 * the program's other sums use (fma or wyc_fma). */
static const char prelude_real[] =
  "#if defined(WYC_REAL_DOUBLE) || defined(WYC_FP64)\n"
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "#define WYC_RACC_WIDE 1\n"
  "typedef double wy_racc;\n"
  "typedef double wy_rpart;\n"
  "#else\n"
  "typedef float wy_racc;\n"
  "typedef float2 wy_rpart;   /* (sum, compensation) */\n"
  "#endif\n\n"
  "/* x + y; without fp64 its rounding error added to *c (TwoSum) */\n"
  "wy_racc\nwyc_radd(wy_racc x, wy_racc y, wy_racc *c)\n{\n"
  "  wy_racc s = x + y;\n"
  "#ifndef WYC_RACC_WIDE\n"
  "  wy_racc z = s - x;\n"
  "  *c += (x - (s - z)) + (y - z);\n"
  "#endif\n"
  "  return s;\n}\n\n"
  "/* a * b + x, the product fused */\n"
  "wy_racc\nwyc_rfma(wy_racc a, wy_racc b, wy_racc x, wy_racc *c)\n{\n"
  "#ifdef WYC_RACC_WIDE\n"
  "  return %s(a, b, x);\n"
  "#else\n"
  "  return wyc_radd(x, a * b, c);\n"
  "#endif\n}\n\n"
  "/* a work item's sum s and compensation c as a group's value */\n"
  "wy_rpart\nwyc_rpack(wy_racc s, wy_racc c)\n{\n"
  "#ifdef WYC_RACC_WIDE\n"
  "  return s + c;\n"
  "#else\n"
  "  wy_racc k = 0, t = wyc_radd(s, c, &k);\n"
  "  return (wy_rpart)(t, k);\n"
  "#endif\n}\n\n"
  "/* the sum of two groups' values */\n"
  "wy_rpart\nwyc_rjoin(wy_rpart x, wy_rpart y)\n{\n"
  "#ifdef WYC_RACC_WIDE\n"
  "  return x + y;\n"
  "#else\n"
  "  wy_racc c = x.y + y.y, s = wyc_radd(x.x, y.x, &c);\n"
  "  return wyc_rpack(s, c);\n"
  "#endif\n}\n\n";

void
ocl_reduce_prelude(OclGen *g, StrBuf *sb, const PtrVec *ks)
{
  for (int i = 0; i < ks->n; i++)
    if (((const Func *)ks->v[i])->kernel->kind == KK_REDUCE) {
      sb_puts(sb, prelude);
      sb_printf(sb, prelude_real,
                g->o->fma == OCL_FMA_ALL ? "fma" : "wyc_fma");
      return;
    }
}

static Tag
red_tag(OclGen *g, const KernelArg *ka)
{
  return ocl_scalar_tag(g, ka->elem ? ka->elem : ka->type, "reduction");
}

static const char *
acc_type(Tag t)
{
  return t == TAG_INT ? "long" : ocl_tag_ctype(t);
}

/* Is argument a of k a sum or product of reals (a wy_racc)? */
static bool
real_acc(OclGen *g, const Kernel *k, int a)
{
  return red_tag(g, &k->args[a]) == TAG_REAL
         && (k->red_op[a] == KR_ADD || k->red_op[a] == KR_MUL);
}

/* The type of argument a's tree and partials. */
static const char *
part_type(OclGen *g, const Kernel *k, int a)
{
  if (real_acc(g, k, a)) return k->red_op[a] == KR_ADD ? "wy_rpart" : "wy_racc";
  return acc_type(red_tag(g, &k->args[a]));
}

void
ocl_reduce_param(OclGen *g, StrBuf *sb, const Kernel *k, int a)
{
  const char *acc = part_type(g, k, a);
  sb_printf(sb, ",\n    __global %s *wyc_part%d, __local %s *wyc_loc%d", acc,
            a, acc, a);
}

/* The one instruction of the body reading register r (once), or -1. */
static int
only_reader(OclGen *g, int r)
{
  int at = -1;
  for (int i = g->from; i < g->to; i++) {
    Insn *in = g->fn->code[i];
    for (int p = 0; p < in->nargs; p++)
      if (in->args[p] == r) {
        if (at >= 0) return -1;
        at = i;
      }
  }
  return at;
}

/* Mark s, the accumulator of argument a (op + or *), and the
 * temporaries of its update's chain as wy_racc, when the chain from s's
 * one reader leads back to s through real operations of op alone
 * (filter/reduce.c found the same chain in the loop). */
static void
mark_accumulator(OclGen *g, int s, int a, int op)
{
  enum { MAX_CHAIN = 32 };
  int chain[MAX_CHAIN], n = 0, r = s;
  Op want = op == KR_ADD ? OP_ADD : OP_MUL;
  for (;;) {
    int u = only_reader(g, r);
    if (u < 0) return;
    Insn *in = g->fn->code[u];
    int d = wyil_def_reg(in);
    if (in->op != want || in->nargs != 2 || d < 0
        || ocl_tag_of(in->type) != TAG_REAL)
      return;
    if (d == s) break;
    if (n == MAX_CHAIN || g->racc[d]) return;
    chain[n++] = r = d;
  }
  g->racc[s] = a + 1;
  for (int i = 0; i < n; i++) g->racc[chain[i]] = a + 1;
}

bool
ocl_reduce_step(OclGen *g, Insn *in)
{
  int d = in->dst;
  if (!g->k || g->k->kind != KK_REDUCE || in->op != OP_ADD || d < 0
      || d >= g->fn->nregs || !g->racc[d])
    return false;
  int a = g->racc[d] - 1, f = g->fma ? g->fma[g->at] : OCL_FUSE_NONE;
  const char *dv = ocl_var(g, d, TAG_REAL);
  if (f == OCL_FUSE_GONE) return false;
  if (f >= 0) {   /* d = p + c, p = x * y fused (oclgen_fma.c) */
    Insn *mul = g->fn->code[f / 2];
    ocl_line(g, "%s = wyc_rfma(%s, %s, %s, &wyc_c%d);", dv,
             ocl_var(g, mul->args[0], TAG_REAL),
             ocl_var(g, mul->args[1], TAG_REAL),
             ocl_var(g, in->args[1 - f % 2], TAG_REAL), a);
    return true;
  }
  ocl_line(g, "%s = wyc_radd(%s, %s, &wyc_c%d);", dv,
           ocl_var(g, in->args[0], TAG_REAL),
           ocl_var(g, in->args[1], TAG_REAL), a);
  return true;
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
ocl_reduce_prologue(OclGen *g, const Kernel *k)
{
  for (int a = 0; a < k->nargs; a++) {
    const KernelArg *ka = &k->args[a];
    if (ka->kind != KA_REDUCE) continue;
    Tag t = red_tag(g, ka);
    if (real_acc(g, k, a)) {
      mark_accumulator(g, ka->reg, a, k->red_op[a]);
      if (k->red_op[a] == KR_ADD)
        sb_printf(&g->decls, "  wy_racc wyc_c%d = 0;\n", a);
    }
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
    if (t == TAG_REAL && op == KR_ADD) {
      ocl_line(g, "%s = wyc_rjoin(%s, %s);", x, x, y);
      return;
    }
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
ocl_reduce_epilogue(OclGen *g, const Kernel *k)
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
    const KernelArg *ka = &k->args[a];
    if (ka->kind != KA_REDUCE) continue;
    Tag t = red_tag(g, ka);
    const char *v = ocl_var(g, ka->reg, t);
    if (real_acc(g, k, a) && k->red_op[a] == KR_ADD)
      ocl_line(g, "wyc_loc%d[wyc_l] = wyc_rpack(%s, wyc_c%d);", a, v, a);
    else
      ocl_line(g, "wyc_loc%d[wyc_l] = (%s)%s;", a, part_type(g, k, a), v);
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
    const KernelArg *ka = &k->args[a];
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
