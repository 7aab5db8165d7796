/* filter_internal.h -- internal header of filter/, one banner per file. */
#ifndef FILTER_INTERNAL_H
#define FILTER_INTERNAL_H

#include "filter.h"

/* ---- liveness.c ------------------------------------------------- */

typedef struct Liveness {
  int ninsn;       /* instructions of the function */
  int words;       /* 64-bit words per register set */
  uint64_t *in;    /* live-in set of instruction k at in[k * words] */
} Liveness;

Liveness *flt_liveness(Func *fn);
bool flt_live_in(Liveness *lv, int k, int reg);
/* label -> index of its LABEL instruction in fn->code */
int *flt_label_index(Func *fn);
/* The register an instruction writes (UPDATE: its root), or -1. */
int flt_defined_reg(Insn *in);

/* Per-function tables, made once after constant hoisting. */
typedef struct FnTables {
  int *ndefs;      /* register -> instructions defining it (element
                      updates aside) */
  Insn **def;      /* register -> the last of them */
  int *label_at;   /* label -> index of its LABEL */
} FnTables;
FnTables *flt_fn_tables(Func *fn);

/* ---- depend.c --------------------------------------------------- */

/* Can the FORALL at fn->code[at] run its iterations in parallel?  NULL
 * and a filled Kernel (args, callees, bounds) if so; otherwise the
 * reason, in source terms. */
const char *flt_parallel(Func *fn, int at, Liveness *lv,
                         const FilterOptions *opt, Kernel *k);

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

/* ---- window.c --------------------------------------------------- */

/* Turn the kernel's written lists into KA_LIST_OUT with windows where
 * the kernel writes each element of a box and reads none (sets every
 * argument's win). */
void flt_windows(Func *fn, int at, Kernel *k, const FnTables *t);

#endif
