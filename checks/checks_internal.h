/* checks_internal.h -- internals of checks/, shared by its files: the
 * plan of a module's device code (ChkPlan) and of one function of it in
 * one variant (ChkFunc), the intervals of the range analysis, and each
 * file's functions under its banner: plan.c (the passes, the plans
 * kept), range.c (the questions, the check plan, calls and returns),
 * ival.c (intervals from definitions), ival_at.c (at a point: several
 * definitions, comparisons, the memo), ival_sum.c (running sums),
 * retbound.c (returns in terms of a call's arguments), hoist.c (what
 * moves before a loop), narrow.c (the narrow variant, the stores'
 * bounds).
 */
#ifndef CHECKS_INTERNAL_H
#define CHECKS_INTERNAL_H

#include <stdint.h>

#include "../wyil/wyil.h"
#include "checks.h"

typedef __int128 Big;  /* exact sums and products of two 64-bit ends */

#define BIG_INF ((Big)1 << 100)

typedef struct Ival {
  Big lo, hi;
} Ival;

/* How deep list questions recurse through definitions. */
#define DEPTH 4
/* ... and interval questions (a bound for the stack: the memo bounds
 * the work) */
#define IVAL_DEPTH 64

/* cf->def_at of a register no instruction of the code defines (a
 * parameter the body never assigns) */
#define DEF_NONE (-3)

/* The greatest int of w bits. */
static inline Big
wmax(int w)
{
  return ((Big)1 << (w - 1)) - 1;
}

static inline Ival
top(int w)
{
  return (Ival){-wmax(w) - 1, wmax(w)};
}

static inline Big
bmin(Big a, Big b)
{
  return a < b ? a : b;
}

static inline Big
bmax(Big a, Big b)
{
  return a > b ? a : b;
}

/* Saturate to [-BIG_INF, BIG_INF] so that products of ends stay exact. */
static inline Big
sat(Big x)
{
  return x > BIG_INF ? BIG_INF : x < -BIG_INF ? -BIG_INF : x;
}

/* The values a checked operation may produce: those that fit. */
static inline Ival
fit(Ival v, int w)
{
  Ival t = top(w);
  v.lo = bmax(v.lo, t.lo);
  v.hi = bmin(v.hi, t.hi);
  if (v.lo > v.hi) return t;  /* always overflows: never produced */
  return v;
}

static inline bool
fits(Ival v, int w)
{
  Ival t = top(w);
  return v.lo >= t.lo && v.hi <= t.hi;
}


static inline Ival
meet(Ival a, Ival b)
{
  return (Ival){bmax(a.lo, b.lo), bmin(a.hi, b.hi)};
}

/* The smallest interval holding a and b (NONE holds nothing). */
#define NONE ((Ival){BIG_INF, -BIG_INF})

static inline Ival
hull(Ival a, Ival b)
{
  return (Ival){bmin(a.lo, b.lo), bmax(a.hi, b.hi)};
}

/* What the kernels' calls say of a called function's int parameters
 * (range.c): per parameter and int width (the target's two), the hull
 * of the intervals of the arguments at every call site.  The program's
 * device code calls the function from nowhere else, so the hull holds
 * on its every entry. */
typedef struct ChkCallFacts {
  Func *fn;
  bool seen;            /* a kernel calls it */
  bool open;            /* device code other than a kernel calls it: the
                           hull says nothing */
  Big (*lo)[2], (*hi)[2];   /* [parameter][width] */
} ChkCallFacts;

/* A bound of what a function returns, in terms of a call's arguments:
 * argument `par`, or (par < 0) the constant c. */
typedef struct ChkTerm {
  int par;
  long long c;
} ChkTerm;

/* Bounds per return that retbound.c keeps (CHK_RETS returns). */
#define CHK_ALTS 3

/* What one return of a function returns, bounded below by any of lo[0
 * .. nlo) and above by any of hi[0 .. nhi) (the value itself first). */
typedef struct ChkRetBound {
  int nlo, nhi;
  ChkTerm lo[CHK_ALTS], hi[CHK_ALTS];
} ChkRetBound;

/* The values a called function returns, of any call (its parameters
 * unknown): the hull of its returns' intervals (range.c); and of a
 * given call, in terms of its arguments, when every return returns a
 * parameter or a constant (retbound.c; nret 0: not known): the result
 * is at least the least of one lower bound of each return, and at most
 * the greatest of one upper bound of each. */
typedef struct ChkRetFacts {
  Func *fn;
  Big lo[2], hi[2];              /* [width] */
  int nret;
  ChkRetBound ret[CHK_RETS];
} ChkRetFacts;

struct ChkPlan {
  const Module *m;
  ChkTarget t;
  PtrVec ks;            /* Func*: the kernel functions, in module order */
  PtrVec callees;       /* Func*: every function device code calls */
  PtrVec call_facts[2]; /* ChkCallFacts of the called functions, per
                           variant */
  PtrVec rets;          /* ChkRetFacts of the called functions known */
  PtrVec kept;          /* ChkFunc*: the plans made without call facts,
                           each kept for the same question asked again
                           (plan.c); valid while the IR does not change,
                           which it does not after the last verification */
  PtrVec printed[2];    /* ChkFunc*: per variant, the plan of each
                           function the printer prints (chk_checks) */
  bool narrow_search;   /* the narrow choice is trying hypotheses */
  struct IvalMemo *memo;/* the intervals one question has found
                           (ival_at.c) */
};

/* What a check plan is made for (plan.c, chk_plan_func). */
typedef struct ChkAsk {
  Func *fn;
  Kernel *k;            /* the kernel, or NULL in a called function */
  int from, to;         /* the code: code[from..to) */
  int variant;          /* 1: the narrow variant */
  const int *hyp;       /* the narrow variant's assumptions, or NULL */
  ChkCallFacts *facts;  /* a called function's call facts, or NULL */
  bool sums_off;        /* no running sums' bounds (the narrow choice) */
} ChkAsk;

struct ChkFunc {
  ChkPlan *pl;          /* the plan it is part of: calls' and returns'
                           facts, the target */
  Func *fn;
  Kernel *k;            /* the kernel, or NULL in a called function */
  int from, to;         /* the code planned: code[from..to) (a kernel:
                           its loop's body) */
  int ncode, nregs;     /* fn's when made */
  int variant;          /* 1: the narrow variant's (narrow.c) */
  int bits[2];          /* the target's int widths, narrowest first */
  int *hyp;             /* register -> a list argument whose elements the
                           kernel may take to lie in [-2^hyp, 2^hyp - 1]
                           (an int argument or a loop index: its value);
                           0: none (or NULL) */
  ChkCallFacts *facts;  /* a called function's call facts, or NULL */
  bool sums_off;        /* no running sums' bounds (the narrow choice) */
  int nrets;            /* pl->rets.n when made */
  /* the code's structure (copies of wyil_cfg's, which the driver
   * releases after each pass) */
  int *match;           /* LOOP/FORALL <-> END, -1 elsewhere */
  int *label_at;        /* label -> instruction index, -1 */
  bool *label_used;     /* label is a branch target */
  int *range_at;        /* register -> the RANGE in [from, to) that
                           defines it once, -1 */
  int *list_depth;      /* register -> the levels of a list parameter,
                           whose lengths the printer passes (ChkVal's
                           CHK_VAL_LEN); 0 for any other */
  /* definitions (range.c) */
  int *def_at;          /* register -> its one definition in [from, to),
                           -2: a kernel constant, -1: none or several,
                           DEF_NONE: none at all */
  Insn **const_def;     /* register -> that kernel constant */
  int *defs_at, *defs;  /* register r's definitions in [from, to):
                           defs[defs_at[r] .. defs_at[r + 1]) */
  /* a kernel's one call site (range.c, call_site_facts) */
  Big *pmin, *pmax;     /* per parameter: the values it can pass (host
                           constants, a dimension's hi above its constant
                           lo), or NULL */
  bool *pdim;           /* per parameter: pmin holds because the kernel
                           tests on entry that its dimension ascends */
  int *palias;          /* per parameter: the first parameter the call
                           site passes the same host register, or NULL */
  /* running sums (ival_sum.c) */
  int *pred_at, *pred;  /* instruction i in [from, to]: its predecessors
                           in [from, to), pred[pred_at[i - from] ..] */
  bool *sum_reg;        /* register -> some `r = r + e` defines it */
  bool *sum_loop;       /* instruction -> a range loop around such a
                           definition: taken as ascending on every device
                           (a sum's bound counts its iterations) */
  signed char *sum_dir; /* such a loop -> its direction found first in
                           the plan (chk_find_direction), 2: not yet */
  int *sum_seen, sum_stamp; /* the search's marks */
  /* the plan (range.c, hoist.c) */
  uint8_t *chk;         /* instruction -> ChkKind of a check */
  int *hoist_to;        /* instruction -> the loop it is hoisted out of */
  int *lift_from;       /* instruction -> the inner loop whose check it
                           is, lifted to hoist_to (chk_lift_target), -1 */
  int *move_to;         /* instruction -> the loop before which it is
                           computed (loop-invariant), -1 */
  ChkAt *at;            /* the answers the printer reads, per
                           instruction (chk_checks: range.c, chk_answer),
                           or NULL */
};

/* The target's width after w, or 0 (for w = bits[0]; w; w = wider()) */
static inline int
wider(const ChkFunc *cf, int w)
{
  return w < cf->bits[1] ? cf->bits[1] : 0;
}

/* Which of the target's widths w is: 0 the narrowest, 1 the wider. */
static inline int
width_at(const ChkFunc *cf, int w)
{
  return w != cf->bits[0];
}

/* ================================================================ */
/* plan.c                                                            */

/* The check plan for `ask`: the one kept for the same question, or one
 * made now (kept unless it has call facts, which grow as kernels are
 * noted).  Either way the intervals' memo starts afresh. */
ChkFunc *chk_plan_func(ChkPlan *pl, const ChkAsk *ask);
/* A kernel function's ask in variant v (its narrow assumptions, when v
 * is 1). */
ChkAsk chk_kernel_ask(Func *fn, int v);

/* ================================================================ */
/* range.c                                                           */

/* Plan the checks of cf's code: proved, hoisted, fused (cf->chk,
 * cf->hoist_to); its definitions, call site facts, running sums. */
void chk_plan_checks(ChkFunc *cf);
/* The answers the printer reads (cf->at). */
void chk_answer(ChkFunc *cf);
/* The direction of the loop over a range at p, at every width (see
 * ChkAt.dir). */
int chk_find_direction(ChkFunc *cf, int p);
/* t is an int (nominals expanded), a device int. */
bool chk_int_type(Type *t);
/* After chk_plan_checks: the checks of the code the plan and the range
 * analysis prove, each weighted by the loops around it (16 per loop). */
long chk_proved_weight(ChkFunc *cf);
/* After chk_plan_checks: the least b with every value of int register r
 * at p within [-2^b, 2^b - 1] at every width, or -1. */
int chk_value_bits(ChkFunc *cf, int p, int r);
/* After chk_plan_checks of a kernel: the intervals of the int arguments
 * of its calls, into the plan's call facts (cf's variant).
 * chk_open_calls: fn is called by device code that is no kernel. */
void chk_note_calls(ChkFunc *cf);
void chk_open_calls(ChkPlan *pl, int variant, Func *fn);
/* After chk_plan_checks of called function cf->fn, without call facts:
 * record the interval of what it returns (for the INVOKEs of it). */
void chk_note_returns(ChkFunc *cf);
/* What chk_note_returns recorded of fn, or NULL. */
ChkRetFacts *chk_ret_facts(const ChkFunc *cf, const Func *fn);
/* The call facts of fn in variant v, or NULL. */
ChkCallFacts *chk_call_facts(ChkPlan *pl, int variant, const Func *fn);

/* ================================================================ */
/* ival.c                                                            */

/* The instruction that defines r, once, in the code planned or among a
 * kernel's constants; NULL otherwise. */
Insn *chk_iv_def_of(const ChkFunc *cf, int r);
/* The int that CONST d writes, within w bits (narrower than 64:
 * strictly inside). */
bool chk_iv_const(const Insn *d, long long *v, int w);
/* The kernel's loop or its range defining r before the code planned
 * (*at: where), or NULL. */
Insn *chk_iv_outer_def(const ChkFunc *cf, int r, int *at);
/* r is defined once by a CONST of the narrowest width, in *v. */
bool chk_iv_int_const(const ChkFunc *cf, int r, long long *v);
/* `in` operates on ints. */
bool chk_iv_is_int(const Insn *in);
/* The length of list register x is that of level *level of list
 * parameter *list (false: not known). */
bool chk_len_of(const ChkFunc *cf, int x, int *list, int *level);
/* r and s are kernel parameters the call site passes one host
 * register. */
bool chk_iv_same_param(const ChkFunc *cf, int r, int s);
/* r and s hold the same value wherever both are defined. */
bool chk_iv_same_value(const ChkFunc *cf, int r, int s);
/* a op b for intervals (add, sub, neg, mul). */
Ival chk_iv_arith(Op op, Ival a, Ival b);
/* The interval of parameter r on entry. */
Ival chk_iv_param(const ChkFunc *cf, int r, int w);
/* ... and what the kernel's one call site passes in it. */
Ival chk_iv_entry(const ChkFunc *cf, int r, int w);
/* The interval that definition d (at p) gives its register. */
Ival chk_iv_def(ChkFunc *cf, Insn *d, int p, int w, int depth, bool facts);
/* v narrowed by `r cmp b`, v being r's interval. */
Ival chk_iv_narrow(Ival v, Cmp cmp, Ival b);
/* Instruction in ends a straight path backwards. */
bool chk_iv_path_stop(const ChkFunc *cf, const Insn *in);
/* The comparison known to hold right after `in`: false when none. */
bool chk_iv_fact_at(const Insn *in, int *a, Cmp *cmp, int *b);
bool chk_iv_defines(const Insn *in, int r);

/* ================================================================ */
/* ival_at.c                                                         */

/* What the code before the code planned leaves in r (a kernel's loop
 * variable, its range, its constants) and its value on entry when it
 * is a parameter, into *v (NONE: nothing); false when unknown. */
bool chk_iv_before(ChkFunc *cf, int r, int w, int depth, bool facts, Ival *v);
/* No instruction strictly between dp and q ends the straight path or
 * writes an operand of code[dp], nor does code[dp] itself: the operands
 * hold at q the values code[dp] read. */
bool chk_iv_kept_to(const ChkFunc *cf, int dp, int q);

/* The memo forgets what it found: the next question starts a new
 * session of pl's questions (a plan reused). */
void chk_iv_forget(ChkPlan *pl);
/* The interval of r at p (before code[p] runs), for ints w bits wide;
 * `facts`: narrowed by comparisons.  depth: 0 for a question. */
Ival chk_iv_at(ChkFunc *cf, int r, int p, int w, int depth, bool facts);

/* ================================================================ */
/* ival_sum.c                                                        */

/* The plan's predecessors and running sums (cf->pred, cf->sum_reg,
 * cf->sum_loop). */
void chk_iv_sum_plan(ChkFunc *cf);
/* The interval of r at p when the definitions that reach p include
 * running sums `r = r + e` in loops whose trip counts are bounded:
 * false when the rule does not apply. */
bool chk_iv_sum(ChkFunc *cf, int r, int p, int w, int depth, bool facts,
                Ival *v);

/* ================================================================ */
/* retbound.c                                                        */

/* Into f: bounds of what function fn returns, in terms of its
 * parameters (a call's arguments), when every return returns a
 * parameter or a constant (of `bits` bits at most); none otherwise. */
void chk_ret_terms(const Func *fn, ChkRetFacts *f, int bits);
/* The facts of the function call d calls when they bound its result in
 * terms of its arguments (ChkRetFacts.nret > 0), or NULL. */
ChkRetFacts *chk_call_terms(const ChkFunc *cf, const Insn *d);

/* ================================================================ */
/* hoist.c                                                           */

/* Which int operations of cf's code compute the same value in every
 * iteration of their loop over a range, and run before it instead
 * (cf->move_to; after cf->def_at is made). */
void chk_plan_moves(ChkFunc *cf);
/* The FORALL whose entry can test the assert at p for all its
 * iterations, or -1; also an add or sub `v + off` whose overflow test
 * can move there. */
int chk_hoist_target(const ChkFunc *cf, int p);
/* The FORALL before which the bounds of a call's result can replace
 * the assert at p (CHK_BOUNDED), or -1. */
int chk_bound_target(const ChkFunc *cf, int p);
/* in reads register r. */
bool chk_reads(const Insn *in, int r);
/* The loop over a range whose sum the add or sub at p can carry in the
 * wider int (CHK_WIDE), or -1. */
int chk_wide_target(const ChkFunc *cf, int p);
/* The loop enclosing hoist_to[p] to which the check at p, hoisted out
 * of its loop, can be lifted further, or -1. */
int chk_lift_target(const ChkFunc *cf, int p);
/* See ChkAt.upward (checks.h). */
int chk_find_upward(ChkFunc *cf, int h);
/* See ChkAt.ascend_all, must_ascend. */
bool chk_ascending_everywhere(const ChkFunc *cf, int h);
bool chk_must_ascend(const ChkFunc *cf, int h);

/* ================================================================ */
/* narrow.c                                                          */

/* Decide whether the kernel of kernel function fn gets a narrow
 * variant: sets its KernelArg.narrow, narrow_dims and narrow_name. */
void chk_choose_narrow(ChkPlan *pl, Func *fn);
/* The narrow variant's assumptions for kernel k (k->narrow_name set):
 * ChkFunc.hyp. */
int *chk_narrow_hyp(const Kernel *k);
/* KernelArg.out_bits, out_arg of the lists k writes (cf: its plan). */
void chk_out_bits(ChkFunc *cf, Kernel *k);
/* In the narrow variant of cf->k: is register i the loop variable of an
 * NDRange dimension the variant takes to lie within [0, ...) of some
 * list (chk_index_known, checks.h: of a given level)? */
bool chk_index_nonneg(const ChkFunc *cf, int i);

#endif
