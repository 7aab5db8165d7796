/* checks.h -- the public interface of checks/: the range analysis of
 * device code (the kernel functions and the functions they call) and
 * the planning passes that decide from it, run by the driver after the
 * last rewrite and before either back end prints (compiler/pipeline.c:
 * narrow, store32, checks; veto's trial too).
 *
 * Input: a verified module whose kernel functions are planned (split,
 * jam, tile, chain), or one kernel function not yet in it (veto).
 * Output: the Kernel and KernelArg fields that narrow and store32 decide
 * (wyil.h), which both back ends read, and the plan (ChkPlan): per
 * function of device code and variant, what becomes of each check and
 * the facts the printer needs to print it, read through the questions
 * below.  Nothing here rewrites WYIL or prints code.
 *
 * The target's ints have one of two widths (ChkTarget: the OpenCL back
 * end's 32 or 64 bits, one source serving both, the runtime picking):
 * each question is answered for both, and a check goes only when both
 * prove it cannot fail.
 */
#ifndef CHECKS_H
#define CHECKS_H

#include <stdbool.h>

#include "../wyil/wyil.h"

/* The device the analysis is for: what the driver passes in. */
typedef struct ChkTarget {
  int int_bits[2];   /* the widths a device int may have, narrowest
                        first (OpenCL: 32 and 64) */
} ChkTarget;

/* What becomes of a check (an assert, or an int add or sub). */
typedef enum ChkKind {
  CHK_EMIT,      /* tested where it is */
  CHK_PROVED,    /* cannot fail: no test */
  CHK_HOISTED,   /* tested once before its loop (chk_hoist_to) */
  CHK_FUSED,     /* `i >= 0`, tested with the next `i < len` */
  CHK_UNSIGNED,  /* `i < len` testing both: (uint)i < (uint)len */
  CHK_BOUNDED,   /* `f(..) < len`: the bounds of what f returns, tested
                    once before its loop, which falls back if they do
                    not hold (chk_bound_test) */
  CHK_WIDE,      /* `s = s + t`, s read nowhere else in its loop: summed
                    in the wider int, tested once after the loop */
  CHK_NKINDS
} ChkKind;

typedef struct ChkPlan ChkPlan;   /* the plan of a module's device code */
typedef struct ChkFunc ChkFunc;   /* ... of one function in one variant */

/* ---- the passes ---------------------------------------------------- */

/* Pass narrow, first half: the plan of m's kernel functions (after
 * split): the functions they call, what those return. */
ChkPlan *chk_plan_new(const Module *m, const ChkTarget *t);
/* Pass narrow: which kernels get a narrow variant (Kernel.narrow_name,
 * narrow_dims; KernelArg.narrow, index_dim). */
void chk_narrow(ChkPlan *pl);
/* Pass store32: the bounds of what each kernel stores (KernelArg.
 * out_bits, out_arg) and the lists it writes as 32-bit ints (store32). */
void chk_store32(ChkPlan *pl);
/* Pass checks: the check plan of every function the program's device
 * code holds, per variant (the called functions' with what the kernels'
 * calls say of their ints), with the answers the printer reads. */
void chk_checks(ChkPlan *pl);
/* The three passes on kernel function k alone, k planned but not in m
 * (veto's trial). */
ChkPlan *chk_plan_trial(const Module *m, Func *k, const ChkTarget *t);
/* How many check plans the range analysis has computed in this process,
 * and in *for_narrow (unless NULL) how many of them were hypotheses
 * tried by the narrow choice (for `wyc -v`). */
int chk_runs(int *for_narrow);

/* ---- what the printers read: the plan -------------------------------- */

const Module *chk_module(const ChkPlan *pl);
/* Func*: the kernel functions, in module order */
const PtrVec *chk_kernels(const ChkPlan *pl);
/* Func*: every function device code calls */
const PtrVec *chk_callees(const ChkPlan *pl);
/* The check plan of function fn (a kernel function or a called one) in
 * variant 0, or 1 (the narrow kernels and their copies of the functions
 * they call); NULL when chk_checks made none. */
const ChkFunc *chk_func(const ChkPlan *pl, const Func *fn, int variant);
/* The narrow variant of k in --explain's words. */
const char *chk_narrow_what(const Kernel *k);

/* ---- ... and per function: p is an instruction of its code ----------- */

/* What the plan says of instruction p. */
typedef struct ChkAt {
  ChkKind kind;         /* a check's: an assert, an int add or sub */
  int hoist_to;         /* a CHK_HOISTED, CHK_BOUNDED or CHK_WIDE check:
                           the loop (its FORALL) it is tested before
                           (after: CHK_WIDE) */
  int lift_from;        /* a check hoisted out of this inner loop and
                           lifted further, to hoist_to; -1 */
  int move_to;          /* an int operation computed before this loop
                           (its value the same in every iteration); -1 */
  bool no_overflow;     /* an int operation that cannot overflow */
  bool nonzero, not_m1; /* an int division or remainder: its divisor is
                           never 0, never -1 ... */
  bool not_min;         /* ... its dividend never the least int */
  signed char sign[2];  /* an int add or sub: the sign of each operand,
                           1 (never negative), -1 (always negative), 0 */
  signed char dir;      /* a FORALL over a range: 1 when it runs upwards
                           or not at all (lo <= hi), -1 when downwards or
                           not at all, 0 when the analysis cannot tell */
  int upward;           /* a FORALL of dir 0: the loop around it before
                           which the test that it ascends (a GPU's) runs
                           (its range does not change there, every
                           iteration meets it), or -1 */
  bool ascend_all;      /* a FORALL of dir 0 taken as ascending on every
                           device, not only on a GPU (a running sum's
                           bound counts its iterations) */
  bool must_ascend;     /* ... that, or its kernel's dependence test took
                           it as ascending (Insn.ascends): a descending
                           run fails on every device */
} ChkAt;

/* Every answer is for all of the target's widths. */
const ChkAt *chk_at(const ChkFunc *cf, int p);
/* The RANGE that defines register r, once in the code, or -1. */
int chk_range_at(const ChkFunc *cf, int r);
/* r is an int constant of the kernel or the code (narrowest width). */
bool chk_int_const(const ChkFunc *cf, int r, long long *v);
/* In the narrow variant: is register i the loop variable of an NDRange
 * dimension the variant takes to lie within the length of level `level`
 * of list parameter `list`? */
bool chk_index_known(const ChkFunc *cf, int i, int list, int level);
/* A kernel's parameter p that its call site's facts take to be at least
 * *min (a dimension's hi above its constant lo): tested on entry. */
bool chk_entry_min(const ChkFunc *cf, int p, long long *min);
/* The CHK_WIDE sums of loop h: another loop of the code (no NDRange
 * dimension) holds h. */
bool chk_wide_inner(const ChkFunc *cf, int h);

/* ---- the tests before a loop, to print ------------------------------- */

/* A value known before a loop: a register, an int, or the length of a
 * level of a list parameter. */
typedef enum ChkValKind { CHK_VAL_REG, CHK_VAL_INT, CHK_VAL_LEN } ChkValKind;
typedef struct ChkVal {
  ChkValKind kind;
  int reg;           /* REG: the register; LEN: the list parameter */
  int level;         /* LEN: the level, 0 the outermost */
  long long c;       /* INT */
} ChkVal;

/* Longest chain of offsets followed from a loop's variable. */
#define CHK_CHAIN 4

/* r = v + o1 - o2 ...: the adds and subs of values known before the
 * loop that make r from the loop's variable v, in order. */
typedef struct ChkChain {
  int n;
  bool sub[CHK_CHAIN];
  ChkVal off[CHK_CHAIN];
  int reg[CHK_CHAIN];   /* the register of each offset */
} ChkChain;

/* Register r as a value that is r's throughout the loop at h. */
bool chk_invariant(const ChkFunc *cf, int h, int r, ChkVal *v);
/* r at p is the variable of the loop at h plus or minus invariants in
 * its every iteration: the steps into *c (none: the variable itself). */
bool chk_chain(const ChkFunc *cf, int h, int p, int r, ChkChain *c);

/* How an operand of a check hoisted out of loop h is seen from the
 * loop H around it, to which it is lifted (chk_lift_from). */
typedef enum ChkLift {
  CHK_LIFT_NONE,
  CHK_LIFT_INV,     /* unchanged in H */
  CHK_LIFT_OUTER,   /* H's variable plus or minus invariants of H: the
                       chain; tested at the ends of H's range */
  CHK_LIFT_INNER    /* h's variable plus or minus invariants of H: the
                       chain; tested at the ends of h's range */
} ChkLift;
ChkLift chk_lift_operand(const ChkFunc *cf, int H, int h, int p, int x,
                         ChkChain *c);
/* The ends of h's range as values known before H. */
bool chk_inner_bounds(const ChkFunc *cf, int H, int h, ChkVal *lo,
                      ChkVal *hi);

/* Returns of a function whose bounds the analysis keeps. */
#define CHK_RETS 4
/* The CHK_BOUNDED assert at p in the loop at h as `call's result cmp
 * other`, and the bounds of the result on the side that could fail it,
 * as values known before the loop (t[0 .. *n), one per return of the
 * callee, none twice). */
bool chk_bound_test(const ChkFunc *cf, int h, int p, Cmp *cmp,
                    ChkVal *other, ChkVal *t, int *n);

#endif
