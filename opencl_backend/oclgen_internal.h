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
  int list, drop;       /* lens[l] is the length of level drop + l of
                           list parameter `list` (the plan's CHK_VAL_LEN
                           names it so) */
} View;

/* Bits of OclGen.uses[r] besides the Tag bits (1 << tag). */
#define USE_OFF   (1 << 4)   /* rN_off */
#define USE_RANGE (1 << 5)   /* rN_lo, rN_hi */

typedef struct OclGen {
  const Module *m;
  const OclOptions *o;
  StrBuf *out;          /* statements of the function being emitted */
  StrBuf body;          /* the body of the function being emitted */
  StrBuf decls;         /* its extra local declarations (loop counters) */
  int indent;
  /* the function being emitted */
  const Func *fn;
  const Kernel *k;      /* the kernel, or NULL in a called function */
  const ChkPlan *pl;    /* the plan printed (checks/), or NULL */
  const ChkFunc *cf;    /* the check plan of the function: what becomes
                           of each check (checks.h's questions) */
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
  View **views;         /* register -> its View, NULL */
  uint8_t *uses;        /* register -> Tag bits and USE_* */
  uint8_t *params;      /* register -> bits that are parameters (no
                           declaration) */
  bool *ends_declared;  /* loop -> its wyc_mn, wyc_mx, wyc_t declared
                           (oclgen_hoist.c) */
  int nchk[CHK_NKINDS]; /* checks emitted per kind (--explain) */
  int nupward;          /* ranges taken as ascending, tested (--explain) */
  int nupward_all;      /* ... of them on every device */
  int variant;          /* 1: emitting the narrow kernels and the copies
                           of the functions they call */
  FILE *stats;          /* --explain: where to count them, or NULL */
  bool stats_checks;    /* --explain=checks: also the counts of checks */
  /* fused multiply-adds (oclgen_fma.c) */
  int *fma;             /* instruction -> OCL_FUSE_NONE; a product
                           OCL_FUSE_GONE (its sum computes it); a sum
                           2 * (its product's index) + (which operand) */
  int nfma;             /* products fused in the function (--explain) */
  int nspec;            /* loops run speculatively on a GPU (oclgen_spec.c,
                           --explain) */
} OclGen;

enum { OCL_FUSE_NONE = -1, OCL_FUSE_GONE = -2 };

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
void ocl_begin_func(OclGen *g, const Func *fn, const Kernel *k, int from,
                    int to);
/* A kernel's parameter list into sb; sets the Views of its lists. */
void ocl_kernel_params(OclGen *g, StrBuf *sb, const Kernel *k);
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
 * loop, chk_move_to). */
void ocl_emit_insn(OclGen *g, int i);
/* Instruction p, which the body skips (chk_move_to), here. */
void ocl_emit_moved(OclGen *g, int p);
/* A CONST instruction (also those the filter moved into a kernel). */
void ocl_emit_const(OclGen *g, Insn *in);
/* Element i (a long expression) of v: a scalar into register d, or a
 * row view of d; `in` is for messages. */
void ocl_emit_element(OclGen *g, Insn *in, int d, View *v, const char *i);
/* The exact int functions of whiley.lang.Math (wyc_pow, wyc_isqrt), if
 * the kernel functions ks or their callees call them. */
void ocl_math_prelude(StrBuf *sb, const PtrVec *ks, const PtrVec *callees);

/* The C condition of an IF or ASSERT on scalars. */
const char *ocl_cond_expr(OclGen *g, Insn *in);
/* The error code of a failed assert, by its message. */
int ocl_assert_code(const char *msg);

/* ================================================================ */
/* oclgen_hoist.c: the tests before a loop that the check plan hoisted
 * there (checks/hoist.c decided them), and the wide sums */

/* The moved operations and those tests, before the loop at h (its
 * counters set), and the wide sums' starts. */
void ocl_emit_hoisted(OclGen *g, int h);
/* The CHK_WIDE sum at p, in its loop. */
void ocl_emit_wide_sum(OclGen *g, int p);
/* After the loop at h: its wide sums back in their registers. */
void ocl_emit_wide_exit(OclGen *g, int h);

/* ================================================================ */
/* oclgen_reduce.c                                                   */

/* The helpers of reduce kernels (long arithmetic, the real
 * accumulators' types and sums), if one of the kernel functions ks is
 * one. */
void ocl_reduce_prelude(OclGen *g, StrBuf *sb, const PtrVec *ks);
/* The device parameters of KA_REDUCE argument a. */
void ocl_reduce_param(OclGen *g, StrBuf *sb, const Kernel *k, int a);
/* After the global ids: identities, and past the range to the end. */
void ocl_reduce_prologue(OclGen *g, const Kernel *k);
/* After the body: the work group's tree and its partial. */
void ocl_reduce_epilogue(OclGen *g, const Kernel *k);
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
