/* cgen_internal.h -- internals of c_backend/, shared by its files.
 *
 * The generated C, per WYIL Func:
 *   static wyv NAME(wyv p0, ...)      NAME = fn->cname; returns WY_NULL
 *                                     when void
 *   wyv rN = WY_UNDEF;                one owned reference per register
 *                                     (volatile when the Func has a TRY)
 *   rK = pK; wy_incref(rK);           the callee owns its parameters
 *   ... one statement group per instruction ...
 *   wyc_ret: wy_decref(every rN); return wyc_rv;
 * A RETURN moves its register into wyc_rv and jumps to wyc_ret; a THROW
 * outside any TRY of the function moves its value into wyc_tv and jumps
 * to wyc_throw, which releases the frame and calls wy_throw (the
 * value's reference parks in the global wyc_thrown).
 *
 * Static data (type descriptors, record shapes, positions, constant
 * caches, trampolines, `where` wrappers) is collected while the bodies
 * are generated and written first; see cgen_module for the order.
 */
#ifndef CGEN_INTERNAL_H
#define CGEN_INTERNAL_H

#include <stdint.h>

#include "../wyil/wyil.h"
#include "cgen.h"

/* ================================================================ */
/* cgen.c                                                            */

/* A string-keyed table of ints (open addressing; keys are copied into
 * the compilation arena, the slots are on the heap). */
typedef struct Intern {
  const char **keys;  /* NULL = empty slot */
  int *vals;
  int n, cap;         /* used, allocated (a power of two) */
} Intern;
int cgen_intern_get(Intern *t, const char *key);   /* -1 when absent */
void cgen_intern_put(Intern *t, const char *key, int val);
void cgen_intern_free(Intern *t);

typedef struct Flow Flow;

typedef struct Gen {
  Module *m;
  /* output sections, written in this order by cgen_module */
  StrBuf protos;     /* prototypes of functions and natives */
  StrBuf tyfwd;      /* forward declarations of type descriptors and
                        `where` wrappers */
  StrBuf types;      /* type descriptors */
  StrBuf shapes;     /* record shapes */
  StrBuf poss;       /* source positions */
  StrBuf tramps;     /* trampolines of function values */
  StrBuf consts;     /* constant caches and their builders */
  StrBuf wheres;     /* `where` wrappers */
  StrBuf kernels;    /* OpenCL program text and kernel descriptors */
  StrBuf body;       /* function bodies (units: the function being
                        printed) */
  StrBuf outlined;   /* the current function's outlined parts
                        (cgen_outline.c), appended to body after it */
  /* several translation units (cgen_units.c); all false/empty in one */
  bool units;        /* the program goes to several units */
  const char *link;  /* "static " in one unit, "" in several: the
                        linkage of what every unit may name */
  const char *fwd;   /* "static " or "extern ": its forward declarations */
  StrBuf externs;    /* declarations of the shared data, for the header */
  StrBuf decls;      /* declarations the text being printed needs (the
                        functions it calls, its parts) */
  StrBuf data_decls; /* ... those the data unit needs (the functions of
                        trampolines, `where` wrappers and main) */
  struct Units *u;   /* the units written so far */
  StrBuf pos_files;  /* the positions' file names (wyc_fileN) */
  Intern file_tab;   /* file name -> N */
  bool any_part;     /* some function has parts (cgen_outline.c) */
  Intern types_tab, shapes_tab, pos_tab, const_tab, tramp_tab, native_tab,
    func_tab;
  int ntypes, nshapes, npos, nconsts;
  PtrVec todo;       /* Func*: queued for emission, in order */
  /* the function being emitted: fn, a copy of shown whose temporaries
   * share registers (cgen_slots.c); comments show shown's instructions */
  Func *fn, *shown;
  Flow *fl;
  StrBuf *out;       /* where statements go (&body) */
  int indent;        /* nesting depth of emitted statements */
  const char *set;   /* "wy_set", or "wyc_vset" for volatile registers
                        (functions with a TRY: setjmp) */
  bool used_ret;     /* some RETURN jumped to wyc_ret */
  bool used_throw;   /* some THROW jumped to wyc_throw */
  bool thrown_global; /* wyc_thrown is declared */
  /* offloading (cgen_offload.c); NULL: none (or no kernel) */
  const CgenOffload *off;
  bool cl_emitted;   /* wyc_cl_source is in `kernels` */
  StrBuf kern_refs;  /* "&wyc_kernN, " per descriptor, for prestart */
  int nkern_refs;
  /* chained loops of the function (cgen_chain.c) */
  bool any_chain;
  int *chain_of;       /* insn -> the chained loop whose own code it is
                          (not an offload's CPU path), -1 */
  int *chain_exit_of;  /* label -> the chained loop it is the exit of, -1 */
  bool **chain_written;/* LOOP/FORALL insn -> registers written in the
                          chained loop, NULL: not chained */
  /* unboxed reals and loop facts (cgen_unbox.c, cgen_bounds.c) */
  bool *dbl;           /* register -> held in the C double dN; NULL: no
                          register is */
  bool *imm;           /* register -> no write of it holds a reference
                          (an immediate, a borrowed row): set without
                          wy_set, never released; NULL: none */
  bool *borrow;        /* register -> a borrowed row (cgen_borrow.c) */
  struct Bounds *bd;   /* the function's loop facts, NULL: none */
  struct Rows *rows;   /* storage arrays hoisted out of loops
                          (cgen_rows.c), NULL: none */
  struct Defer *defer; /* reductions whose fast copy tests overflow
                          after it (cgen_defer.c), NULL: none */
  int fast;            /* the FORALL whose copy that assumes its facts is
                          being emitted (cgen_version.c), -1 */
  int resume;          /* the FORALL whose copy as written is being
                          emitted with the label a failed guard jumps to
                          (cgen_rows.c), -1 */
} Gen;

/* The WYIL text of instruction i of the function (as the module has
 * it, g->shown) as a C comment. */
void cgen_emit_comment(Gen *g, int i);
/* Append one line of code at the current indentation. */
void cgen_emit(Gen *g, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
/* The C name of a function (fn->cname, or a made-up one). */
const char *cgen_func_cname(Func *fn);
/* Queue fn for emission (once); natives get a prototype instead. */
void cgen_need_func(Gen *g, Func *fn);
/* A C expression calling callee with the C expressions args (borrowed);
 * its value is an owned wyv (WY_NULL for void). */
const char *cgen_call_expr(Gen *g, Func *callee, const char **args, int nargs);
/* The same call as a statement, its result dropped. */
const char *cgen_call_stmt(Gen *g, Func *callee, const char **args, int nargs);
/* The name of the trampoline of fn, emitted on first use. */
const char *cgen_tramp_name(Gen *g, Func *fn);
/* sb under a comment naming the section (nothing when sb is empty). */
void cgen_put_section(FILE *out, const char *title, StrBuf *sb);
/* wyc_consts_free and main(). */
void cgen_write_main(Gen *g, FILE *out);

/* ================================================================ */
/* cgen_units.c: a large program as several translation units        */

/* Is the module large enough for several units? */
bool cgen_units_wanted(Module *m);
/* Start writing units for o (g->units and the rest set). */
void cgen_units_begin(Gen *g, CgenOut *o);
/* Text (a function or a part) of n instructions and the declarations it
 * needs, to the unit being filled (a new one when that one is full);
 * both buffers are emptied. */
void cgen_units_put(Gen *g, StrBuf *text, StrBuf *decls, int n);
/* The header, the data unit (everything but the functions, and main)
 * and the end of the last unit; head: the text that opens the header
 * (cgen.c's prelude and pragmas). */
void cgen_units_finish(Gen *g, const char *head);
/* The declaration of a function's C prototype, for g->decls. */
void cgen_units_declare(StrBuf *sb, Func *fn);

/* ================================================================ */
/* cgen_flow.c: per-function analyses                                */

struct Flow {
  Func *fn;
  Cfg *cfg;           /* wyil_cfg(fn); the next six are its tables */
  int *label_at;      /* label -> index of its LABEL insn */
  bool *label_used;   /* label is a branch target */
  int *match;         /* LOOP/FORALL -> its END; END -> its header */
  int *encl;          /* insn -> innermost enclosing FORALL, -1 */
  int *try_in;        /* insn -> innermost open TRY (index) before it,
                         -1 none, -2 unreachable */
  bool has_try;
  int *range_of;      /* FORALL -> the RANGE it counts over, -1 */
  Insn **offload_of;  /* label -> the last OFFLOAD of a kernel before it
                         whose exit it is, or NULL */
  bool *elided;       /* RANGE insns folded into their FORALL */
  /* liveness (only when moves are on: the function is not too large) */
  bool moves;
  Live *live;         /* with the C code's own reads (cgen_flow.c) */
  bool *compound;     /* register may hold a list/record/... value */
};

/* The facts about fn (the counting FORALL reads its range's bounds,
 * for liveness). */
Flow *cgen_flow_new(Func *fn);
/* fl's memory and every function's control flow tables, once the
 * function is printed (nothing holds them after). */
void cgen_flow_free(Flow *fl);
/* The arena of the function being printed, which cgen_flow_free
 * releases. */
WyArena *cgen_func_arena(void);

/* ================================================================ */
/* cgen_slots.c: temporaries that share a C local                    */

/* fn, or a copy in which temporaries whose lives do not overlap share a
 * register (in cgen_func_arena); by_real: reals only with reals;
 * *shown: fn, or a copy of fn in the order of the copy's instructions
 * (what its comments show). */
#define CGEN_SINK_FUNC 5000
Func *cgen_share_slots(Func *fn, bool by_real, Func **shown);
/* Does code continue straight from before insn `in` to after it (no
 * label, branch, loop, try, offload, and it falls through)? */
bool cgen_is_straight(const Insn *in);
/* Is register r live after insn i?  (true when moves are off) */
bool cgen_flow_live_after(Flow *fl, int i, int r);

/* ================================================================ */
/* cgen_insn.c                                                       */

void cgen_emit_insn(Gen *g, int i);
/* A C boolean expression for `%a cmp %b` with operand type t. */
const char *cgen_cmp_expr(Gen *g, Cmp cmp, Type *t, int a, int b);

/* ================================================================ */
/* cgen_ctrl.c: branches, loops, updates, exceptions                 */

void cgen_emit_goto(Gen *g, int i, const char *cond, int label);
void cgen_emit_switch(Gen *g, int i);
void cgen_emit_forall(Gen *g, int i);
void cgen_emit_end(Gen *g, int i);
void cgen_emit_update(Gen *g, Insn *in);
void cgen_emit_try(Gen *g, int i);
void cgen_emit_tryend(Gen *g, int i);

/* ================================================================ */
/* cgen_offload.c: loops run by OpenCL kernels                       */

/* The OFFLOAD at code[i]: the call of its kernel function, which jumps
 * to the OFFLOAD's label (past the loop) on success. */
void cgen_emit_offload(Gen *g, int i);
/* At the LABEL code[i] that ends an offloaded loop: under
 * WYC_OFFLOAD=mandatory, a CPU run that the kernel's report of a
 * language error sent there must not get here without that error. */
void cgen_emit_offload_exit(Gen *g, int i);

/* ================================================================ */
/* cgen_chain.c: chained loops (filter/chain.c)                      */

/* The function's chained loops: g->chain_* (before its code). */
void cgen_chain_scan(Gen *g);
/* Frame declarations and their release at the function's exits. */
void cgen_chain_decls(Gen *g, const char *vol);
void cgen_chain_release(Gen *g);
/* Before the chained loop code[h]'s header: begin, keep its values. */
void cgen_chain_begin(Gen *g, int h);
/* In code[i] of a chained loop (each does nothing elsewhere): after the
 * call of an OFFLOAD (wyc_st), before its CPU path, at its label; a
 * failed ASSERT's or a FAIL's test of the chain (true: emitted). */
void cgen_chain_status(Gen *g, int i);
void cgen_chain_pause(Gen *g, int i);
void cgen_chain_resume(Gen *g, int i);
bool cgen_chain_check(Gen *g, int i);
/* At the END code[e]: before its closing brace, and after it. */
void cgen_chain_back_edge(Gen *g, int e);
void cgen_chain_after_end(Gen *g, int e);
/* After a LABEL: the exit of the chained loop it ends, if any. */
void cgen_chain_exit_label(Gen *g, int label);

/* ================================================================ */
/* cgen_unbox.c: registers of type real as C doubles (IEEE modes)    */

/* Which registers of the function are doubles, g->dbl, and which hold
 * immediates only, g->imm (before its code; after cgen_chain_scan). */
void cgen_unbox_scan(Gen *g);
/* Their declarations and the unboxing of real parameters (after the
 * frame's declarations). */
void cgen_unbox_decls(Gen *g, const char *vol);
/* code[i] in its unboxed form; false: not one (then the generic code
 * runs between cgen_unbox_before and cgen_unbox_after, which box the
 * double operands into their registers and unbox its result). */
bool cgen_unbox_insn(Gen *g, int i);
void cgen_unbox_before(Gen *g, int i);
void cgen_unbox_after(Gen *g, int i);
/* The C type of the double registers: "double", or "float". */
const char *cgen_unbox_ctype(Gen *g);
/* A C double expression for the real (or int) in register r. */
const char *cgen_unbox_opnd(Gen *g, int r);

/* ================================================================ */
/* cgen_borrow.c: rows read without a reference                      */

/* g->borrow, and those registers in g->imm (after cgen_unbox_scan). */
void cgen_borrow_scan(Gen *g);

/* ================================================================ */
/* cgen_bounds.c: facts about counted loops over unchanged lists     */

/* The function's facts: g->bd (after cgen_unbox_scan). */
void cgen_bounds_scan(Gen *g);
/* What loop code[h] (body (h, e)) keeps of register x: KEEP_ALL (it
 * does not write x; its variable it writes), KEEP_LEN (only element
 * updates x[a]... = v), KEEP_ROWS (only x[a][b]... = v: the lengths of
 * its rows too), or 0. */
enum { KEEP_ROWS = 1, KEEP_LEN = 2, KEEP_ALL = 4 };
int cgen_kept(Func *fn, int h, int e, int x);
/* Is register z an int constant <= 0 wherever it is read (a lower
 * bound that 0 <= j implies)? */
bool cgen_nonpos_const(Func *fn, int z);
void cgen_bounds_decls(Gen *g);
/* Before the FORALL code[h]: its facts, tested at run time. */
void cgen_bounds_enter(Gen *g, int h);
/* "" or a condition and "&& " that lets the ASSERT code[i] be skipped
 * (its check is implied by the facts of a loop around it). */
const char *cgen_bounds_guard(Gen *g, int i);
/* Is the ASSERT code[i] implied by the facts of the loop whose fast
 * copy is being emitted (then it is left out)? */
bool cgen_bounds_skip(Gen *g, int i);
/* The condition that the facts of loop code[h] hold and their arrays
 * were found, or NULL: h has no facts. */
const char *cgen_bounds_all(Gen *g, int h);
/* In the fast copy of a loop: are the bounds of the INDEXOF code[i]
 * checked by checks left out there, in the straight-line code just
 * before it (on its index, against its list's length)? */
bool cgen_bounds_proved(Gen *g, int i);
/* In the fast copy of a loop, for the INDEXOF code[i] of a borrowed
 * row whose facts hold there: the row read from the list's storage
 * array, or NULL. */
const char *cgen_bounds_row(Gen *g, int i);
/* Is the INDEXOF code[i] a read x[v] of the rows of a list x at loop
 * code[h]'s variable, whose fact (x current, LS_ANY, long enough) lets
 * the fast copy read x's storage array? */
bool cgen_bounds_rows(Gen *g, int i, int h);
/* In the fast copy: is the unboxed read INDEXOF code[i] a plain load
 * from its loop's [real] array? */
bool cgen_bounds_plain(Gen *g, int i);
/* For the INDEXOF code[i] reading a list whose loop's facts hold: a C
 * expression of the element (a double when unboxed, else an owned wyv),
 * or NULL. */
const char *cgen_bounds_elem(Gen *g, int i, bool unboxed);

/* ================================================================ */
/* cgen_rows.c: storage arrays hoisted out of loops (IEEE modes)     */

/* The function's hoists: g->rows (after cgen_bounds_scan). */
void cgen_rows_scan(Gen *g);
void cgen_rows_decls(Gen *g);
/* Before the versioned loop code[h], after its facts: its arrays,
 * taken when the C condition `facts` holds. */
void cgen_rows_enter(Gen *g, int h, const char *facts);
/* The condition that loop code[h]'s arrays were found, or NULL: none. */
const char *cgen_rows_all(Gen *g, int h);
/* In the fast copy: the element the INDEXOF code[i] reads from a
 * hoisted array (a double when unboxed, else an owned word), or NULL;
 * the statement of the UPDATE code[i] storing into one, or NULL. */
const char *cgen_rows_elem(Gen *g, int i, bool unboxed);
const char *cgen_rows_store(Gen *g, int i);
/* Has the versioned loop code[h] guards (then its copy as written has
 * the label wyc_back<h> before its `for`)?  At the start of each
 * iteration of its fast copy: the guards, which jump there when one
 * fails.  Is the ASSERT code[i] implied by a guard of the fast copy? */
bool cgen_rows_guarded(Gen *g, int h);
/* Before the FORALL code[l]: the rows it keeps for guards inside it
 * forgotten; the frame's buffers of them released (at its exits). */
void cgen_rows_outer(Gen *g, int l);
void cgen_rows_release(Gen *g);
void cgen_rows_iter(Gen *g, int h);
bool cgen_rows_skip(Gen *g, int i);

/* ================================================================ */
/* cgen_defer.c: a reduction's overflow tests after its fast copy    */

/* g->defer (after cgen_rows_scan), and the saved accumulators. */
void cgen_defer_scan(Gen *g);
void cgen_defer_decls(Gen *g);
/* In the fast copy being emitted: are + - * left untested? */
bool cgen_defer_unchecked(Gen *g);
/* Before the fast copy's `for`: the accumulators saved.  After it, and
 * before a guard's jump: their test, which on failure puts them back
 * and runs the loop as written from its start (at wyc_redo<h>, which
 * cgen_defer_label places first in that copy). */
void cgen_defer_begin(Gen *g, int h);
void cgen_defer_test(Gen *g, int h);
void cgen_defer_label(Gen *g, int h);

/* ================================================================ */
/* cgen_version.c: the code of a function, loops with facts twice    */

/* code[from..to), each instruction after its comment. */
void cgen_emit_code(Gen *g, int from, int to);
/* Is the FORALL code[h] emitted twice (it has facts, none inside)?
 * Is any loop of the function? */
bool cgen_versioned(Gen *g, int h);
bool cgen_any_versioned(Gen *g);
/* "L<n>", or the name of label n in the copy being emitted. */
const char *cgen_label(Gen *g, int label);

/* ================================================================ */
/* cgen_outline.c: straight code of a huge function in functions     */

/* The whole code of the function: cgen_emit_code, or, in a function of
 * more than CGEN_OUTLINE_FUNC instructions, its long straight runs
 * outside loops in functions of their own (into g->outlined, each of
 * at most a few hundred).  Returns the instructions it left in the
 * function itself. */
int cgen_outline_code(Gen *g);

/* ================================================================ */
/* cgen_types.c                                                      */

/* "&wyc_tyN": the static descriptor of t. */
const char *cgen_type_ref(Gen *g, Type *t);
/* "&wyc_shN": the shape of a record with these (sorted) field names. */
const char *cgen_shape_ref(Gen *g, int n, const char *const *names);
/* Might a value of type t be a heap object that in-place updates can
 * find shared (list, record, string, ...)?  NULL counts as yes. */
bool cgen_maybe_compound(Type *t);
/* The WY_LS_* storage hint for a list whose elements have type t. */
const char *cgen_list_hint(Type *elem);

/* ================================================================ */
/* cgen_const.c                                                      */

/* A C expression of type wyv for constant c, BORROWED: an immediate
 * literal or a read of its cache. */
const char *cgen_const_expr(Gen *g, Const *c);
/* Is cgen_const_expr(c) an immediate (no reference count)? */
bool cgen_const_is_imm(Gen *g, Const *c);
/* In an IEEE mode: is c a real whose word is an immediate?  Its value
 * (rounded to the mode's type) in *d. */
bool cgen_const_real(Gen *g, Const *c, double *d);
/* "&wyc_posN" for a known position, "NULL" otherwise. */
const char *cgen_pos_ref(Gen *g, SrcPos pos);
/* Append a C string literal holding the n bytes of s. */
void cgen_emit_cstr(StrBuf *sb, const char *s, size_t n);
/* The C string literal of s (arena). */
const char *cgen_cstr_lit(const char *s);
/* Append the body of wyc_consts_free(): drop every cached constant. */
void cgen_emit_consts_free(Gen *g, StrBuf *sb);

#endif
