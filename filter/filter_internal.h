/* filter_internal.h -- internal header of filter/, one banner per file. */
#ifndef FILTER_INTERNAL_H
#define FILTER_INTERNAL_H

#include "filter.h"

/* ---- affine.c --------------------------------------------------- */

#define FLT_AFF_VARS 24
/* c + coef[0]*v0 + ... over the variables of an FltAffNest. */
typedef struct FltAff {
  bool ok;                    /* false: not affine (the rest is 0) */
  long cst;
  long coef[FLT_AFF_VARS];
} FltAff;

/* A variable of a nest: a loop variable, or a loop-invariant symbol. */
typedef struct FltAffVar {
  int reg;                    /* its register */
  int loop;                   /* its FORALL's index; -1: a symbol */
  bool nonneg;                /* a symbol known >= 0 (a length) */
  int outer;                  /* a symbol that is the variable of a loop
                                 around the nest: that FORALL, else -1 */
  FltAff lo, hi;              /* a loop variable (either kind): its range
                                 lo..hi, ascending (lo <= v < hi) or,
                                 where lo > hi, descending (hi < v <= lo);
                                 a side whose ok is false is not known */
} FltAffVar;

/* The loop at fn->code[at] (a range loop) and the loops in its body. */
typedef struct FltAffNest {
  Func *fn;
  const Cfg *cfg;
  int at, end;                /* its FORALL and END */
  const int *ndefs;           /* register -> definitions in the body */
  int nvars;
  FltAffVar var[FLT_AFF_VARS];/* [0]: the loop's own variable */
} FltAffNest;

/* The nest of the range loop at code[at], over lo..hi (registers not
 * changed between the range and the loop); ndefs as FltAffNest's. */
FltAffNest *flt_aff_nest(Func *fn, int at, const int *ndefs, int lo,
                         int hi);
/* Register r, read at code[use] in the body, as an affine form. */
FltAff flt_aff_at(FltAffNest *n, int r, int use);
/* Is f (ok) a constant? */
bool flt_aff_is_const(const FltAff *f);
/* f in source terms: "i - 1", "2*j + k"; "?" when not affine. */
const char *flt_aff_str(FltAffNest *n, const FltAff *f);

/* ---- build.c ---------------------------------------------------- */

/* Does the FORALL at fn->code[at] grow a list?  NULL when it appends
 * nothing, or when it is a build loop (k->kind = KK_BUILD, build_list,
 * build_append set; k's bounds and over_list already known); otherwise
 * why its appends keep it on the CPU, in source terms. */
const char *flt_build_find(Func *fn, int at, Live *lv, Kernel *k);
/* split.c: c is the kernel function's copy of host instruction in. */
void flt_build_map(Kernel *k, Kernel *kk, Insn *in, Insn *c);
/* After flt_windows: the built list is written whole, level by level. */
void flt_build_windows(Kernel *k);
/* For --explain: "build of 'xs'", or NULL for another kind. */
const char *flt_build_text(Kernel *k);

/* ---- depend.c --------------------------------------------------- */

/* A list of device scalars (int, bool, real; an int|real as a real),
 * nested at most 3 deep: its depth and (unless NULL) in *elem its
 * element type; 0 for any other type. */
int flt_list_depth(Type *t, Type **elem);

/* Can the FORALL at fn->code[at] run its iterations in parallel?  NULL
 * and a filled Kernel (args, callees, bounds) if so; otherwise the
 * reason, in source terms. */
const char *flt_parallel(Func *fn, int at, Live *lv,
                         const FilterOptions *opt, Kernel *k);

/* ---- counted.c -------------------------------------------------- */

/* Make each while loop of fn that counts an int by 1 up to a bound it
 * does not change a range loop (FORALL), adding a FltIv (counted) to
 * ivs for each; returns how many.  Changes fn's code. */
int flt_counted(Func *fn, PtrVec *ivs);

/* ---- deptest.c -------------------------------------------------- */

/* An access of one list in the body of an FltAffNest's loop. */
typedef struct FltAccess {
  int at;                     /* its instruction: the UPDATE, the INDEXOF
                                 reading an element, or the FORALL over
                                 a row */
  bool write;
  int n;                      /* indices from the root (a FORALL over a
                                 row: fewer than the depth) */
  FltAff idx[3];
  int reg[3];                 /* the index registers (for the text of a
                                 level that is not affine) */
} FltAccess;

typedef enum FltDepKind {
  FLT_DEP_NONE,               /* no two iterations meet */
  FLT_DEP_DIST,               /* they may, at a known distance */
  FLT_DEP_UNKNOWN             /* they may, at an unknown distance */
} FltDepKind;

/* May access a in one iteration of the nest's loop and access b in
 * another touch the same element?  (GCD test of the index equations,
 * then bounds: Fourier-Motzkin elimination over the loops' ranges, in
 * both orders of the two iterations.)  FLT_DEP_DIST sets *dist to the
 * iterations between them (> 0); *downward: they meet only if some
 * range of unknown direction runs downwards (a..b with a > b).
 * *ascend (bits of nest variables, FLT_AFF_VARS of them): where the two
 * meet only if a range of unknown direction of the nest's own loops
 * (the loop and those in its body) runs downwards, the answer is
 * FLT_DEP_NONE with those loops' bits set in *ascend: the kernel then
 * runs only when they ascend (Insn.ascends). */
FltDepKind flt_dep_carried(FltAffNest *n, const FltAccess *a,
                           const FltAccess *b, long *dist, bool *downward,
                           uint32_t *ascend);
/* May access a in one iteration of the nest's loop and access b in a
 * later one touch the same element (every range of unknown direction
 * tried both ways)?  For loop distribution (distribute.c). */
bool flt_dep_before(FltAffNest *n, const FltAccess *a, const FltAccess *b);
/* ... with loop variable v of the nest (an inner loop's) higher in a's
 * iteration than in b's: a dependence of direction (<, >), which an
 * interchange of the two loops would reverse (interchange.c). */
bool flt_dep_crossed(FltAffNest *n, const FltAccess *a, const FltAccess *b,
                     int v);

/* ---- emit.c ----------------------------------------------------- */

/* A new instruction with up to two register operands a, b (unused ones
 * -1), for the filter's rewrites (counted.c, induction.c, recur.c). */
Insn *flt_new_insn(Op op, Type *type, int dst, int a, int b, SrcPos pos);

/* New code for fn being built: code[0 .. n), instructions at pos. */
typedef struct FltEmit {
  Func *fn;
  Insn **code;
  int n;
  SrcPos pos;
} FltEmit;

/* A copy of in reading and writing ren[r] for each register r and
 * relabel[l] for its label (a SWITCH's cases are shared, not renamed). */
Insn *flt_copy_insn(Insn *in, const int *ren, const int *relabel);
/* Register and label maps for a copy of code beside the original
 * (flt_copy_insn): flt_names starts them as the identity, and
 * flt_fresh_names gives each register code[from .. to) defines (but
 * those keep[] marks: lists written element-wise) and each label there
 * a fresh one. */
typedef struct FltNames {
  int *ren, *relabel;
  int nregs;             /* registers the maps cover */
} FltNames;
FltNames flt_names(Func *fn);
void flt_fresh_names(Func *fn, FltNames *m, int from, int to,
                     const bool *keep);
/* A function's code as it was, for a rewrite tried and undone (the
 * instructions themselves are never changed in place by a rewrite). */
typedef struct FltSnapshot {
  Insn **code;
  int ncode, capcode, nregs, nlabels;
} FltSnapshot;
FltSnapshot flt_snapshot(Func *fn);
void flt_restore(Func *fn, const FltSnapshot *s);
/* A FltIv record of a versioned loop (distribute.c, interchange.c). */
void flt_add_iv(PtrVec *ivs, Insn *loop, Func *fn, int seq_label,
                FltIvKind kind);
/* rewrite(fn, h, opt) on every FORALL h of fn until none applies (at
 * -O1 and up); how many applied. */
int flt_each_loop(Func *fn, FilterOptions *opt,
                  bool (*rewrite)(Func *, int, FilterOptions *));
/* Append an instruction of ints (see flt_new_insn). */
Insn *flt_emit(FltEmit *e, Op op, int dst, int a, int b);
/* Append `const dst = text` (an int; dst -1: a new register); dst. */
int flt_emit_const(FltEmit *e, int dst, const char *text);
/* Append `if a cmp b goto label`. */
Insn *flt_emit_if(FltEmit *e, int a, Cmp cmp, int b, int label);
/* Append the label. */
void flt_emit_label(FltEmit *e, int label);
/* The new code becomes e->fn's (its old CFG dropped). */
void flt_emit_install(FltEmit *e);

/* ---- filter.c --------------------------------------------------- */

/* Is register reg written (wholly; an UPDATE writes its root too) by
 * an instruction of code[from .. to)? */
bool flt_written(Func *fn, int from, int to, int reg);
/* Is the loop at code[h] (its END at e) inside a try, or a try inside
 * it?  The rewrites leave such a loop as it is: what they move cannot
 * fail, but a handler's registers and the edges to it are not worth
 * the care. */
bool flt_try_near(Func *fn, int h, int e);

/* ---- distribute.c ----------------------------------------------- */

/* Distribute fn's loops (see the file); how many were split. */
int flt_distribute(Func *fn, FilterOptions *opt);
/* Is code[u] inside (or) a sequential version made before (recur.c's,
 * distribute.c's, interchange.c's)? */
bool flt_in_sequential(Func *fn, const Cfg *cfg, int u, const PtrVec *ivs);
/* The body of the loop at h (END e) keeps to itself: branches land
 * inside it, and nothing in it has effects the order of its iterations
 * could show (no return, throw, try, switch, debug output, method or
 * indirect call). */
bool flt_plain_body(Func *fn, const Cfg *c, int h, int e);
/* May the loop at h be versioned by a rewrite: a FORALL over a range
 * made just before it, not inside a try or a sequential version, its
 * body plain (flt_plain_body)? */
bool flt_versionable(Func *fn, const Cfg *c, int h,
                     const FilterOptions *opt);
/* The accesses of list register reg in the body of the loop at h (END
 * e), rows followed, into acc (FltAccess*); false when some use is not
 * an element read, an element write, a length or a loop over a row. */
bool flt_list_accesses(Func *fn, FltAffNest *n, int h, int e, int reg,
                       PtrVec *acc);

/* Can the body of the loop at h (END e) be cut before code[p]: at its
 * top level, no branch across?  flt_stmt_cut: and a source statement or
 * an inner loop ends there. */
bool flt_cut_point(Func *fn, const Cfg *c, int h, int e, int p);
bool flt_stmt_cut(Func *fn, const Cfg *c, int h, int e, int p);
/* Put the loops parts->code holds in place of the loop at h (END e),
 * its range made at h - 1, then `goto DONE`, the label SEQ, the loop as
 * written and DONE: installed; the label SEQ. */
int flt_dist_install(Func *fn, int h, int e, const FltEmit *parts);

/* ---- distribute_groups.c ---------------------------------------- */

/* Distribute the loop at h by independent groups of its statements (see
 * the file): true when it was split. */
bool flt_distribute_groups(Func *fn, int h, FilterOptions *opt);

/* ---- interchange.c ---------------------------------------------- */

/* Interchange fn's nests (see the file); how many were swapped. */
int flt_interchange(Func *fn, FilterOptions *opt);
/* No branch of the body of the loop at k (END ke) lands outside it. */
bool flt_inner_closed(Func *fn, const Cfg *c, int k, int ke);

/* ---- hoist.c ---------------------------------------------------- */

/* Move the int arithmetic that computes an inner loop's range ends in
 * the body of a loop around it, from values that loop never changes,
 * to before that loop (see hoist.c); returns how many moves.  Changes
 * fn's code (and drops its Cfg). */
int flt_hoist_range_ends(Func *fn);

/* ---- licm.c ---------------------------------------------------- */

/* Move the computations of each range loop's body whose operands the
 * loop never writes to before the loop, innermost loops first;
 * divisions guarded by their divisor's test, their checks left in the
 * loop (see licm.c); returns how many.  Changes fn's code (and drops
 * its Cfg). */
int flt_licm(Func *fn);

/* ---- inline.c --------------------------------------------------- */

/* Replace kernel function kfn's calls of small functions of ints and
 * bools by their code (see inline.c); returns how many. */
int flt_inline_calls(Func *kfn);

/* ---- induction.c ------------------------------------------------ */

#define FLT_NEST_MAX 16
/* A chain of range loops, each directly in the body of the one before. */
typedef struct FltNest {
  int n;                      /* loops in the chain; 0: none */
  int loop[FLT_NEST_MAX];     /* FORALL index, outermost first */
  int range[FLT_NEST_MAX];    /* index of each loop's RANGE */
} FltNest;

/* The innermost LOOP or FORALL around code[i] (not i itself), or -1. */
int flt_loop_around(Func *fn, const Cfg *cfg, int i);
/* Does control reach code[point] in every iteration of the loop at
 * `head`, and leave the loop only at its END (or by ending the
 * function or the program)? */
bool flt_runs_every_iteration(Func *fn, const Cfg *cfg, int head,
                              int point);
/* The chain of range loops, outermost first, around code[u], the only
 * definition of register k in the outermost: the update runs in every
 * iteration of each loop, which the update or a break never leaves
 * early, and neither the loops' bounds nor the registers inv[0 .. ninv)
 * change in it.  The longest such chain; n == 0 when there is none. */
FltNest flt_nest_find(Func *fn, const Cfg *cfg, int u, int k,
                      const int *inv, int ninv);

/* Rewrite the induction variables of fn's range-loop nests (`k = k +
 * step` once per iteration) as functions of the loop indices, adding a
 * FltIv to ivs for each; returns how many.  Changes fn's code (and drops
 * its Cfg). */
int flt_induction(Func *fn, PtrVec *ivs);

/* ---- inject.c --------------------------------------------------- */

/* A write `xs[e] = v` at a computed index (inject.c): e is an affine
 * function of the variables of loops[0 .. nloops), and register guard
 * (1 or 0, computed before loops[0]) says whether e takes a different
 * value in every iteration of that nest.  xs is written nowhere else in
 * the nest and read there only at e. */
typedef struct FltWrite {
  Insn *update;                /* the UPDATE */
  Insn *loops[FLT_NEST_MAX];   /* its nest's FORALLs, outermost first */
  int nloops;
  int guard;
} FltWrite;

/* Is list w->dst (w an UPDATE at one index) written in code(from, to)
 * by w alone, and read there only at w's index (or measured)? */
bool flt_only_at_index(Func *fn, const Cfg *cfg, int from, int to,
                       Insn *w);
/* Put the test of each such write of fn before its nest, adding a
 * FltWrite to writes; returns how many.  Changes fn's code (and drops
 * its Cfg). */
int flt_computed_writes(Func *fn, PtrVec *writes);

/* ---- numkind.c -------------------------------------------------- */

/* Is t a union of int and real (nothing else)? */
bool flt_num_union(Type *t);
/* The kind (int, real or either) of each register defined in the body
 * code[at+1 .. end) of the loop at code[at]; ndefs: their definitions
 * there.  Nonzero kinds 2 (real) and 3 (either) are device reals. */
uint8_t *flt_num_kinds(Func *fn, int at, int end, const int *ndefs);
/* NULL when instruction `in` of the body keeps its result whether its
 * int|real values are device reals; else the reason. */
const char *flt_check_num(Func *fn, int at, int end, const int *ndefs,
                          const uint8_t *kind, Insn *in);

/* ---- filter.c --------------------------------------------------- */

/* Is `loop` one of the kernel's NDRange dimensions (flattened)? */
bool flt_is_dimension(Kernel *k, Insn *loop);

/* ---- recur.c ---------------------------------------------------- */

/* Version each nest of range loops that updates an int by an affine map
 * modulo m (`s = (s * a + c) % m`) so that, for s, a, c >= 0 and m > 0,
 * every iteration computes s from the loop indices by jump-ahead (see
 * recur.c), adding FltIvs to ivs; returns how many.  Runs before
 * flt_induction, which makes the update count it adds a function of
 * the indices.  Changes fn's code (and drops its Cfg). */
int flt_recurrences(Func *fn, PtrVec *ivs);

/* ---- reduce.c --------------------------------------------------- */

extern const char *const flt_red_name[];   /* "+", "*", ..., "max" */
/* Is register s, written in the body code[at+1 .. end) of a loop and
 * live on entry to it, a reduction?  Its operator, else KR_NONE and
 * *why (in source terms, about s).  ndefs: definitions in the body. */
KRedOp flt_reduction(Func *fn, int at, int end, const int *ndefs, int s,
                     const char **why);
/* Is every reduction of kernel `inner` (a probe of a loop nested in k's)
 * one of k's, with the same operator? */
bool flt_red_within(const Kernel *inner, const Kernel *k);
/* Why the loop at code[inner], directly in the loop at code[outer],
 * cannot be flattened into reduce kernel k: code around it updates one
 * of k's reductions (it would run once per work item); else NULL. */
const char *flt_red_outside(Func *fn, int outer, int inner,
                            const Kernel *k);

/* ---- scalarize.c ----------------------------------------------- */

/* Hold each element a[f] (a[f][g]) that a range loop reads and writes at
 * an index it never changes in a private scalar while the loop runs,
 * loaded before it and stored after it (see scalarize.c); returns how
 * many loops.  Changes fn's code (and drops its Cfg). */
int flt_scalarize(Func *fn);

/* ---- window.c --------------------------------------------------- */

/* Turn the kernel's written lists into KA_LIST_OUT with windows where
 * the kernel writes each element of a box and reads none (sets every
 * argument's win). */
void flt_windows(Func *fn, int at, Kernel *k, const Cfg *cfg);

/* ---- filter.c -------------------------------------------------- */

/* Was the loop a while loop in the source (a LOOP, or a FORALL the
 * filter made of one)? */
bool flt_was_while(const FilterResult *r, const Insn *loop);

#endif
