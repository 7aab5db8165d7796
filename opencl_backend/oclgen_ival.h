/* oclgen_ival.h -- the intervals of the range analysis of device code,
 * shared by its files: oclgen_ival.c (intervals from definitions),
 * oclgen_ival_at.c (registers defined more than once, comparisons, the
 * memo: ocl_iv_at) and oclgen_range.c (the questions and the plan).
 * Internal to opencl_backend/. */
#ifndef OCLGEN_IVAL_H
#define OCLGEN_IVAL_H

#include "../wyil/wyil.h"
#include "oclgen_internal.h"

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

/* g->def_at of a register no instruction of the code defines (a
 * parameter the body never assigns) */
#define DEF_NONE (-3)

static inline Big
wmax(int w)
{
  return w == 32 ? (Big)INT32_MAX : (Big)INT64_MAX;
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

/* ---- oclgen_ival.c ----------------------------------------------- */

/* The instruction that defines r, once, in the emitted code or among a
 * kernel's constants; NULL otherwise. */
Insn *ocl_iv_def_of(OclGen *g, int r);
/* The int that CONST d writes, within 32 bits. */
bool ocl_iv_const(Insn *d, long long *v);
/* The kernel's loop or its range defining r before the emitted code
 * (*at: where), or NULL. */
Insn *ocl_iv_outer_def(OclGen *g, int r, int *at);
bool ocl_iv_int_const(OclGen *g, int r, long long *v);
/* `in` operates on ints. */
bool ocl_iv_is_int(Insn *in);
/* r and s are kernel parameters the call site passes one host
 * register. */
bool ocl_iv_same_param(OclGen *g, int r, int s);
/* r and s hold the same value wherever both are defined. */
bool ocl_iv_same_value(OclGen *g, int r, int s);
/* a op b for intervals (add, sub, neg, mul). */
Ival ocl_iv_arith(Op op, Ival a, Ival b);
/* The interval of parameter r on entry. */
Ival ocl_iv_param(OclGen *g, int r, int w);
/* ... and what the kernel's one call site passes in it. */
Ival ocl_iv_entry(OclGen *g, int r, int w);
/* The interval that definition d (at p) gives its register. */
Ival ocl_iv_def(OclGen *g, Insn *d, int p, int w, int depth, bool facts);
/* v narrowed by `r cmp b`, v being r's interval. */
Ival ocl_iv_narrow(Ival v, Cmp cmp, Ival b);
/* Instruction in ends a straight path backwards. */
bool ocl_iv_path_stop(OclGen *g, Insn *in);
/* The comparison known to hold right after `in`: false when none. */
bool ocl_iv_fact_at(Insn *in, int *a, Cmp *cmp, int *b);
bool ocl_iv_defines(Insn *in, int r);

/* ---- oclgen_ival_at.c -------------------------------------------- */

/* What the code before the emitted code leaves in r (a kernel's loop
 * variable, its range, its constants) and its value on entry when it
 * is a parameter, into *v (NONE: nothing); false when unknown. */
bool ocl_iv_before(OclGen *g, int r, int w, int depth, bool facts, Ival *v);
/* No instruction strictly between dp and q ends the straight path or
 * writes an operand of code[dp], nor does code[dp] itself: the operands
 * hold at q the values code[dp] read. */
bool ocl_iv_kept_to(OclGen *g, int dp, int q);

/* The interval of r at p (before code[p] runs), for ints w bits wide;
 * `facts`: narrowed by comparisons.  depth: 0 for a question. */
Ival ocl_iv_at(OclGen *g, int r, int p, int w, int depth, bool facts);

/* ---- oclgen_ival_sum.c ------------------------------------------- */

/* The plan's predecessors and running sums (g->pred, g->sum_reg,
 * g->sum_loop). */
void ocl_iv_sum_plan(OclGen *g);
/* The interval of r at p when the definitions that reach p include
 * running sums `r = r + e` in loops whose trip counts are bounded:
 * false when the rule does not apply. */
bool ocl_iv_sum(OclGen *g, int r, int p, int w, int depth, bool facts,
                Ival *v);

#endif
