/* oclgen_internal.h -- internals of opencl_backend/, shared by its files.
 *
 * The OpenCL C of one function (a kernel, or a function it calls):
 *   rN_i, rN_r, rN_b     one variable per (register, type): wy_int,
 *                        wy_real, uchar; declared at the top
 *   rN_off               a register holding a row of a list of lists:
 *                        the row's element offset in its flat buffer
 *   rN_lo, rN_hi         a register holding a range a..b (only iterated)
 *   aN, aN_len0..        the kernel's list parameter for host register N
 *   rN_p, rN_off, rN_len0..  a list parameter of a called function
 *   wyc_iK, wyc_nK, wyc_sK   counters of the nested FORALL at code[K]
 *   L<n>                 WYIL labels that are branched to
 * Lists never get variables: a register holding one has a View (which
 * buffer, which offset, which lengths), fixed for the whole function.
 */
#ifndef OCLGEN_INTERNAL_H
#define OCLGEN_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "../wyil/wyil.h"
#include "oclgen.h"

/* Scalar types on the device.  ORDER Tag: tag_char, tag_ctype. */
typedef enum Tag { TAG_NONE = -1, TAG_INT, TAG_REAL, TAG_BOOL, NTAGS } Tag;

/* A list seen from the device: `depth` levels of a row-major buffer. */
typedef struct View {
  const char *base;     /* the __global pointer expression */
  const char *off;      /* element offset of this (sub)list: "0" or a long
                           variable */
  const char *lens[3];  /* lengths of its levels, outermost first */
  int depth;            /* 1 for [T] ... 3 for [[[T]]] */
  Tag elem;             /* the innermost elements' type */
} View;

/* What becomes of a check (OclGen.chk, nchk). */
typedef enum CheckPlan {
  CHK_EMIT,      /* tested where it is */
  CHK_PROVED,    /* cannot fail: no test */
  CHK_HOISTED,   /* tested once before its loop (oclgen_hoist.c) */
  CHK_FUSED,     /* `i >= 0`, tested with the next `i < len` */
  CHK_UNSIGNED,  /* `i < len` testing both: (uint)i < (uint)len */
  CHK_BOUNDED,   /* `f(..) < len`: the bounds of what f returns, tested
                    once before its loop, which falls back if they do
                    not hold (oclgen_hoist.c) */
  CHK_WIDE,      /* `s = s + t`, s read nowhere else in its loop: summed
                    in 64 bits, tested once after the loop
                    (oclgen_hoist.c) */
  CHK_NKINDS
} CheckPlan;

/* Bits of OclGen.uses[r] besides the Tag bits (1 << tag). */
#define USE_OFF   (1 << 4)   /* rN_off */
#define USE_RANGE (1 << 5)   /* rN_lo, rN_hi */

/* What the kernels' calls say of a called function's int parameters
 * (oclgen_range.c): per parameter and int width (32, 64), the hull of
 * the intervals of the arguments at every call site.  The program's
 * device code calls the function from nowhere else, so the hull holds
 * on its every entry. */
typedef struct OclCallFacts {
  Func *fn;
  bool seen;            /* a kernel calls it */
  bool open;            /* device code other than a kernel calls it: the
                           hull says nothing */
  __int128 (*lo)[2], (*hi)[2];   /* [parameter][width 32, 64] */
} OclCallFacts;

/* A bound of what a function returns, in terms of a call's arguments:
 * argument `par`, or (par < 0) the constant c. */
typedef struct OclTerm {
  int par;
  long long c;
} OclTerm;

/* Returns and bounds per return that oclgen_retbound.c keeps. */
#define OCL_RETS 4
#define OCL_ALTS 3

/* What one return of a function returns, bounded below by any of lo[0
 * .. nlo) and above by any of hi[0 .. nhi) (the value itself first). */
typedef struct OclRetBound {
  int nlo, nhi;
  OclTerm lo[OCL_ALTS], hi[OCL_ALTS];
} OclRetBound;

/* The values a called function returns, of any call (its parameters
 * unknown): the hull of its returns' intervals (oclgen_range.c); and of
 * a given call, in terms of its arguments, when every return returns a
 * parameter or a constant (oclgen_retbound.c; nret 0: not known): the
 * result is at least the least of one lower bound of each return, and
 * at most the greatest of one upper bound of each. */
typedef struct OclRetFacts {
  Func *fn;
  __int128 lo[2], hi[2];         /* [width 32, 64] */
  int nret;
  OclRetBound ret[OCL_RETS];
} OclRetFacts;

typedef struct OclGen {
  const Module *m;
  const OclOptions *o;
  StrBuf *out;          /* statements of the function being emitted */
  StrBuf body;          /* the body of the function being emitted */
  StrBuf decls;         /* its extra local declarations (loop counters) */
  int indent;
  /* the function being emitted */
  Func *fn;
  Kernel *k;            /* the kernel, or NULL in a called function */
  const char *leave;    /* the statement that ends it early: "return;",
                           "return 0;" */
  const char *fail_to;  /* a kernel's label for failed checks (NULL: a
                           tiled loop's body, which a failure leaves by
                           `break`, oclgen_tile.c) */
  bool failed;          /* a check jumps there */
  int from, to;         /* the instructions emitted: code[from..to) */
  int at;               /* the instruction being emitted */
  int *match;           /* LOOP/FORALL <-> END, -1 elsewhere */
  int *label_at;        /* label -> instruction index, -1 */
  bool *label_used;     /* label is a branch target */
  bool calls;           /* a kernel calls a function: wyc_st declared */
  bool real_scratch;    /* wyc_r declared (a real rounded to an int) */
  int *racc;            /* register -> 1 + the KA_REDUCE argument whose
                           accumulator of a real + or * it is (or a
                           temporary of its update's chain): declared
                           wy_racc (oclgen_reduce.c); 0 elsewhere */
  int *range_at;        /* register -> the RANGE in [from, to) that
                           defines it, -1 */
  View **views;         /* register -> its View, NULL */
  uint8_t *uses;        /* register -> Tag bits and USE_* */
  uint8_t *params;      /* register -> bits that are parameters (no
                           declaration) */
  /* the checks' plan (oclgen_range.c), made before the body */
  int *def_at;          /* register -> its one definition in [from, to),
                           -2: a kernel constant, -1: none or several */
  Insn **const_def;     /* register -> that kernel constant */
  uint8_t *chk;         /* instruction -> CheckPlan of an assert */
  int *hoist_to;        /* instruction -> the loop it is hoisted out of */
  int *lift_from;       /* instruction -> the inner loop whose check it
                           is, lifted to hoist_to (ocl_lift_target), -1 */
  bool *ends_declared;  /* loop -> its wyc_mn, wyc_mx, wyc_t declared */
  int *move_to;         /* instruction -> the loop before which it is
                           computed (loop-invariant), -1 */
  int nchk[CHK_NKINDS]; /* checks emitted per kind (--explain) */
  int nupward;          /* ranges taken as ascending, tested (--explain) */
  int nupward_all;      /* ... of them on every device (g->sum_loop) */
  PtrVec call_facts[2]; /* OclCallFacts of the program's called functions,
                           per variant */
  OclCallFacts *facts;  /* those of the function being emitted, or NULL */
  PtrVec rets;          /* OclRetFacts of the called functions known */
  /* the narrow variant (oclgen_narrow.c) */
  int variant;          /* 1: emitting the narrow kernels and the copies
                           of the functions they call */
  int *hyp;             /* register -> a list argument whose elements the
                           kernel being planned may take to lie in
                           [-2^hyp, 2^hyp - 1]; 0: none (or NULL) */
  FILE *stats;          /* --explain: where to count them, or NULL */
  bool stats_checks;    /* --explain=checks: also the counts of checks */
  __int128 *pmin, *pmax;/* per parameter of the kernel planned: the
                           values its one call site can pass (host
                           constants, a dimension's hi above its
                           constant lo), or NULL (oclgen_range.c) */
  bool *pdim;           /* per parameter: pmin holds because the kernel
                           tests on entry that its dimension ascends */
  int *palias;          /* per parameter: the first parameter the call
                           site passes the same host register, or NULL */
  struct IvalMemo *memo;/* the intervals one question has found
                           (oclgen_ival_at.c) */
  int *defs_at, *defs;  /* register r's definitions in [from, to):
                           defs[defs_at[r] .. defs_at[r + 1]) */
  /* running sums (oclgen_ival_sum.c), per plan */
  int *pred_at, *pred;  /* instruction i in [from, to]: its predecessors
                           in [from, to), pred[pred_at[i - from] ..] */
  bool *sum_reg;        /* register -> some `r = r + e` defines it */
  bool *sum_loop;       /* instruction -> a range loop around such a
                           definition: taken as ascending on every device
                           (a sum's bound counts its iterations) */
  signed char *sum_dir; /* such a loop -> its direction found first in
                           the plan (ocl_direction), 2: not yet */
  int *sum_seen, sum_stamp; /* the search's marks */
  bool sums_off;        /* no running sums' bounds (the narrow choice) */
  /* fused multiply-adds (oclgen_fma.c) */
  int *fma;             /* instruction -> OCL_FUSE_NONE; a product
                           OCL_FUSE_GONE (its sum computes it); a sum
                           2 * (its product's index) + (which operand) */
  int nfma;             /* products fused in the function (--explain) */
  int nspec;            /* loops run speculatively on a GPU (oclgen_spec.c,
                           --explain) */
  bool narrow_search;   /* the narrow choice is trying hypotheses */
  PtrVec plans;         /* RangePlan*: the check plans made so far, each
                           kept for the same question asked again
                           (oclgen_range.c); valid while the IR does not
                           change, which it does not while a program is
                           printed (put_program rewrites nothing) */
} OclGen;

enum { OCL_FUSE_NONE = -1, OCL_FUSE_GONE = -2 };

/* The planning passes' state (oclgen_plan.c), which the printer goes on
 * with: the emitter with its kept range plans, call and return facts;
 * the kernel functions; the functions they call, transitively. */
struct OclPlan {
  OclGen g;
  PtrVec ks;            /* Func*: the kernel functions, in module order */
  PtrVec callees;       /* Func*: every function device code calls */
};

/* ================================================================ */
/* oclgen_plan.c                                                     */

/* pl for kernel functions ks[0..n) of m (ocl_plan_new: all of m's;
 * ocl_check_kernel: the one it judges). */
void ocl_plan_init(OclPlan *pl, const Module *m, Func **ks, int n,
                   const OclOptions *o);

/* ================================================================ */
/* oclgen.c                                                          */

/* The kernel being checked (ocl_check_kernel) cannot be expressed in
 * OpenCL C: why, in source terms.  Outside a check, an internal error. */
_Noreturn void ocl_cannot(const char *why);
/* Append one line at the current indentation. */
void ocl_line(OclGen *g, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
/* The type of a scalar Type (int, real, bool; nominals expanded), or
 * TAG_NONE. */
Tag ocl_tag_of(Type *t);
/* Like tag_of, but an internal error when t is not a device scalar. */
Tag ocl_scalar_tag(OclGen *g, Type *t, const char *what);
/* "wy_int", "wy_real", "uchar" */
const char *ocl_tag_ctype(Tag t);
/* The variable of register r as type t: "r5_i" (and declare it). */
const char *ocl_var(OclGen *g, int r, Tag t);
/* The statement that records error CODE and leaves the function. */
const char *ocl_fail_stmt(OclGen *g, int code);
/* The same with the code in a variable. */
const char *ocl_fail_var(OclGen *g, const char *code);
/* A list of device scalars nested at most 3 deep: its depth and element
 * tag; 0 otherwise. */
int ocl_list_shape(Type *t, Tag *elem);
/* The line that ends a work item past dimension d's last (of
 * ceil(n / jam) items when the dimension is jammed). */
void ocl_past_end_return(OclGen *g, int d);
/* A list argument's depth and element tag: its type's, unless the
 * kernel's KernelArg.depth / elem say otherwise. */
int ocl_arg_shape(const KernelArg *ka, Tag *elem);
/* Fresh per-function state for code[from..to) of fn (k: a kernel's). */
void ocl_begin_func(OclGen *g, Func *fn, Kernel *k, int from, int to);
/* The same for kernel function fn: its loop's body is the code. */
void ocl_begin_kernel(OclGen *g, Func *fn);
/* A kernel's parameter list into sb; sets the Views of its lists. */
void ocl_kernel_params(OclGen *g, StrBuf *sb, Kernel *k);
/* Kernel fn begun in g's variant, its lists' views set and its checks
 * planned, nothing emitted: for the questions asked before its code. */
void ocl_plan_kernel(OclGen *g, Func *fn);
/* The OpenCL name of a called function (in g's variant). */
const char *ocl_func_name(OclGen *g, const Func *fn);
/* The code a kernel writes into its flag when it would store an
 * infinity or a NaN into a list, or a math function's result is one:
 * runtime/ocl.h's WY_OCL_E_NONFINITE (the runtime then runs the loop's
 * exact CPU path). */
enum { OCL_FLAG_NONFINITE = 16 };
/* The code a kernel writes when an inner dimension's range, computed in
 * the kernel, is not the one the host launched: WY_OCL_E_SHAPE (the
 * runtime then runs the loop on the CPU; no language error). */
enum { OCL_FLAG_SHAPE = 17 };
/* The code a kernel writes when the bounds of a call's result, tested
 * before a loop in place of the checks of that result in its every
 * iteration (CHK_BOUNDED), do not hold: WY_OCL_E_BOUND (the loop then
 * runs on the CPU, whose checks decide; no language error). */
enum { OCL_FLAG_BOUND = 18 };
/* The code a kernel writes when a range it was compiled to take as
 * ascending runs downwards: a dimension (lo < hi, so hi > lo's constant:
 * call_site_facts) or, on a GPU, an inner range whose direction the
 * analysis cannot tell (emit_forall): WY_OCL_E_DESCENDING (the loop then
 * runs on the CPU; no language error). */
enum { OCL_FLAG_DESCENDING = 19 };
/* The store `lhs = val;` of an element of elem type into a kernel's
 * list; a real is checked first (isfinite), so that every real a kernel
 * leaves in a list has an exact value. */
void ocl_emit_store(OclGen *g, const char *lhs, const char *val, Tag elem);

/* The work item's index of dimension d of kernel k (its first, when
 * it runs several: filter/jam.c), an expression of lo<d> and gid<d>. */
const char *ocl_dim_index(const Kernel *k, int d);

/* ================================================================ */
/* oclgen_tile.c: the code of the tiles in local memory of a
 * register-blocked kernel's jammed loop (filter/tile.c planned them:
 * Kernel.ntiles, tiles, tile_local). */
/* the kernel's reqd_work_group_size attribute line, if tiled */
void ocl_tile_attribute(const Kernel *k, StrBuf *sb);
/* a tiled kernel's start: its items' indices, none returning early */
void ocl_tile_prologue(OclGen *g);
/* Is in the tiled loop's FORALL?  Its start and END, emitted so: */
bool ocl_tile_seq(OclGen *g, Insn *in);
void ocl_tile_loop(OclGen *g, int i, Insn *in);
void ocl_tile_loop_end(OclGen *g, int h);
/* an element load served from a tile: that, then "#else" (the load
 * as it is follows, then "#endif"), and true */
bool ocl_tile_load(OclGen *g, Insn *in);
/* the defines of WYC_TILE: on a GPU, or everywhere (all) */
void ocl_tile_defines(StrBuf *sb, bool all);

/* ================================================================ */
/* oclgen_narrow.c                                                   */

/* Decide whether kernel k (begun, its lists' views set, its narrow
 * fields cleared) gets a narrow variant: sets its KernelArg.narrow,
 * k->narrow_dims and k->narrow_name. */
void ocl_choose_narrow(OclGen *g, Kernel *k);
/* g->hyp for kernel k in g's variant (after begin_kernel). */
void ocl_narrow_hyp(OclGen *g, Kernel *k);
/* KernelArg.out_bits of the lists k writes (after its body's plan). */
void ocl_out_bits(OclGen *g, Kernel *k);
/* The narrow variant of k in --explain's words. */
const char *ocl_narrow_what(const Kernel *k);
/* In the narrow variant of g->k: is register i the loop variable of an
 * NDRange dimension the variant takes to lie within [0, len), len a
 * length as a View names it ("a1_len0")?  ocl_index_nonneg: within
 * [0, ...) of some list. */
bool ocl_index_known(OclGen *g, int i, const char *len);
bool ocl_index_nonneg(OclGen *g, int i);

/* ================================================================ */
/* oclgen_fma.c                                                      */

/* Which real products the sums of code[g->from .. g->to) compute with
 * them as one fma (g->fma, g->nfma; none with --fma=off). */
void ocl_plan_fma(OclGen *g);
/* The prelude's wyc_fma: fma on a GPU, a product and a sum elsewhere
 * (--fma=gpu, the default). */
void ocl_fma_defines(StrBuf *sb);
/* The real add or sub `in` (at g->at) as its plan says: nothing (a
 * product a sum computes), one fma, and true; false: emit it as it is. */
bool ocl_emit_fma(OclGen *g, Insn *in);

/* ================================================================ */
/* oclgen_spec.c                                                     */

/* Before the LOOP at h, when its steps only compute and test: on a
 * GPU, K passes of it as they are, then its steps K at a time between
 * exit tests (see the file); else nothing. */
void ocl_spec_loop(OclGen *g, int h);

/* ================================================================ */
/* oclgen_insn.c                                                     */

/* Emit the instructions code[g->from .. g->to) of g->fn. */
void ocl_emit_body(OclGen *g);
/* Instruction i where it is (nothing when the plan moved it before its
 * loop, g->move_to). */
void ocl_emit_insn(OclGen *g, int i);
/* Instruction p, which the body skips (g->move_to), here. */
void ocl_emit_moved(OclGen *g, int p);
/* A CONST instruction (also those the filter moved into a kernel). */
void ocl_emit_const(OclGen *g, Insn *in);
/* Element i (a long expression) of v: a scalar into register d, or a
 * row view of d; `in` is for messages. */
void ocl_emit_element(OclGen *g, Insn *in, int d, View *v, const char *i);
/* The exact int functions of whiley.lang.Math (wyc_pow, wyc_isqrt), if
 * the kernels ks[0..n) or their callees call them. */
void ocl_math_prelude(StrBuf *sb, Func **ks, int n, const PtrVec *callees);

/* The C condition of an IF or ASSERT on scalars. */
const char *ocl_cond_expr(OclGen *g, Insn *in);
/* The error code of a failed assert, by its message. */
int ocl_assert_code(const char *msg);

/* ================================================================ */
/* oclgen_range.c                                                    */

/* Plan the checks of code[g->from .. g->to): proved, hoisted, fused
 * (g->chk, g->hoist_to). */
void ocl_plan_checks(OclGen *g);
/* The intervals' memo forgets its plan: the next question starts a new
 * one (oclgen_ival_at.c; a plan restored from those kept). */
void ocl_iv_forget(OclGen *g);
/* After the plan, at a kernel's start: the tests that its call site's
 * facts hold (a dimension's hi above its constant lo). */
void ocl_emit_call_site_tests(OclGen *g);
/* The int operation at p cannot overflow (both device widths). */
bool ocl_no_overflow(OclGen *g, int p);
/* Register r never holds c at p, nor the device's least int. */
bool ocl_excludes(OclGen *g, int p, int r, long long c);
bool ocl_excludes_min(OclGen *g, int p, int r);
/* t is an int (nominals expanded), a device int. */
bool ocl_int_type(Type *t);
/* The sign of every value of int register r at p, at both widths: 1
 * (never negative), -1 (always negative) or 0 (either). */
int ocl_sign(OclGen *g, int p, int r);
/* The direction of the loop over a range at p, at both widths: 1 when
 * it runs upwards or not at all (lo <= hi), -1 when downwards or not at
 * all (lo >= hi), 0 when the analysis cannot tell. */
int ocl_direction(OclGen *g, int p);
/* r is an int constant of the kernel or the code (32-bit), in *v. */
bool ocl_int_const(OclGen *g, int r, long long *v);
/* The length of list register x (a parameter's name), or NULL. */
const char *ocl_len_text(OclGen *g, int x);
/* After ocl_plan_checks: the checks of the code the plan and the range
 * analysis prove, each weighted by the loops around it (16 per loop). */
long ocl_proved_weight(OclGen *g);
/* After ocl_plan_checks: the least b with every value of int register r
 * at p within [-2^b, 2^b - 1] at both widths, or -1. */
int ocl_value_bits(OclGen *g, int p, int r);
/* After ocl_plan_checks of a kernel: the intervals of the int arguments
 * of its calls, into g->call_facts.  open: fn is called by device code
 * that is no kernel. */
void ocl_note_calls(OclGen *g);
/* After ocl_plan_checks of called function g->fn, without call facts:
 * record the interval of what it returns (for the INVOKEs of it). */
void ocl_note_returns(OclGen *g);
void ocl_open_calls(OclGen *g, Func *fn);
/* What ocl_note_returns recorded of fn, or NULL. */
OclRetFacts *ocl_ret_facts(OclGen *g, Func *fn);
/* The facts of fn (g->facts while it is emitted), or NULL. */
OclCallFacts *ocl_call_facts(OclGen *g, Func *fn);

/* ================================================================ */
/* oclgen_retbound.c                                                 */

/* Into f: bounds of what function fn returns, in terms of its
 * parameters (a call's arguments), when every return returns a
 * parameter or a constant; none otherwise. */
void ocl_ret_terms(Func *fn, OclRetFacts *f);
/* The facts of the function call d calls when they bound its result in
 * terms of its arguments (OclRetFacts.nret > 0), or NULL. */
OclRetFacts *ocl_call_terms(OclGen *g, Insn *d);

/* ================================================================ */
/* oclgen_hoist.c                                                    */

/* Which int operations of code[g->from .. g->to) compute the same
 * value in every iteration of their loop over a range, and run before
 * it instead (g->move_to; after g->def_at is made). */
void ocl_plan_moves(OclGen *g);
/* The FORALL whose entry can test the assert at p for all its
 * iterations, or -1; also an add or sub `v + off` whose overflow test
 * can move there. */
int ocl_hoist_target(OclGen *g, int p);
/* The FORALL before which the bounds of a call's result can replace
 * the assert at p (CHK_BOUNDED), or -1. */
int ocl_bound_target(OclGen *g, int p);
/* in reads register r. */
bool ocl_reads(Insn *in, int r);
/* The loop over a range whose sum the add or sub at p can carry in 64
 * bits (CHK_WIDE), or -1. */
int ocl_wide_target(OclGen *g, int p);
/* The loop around the inner loop at h before which the test that h
 * ascends (a GPU's, where the range analysis cannot tell) runs: its
 * range does not change there, and every iteration meets it; or -1. */
int ocl_upward_target(OclGen *g, int h);
/* Loop h, of a direction the analysis cannot tell, is taken as
 * ascending on every device, not only on a GPU: a running sum's bound
 * counts its iterations (oclgen_ival_sum.c). */
bool ocl_ascending_everywhere(OclGen *g, int h);
/* ... or its kernel's dependence test took it as ascending
 * (Insn.ascends): a descending run fails on every device */
bool ocl_must_ascend(OclGen *g, int h);
/* The loop enclosing hoist_to[p] to which the check at p, hoisted out
 * of its loop, can be lifted further, or -1. */
int ocl_lift_target(OclGen *g, int p);
/* The moved operations and those tests, before the loop at h (its
 * counters set), and the 64-bit sums' starts. */
void ocl_emit_hoisted(OclGen *g, int h);
/* The CHK_WIDE sum at p, in its loop. */
void ocl_emit_wide_sum(OclGen *g, int p);
/* After the loop at h: its 64-bit sums back in their registers. */
void ocl_emit_wide_exit(OclGen *g, int h);

/* ================================================================ */
/* oclgen_reduce.c                                                   */

/* The helpers of reduce kernels (long arithmetic, the real
 * accumulators' types and sums), if one of ks[0..n) is one. */
void ocl_reduce_prelude(OclGen *g, StrBuf *sb, Func **ks, int n);
/* The device parameters of KA_REDUCE argument a. */
void ocl_reduce_param(OclGen *g, StrBuf *sb, Kernel *k, int a);
/* After the global ids: identities, and past the range to the end. */
void ocl_reduce_prologue(OclGen *g, Kernel *k);
/* After the body: the work group's tree and its partial. */
void ocl_reduce_epilogue(OclGen *g, Kernel *k);
/* The real arithmetic `in` as a step of a reduction's update, into its
 * wy_racc accumulator (compensated where wy_racc is float); false when
 * it is none. */
bool ocl_reduce_step(OclGen *g, Insn *in);

/* ================================================================ */
/* oclgen_build.c                                                    */

/* The appends (and a 2-D build's `row = []`) of a build kernel
 * (filter/build.c): the work item's element of the list.  False for
 * any other append or list, which cannot run on the device. */
bool ocl_emit_build(OclGen *g, Insn *in);

#endif
