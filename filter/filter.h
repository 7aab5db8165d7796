/* filter.h -- the public interface of filter/: which loops of a WYIL
 * module may run their iterations in parallel, and how each selected
 * loop becomes an OpenCL kernel.
 *
 * flt_classify analyses every `forall` and `loop` of the module (dependence
 * analysis over WYIL, value semantics: two list registers never alias),
 * classifies each, and describes one Kernel per GPU-implicit loop, with
 * its nested parallel loops flattened into a 2-D or 3-D NDRange at -O2.
 * Before its analyses the flt_pass_* rewrite the module in ways that keep
 * its meaning: it hoists scalar constants out of loops (negative
 * literals folded first), turns counted while loops into range loops
 * (counted.c: by an int or by a list's length), moves the ends of inner
 * ranges out of row-building loops (hoist.c), versions nests that
 * update an affine recurrence modulo m so that it is computed by
 * jump-ahead (recur.c), computes induction variables from the loop
 * indices (induction.c), and tests before a nest whether a write at an
 * index computed from the loop variables is one-to-one (inject.c).
 * flt_split then outlines each Kernel into a WYIL function of its own
 * (Func.kernel set) and puts an `offload` instruction before its loop in
 * the host function, the loop staying as the CPU fallback: the back ends
 * read only WYIL (opencl_backend the kernel functions, c_backend the
 * `offload` instructions).
 */
#ifndef FILTER_H
#define FILTER_H

#include <stdio.h>

#include "../wyil/wyil.h"

typedef enum LoopClass {
  LC_CPU,                /* stays on the CPU; LoopInfo.reason says why */
  LC_GPU_IMPLICIT,       /* an outermost parallel loop: a kernel, one work
                            item per iteration */
  LC_GPU_IMPLICIT_INNER, /* a parallel loop directly inside a GPU-implicit
                            one, bounds independent of it (flattened into
                            the NDRange at -O2, else run like explicit) */
  LC_GPU_EXPLICIT        /* any other loop inside a kernel: runs
                            sequentially inside the work item */
} LoopClass;

extern const char *const flt_class_name[];  /* "CPU", "GPU-implicit", ... */

typedef struct LoopInfo {
  Func *fn;            /* where the loop is */
  Insn *loop;          /* its FORALL or LOOP instruction */
  LoopClass cls;
  const char *var;     /* loop variable's source name, or NULL (while) */
  const char *reason;  /* CPU: why, in source terms */
  Kernel *kernel;      /* GPU-implicit: its kernel; inner/explicit: the
                          enclosing kernel */
  SrcPos pos;
} LoopInfo;

/* A loop a back end cannot compile as a kernel, and why (flt_veto). */
typedef struct FltVeto {
  Insn *loop;          /* its FORALL */
  const char *why;     /* in source terms */
} FltVeto;

/* What the filter's rewrites made of a loop (for --explain). */
typedef enum FltIvKind {
  FLT_IV_INDUCTION,    /* an induction variable (filter/induction.c) */
  FLT_IV_COUNTED,      /* a while loop's counter (filter/counted.c) */
  FLT_IV_LENGTH,       /* a while loop counted by a list's length */
  FLT_IV_RECUR,        /* a recurrence computed by jump-ahead (recur.c) */
  FLT_IV_RECUR_SEQ,    /* the sequential version kept beside it */
  FLT_IV_JUMP,         /* the jump-ahead loop the compiler made */
  FLT_IV_DIST,         /* the first part of a distributed loop
                          (distribute.c): seq_label, fn set */
  FLT_IV_DIST_LAST,    /* ... its second part */
  FLT_IV_DIST_SEQ,     /* ... the loop as written, kept beside them */
  FLT_IV_SWAP,         /* the outer loop of an interchanged nest
                          (interchange.c): seq_label, fn set */
  FLT_IV_SWAP_SEQ      /* ... the nest as written, kept beside it */
} FltIvKind;

/* An induction variable the filter rewrote, the counter of a while
 * loop it made a range loop, or a recurrence it solved. */
typedef struct FltIv {
  Insn *loop;          /* the outermost loop of its nest; the new FORALL */
  Func *fn;            /* FLT_IV_RECUR, _DIST: the function holding it */
  int seq_label;       /* FLT_IV_RECUR, _DIST: the label of the
                          sequential version (the nest as written) */
  const char *var;     /* its source name (the list: FLT_IV_LENGTH), or
                          NULL */
  FltIvKind kind;
} FltIv;

typedef struct FilterOptions {
  int opt_level;       /* 0: offload nothing, 1: offload + forall->for,
                          2: also multi-dimensional flattening */
  FltReal gpu_real;    /* non-zero: real may be computed as float/double
                          on the device; otherwise a loop doing real
                          arithmetic stays exact on the CPU */
  PtrVec *vetoes;      /* FltVeto*: loops that stay on the CPU whatever
                          the analysis finds (flt_veto), or NULL */
  PtrVec *ivs;         /* FltIv*: induction variables rewritten so far,
                          or NULL (the function passes add to it; the
                          module keeps the rewrite, so a later run finds
                          them here) */
  PtrVec *writes;      /* writes at computed indices whose test of being
                          one-to-one inject put before their nest
                          (filter/inject.c), kept the same way, or NULL */
} FilterOptions;

/* A host loop with an offloaded call in its body (filter/chain.c). */
typedef struct FltChain {
  Func *fn;
  Insn *loop;          /* its LOOP or FORALL */
  const char *why;     /* why its calls wait for their flags, or NULL:
                          chained (Insn.chained) */
  int line;            /* where that is */
  int ncalls;          /* offloads in it */
} FltChain;

typedef struct FilterResult {
  PtrVec chains;       /* FltChain*, after flt_split */
  PtrVec loops;        /* LoopInfo*, in source order */
  PtrVec kernels;      /* Kernel* */
  FltReal gpu_real;    /* the options' (for --explain) */
  PtrVec *ivs;         /* the options' (for --explain), or NULL */
} FilterResult;

/* The middle end's function passes, in the order of the driver's pass
 * table (compiler/pipeline.c), which runs them one function at a time:
 * for each of the program's own functions (flt_own_func), in module
 * order, the rewrites (at -O1 and -O2), then flt_classify, so that a
 * function's callees later in the module are classified as written.
 * Each rewrite keeps the program's meaning and runs once. */
bool flt_own_func(Module *m, Func *fn);
/* Fold negated int literals into constants, then move every scalar
 * constant defined once to the function's entry (filter.c). */
void flt_pass_consts(Func *fn, FilterOptions *opt);
/* Counted while loops become range loops (counted.c; opt->ivs). */
void flt_pass_counted(Func *fn, FilterOptions *opt);
/* Arithmetic an inner loop's range ends are computed from, invariant in
 * the loop around it, moves before that loop (licm.c). */
void flt_pass_licm(Func *fn, FilterOptions *opt);
/* Inner ranges' ends computed in a row-building loop move before it
 * (hoist.c). */
void flt_pass_range_ends(Func *fn, FilterOptions *opt);
/* Nests that update an affine recurrence modulo m are versioned to
 * compute it by jump-ahead (recur.c; opt->ivs). */
void flt_pass_recur(Func *fn, FilterOptions *opt);
/* Induction variables computed from the loop indices (induction.c;
 * opt->ivs). */
void flt_pass_induction(Func *fn, FilterOptions *opt);
/* A sum into one element a[f] in an inner loop that never changes f
 * becomes a private scalar stored once after the loop (scalarize.c). */
void flt_pass_scalarize(Func *fn, FilterOptions *opt);
/* Writes at computed indices get a one-to-one test before their nest
 * (inject.c; opt->writes). */
void flt_pass_inject(Func *fn, FilterOptions *opt);
/* A loop whose body is a parallel part and then one that is not becomes
 * two loops, the loop as written kept as the first's CPU path
 * (distribute.c). */
void flt_pass_distribute(Func *fn, FilterOptions *opt);
/* A nest of two range loops whose outer one carries a dependence and
 * whose inner one does not, swapped when no dependence forbids it, the
 * nest as written kept as its CPU path (interchange.c). */
void flt_pass_interchange(Func *fn, FilterOptions *opt);
/* An empty result for flt_classify to fill. */
FilterResult *flt_new_result(const FilterOptions *opt);
/* The analysis: classifies every loop of fn into r and describes one
 * Kernel per GPU-implicit loop (dependences, flattening at -O2,
 * dimension 0, windows), keeping the loops of opt->vetoes on the CPU.
 * Rewrites nothing: the driver runs it again after a veto. */
void flt_classify(FilterResult *r, Func *fn, FilterOptions *opt);
/* Register blocking (jam.c): rewrite kernel k's function so that each
 * work item runs k->jam[d] (at most `most`) iterations of its
 * dimensions, the copies' inner loops jammed into one; k->jam[d] = 1
 * where it does not (the code unchanged).  A 1-D kernel only when
 * one_d.  Once per kernel. */
void flt_jam(Kernel *k, int most, bool one_d);
/* Tiles in local memory for the jammed loop of register-blocked kernel
 * k (tile.c): Kernel.ntiles, tiles, tile_local, tile_what; real is how
 * the device computes reals (an element's bytes). */
void flt_tile(Kernel *k, FltReal real);
/* Keep `loop` on the CPU with reason `why` in later runs of
 * flt_classify under opt: a back end could not compile its kernel (the
 * driver asks each back end, then classifies again). */
void flt_veto(FilterOptions *opt, Insn *loop, const char *why);
/* The kernel function of k (split.c): its parameters are the kernel's
 * arguments (k->args order), then the bounds of each NDRange dimension
 * that runs over a range (lo, hi); its body is k's loop, registers
 * renumbered.  Not added to the module. */
Func *flt_outline(Kernel *k);
/* Outline every kernel of r and add the functions to m; before each
 * kernel's loop in its host function put `offload` (arguments: the host
 * registers of the kernel function's parameters; on success it jumps to
 * a label placed after the loop's END, else the loop runs). */
void flt_split(Module *m, FilterResult *r);
/* flt_split's first step: kfns[i] (or, when kfns or kfns[i] is NULL, a
 * fresh flt_outline) is the kernel function of r->kernels.v[i]. */
void flt_place_offloads(Module *m, FilterResult *r, Func **kfns);
/* Mark the host loops whose offloaded calls may leave their error flags
 * unread until the loop's exit (chain.c; flt_split's last step), and
 * list in r->chains each host loop with an offload in its body. */
void flt_chain(Module *m, FilterResult *r);
/* After flt_place_offloads: the CPU path of each nest recur.c rewrote
 * is the nest as written (its sequential version), not the jump-ahead
 * one: a `goto` to it follows the nest's `offload`, or, where the nest
 * is no kernel, stands before the nest (recur.c). */
void flt_recur_cpu_paths(FilterResult *r);
/* `wyc --explain`, after flt_split: one line per r->chains entry. */
void flt_explain_chains(FILE *out, FilterResult *r);
/* `wyc --explain`: one line per loop, in source terms. */
void flt_explain(FILE *out, FilterResult *r);

#endif
