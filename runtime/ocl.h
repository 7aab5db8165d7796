/* ocl.h -- the OpenCL device layer of libwyrt (design.md "Runtime").
 *
 * Generated host code includes this header after wyrt.h.  An offloaded
 * loop becomes static data (one WyOclKernel with its WyOclParams) and
 * one call in place of the loop, which stays behind as the fallback:
 *
 *   static const WyOclParam k0_params[] = {
 *     {WY_OCL_LIST_IN,  WY_OCL_T_INT, 1, {-1, -1, -1}},
 *     {WY_OCL_LIST_OUT, WY_OCL_T_INT, 1, {0, -1, -1}},
 *   };
 *   static const WyOclKernel k0 = {
 *     prog_src, NULL, "k0", 1, false, false, 2, k0_params};
 *   ...
 *   WyOclArg a[] = {{&r1}, {&r2}};
 *   int64_t lo[3] = {3}, hi[3] = {7};           // for i in 3..7
 *   int st = wy_ocl_offload(&k0, a, 2, lo, hi);
 *   if (st != WY_OCL_OK) {
 *     if (wy_ocl_mandatory() && !wy_ocl_language_error(st))
 *       wy_fail(wy_ocl_mandatory_message(), &pos);
 *     ... the original loop ...
 *   }
 *
 * Every entry point returns a status and never exits or longjmps
 * (style.md "Errors"): on any status but WY_OCL_OK the host values are
 * exactly as they were before the call (all or nothing), so the CPU path
 * can run the loop from the start.
 *
 * KERNEL ABI -- what opencl_backend emits.  wy_int is `int`, or `long`
 * when the program is built for the 64-bit variant (the runtime adds
 * -DWYC_INT64=1 to the build options); wy_real is float, or double when
 * the runtime adds -DWYC_REAL_DOUBLE=1 (the descriptor's real: see
 * WyOclReal); bool is uchar.  -DWYC_FP64=1 where the device has double
 * (and WYC_DEV=fp64=0 does not say otherwise): reductions of reals
 * accumulate in double even where wy_real is float.
 *
 *   __kernel void NAME(__global int *wyc_err,
 *                      wy_int lo0, wy_int n0,   // one pair per NDRange
 *                      ...                       // dimension, 0 first
 *                      ...per parameter, in order:
 *                      //  list, nesting depth d: __global T *p,
 *                      //      wy_int len0, ..., wy_int len{d-1}
 *                      //      (outermost length first; row-major data)
 *                      //  WY_OCL_INT: wy_int  WY_OCL_REAL: wy_real
 *                      //  WY_OCL_BOOL: uchar
 *                      //  WY_OCL_REDUCE: __global A *part,
 *                      //      __local A *loc (A: long, uchar,
 *                      //      wy_real, wy_racc or wy_rpart;
 *                      //      opencl_backend/oclgen_reduce.c)
 *                      )
 *
 * Work item: gid_d = get_global_id(d); `if (gid_d >= n_d) return;` (the
 * global size is rounded up to a multiple of the work-group size); the
 * loop variable is lo_d + gid_d.  A loop over 3..7 is 4 work items with
 * lo0 = 3, n0 = 4.  Put the innermost loop in dimension 0: neighbouring
 * work items then touch neighbouring elements of a row.  On an error the
 * kernel does atomic_cmpxchg(wyc_err, 0, CODE) with CODE one of
 * WY_OCL_FLAG_*, and returns.  Before it stores a real into a list it
 * tests isfinite(value); when that fails, CODE is WY_OCL_E_NONFINITE
 * (16): results stay on the device unchecked (ocl_run.c), and a
 * non-finite double has no exact value, so the CPU runs the loop.
 *
 * The run-time variables (WYC_DEVICE, WYC_QUIET, WYC_OFFLOAD, ... and
 * WYC_DEV's developer settings) are read through runtime/config.c's
 * table (wyrt.h, "Run-time configuration"; docs/runtime-variables.md);
 * XDG_CACHE_HOME (program binaries in $XDG_CACHE_HOME/wyc, default
 * ~/.cache/wyc), XDG_DATA_HOME (their key in $XDG_DATA_HOME/wyc/
 * cache.key, default ~/.local/share/wyc) and the driver's
 * POCL_CACHE_DIR are read where used.
 */
#ifndef WY_OCL_H
#define WY_OCL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "wyrt.h"

/* ---------------------------------------------------------------- */
/* Statuses                                                          */

/* ORDER WyOclStatus: status_text in ocl_device.c.  1 to 4,
 * WY_OCL_E_NONFINITE (16: opencl_backend's OCL_FLAG_NONFINITE),
 * WY_OCL_E_SHAPE (17: OCL_FLAG_SHAPE), WY_OCL_E_BOUND (18:
 * OCL_FLAG_BOUND) and WY_OCL_E_DESCENDING (19: OCL_FLAG_DESCENDING) are
 * also the codes kernels write into wyc_err. */
typedef enum WyOclStatus {
  WY_OCL_OK,
  WY_OCL_FLAG_OVERFLOW,   /* the kernel saw an integer overflow */
  WY_OCL_FLAG_BOUNDS,     /* ... an index out of bounds */
  WY_OCL_FLAG_DIVZERO,    /* ... a division by zero */
  WY_OCL_FLAG_CHECK,      /* ... a failed check (assert, constraint) */
  WY_OCL_E_DISABLED,      /* WYC_DEVICE=none */
  WY_OCL_E_BAD_DEVICE,    /* unused: config.c rejects a bad WYC_DEVICE */
  WY_OCL_E_NO_DEVICE,     /* no platform, or not the device asked for */
  WY_OCL_E_BUILD,         /* the program does not build for the device */
  WY_OCL_E_NO_KERNEL,     /* no such kernel in the program */
  WY_OCL_E_NO_FP64,       /* WY_OCL_REAL_DOUBLE, but the device has no
                             double */
  WY_OCL_E_NOMEM,         /* host or device memory ran out */
  WY_OCL_E_ARGS,          /* arguments do not match the descriptor */
  WY_OCL_E_JAGGED,        /* a list of lists with rows of unequal length */
  WY_OCL_E_OVERFLOW,      /* an int does not fit the device's int: try
                             the 64-bit variant */
  WY_OCL_E_REAL_RANGE,    /* a real is out of the device float's range */
  WY_OCL_E_NONFINITE,     /* the kernel computed an infinity or a NaN
                             (16: a kernel's code too) */
  WY_OCL_E_SHAPE,         /* an inner dimension's range, computed in the
                             kernel, is not the one launched (17: a
                             kernel's code too) */
  WY_OCL_E_BOUND,         /* the bounds of a call's result, tested before
                             a loop in place of its checks, do not hold:
                             the CPU decides (18: a kernel's code too) */
  WY_OCL_E_DESCENDING,    /* hi < lo in some dimension (19: a kernel's
                             code too, for a range it took as ascending) */
  WY_OCL_E_CL,            /* any other OpenCL error */
  WY_OCL_E_SMALL,         /* no failure: the call would move far more
                             data than it has work items, so its loop
                             runs on the CPU (ocl_cost.c) */
  WY_OCL_E_CHAIN,         /* an earlier launch of the chained loop this
                             call belongs to set its error flag, or may
                             have: the loop runs again from its start,
                             each call checked (ocl_chain.c) */
  WY_OCL_NSTATUS
} WyOclStatus;

/* The static text of a status ("a list of lists is jagged"). */
const char *wy_ocl_status_text(int status);
/* The detailed reason of the last failure of this process, e.g.
 * "list argument 1 is jagged (row 2 at depth 1 has 3 elements, row 0
 * has 4)". */
const char *wy_ocl_last_reason(void);
/* Does the status report a language error seen on the device (bounds,
 * division by zero, failed check)?  The CPU path then reports it
 * exactly, so even WYC_OFFLOAD=mandatory should run it. */
bool wy_ocl_language_error(int status);

/* ---------------------------------------------------------------- */
/* Kernel descriptors (static data emitted by the back end)           */

typedef enum WyOclArgKind {
  WY_OCL_LIST_IN,     /* a list the kernel only reads: uploaded */
  WY_OCL_LIST_OUT,    /* a list the kernel only writes (see win) */
  WY_OCL_LIST_INOUT,  /* read and written: uploaded and read back */
  WY_OCL_INT,         /* scalars, passed by value */
  WY_OCL_REAL,
  WY_OCL_BOOL,
  WY_OCL_REDUCE       /* a scalar the kernel reduces (elem: its type,
                         depth: the operator): the kernel takes a buffer
                         of one partial per work group and local memory
                         for the group's tree (opencl_backend/
                         oclgen_reduce.c); the runtime combines the
                         partials with the slot's value before the loop
                         (ocl_reduce.c) */
} WyOclArgKind;

/* The operator of a WY_OCL_REDUCE parameter (in its depth field): the
 * same values as the filter's KRedOp (wyil/wyil.h). */
typedef enum WyOclRedOp {
  WY_OCL_RED_NONE, WY_OCL_RED_ADD, WY_OCL_RED_MUL, WY_OCL_RED_AND,
  WY_OCL_RED_OR, WY_OCL_RED_MIN, WY_OCL_RED_MAX
} WyOclRedOp;

typedef enum WyOclElem {
  WY_OCL_T_INT,       /* device wy_int (int or long) */
  WY_OCL_T_REAL,      /* device wy_real (float or double) */
  WY_OCL_T_BOOL       /* device uchar */
} WyOclElem;

/* One kernel parameter.  win[l] names the NDRange dimension whose loop
 * variable indexes nesting level l of a LIST_OUT (0 the outermost), or
 * is -1.  When every level has one, the list is not uploaded, and the
 * box of elements those loops' ranges span is read back and written
 * into the list whole: the kernel must write every element of the box
 * unconditionally (a write under an `if` would bring device garbage
 * back).  Otherwise (a level with -1, or LIST_INOUT, whose win is
 * ignored) the list is uploaded, read back whole, and only the elements
 * whose device value differs from the uploaded one are written back, so
 * a real the kernel did not touch keeps its exact value.  Lists of any
 * storage kind are accepted; ints convert to device reals. */
/* A LIST_INOUT with win[0] >= 0 is read and written only at the index
 * of its work item in that dimension: after the list's lengths the
 * kernel takes one more buffer, of its old values, and each work item
 * first copies its element from there (filter/window.c, own_index).
 * A list whose only copy is on the device then needs no copy made on
 * the device before the call to keep a failed call undoable: the
 * kernel writes a new buffer and the old one stays as it was. */
/* win[l] of a list a build kernel makes (ocl_build.c): the kernel
 * writes every element of level l, element j by work item j of the
 * level's dimension, whatever the loop's bounds. */
#define WY_OCL_WIN_WHOLE (-2)

typedef struct WyOclParam {
  uint8_t kind;       /* WyOclArgKind */
  uint8_t elem;       /* lists: WyOclElem of the innermost elements */
  uint8_t depth;      /* lists: 1 [T], 2 [[T]], 3 [[[T]]]; WY_OCL_REDUCE:
                         its WyOclRedOp */
  int8_t win[3];      /* LIST_OUT: NDRange dimension per level, -1, or
                         WY_OCL_WIN_WHOLE */
  uint8_t narrow;     /* LIST_IN of ints, b > 0: the kernel's narrow
                         variant (WyOclKernel.narrow) may run only when
                         every element lies in [-2^b, 2^b - 1]; an INT:
                         when its value does; 0: it asks nothing of this
                         parameter */
  uint8_t out_bound;  /* a list the kernel writes, 1 + b: every int it
                         stores lies in [-2^b, 2^b - 1]; 0: unknown */
  bool int32;         /* a LIST_OUT of ints the kernel declares 32-bit
                         in both int widths (its values fit): the 64-bit
                         variant writes 32-bit ints too */
  uint8_t out_arg;    /* a list the kernel writes, 1 + p: every int it
                         stores is a remainder by INT parameter p, so
                         lies within (-|v|, |v|) for its value v; 0:
                         none */
  uint8_t index_dim[3]; /* a list, per level, 1 + d: the narrow variant
                         may run only when the NDRange's dimension d runs
                         within [0, that level's length); 0: nothing */
} WyOclParam;

/* A LIST_INOUT read and written only at its own index (above). */
static inline bool
wy_ocl_own_index(const WyOclParam *p)
{
  return p->kind == WY_OCL_LIST_INOUT && p->win[0] >= 0;
}

/* How a program's reals are built (WyOclKernel.real: every kernel of
 * one source carries the same value, so they share one build).  One
 * source serves every choice: the runtime picks the type when it builds
 * the program for the device, and the choice is part of the program's
 * key, in the process and in the binary cache:
 *   double: -DWYC_REAL_DOUBLE=1 (wy_real is double);
 *   float:  -cl-fp32-correctly-rounded-divide-sqrt (NVIDIA's default
 *           division is not, and devices would disagree);
 *   none:   no option (no kernel of the program computes reals). */
typedef enum WyOclReal {
  WY_OCL_REAL_NONE,     /* the kernel computes with no reals */
  WY_OCL_REAL_AUTO,     /* double where the device has it, else float
                           (--gpu-real=auto, the default) */
  WY_OCL_REAL_FLOAT,    /* --gpu-real=float */
  WY_OCL_REAL_DOUBLE    /* --gpu-real=double: WY_OCL_E_NO_FP64 where the
                           device has no double */
} WyOclReal;

typedef struct WyOclKernel {
  const char *source;   /* OpenCL C of the program holding the kernel;
                           kernels with the same source pointer and
                           options share one build */
  const char *options;  /* build options, or NULL */
  const char *name;     /* the __kernel function */
  int ndims;            /* NDRange dimensions, 1 to 3 */
  uint8_t real;         /* WyOclReal */
  bool int64_only;      /* no 32-bit variant (--gpu-int=64) */
  int nparams;          /* parameters after the ABI's fixed ones */
  const WyOclParam *params;  /* nparams of them, in kernel order */
  bool uses_real;       /* this kernel computes with reals: it cannot run
                           where its program's real type is missing */
  /* The same loop compiled with more checks proved, on the assumption
   * that the lists of its params' `narrow` hold small ints
   * (checks/narrow.c): the same source and parameters,
   * run instead of this kernel when the runtime knows bounds of those
   * lists that keep it (the values it converted, or a kernel's
   * out_bound), or NULL. */
  const struct WyOclKernel *narrow;
  uint8_t narrow_dims;  /* b > 0: ... and only when every value of the
                           NDRange's loop variables lies in [-2^b,
                           2^b - 1] (WyOclParam.narrow of an int param:
                           its value must) */
  uint8_t jam[3];       /* > 1: each work item runs that many iterations
                           of the dimension (filter/jam.c),
                           so a launch has ceil(n / jam) items along it;
                           the same in the narrow variant */
  const WyPos *pos;     /* the source loop's position, for the fallback
                           note, or NULL (the note names only the
                           kernel) */
} WyOclKernel;

/* One argument: the host register holding the value.  Lists that the
 * kernel writes are updated through the slot (copy-on-write). */
typedef struct WyOclArg {
  wyv *slot;
} WyOclArg;

/* ---------------------------------------------------------------- */
/* Running kernels                                                   */

/* Run k over lo[d] .. hi[d]-1 in each of its k->ndims dimensions, with
 * the 64-bit variant if use64.  On WY_OCL_OK the lists the kernel
 * writes hold its results; otherwise nothing has changed and
 * wy_ocl_last_reason() says why.  An empty range runs nothing and
 * succeeds; hi < lo is WY_OCL_E_DESCENDING. */
int wy_ocl_run(const WyOclKernel *k, WyOclArg *args, int nargs,
               const int64_t lo[3], const int64_t hi[3], bool use64);

/* What generated code calls: the 32-bit variant (unless int64_only, or
 * it overflowed before), then the 64-bit one if the first reported an
 * overflow; on failure the fallback note (below, not for WYC_DEVICE=none
 * nor when WYC_OFFLOAD=mandatory turns it into an error) and the
 * status. */
int wy_ocl_offload(const WyOclKernel *k, WyOclArg *args, int nargs,
                   const int64_t lo[3], const int64_t hi[3]);

/* Start the device, and build the programs of the n kernels, on a
 * background thread (ocl_start.c); generated main calls it first.
 * Every entry point of this layer waits for it; wy_ocl_wait_start
 * waits explicitly. */
void wy_ocl_prestart(const WyOclKernel *const *kernels, int n);
void wy_ocl_wait_start(void);
/* Is the start-up thread still at work (a call would wait for it)?
 * Touches none of the layer's state. */
bool wy_ocl_starting(void);

/* Print "FILE:LINE:COL: the loop runs on the CPU: REASON (kernel NAME)"
 * on stderr, pos being the loop's position ("wyc: kernel NAME runs on
 * the CPU: REASON" where pos is NULL), once per kernel name, unless
 * WYC_QUIET=1. */
void wy_ocl_fallback_note(const char *kernel_name, const WyPos *pos,
                          const char *reason);
/* WYC_OFFLOAD=mandatory: a fallback must become an error. */
bool wy_ocl_mandatory(void);
/* The message for that error: names the kernel and the last reason. */
const char *wy_ocl_mandatory_message(void);

/* WYC_OFFLOAD=mandatory: kernel k reported a language error (an index
 * out of bounds, a division by zero, a failed check: status), so its
 * loop runs on the CPU to raise it;
 * at the loop's end, reached without that error, wy_ocl_confirm_end
 * fails the program: the device reported an error the program does not
 * have (a wrong check, or one moved where it does not hold).  Other
 * statuses, and runs without WYC_OFFLOAD=mandatory, change nothing. */
void wy_ocl_confirm_begin(const WyOclKernel *k, int status);
void wy_ocl_confirm_end(const WyOclKernel *k, const WyPos *pos);

/* Chained loops (ocl_chain.c; c_backend/cgen_chain.c emits the calls,
 * filter/chain.c chooses the loops).  Inside one, a launch whose
 * results stay on the device does not wait for its error flag: the
 * next launch queues behind it at once.  The flag, which every kernel
 * of the chain sets and none clears, is read once when something needs
 * it: the loop's exit (end), a failed check of the host code (check),
 * a call whose loop must run on the CPU or whose results come to the
 * host, a fetch of a list such a launch wrote, and the back edge when
 * many launches or 5 ms have gone unread (poll: a loop that runs on
 * after a failed launch still stops).  When it was set the loop's
 * registers go back to their values at its start (the generated code
 * kept them) and the loop runs again with chaining off (abort), each
 * call checked as everywhere else, so that the failure is handled
 * (64-bit rerun, CPU path, language error) where it happened.
 *
 *   begin: 1 when the launches may go unchecked (no chain running now,
 *          WYC_DEV's chain is not 0), else 0: the loop runs unchained.
 *          Only a GPU runs them unchecked (chain=always: any device
 *          but Oclgrind); elsewhere the loop's first call ends the
 *          chain.
 *          kept[0 .. nkept) is where the generated code then keeps the
 *          loop's values (owned references): a call that would copy one
 *          of them, 1 MiB or more, because it writes the list they
 *          share, ends the chain instead (the flag read, kept dropped,
 *          the loop's later calls checked), a copy per loop being worth
 *          more than the waits it saves.
 *   poll, check, end: 1 when the loop must run again (end also closes
 *          the chain when it returns 0).
 *   abort: close the chain before that rerun.
 *   pause: before an offload's CPU path (the flag read first: 1 when
 *          the loop must run again); the launches of its calls, if
 *          any, wait for their flags until resume, after it.
 * A call of a chained loop may also return WY_OCL_E_CHAIN (rerun). */
int wy_ocl_chain_begin(wyv *kept, int nkept);
int wy_ocl_chain_poll(void);
int wy_ocl_chain_check(void);
int wy_ocl_chain_end(void);
void wy_ocl_chain_abort(void);
int wy_ocl_chain_pause(void);
void wy_ocl_chain_resume(void);
/* Would this process's device run a chain's launches unchecked (it
 * started, WYC_DEV's chain allows it)?  For tests. */
int wy_ocl_chain_unchecked(void);

/* Make the list in *slot unique (copy it when its count is above 1, so
 * that no other holder sees the write) and return it. */
WyList *wy_ocl_list_unique(wyv *slot);

/* The list a build kernel fills (ocl_build.c): depth 1, n[0] elements
 * of type elem (a WyOclElem), zero, in the storage that kind of element
 * takes on the host; depth 2, n[0] distinct rows of n[1] such elements;
 * depth 3 (a copy or gather of a resident volume), n[0] such depth 2.
 * Passed as the kernel's LIST_OUT with WY_OCL_WIN_WHOLE levels, it is
 * never uploaded; ints and bools stay on the device, stale on the host
 * until it reads them (born resident). */
wyv wy_ocl_build_list(int elem, int depth, const int64_t *n);

/* ---------------------------------------------------------------- */
/* Devices                                                           */

/* Find the platform and device (WYC_DEVICE), make the context and the
 * profiling queue.  Called lazily by wy_ocl_run; the result (success or
 * failure) is kept until wy_ocl_shutdown. */
int wy_ocl_init(void);
/* Release every OpenCL object and all state, timing included; the next
 * call starts afresh and reads the environment again. */
void wy_ocl_shutdown(void);
/* The selected device's name, or NULL before a successful init. */
const char *wy_ocl_device_name(void);
/* `wyc --list-devices`: one line per device, "P:D type name (platform,
 * driver ...)", the one WYC_DEVICE selects (the default when unset)
 * marked with '*', and why none is when WYC_DEVICE selects none.
 * Returns the number of devices (0 when there is no platform).  Uses
 * nothing of libwyrt's values: bin/wyc can link libwyrt.a and -lOpenCL
 * and gets only ocl_device.o, ocl_program.o, ocl_pool.o, ocl_bench.o. */
int wy_ocl_list_devices(FILE *out);

/* Counters, for tests and --verbose. */
typedef struct WyOclCounters {
  long source_builds;   /* programs compiled from source */
  long cache_loads;     /* programs loaded from the binary cache */
  long cache_writes;    /* binaries written to the cache */
  long runs;            /* kernels run to completion on the device */
  long narrow_runs;     /* ... of which narrow variants */
  long tunings;         /* work-group shapes measured (ocl_tune.c) */
  long tuned_loads;     /* ... and read from the binary cache's files */
  long chains;          /* chained loops begun (ocl_chain.c) */
  long deferred;        /* launches whose error flag nobody waited for */
  long chain_reruns;    /* chained loops run again, each call checked */
  long chain_commits;   /* ... ended early: a kept list would be copied */
  long buffers_reused;  /* new lists' buffers that freed lists left */
} WyOclCounters;
void wy_ocl_counters(WyOclCounters *out);

/* ---------------------------------------------------------------- */
/* Timing (whiley.gpgpu.Util and WYC_PROFILE=1)                       */

/* ORDER WyOclPhase: phase_names in ocl_bench.c. */
typedef enum WyOclPhase {
  WY_OCL_PH_INIT,       /* device set-up, program build, kernel lookup */
  WY_OCL_PH_MARSHAL,    /* host values -> device layout */
  WY_OCL_PH_UPLOAD,     /* host -> device copies (profiling events) */
  WY_OCL_PH_EXEC,       /* the NDRange (profiling event) */
  WY_OCL_PH_DOWNLOAD,   /* device -> host copies (profiling events) */
  WY_OCL_PH_UNMARSHAL,  /* device layout -> host values */
  WY_OCL_PH_OTHER,      /* the rest of the call: buffers, arguments */
  WY_OCL_NPHASES
} WyOclPhase;

/* These need no OpenCL library (ocl_bench.c calls no OpenCL), so the
 * natives of whiley.gpgpu.Util may call them in every program:
 *   wy_lib_Util_beginGPUBenchmarking   -> wy_ocl_bench_begin()
 *   wy_lib_Util_endGPUBenchmarking     -> wy_ocl_bench_end()
 *   wy_lib_Util_printOutGPUBenchmarkResults -> wy_ocl_bench_print(stderr)
 * begin opens a region (wall clock) in which every offloaded call is
 * recorded per phase; print writes CSV: one row per call, then the
 * average per kernel, then each region's wall-clock time. */
void wy_ocl_bench_begin(void);
void wy_ocl_bench_end(void);
void wy_ocl_bench_print(FILE *out);

/* ---------------------------------------------------------------- */
/* Internals shared by runtime/ocl_*.c, which define WY_OCL_IMPL.     */
/* Generated code does not see them and needs no OpenCL headers.      */

#ifdef WY_OCL_IMPL

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

/* A program built for the device: one per (source, options, variant). */
typedef struct WyOclProg {
  const char *source;     /* the descriptor's pointers (the key) */
  const char *options;
  bool int64;             /* built with -DWYC_INT64=1 */
  uint8_t real;           /* WY_OCL_REAL_NONE, _FLOAT or _DOUBLE: how
                             it was built (never AUTO) */
  bool notile;            /* built with -DWYC_NO_TILE: tiled kernels run
                             their plain loop (a device with less local
                             memory than their tiles ask) */
  cl_program prog;        /* NULL if the build failed */
  int status;             /* WY_OCL_OK or why the build failed */
  char *reason;           /* malloc'd reason of a failed build */
  char *cache;            /* malloc'd name of its binary cache entry in
                             the cache directory (ocl_cachedir.c), or
                             NULL (no cache) */
} WyOclProg;

/* An argument value last set on a kernel object (ocl_run.c). */
typedef struct WyOclArgVal {
  bool set;               /* v holds what the kernel object has */
  bool local;             /* local memory of `size` bytes */
  size_t size;
  unsigned char v[8];
} WyOclArgVal;

/* A work-group shape measured for a kernel (ocl_tune.c), for calls
 * whose work items along dimension d have bucket[d] bits. */
typedef struct WyOclShape {
  uint8_t bucket[3];
  uint16_t local[3];
} WyOclShape;

/* A kernel object, with its work-group limits on the device. */
typedef struct WyOclKern {
  const WyOclKernel *k;   /* the descriptor (the key, with int64) */
  bool int64;
  bool dbl;               /* its program's wy_real is double */
  cl_kernel kern;
  size_t wg_max;          /* CL_KERNEL_WORK_GROUP_SIZE */
  size_t wg_multiple;     /* CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE */
  size_t required[3];     /* CL_KERNEL_COMPILE_WORK_GROUP_SIZE: the shape
                             its reqd_work_group_size attribute asks for
                             (tiles, opencl_backend/oclgen_tile.c, built
                             where the device runs them); {0,0,0}: none */
  const char *cache;      /* its program's WyOclProg.cache */
  WyOclShape *shapes;     /* shapes measured or read (ocl_tune.c) */
  int nshapes;
  size_t capshapes;
  bool shapes_read;       /* the cache's shapes file was read */
  int status;             /* WY_OCL_OK or why the kernel is unusable */
  char *reason;           /* malloc'd reason of that failure */
  bool overflowed;        /* 32-bit variant: an int did not fit once, so
                             wy_ocl_offload goes straight to 64 bits */
  WyOclArgVal *argv;      /* per argument index, nargv of them (NULL:
                             every argument is set at every call) */
  int nargv;
} WyOclKern;

/* A block of host staging memory (ocl_pool.c). */
typedef struct WyOclPin {
  cl_mem mem;             /* CL_MEM_ALLOC_HOST_PTR buffer; NULL: malloc'd */
  void *ptr;              /* its mapping (or the malloc'd block) */
  size_t size;            /* bytes */
  bool busy;              /* handed out by wy_ocl_host_alloc */
} WyOclPin;

/* Times of one offloaded call, seconds. */
typedef struct WyOclTimes {
  double t[WY_OCL_NPHASES];
} WyOclTimes;

/* Accumulated times of one kernel (both variants). */
typedef struct WyOclStat {
  const char *name;       /* the kernel's name (static) */
  long calls;             /* finished on the device */
  long failed;            /* ended with a status */
  long recorded;          /* calls recorded in benchmarking regions */
  long small;             /* calls the small-call rule ran on the CPU */
  uint64_t small_items;   /* their work items and bytes, summed */
  uint64_t small_bytes;
  long early;             /* calls run on the CPU while the device started */
  uint64_t early_items;   /* ... and their work items */
  WyOclTimes sum;         /* over finished calls */
} WyOclStat;

/* One call recorded inside a benchmarking region. */
typedef struct WyOclCall {
  const char *name;       /* the kernel's name (static) */
  int region;             /* 1-based region number */
  long nth;               /* 1-based number among the kernel's records */
  int status;             /* WyOclStatus */
  WyOclTimes times;
} WyOclCall;

/* The device copy of a list (residency, ocl_resident.c).  It belongs
 * to one list (WyList.res); its layout is a kernel parameter's.  The
 * list's WY_LIST_STALE flag says the host data is older than the
 * buffer; dirty outer rows dlo .. dhi-1 say the host wrote them since
 * the buffer was valid.  Both at once only for rows of ints or bools
 * whose host wrote some rows while stale: it fetched dlo .. dhi-1 alone
 * (ocl_resident.c, res_write), and the rest stays the buffer's. */
typedef struct WyOclRes {
  WyList *list;           /* whose copy this is */
  cl_mem mem;             /* count * esize bytes */
  cl_mem spare;           /* a buffer of the same size, or NULL: a
                             kernel writing a stale list writes into it
                             and the two swap (no allocation per call) */
  WyOclParam par;         /* the layout: elem and depth (kind unused) */
  bool int64, dbl;        /* device int and real widths */
  size_t esize;           /* bytes per element */
  size_t dims[3];         /* as WyOclMarsh.dims */
  size_t count;           /* elements */
  size_t dlo, dhi;        /* dirty outer indices; none when dlo >= dhi */
  size_t llo[3], lhi[3];  /* stale reals: the box kernels wrote without
                             reading (write-only windows) since the host
                             data was current, or none (llo[0] >=
                             lhi[0]); the fetch compares language values
                             there, as an eager write-back would have */
  uint64_t stamp;         /* last use, for eviction (larger is newer) */
  const char *writer;     /* the kernel whose results it holds, or NULL:
                             a fetch's times are counted as its */
  uint8_t bound;          /* ints, 1 + b: every element outside the dirty
                             rows lies in [-2^b, 2^b - 1]; 0: unknown */
  bool busy;              /* used by the call in progress */
  unsigned chain_epoch;   /* the chain (WyOclChain.epoch) whose launch
                             that was not checked wrote it last, or 0 */
  struct WyOclRes *prev, *next;  /* all copies, in no order */
} WyOclRes;

/* A launch of a chained loop whose error flag was not read yet: its
 * profiling event (or NULL) and where its execute time goes, once it
 * is known to have succeeded. */
typedef struct WyOclPend {
  cl_event ev;
  int stat;               /* index into WyOclState.stats, or -1 */
  long call;              /* index into WyOclState.calls, or -1 */
} WyOclPend;

/* A device buffer kept for reuse (ocl_bufs.c). */
typedef struct WyOclBuf {
  cl_mem mem;
  size_t bytes;
} WyOclBuf;

/* The chained loop running now (ocl_chain.c). */
typedef struct WyOclChain {
  bool on;                /* between wy_ocl_chain_begin and its end,
                             but for its offloads' CPU paths */
  bool paused;            /* in such a CPU path (wy_ocl_chain_pause) */
  bool failed;            /* a flag read since then was set (or could
                             not be read): the loop must run again */
  bool checked, off;      /* chain setting read; it is 0 */
  bool always;            /* ... it is `always`: CPU devices chain too */
  unsigned epoch;         /* chains begun in this process (from 1) */
  int pending;            /* launches since the last flag read */
  double since;           /* when the first of them was made */
  WyOclPend *pend;        /* those of them with something to record */
  int npend;
  size_t cappend;
  wyv *kept;              /* the generated code's kept values */
  int nkept;
  cl_mem *rel;            /* buffers freed while launches were pending */
  int nrel;
  size_t caprel;
  uint64_t rel_bytes;     /* ... and their bytes */
} WyOclChain;

/* All state of the device layer (Lua's global_State). */
typedef struct WyOclState {
  /* device, ocl_device.c */
  bool tried;             /* wy_ocl_init ran; init_status is its result */
  int init_status;
  cl_platform_id platform;
  cl_device_id device;
  bool gpu;               /* a GPU: programs built with -DWYC_GPU, whose
                             32-bit variants index lists with ints */
  bool simulator;         /* Oclgrind: programs built without overflow
                             builtins or optimisation (ocl_program.c),
                             no shapes measured (ocl_tune.c) */
  bool pocl;              /* PoCL's platform: programs built with
                             -DWYC_POCL, where --tile=all does not tile
                             (PoCL 3.1 miscompiled the tiled kernels:
                             opencl_backend/oclgen_tile.c) */
  cl_context ctx;
  cl_command_queue queue; /* in order; CL_QUEUE_PROFILING_ENABLE once
                             profiling is on (queue_profiled) */
  bool queue_profiled;
  /* wy_ocl_confirm_begin's kernel and the reason it reported, until
   * its loop ends (or the kernel is offloaded again) */
  const struct WyOclKernel *confirm;
  char confirm_reason[256];
  cl_mem err_buf;         /* the kernels' error flag, one cl_int */
  cl_mem flag_pin;        /* pinned host memory the flag is read into */
  cl_int *flag_host;      /* flag_pin mapped for good; NULL: read into
                             pageable memory */
  char device_name[256];
  char driver_version[128];
  bool fp64;              /* the device has double */
  cl_ulong max_alloc;     /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */
  size_t max_item[3];     /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
  cl_ulong local_mem;     /* CL_DEVICE_LOCAL_MEM_SIZE (0: unknown) */
  char init_reason[512];  /* why wy_ocl_init failed, for later calls */
  char reason[512];       /* the last failure's reason */
  const char *reason_kernel; /* the kernel of the last failure */
  char message[768];      /* wy_ocl_mandatory_message's text */
  char **noted;           /* kernel names whose fallback was noted */
  int nnoted;
  size_t capnoted;
  /* programs and kernels, ocl_program.c */
  WyOclProg *progs;
  int nprogs;
  size_t capprogs;
  WyOclKern *kerns;
  int nkerns;
  size_t capkerns;
  WyOclCounters counters;
  /* the binary cache's directory and key, ocl_cachedir.c */
  int cache_state;        /* 0: not looked at yet; 1: usable; -1: off */
  int cache_fd;           /* the cache directory (cache_state 1) */
  unsigned char cache_key[32]; /* the user's key (crypto_auth) */
  /* host staging memory, ocl_pool.c */
  WyOclPin *pins;
  int npins;
  size_t capnpins;
  /* device copies of lists, ocl_resident.c */
  WyOclRes *res;          /* every copy */
  uint64_t res_bytes;     /* their buffers' bytes */
  uint64_t res_budget;    /* at most this many (eviction above) */
  uint64_t res_clock;     /* stamps */
  WyList *res_quiet;      /* host writes to it are the runtime's own */
  long res_fetches;       /* downloads on a host read */
  long res_gathers;       /* lists gathered from their rows' copies */
  long res_part_fetches;  /* ... of some rows only, on a host write */
  long res_evictions;
  long uploads, downloads;  /* list transfers (fetches included) */
  uint64_t bytes_up, bytes_down;
  /* timing, ocl_bench.c */
  WyOclStat *stats;
  int nstats;
  size_t capstats;
  WyOclCall *calls;       /* recorded in regions */
  size_t ncalls, capcalls;
  double *regions;        /* wall-clock seconds of finished regions */
  int nregions;
  size_t capregions;
  bool bench_open;
  double bench_start;
  bool profile_hooked;    /* atexit(print_profile) done */
  bool profile_checked;   /* WYC_PROFILE read */
  int last_stat;          /* 1 + index of the last recorded kernel's
                             stat, or 0 */
  bool small_checked;     /* the small-call rule's settings read */
  bool small_off;         /* ... and it is off */
  bool early_checked;     /* the early rule's setting read */
  bool early_off;         /* ... and it is off */
  WyOclChain chain;       /* ocl_chain.c */
  /* buffers of freed lists, ocl_bufs.c */
  WyOclBuf *bufs;
  int nbufs;
  size_t capbufs;
  uint64_t buf_bytes;
  cl_mem *parked;         /* on Oclgrind: released at shutdown only */
  size_t nparked, capparked;
} WyOclState;

/* One argument on its way to the device and back (ocl_marshal.c).  The
 * shape is padded to 3 levels: a level past the list's depth has length
 * 1 and window [0, 1). */
typedef struct WyOclMarsh {
  const WyOclParam *par;  /* its parameter */
  int index;              /* 1-based argument number, for reasons */
  int ndims;              /* the kernel's NDRange dimensions */
  bool int64;             /* device int is long (else int) */
  bool dbl;               /* device real is double (else float) */
  size_t esize;           /* bytes per device element */
  size_t dims[3];         /* lengths per nesting level, outermost first */
  size_t count;           /* elements: dims[0] * dims[1] * dims[2] */
  size_t wlo[3], whi[3];  /* per level, the indices that are read back */
  bool upload;            /* the device needs the list's values */
  bool download;          /* the kernel writes the list */
  void *host;             /* device layout on the host (uploaded) */
  size_t up_off, up_len;  /* elements of host to upload, from up_off */
  WyOclRes *res;          /* the list's device copy this call uses */
  bool own_mem;           /* mem is this call's (else res's) */
  bool chunked;           /* uploaded in chunks (host unused) */
  wyv src;                /* the list (chunked upload) */
  double conv_secs, up_secs;  /* chunked: converting, waiting for copies */
  bool uploaded;          /* rows were written into res's buffer */
  bool conv;              /* unmarshal compares device values with the
                             host's converted (a resident copy's fetch) */
  size_t llo[3], lhi[3];  /* with conv: the box compared in language
                             values instead (WyOclRes.llo), or none */
  bool own_host;          /* host is from the pool (else the list's
                             storage) */
  void *back;             /* device layout read back, from the pool */
  cl_mem mem;             /* the device buffer */
  uint8_t bound;          /* a narrow param's list before the call, as
                             WyOclRes.bound (dirty rows included); 0:
                             unknown or not asked */
  bool own_whole;         /* a LIST_INOUT the kernel touches only at its
                             own index (WyOclParam), whose range covers
                             every element */
  cl_mem old;             /* such a list's old values, which each work
                             item copies its element from (NULL: mem) */
  cl_event ev_up, ev_down;
  unsigned char scalar[8]; /* a scalar's device value */
  size_t scalar_size;
  wyv red;                /* a REDUCE parameter's result, computed and
                             not yet stored (wy_ocl_red_finish), or
                             WY_UNDEF */
} WyOclMarsh;

/* ocl_marshal.c.  m's par, index, ndims, int64 and dbl are set by the
 * caller; marshal fills the rest from v (all or nothing). */
/* ocl_reduce.c: REDUCE parameters.  check: the slot's value suits the
 * parameter (else WY_OCL_E_ARGS).  buffers: each one's partials buffer
 * for `groups` work groups (in m->mem, own_mem).  arg_bytes: its
 * accumulator's size.  finish: read the partials and combine them with
 * the slots' values into each m->red (an int that overflows 64 bits is
 * WY_OCL_FLAG_OVERFLOW, a real that is not finite WY_OCL_E_NONFINITE:
 * the CPU path gives the exact answer).  commit: store every m->red in
 * its slot when ok (the call's lists were written back), else drop
 * them; all or nothing with the lists. */
int wy_ocl_red_check(WyOclMarsh *m, wyv v);
size_t wy_ocl_red_bytes(const WyOclMarsh *m);
int wy_ocl_red_buffers(WyOclMarsh *ms, int np, size_t groups);
int wy_ocl_red_finish(WyOclMarsh *ms, int np, WyOclArg *args, size_t groups);
void wy_ocl_red_commit(WyOclMarsh *ms, int np, WyOclArg *args, bool ok);

int wy_ocl_marshal(WyOclMarsh *m, wyv v, const int64_t lo[3],
                   const int64_t hi[3]);
/* After wy_ocl_marshal of a LIST_IN of ints: m->bound, the bound of its
 * elements (WyOclRes.bound), from its device copy's and from the values
 * converted for this call; 0 when they are not all at hand (a chunked
 * upload). */
void wy_ocl_marsh_bound(WyOclMarsh *m);
/* 1 + the least b with every x[i] in [-2^b, 2^b - 1] (as WyOclRes.bound):
 * an or of the values' magnitudes (x ^ x >> 63), which the C compiler
 * vectorises. */
uint8_t wy_ocl_bound_of(const void *xs, size_t n, bool int64);
/* Convert outer rows r0 .. r1-1 of the list v to m->host. */
int wy_ocl_load_rows(WyOclMarsh *m, wyv v, size_t r0, size_t r1);
/* Lists of at least this many device bytes move through two pinned
 * staging blocks of this size, converting one while the other is
 * copied (ocl_stage.c): WYC_DEV's chunk_bytes (16 MiB; tests less). */
size_t wy_ocl_chunk(void);
int wy_ocl_upload_chunked(WyOclMarsh *m);   /* whole list, to m->mem */
cl_int wy_ocl_fetch_chunked(WyOclMarsh *m, cl_mem mem, WyList *l,
                            double *down);
/* Write rows r0 .. r1-1, held in m->back, into l in place. */
void wy_ocl_unmarshal_rows(WyOclMarsh *m, WyList *l, size_t r0, size_t r1);
int wy_ocl_check_back(const WyOclMarsh *m);  /* before any write-back */
void wy_ocl_unmarshal(WyOclMarsh *m, wyv *slot);
void wy_ocl_marsh_free(WyOclMarsh *m);  /* host memory back to the pool */

/* Write the device values in m->back into the list l in place, all its
 * holders seeing them (a resident copy's fetch; m->conv set). */
void wy_ocl_unmarshal_inplace(WyOclMarsh *m, WyList *l);

/* ocl_par.c: fn over 0 .. n-1 in slices of at least grain, on several
 * threads; the first non-zero status of a slice, or 0. */
int wy_ocl_par_for(size_t n, size_t grain,
                   void (*fn)(void *ctx, size_t lo, size_t hi, int *status),
                   void *ctx);

/* ocl_resident.c */
void wy_ocl_res_install(void);   /* the hooks of wyrt_impl.h */
/* Does the copy r hold m's layout (m's esize, dims set)? */
bool wy_ocl_res_fits(const WyOclRes *r, const WyOclMarsh *m);
/* Make room for bytes more of device buffers, evicting the least
 * recently used copies that the call does not use. */
int wy_ocl_res_reserve(uint64_t bytes);
/* Give l the buffer mem (owned from now on) holding m's layout. */
WyOclRes *wy_ocl_res_attach(WyList *l, cl_mem mem, const WyOclMarsh *m);
void wy_ocl_res_forget(WyList *l);   /* release it; host data as is */
WyList *wy_ocl_res_clone(WyList *l); /* a copy made on the device */
/* Would wy_ocl_res_clone copy l on the device (given the memory)? */
bool wy_ocl_res_clonable(const WyList *l);
/* ... and within the device copies' budget, evicting nothing? */
bool wy_ocl_res_clone_fits(const WyList *l);
/* The rows of the host list l (depth 2 or 3, m's layout) are each a
 * list a kernel left on the device: copy them into one buffer there,
 * which becomes l's device copy (its rows then stale zeros, as a
 * build's), instead of fetching each to upload it again.  False when
 * they are not, or there is no room without an eviction. */
bool wy_ocl_res_gather(WyList *l, const WyOclMarsh *m);
void wy_ocl_res_touch(WyOclRes *r);
cl_mem wy_ocl_res_take_spare(WyOclRes *r);       /* NULL: none */
void wy_ocl_res_put_spare(WyOclRes *r, cl_mem mem);  /* takes mem */
void wy_ocl_res_free_all(void);      /* fetch every stale list, release */
/* m (a real list the call writes without reading it, through the copy
 * r of a stale list) and r's box nest, one inside the other, so that
 * their union is a box again (false: fetch the list first). */
bool wy_ocl_res_box_nests(const WyOclRes *r, const WyOclMarsh *m);
/* After such a call: r's box becomes the union. */
void wy_ocl_res_box_add(WyOclRes *r, const WyOclMarsh *m);

/* ocl_bench.c: the one instance, defined where no OpenCL is linked. */
extern WyOclState wy_ocl_g;

/* ocl_device.c */
int wy_ocl_fail(int status, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));   /* records the reason */
int wy_ocl_cl_fail(cl_int err, const char *what); /* maps err */
const char *wy_ocl_cl_error_name(cl_int err);

/* ocl_guard.c: checks before the driver is asked.  The memory guard
 * returns WY_OCL_OK, or WY_OCL_E_NOMEM with the reason when a memory
 * limit leaves the driver too little (memory_guard=0 skips it),
 * the buffer guard likewise for the bytes of a kernel's buffers;
 * pocl_cache sets POCL_CACHE_DIR to a directory made for the run when
 * it is unset and PoCL's default one is unusable (a note; on the
 * program's thread, before the driver loads); cache_problem describes
 * an unusable driver cache directory (false: none); icd_problem why
 * the loader found no platform. */
int wy_ocl_memory_guard(void);
int wy_ocl_buffer_guard(uint64_t bytes);   /* before the buffers */
int wy_ocl_env_guard(void);    /* WY_OCL_E_NO_DEVICE: aborting settings */
void wy_ocl_pocl_cache(void);  /* POCL_CACHE_DIR where PoCL has none */
bool wy_ocl_cache_problem(char *buf, size_t n);
void wy_ocl_icd_problem(cl_int err, char *buf, size_t n);

/* ocl_cost.c: should this call run its loop on the CPU, since it would
 * move far more data than it has work items (n: per dimension)?  If
 * so, it is recorded (wy_ocl_record_small). */
bool wy_ocl_small_call(const WyOclKernel *k, const WyOclArg *args,
                       const size_t n[3]);

/* ocl_cachedir.c: the binary cache (docs/cache.md).  cache_ready: is
 * there a usable cache directory and key (looked at once; if not, a
 * note on stderr)?  cache_open: a regular file of the cache directory,
 * opened with flags (| O_NOFOLLOW; O_CREAT makes it mode 0600), or -1;
 * cache_create: a new file under a random name beside name (into tmp)
 * for writing, or -1; cache_commit: renamed to name when ok (true: it
 * was), else removed; cache_close: at shutdown. */
bool wy_ocl_cache_ready(void);
int wy_ocl_cache_open(const char *name, int flags);
int wy_ocl_cache_create(const char *name, char *tmp, size_t n);
bool wy_ocl_cache_commit(const char *tmp, const char *name, bool ok);
void wy_ocl_cache_close(void);

/* ocl_program.c */
int wy_ocl_get_kernel(const WyOclKernel *k, bool int64, WyOclKern **out);

/* ocl_tune.c: work-group shapes measured on first use.  A shape kn
 * already has for calls of items_n work items (measured in this
 * process or read from the binary cache): true, and local set.  Never
 * for a kernel that may not be measured (below). */
bool wy_ocl_tuned_shape(WyOclKern *kn, const size_t items_n[3],
                        size_t local[3]);
/* May a call of kn over items_n work items measure shapes?  Only a
 * kernel that a second launch with the same arguments leaves as one
 * launch would: no list both read and written, no reduction. */
bool wy_ocl_tune_wanted(const WyOclKern *kn, const size_t items_n[3]);
/* With kn's arguments set: launch it with local (the default shape)
 * and a few other shapes, keep the fastest in local and global, and
 * record it.  A launch that fails, or sets the error flag, leaves local
 * as it was (the call's own launch then reports what it reports). */
void wy_ocl_tune(WyOclState *g, WyOclKern *kn, const size_t items_n[3],
                 size_t local[3], size_t global[3]);
void wy_ocl_tune_free(WyOclKern *kn);

static inline size_t
wy_ocl_round_up(size_t x, size_t m)
{
  return (x + m - 1) / m * m;
}

/* ocl_start.c: fflush(stdout), except on the start-up thread */
void wy_ocl_flush_stdout(void);
void wy_ocl_programs_free(void);

/* ocl_pool.c: host arrays for marshalling, reused between calls */
void *wy_ocl_host_alloc(size_t bytes);    /* NULL when memory ran out */
void wy_ocl_host_release(void *ptr);      /* NULL is fine */
void wy_ocl_pool_free(void);

/* ocl_bench.c */
double wy_ocl_now(void);                  /* monotonic seconds */
/* Make room in *p (n elements used, *cap allocated, each sz bytes) for
 * one more, doubling it; false when memory ran out (nothing changed). */
bool wy_ocl_grow(void **p, size_t n, size_t *cap, size_t sz);
/* Record one run of k: status 0 (ran), else why not.  `retried`: the
 * 32-bit variant overflowed and the 64-bit one runs next
 * (wy_ocl_offload), which is no fallback: such a run counts in neither
 * the calls nor the fallbacks, and its time is listed per call. */
void wy_ocl_record(const WyOclKernel *k, int status, bool retried,
                   const WyOclTimes *t);
/* Is anybody timing the calls (WYC_PROFILE=1, a benchmarking region)? */
bool wy_ocl_profiling(void);
/* Are the device's own times wanted (WYC_PROFILE=1)?  Only then does a
 * launch or a copy make a profiling event, on a queue that profiles:
 * on NVIDIA's driver those cost 20-50 us a launch, which a benchmarking
 * region must not add to what it measures; it times the calls on the
 * host instead (a launch up to its flag's read, a download). */
bool wy_ocl_events(void);
/* Once somebody wants device times, make the queue one that profiles
 * (ocl_device.c; the first is made without, which costs less). */
void wy_ocl_profile_queue(void);
/* Add a deferred download and unmarshal (a fetch) to a kernel's sums. */
void wy_ocl_record_fetch(const char *name, double down, double unmarshal);
/* While the device is still starting, does the call of k over lo..hi
 * (few work items, no reals) run its loop on the CPU rather than wait?
 * If so, it is recorded (wy_ocl_record_early). */
bool wy_ocl_early_call(const WyOclKernel *k, const int64_t lo[3],
                       const int64_t hi[3]);
void wy_ocl_record_early(const WyOclKernel *k, uint64_t items);
/* Count a call that the small-call rule kept on the CPU. */
void wy_ocl_record_small(const WyOclKernel *k, uint64_t items,
                         uint64_t bytes);
void wy_ocl_bench_free(void);

/* ocl_device.c: read the kernels' error flag (blocking: every command
 * queued before has finished) into *flag, and clear it when set.  Not
 * CL_SUCCESS: *what names the step that failed. */
cl_int wy_ocl_flag_take(cl_int *flag, const char **what);

/* ocl_bufs.c: buffers of freed lists kept for new ones.  take: one of
 * at least `bytes` (not much more), or NULL; put: keep it (or release
 * it); flush: release them all (memory is short); free: at shutdown. */
cl_mem wy_ocl_buf_take(size_t bytes);
void wy_ocl_buf_put(cl_mem mem);
void wy_ocl_buf_flush(void);
void wy_ocl_buf_free(void);
/* Release a list's buffer: at once, but on Oclgrind at shutdown (its
 * checker keeps a released buffer's record for the next one it makes,
 * ocl_bufs.c). */
void wy_ocl_mem_release(cl_mem mem);

/* ocl_chain.c, for ocl_run.c and ocl_resident.c */
/* May the call in progress leave its flag unread (a chain is on and
 * has not failed)? */
bool wy_ocl_chain_defers(void);
/* A launch was made without reading the flag; ev's time (or, with no
 * event, a share of the wait at the flag's read) is added to the
 * kernel's last record once the flag says it ran. */
void wy_ocl_chain_add(cl_event ev);
/* At a call (the device started): on a device whose launches are all
 * checked (a CPU device, Oclgrind) end the chain.  Before a call writes
 * the list v (marshal_all): when that would copy it because the chain
 * keeps it, and it is large, end the chain (ocl.h).  Both:
 * WY_OCL_E_CHAIN when the flag then read was set. */
int wy_ocl_chain_call(void);
int wy_ocl_chain_keep(wyv v);
/* Release a buffer of `bytes`: at once, or, while a chain's launches
 * are pending, when the flag is next read (NVIDIA's release waits for
 * the device to finish with it, which would make the launches wait
 * after all). */
void wy_ocl_chain_release(cl_mem mem, uint64_t bytes);
/* Read the flag if launches are pending; true when the chain failed. */
bool wy_ocl_chain_resolve(void);
/* The flag was read by a call with launches pending: `set` says what
 * it held, `wait` how long the read took (shared among the launches
 * timed without events).  True when the chain failed (set, which an
 * earlier launch may have done as well as this one). */
bool wy_ocl_chain_settle(bool set, double wait);
/* Is r's list the result of a launch of the running chain that turned
 * out to have failed?  Its device values may then be anything (the
 * flag is read here when need be): a fetch leaves its host data. */
bool wy_ocl_chain_garbage(const WyOclRes *r);
void wy_ocl_chain_free(void);
/* ocl_run.c: seconds between a profiling event's start and end, 0 if
 * unknown (an event not finished). */
double wy_ocl_event_secs(cl_event e);

#endif /* WY_OCL_IMPL */

#endif
