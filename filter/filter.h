/* filter.h -- the public interface of filter/: which loops of a WYIL
 * module may run their iterations in parallel, and how each selected
 * loop becomes an OpenCL kernel.
 *
 * flt_run analyses every `forall` and `loop` of the module (dependence
 * analysis over WYIL, value semantics: two list registers never alias),
 * classifies each, and describes one Kernel per GPU-implicit loop, with
 * its nested parallel loops flattened into a 2-D or 3-D NDRange at -O2.
 * Apart from hoisting constants it does not change the module: the back
 * ends read the Kernels (c_backend
 * replaces the loop by a call into the runtime and keeps the loop as the
 * CPU fallback; opencl_backend turns the loop body into OpenCL C).
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

/* How a kernel uses a register of the host function. */
typedef enum KArgKind {
  KA_SCALAR,    /* a loop-invariant int/real/bool read by the kernel */
  KA_LIST_IN,   /* a list only read: uploaded, never downloaded */
  KA_LIST_OUT,  /* a list every element of which is written, never read:
                   downloaded, not uploaded */
  KA_LIST_INOUT /* a list written (at the work item's index) and maybe
                   read there: uploaded and downloaded */
} KArgKind;

typedef struct KernelArg {
  int reg;          /* the host register */
  KArgKind kind;
  Type *type;       /* its static type: int, real, bool, [T], [[T]], ... */
  Type *elem;       /* lists: the scalar element type (int, real, bool) */
  int depth;        /* lists: nesting (1 for [int], 2 for [[int]], ...) */
  const char *name; /* source variable name, for --explain and messages */
  int win[3];       /* KA_LIST_OUT: the NDRange dimension whose loop
                       variable indexes each nesting level (0 the
                       outermost); the kernel writes every element of
                       that box (window.c) */
} KernelArg;

typedef struct Kernel {
  int id;              /* 1, 2, ... in the module */
  const char *name;    /* OpenCL kernel name: "wyk_<id>" */
  Func *fn;            /* the host function holding the loop */
  Insn *loop;          /* its FORALL instruction (identity, not index: the
                          back ends find it in fn->code) */
  int ndims;           /* 1..3 work-item dimensions */
  /* per dimension d (0 = fastest varying work-item index): the loop
   * variable's register, and the registers holding the range's bounds
   * [lo, hi) in the host function before the loop (the range is
   * ascending when hi > lo; the runtime runs max(0, hi - lo) items).
   * Dimension 0 is the loop whose variable indexes the last level of
   * the kernel's lists most often (coalesced access), else the
   * innermost. */
  int loopvar[3];
  int lo[3], hi[3];
  Insn *loops[3];      /* the FORALL of each dimension */
  int nest[3];         /* the dimension of each loop of the nest,
                          outermost first */
  bool over_list;      /* k->loop iterates over the list in register src
                          (not a range): its dimension runs over the
                          list's indices (lo, hi are -1) and the loop
                          variable is the element at the work item's
                          index */
  int src;
  PtrVec consts;       /* Insn*: scalar constants the kernel reads, emitted
                          into it instead of passed as arguments */
  int nargs;
  KernelArg *args;     /* everything the kernel reads or writes */
  PtrVec callees;      /* Func*: functions called inside, transitively */
  bool uses_real;      /* computes with reals (not with
                          --gpu-real=exact) */
  bool *numreal;       /* per register of fn: an int|real value the kernel
                          holds as a device real (filter/numkind.c), or
                          NULL when there is none */
  const char *not_flat;/* -O2: why the nest was not flattened further */
  bool outer_checks;   /* flattened: code outside the innermost loop may
                          fail (a check or a call); when an inner
                          dimension is empty no work item runs it, so the
                          host takes the CPU path for that call */
} Kernel;

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

/* --gpu-real: where and how loops that compute with reals run.  Every
 * value but FLT_REAL_EXACT (0) lets them run on the device. */
typedef enum FltReal {
  FLT_REAL_EXACT,      /* exact rationals: such loops stay on the CPU */
  FLT_REAL_AUTO,       /* the default: double where the device has it,
                          float otherwise (chosen by the runtime) */
  FLT_REAL_FLOAT,
  FLT_REAL_DOUBLE
} FltReal;

typedef struct FilterOptions {
  int opt_level;       /* 0: offload nothing, 1: offload + forall->for,
                          2: also multi-dimensional flattening */
  FltReal gpu_real;    /* non-zero: real may be computed as float/double
                          on the device; otherwise a loop doing real
                          arithmetic stays exact on the CPU */
  PtrVec *vetoes;      /* FltVeto*: loops that stay on the CPU whatever
                          the analysis finds (flt_veto), or NULL */
} FilterOptions;

typedef struct FilterResult {
  PtrVec loops;        /* LoopInfo*, in source order */
  PtrVec kernels;      /* Kernel* */
  FltReal gpu_real;    /* the options' (for --explain) */
} FilterResult;

/* Runs the filter's passes: hoisting of loop-invariant scalar constants
 * out of loops (the only change to the module: kernel bounds must be
 * readable before the kernel's loop), then the analyses. */
FilterResult *flt_run(Module *m, const FilterOptions *opt);
/* Keep `loop` on the CPU with reason `why` in later runs of flt_run
 * under opt: a back end could not compile its kernel (the driver asks
 * each back end, then runs the filter again). */
void flt_veto(FilterOptions *opt, Insn *loop, const char *why);
/* The kernel whose outermost FORALL is `loop`, or NULL. */
Kernel *flt_kernel_at(FilterResult *r, Insn *loop);
/* `wyc --explain`: one line per loop, in source terms. */
void flt_explain(FILE *out, FilterResult *r);

#endif
