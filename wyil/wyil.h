/* wyil.h -- the public interface of wyil/: the register-based intermediate
 * language between the front end (compiler/) and the filter and back ends.
 *
 * A Module is a whole program: every function reachable from the source
 * file, the standard library's included.  A Func is a flat array of
 * instructions (Insn); branches go forward to labels, loops are
 * structured (LOOP/FORALL ... END).  Each instruction carries the static
 * type it operates on (flow typing happened in the front end) and a
 * source position.  Registers %0..%(nparams-1) are the parameters.
 *
 * The text format printed by wyil_print_module (`wyc --target=wyil`) is
 * documented in wyil/FORMAT.md.
 *
 * Also here, because every part uses them: the Type representation, an
 * arena allocator and a growable string buffer.
 */
#ifndef WYIL_H
#define WYIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---------------------------------------------------------------- */
/* Memory: arenas (util.c).  The compilation arena holds what lives for
 * the whole run, freed in one call; an arena of a phase is made current
 * while the phase allocates and reset when its data are dead.          */

void *wyil_alloc(size_t n);          /* zeroed; never NULL (dies); from
                                        the current arena */
char *wyil_strdup(const char *s);
char *wyil_strndup(const char *s, size_t n);
char *wyil_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *wyil_vfmt(const char *fmt, va_list ap)   /* wyil_fmt's body */
  __attribute__((format(printf, 1, 0)));
void wyil_free_all(void);            /* release everything allocated */
typedef struct WyArena WyArena;
WyArena *wyil_arena_new(void);       /* empty; not current */
/* Make a (NULL: the compilation arena) the one wyil_alloc serves; the
 * one it was, NULL for the compilation arena. */
WyArena *wyil_arena_use(WyArena *a);
void wyil_arena_reset(WyArena *a);   /* release its memory, keep it */
void wyil_arena_free(WyArena *a);    /* release it (NULL: nothing) */

/* Growable array of pointers. */
typedef struct PtrVec {
  void **v;      /* elements */
  int n, cap;    /* used, allocated */
} PtrVec;
void vec_push(PtrVec *vec, void *p);

/* Growable string (heap, not arena: freed with sb_free). */
typedef struct StrBuf {
  char *s;       /* NUL-terminated contents */
  size_t len, cap;
} StrBuf;
void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
void sb_free(StrBuf *sb);

/* Internal errors: a bug in wyc, never the user's fault. */
_Noreturn void wyil_internal_error(const char *file, int line,
                                   const char *fmt, ...);
#define internal_error(...) wyil_internal_error(__FILE__, __LINE__, __VA_ARGS__)

/* ---------------------------------------------------------------- */
/* Source positions                                                   */

typedef struct SrcPos {
  const char *file;  /* path as given (stdlib: its path) */
  int line, col;     /* 1-based; 0 when unknown */
} SrcPos;

/* ---------------------------------------------------------------- */
/* Types (type.c)                                                     */

typedef enum TypeKind {
  TY_VOID, TY_ANY, TY_NULL, TY_BOOL, TY_BYTE, TY_CHAR, TY_INT, TY_REAL,
  TY_STRING, TY_LIST, TY_SET, TY_MAP, TY_TUPLE, TY_RECORD, TY_REF,
  TY_FUNC, TY_METHOD, TY_UNION, TY_NEGATION, TY_INTERSECT, TY_NOMINAL
} TypeKind;

typedef struct Type Type;
typedef struct TypeDef TypeDef;
typedef struct Func Func;
/* Kernel.tri: how a dimension's rows follow an outer dimension. */
enum { KERNEL_RECT = 0, KERNEL_ROW_START = 1, KERNEL_ROW_END = 2 };

typedef struct Kernel Kernel;
/* The most iterations of a dimension one work item runs (Kernel.jam). */
#define WYIL_JAM_MAX 8

struct Type {
  TypeKind kind;
  int n;              /* tuple/union/intersect members, record fields,
                         func/method parameters */
  Type **elems;       /* list/set/ref/negation: [0]; map: [0] key, [1]
                         value; tuple/union/intersect: members; record:
                         field types in name order; func: parameters */
  const char **names; /* record: field names, sorted by strcmp */
  bool open;          /* record: open (`...`) */
  Type *ret;          /* func/method: return type */
  Type *receiver;     /* method: receiver type, NULL when headless */
  TypeDef *def;       /* nominal: the definition */
};

/* A named type `define Name as T [where C]`. */
struct TypeDef {
  const char *module;  /* "whiley/lang/Int", or the program's module */
  const char *name;    /* "nat" */
  Type *type;          /* the definition; may contain this nominal */
  Func *where;         /* constraint: bool f(T $), or NULL; made when
                          first needed, after resolution */
  bool constrained;    /* has a `where` clause (known at resolution) */
  SrcPos pos;
};

/* Shared simple types (never modified). */
extern Type *ty_void, *ty_any, *ty_null, *ty_bool, *ty_byte, *ty_char,
  *ty_int, *ty_real, *ty_string;

Type *ty_list(Type *elem);
Type *ty_set(Type *elem);
Type *ty_map(Type *key, Type *val);
Type *ty_ref(Type *elem);
Type *ty_tuple(int n, Type **elems);
/* names need not be sorted: the fields are sorted here */
Type *ty_record(int n, const char **names, Type **types, bool open);
Type *ty_func(Type *ret, int n, Type **params);
Type *ty_method(Type *ret, Type *receiver, int n, Type **params);
Type *ty_nominal(TypeDef *def);
Type *ty_negation(Type *t);
Type *ty_intersect(int n, Type **members);
/* The union of a and b, flattened and simplified: members that are
 * subtypes of another member are dropped, T|void = T, T|any = any. */
Type *ty_union(Type *a, Type *b);
/* Named types being resolved now (the front end counts them): while
 * any are, ty_union keeps members that reach them as they are. */
extern int ty_pending;

/* Expand nominal types at the top level (not inside). */
Type *ty_expand(Type *t);
bool ty_equal(Type *a, Type *b);          /* structural, after expansion */
/* a <= b: every value of a is a value of b (no coercion; §4.3).
 * Constraints of nominal types are ignored (their raw types count). */
bool ty_subtype(Type *a, Type *b);
/* The record type of t if t (expanded) is a record, or a union of
 * records that all have field `f`: the field's type (union over the
 * members).  NULL if t has no field f. */
Type *ty_field_type(Type *t, const char *f);
/* Element type of a list (or union of lists); NULL if not a list. */
Type *ty_list_elem(Type *t);
Type *ty_set_elem(Type *t);
/* Collections and unions of them (type_coll.c): `[int]|{int=>string}`
 * is measured, iterated and indexed as each member is. */
bool ty_has_length(Type *t);              /* list, string, set or map */
/* The element type of iterating over t (a map: (key, value) tuples),
 * NULL if some member of t is not a collection. */
Type *ty_iter_elem(Type *t);
/* The type of t[k] and, in *key, what k must be (int for lists and
 * strings, the key type of maps; the union over members); NULL if
 * some member cannot be indexed. */
Type *ty_index_val(Type *t, Type **key);
/* Tuples and unions of tuples of one arity, (int,int)|(real,real):
 * the arity (-1 if t is none), and the union of the i-th members. */
int ty_tuple_arity(Type *t);
Type *ty_tuple_elem(Type *t, int n, int i);
bool ty_is(Type *t, TypeKind k);          /* ty_expand(t)->kind == k */
/* Does t contain a nominal type with a `where` constraint? */
bool ty_has_constraint(Type *t);
void ty_print(StrBuf *sb, Type *t);       /* Whiley syntax: [int], {int x} */
const char *ty_str(Type *t);              /* arena copy of ty_print */

/* ---------------------------------------------------------------- */
/* Compile-time constants (const.c)                                   */

typedef enum ConstKind {
  C_NULL, C_BOOL, C_BYTE, C_CHAR, C_INT, C_REAL, C_STRING, C_LIST, C_SET,
  C_MAP, C_TUPLE, C_RECORD, C_FUNC
} ConstKind;

typedef struct Const Const;
struct Const {
  ConstKind kind;
  const char *text;   /* int: decimal ("-12"); real: "num/den" normalised
                         with den > 0 ("1617/500", "5/1"); string: UTF-8 */
  uint32_t u;         /* bool 0/1, byte, char code unit */
  int n;              /* compound: number of elements / fields; map: pairs */
  Const **elems;      /* list/set/tuple elements; map k1,v1,k2,v2...;
                         record values in name order */
  const char **names; /* record field names, sorted */
  Func *fn;           /* C_FUNC: the function referenced */
};

void const_print(StrBuf *sb, Const *c);   /* as Whiley prints it (§6) */
bool const_equal(Const *a, Const *b);

/* ---------------------------------------------------------------- */
/* Instructions                                                       */

#define F_NONE   0
#define F_DEF    1   /* writes in->dst */
#define F_FAIL   2   /* may raise a language error */
#define F_EFFECT 4   /* observable effect: never remove */
#define F_BRANCH 8   /* may transfer control to in->label */
#define F_END   16   /* control never falls through */
#define F_THROW 32   /* may throw a value a TRY catches */

typedef enum Op {
#define OP(e, text, nargs, flags) OP_##e,
#include "ops.def"
#undef OP
  OP_COUNT
} Op;

extern const char *const wyil_op_name[OP_COUNT];
extern const int wyil_op_nargs[OP_COUNT];
extern const int wyil_op_flags[OP_COUNT];

/* Comparators of IF and ASSERT.  ORDER Cmp: wyil_cmp_name. */
typedef enum Cmp {
  CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
  CMP_IN,   /* %a is an element of the list/set %b */
  CMP_SB,   /* %a ⊂ %b (proper subset) */
  CMP_SBE   /* %a ⊆ %b */
} Cmp;
extern const char *const wyil_cmp_name[];   /* "eq", "ne", ... */
Cmp cmp_negate(Cmp c);                      /* lt -> ge; in/sb/sbe: none */
Cmp cmp_mirror(Cmp c);   /* operands swapped: lt -> gt; in/sb/sbe: none */

/* One step of an UPDATE path, from the root outwards. */
typedef enum UpdKind {
  UPD_INDEX,  /* [%r]: list index, map key or string index, by `type` */
  UPD_FIELD,  /* .field of a record */
  UPD_DEREF   /* (*r): through a reference, the object changes in place */
} UpdKind;

typedef struct UpdStep {
  UpdKind kind;
  const char *field;  /* UPD_FIELD */
  Type *type;         /* the container's type at this step */
} UpdStep;

typedef struct SwitchCase {
  Const *value;  /* compared by value equality */
  int label;     /* target */
} SwitchCase;

/* (Fields ordered by size: no padding inside; a module holds millions.) */
typedef struct Insn {
  Op op;
  int dst;           /* destination register, -1 if none */
  int nargs;         /* number of register operands */
  Cmp cmp;           /* IF, ASSERT */
  int label;         /* IF, IFIS, GOTO, LABEL, TRY: label number;
                        SWITCH: default label */
  int nsteps;        /* UPDATE: path length; the first nsteps of args
                        holding an index are consumed in order by the
                        UPD_INDEX steps, the last arg is the value */
  int ncases;        /* SWITCH */
  int chain_exit;    /* LOOP, FORALL chained: the label its jumps leave
                        it to, or -1 */
  Type *type;        /* the type operated on (see ops.def) */
  Type *type2;       /* CONVERT: target type; IFIS: tested type */
  int *args;         /* operand registers */
  Const *cst;        /* CONST */
  const char *name;  /* FIELDLOAD: field; ASSERT/FAIL: message */
  long imm;          /* TUPLELOAD: index */
  Func *callee;      /* INVOKE, LAMBDA (bound args first) */
  UpdStep *steps;    /* UPDATE */
  SwitchCase *cases; /* SWITCH */
  SrcPos pos;        /* source position (for errors and --explain) */
  bool chained;      /* LOOP, FORALL: its offloads do not wait for their
                        error flags (filter/chain.c) */
  bool ascends;      /* FORALL over a range of unknown direction: its
                        kernel's dependence test took it as ascending
                        (filter/depend.c), so a descending run is not
                        offloaded (its kernel fails OCL_FLAG_DESCENDING,
                        or the host keeps the loop) */
} Insn;

/* ---------------------------------------------------------------- */
/* Functions and modules                                              */

struct Func {
  const char *module;   /* "whiley/lang/Math", or the program's name */
  const char *name;     /* source name, "main" */
  const char *cname;    /* unique C identifier chosen by lowering */
  Type *type;           /* TY_FUNC or TY_METHOD */
  bool is_method;       /* declared with :: */
  bool is_native;       /* no body: runtime wy_lib_<Module>_<name> */
  bool is_public;
  int nparams;          /* registers %0..%(nparams-1) */
  int nregs;            /* registers used */
  const char **regnames;/* source variable per register, or NULL */
  Insn **code;          /* instructions */
  int ncode, capcode;
  int nlabels;          /* labels are 0..nlabels-1 */
  SrcPos pos;
  struct Cfg *cfg;      /* wyil_cfg's cache, NULL when not made */
  Kernel *kernel;       /* a kernel function: what it is, else NULL */
};

/* Kernels (filter/ finds them, flt_split makes each a function whose
 * Func.kernel describes it).  How a kernel uses a register: */
typedef enum KArgKind {
  KA_SCALAR,    /* a loop-invariant int/real/bool read by the kernel */
  KA_LIST_IN,   /* a list only read: uploaded, never downloaded */
  KA_LIST_OUT,  /* a list every element of which is written, never read:
                   downloaded, not uploaded */
  KA_LIST_INOUT,/* a list written (at the work item's index) and maybe
                   read there: uploaded and downloaded */
  KA_REDUCE     /* a scalar the loop reduces (filter/reduce.c): each work
                   item starts it at the operator's identity, the runtime
                   combines the items' values with the value before */
} KArgKind;

typedef struct KernelArg {
  int reg;          /* its register in k->fn (a kernel function: the
                       parameter, the same as its index) */
  KArgKind kind;
  Type *type;       /* its static type: int, real, bool, [T], [[T]], ... */
  Type *elem;       /* lists: the scalar element type (int, real, bool) */
  int depth;        /* lists: nesting (1 for [int], 2 for [[int]], ...) */
  const char *name; /* source variable name, for --explain and messages */
  int win[3];       /* KA_LIST_OUT: the NDRange dimension whose loop
                       variable indexes each nesting level (0 the
                       outermost); the kernel writes every element of
                       that box (window.c); -2: the level is written
                       whole, element j by work item j (a build list,
                       filter/build.c).  KA_LIST_INOUT: win[0] >= 0 is
                       the dimension whose loop variable is the only
                       index at which the kernel reads and writes it
                       (window.c, own_index) */
  /* Decided by the passes narrow and store32 (checks/plan.c) before
   * either back end prints; the OpenCL printer and the C back end's
   * descriptor (c_backend/cgen_offload.c) read them: */
  int narrow;       /* KA_LIST_IN of ints: the kernel's variant
                       (Kernel.narrow_name) may run when every element
                       lies in [-2^narrow, 2^narrow - 1]; a KA_SCALAR
                       int: when its value does; 0: no such condition
                       on this argument */
  int out_bits;     /* a list the kernel writes: every value it stores
                       lies in [-2^out_bits, 2^out_bits - 1]; -1: not
                       known */
  int out_arg;      /* a list the kernel writes: every value it stores
                       is a remainder by argument out_arg (a scalar int
                       the kernel reads), so lies within (-|v|, |v|) for
                       that argument's value v; -1: none */
  int index_dim[3]; /* a list, per level l: 1 + d when the narrow variant
                       takes the loop variable of NDRange dimension d to
                       lie within [0, length of level l) (it indexes that
                       level; the runtime checks lo >= 0 and hi <= the
                       length); 0: no such assumption */
  bool store32;     /* a KA_LIST_OUT of ints whose values fit 32 bits
                       (out_bits <= 31 in the kernel without variant):
                       its buffer holds 32-bit ints whatever the width
                       of the kernel's ints */
} KernelArg;

/* Is ka a list the kernel reads and writes only at its own index? */
static inline bool
wyil_own_index(const KernelArg *ka)
{
  return ka->kind == KA_LIST_INOUT && ka->win[0] >= 0;
}

/* A kernel's shape (kernel.c).  Register blocking's copies (filter/
 * jam.c made them, Kernel.jam_copy): is `in` the FORALL of the copy-th
 * (>= 1) iteration of dimension *dim of kernel k (NULL: none)? */
bool wyil_jam_copy(const Kernel *k, const Insn *in, int *dim, int *copy);
/* The dimension of which register r holds a copy's index, or -1. */
int wyil_jam_var_dim(const Kernel *k, int r);
/* The NDRange dimension whose FORALL (or a copy's) `in` is, -1 for an
 * ordinary loop or no kernel (k NULL). */
int wyil_kernel_dim(const Kernel *k, const Insn *in);

/* The operator of a KA_REDUCE argument.  ORDER KRedOp: flt_red_name. */
typedef enum KRedOp {
  KR_NONE, KR_ADD, KR_MUL, KR_AND, KR_OR, KR_MIN, KR_MAX
} KRedOp;

/* --gpu-real: where and how loops that compute with reals run.  Every
 * value but FLT_REAL_EXACT (0) lets them run on the device.  Here, not
 * in filter/filter.h, because the filter and both back ends read it
 * (the name is the filter's, which decides first). */
typedef enum FltReal {
  FLT_REAL_EXACT,      /* exact rationals: such loops stay on the CPU */
  FLT_REAL_AUTO,       /* the default: double where the device has it,
                          float otherwise (chosen by the runtime) */
  FLT_REAL_FLOAT,
  FLT_REAL_DOUBLE
} FltReal;

/* Tiles in local memory for a register-blocked kernel's jammed loop
 * (filter/tile.c plans them, Kernel.tiles).  A tile holds, per step of
 * a chunk of that loop, the elements of one list of lists the kernel
 * only reads for every index of one dimension its work group covers. */
#define WYIL_TILE_MAX 4
typedef struct KTile {
  int list;       /* the list argument's register */
  int bytes;      /* of an element, in the widest variant */
  int dim;        /* the dimension whose indices pick its rows/columns */
  bool k_inner;   /* list[x][k]; else list[k][x] */
} KTile;

typedef struct KTileLoad {
  Insn *in;       /* the INDEXOF of the element */
  int tile, copy; /* its tile; the jam copy of the dimension's index */
} KTileLoad;

typedef struct KTiles {
  int steps;      /* of the loop per chunk */
  int width[2];   /* a tile's positions along dimension d: the group's
                     indices (tile_local[d] * jam[d]) */
  int padded[2];  /* ... with one unused slot per jam factor (> 1) */
  KTile t[WYIL_TILE_MAX];
  int nloads;
  KTileLoad *loads;
} KTiles;

struct Kernel {
  int id;              /* 1, 2, ... in the module */
  const char *name;    /* OpenCL kernel name: "wyk_<id>" */
  Func *fn;            /* the function holding the loop: the host
                          function (filter), or the kernel function */
  Func *host;          /* the host function the loop is from */
  Insn *loop;          /* its FORALL instruction (identity, not index) */
  int ndims;           /* 1..3 work-item dimensions */
  /* per dimension d (0 = fastest varying work-item index): the loop
   * variable's register, and the registers holding the range's bounds
   * [lo, hi) in fn before the loop (a kernel function: its bound
   * parameters; the range is
   * ascending when hi > lo; the runtime runs max(0, hi - lo) items).
   * Dimension 0 is the loop whose variable indexes the last level of
   * the kernel's lists most often (coalesced access), else the
   * innermost. */
  int loopvar[3];
  int lo[3], hi[3];
  uint8_t tri[3];      /* a triangle's rows (filter.c, row_start and
                          row_end), KERNEL_ROW_START: the loop's range
                          starts at an outer dimension's variable (plus
                          an invariant), lo is that dimension's lo, and
                          a work item before its row's start does
                          nothing; KERNEL_ROW_END: it ends at that
                          variable, hi is that dimension's hi, and an
                          item at or past its row's end does nothing */
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
  KernelArg *args;     /* everything the kernel reads or writes (the
                          device arguments, in order) */
  PtrVec callees;      /* Func*: functions called inside, transitively */
  bool uses_real;      /* computes with reals (needs --gpu-real) */
  bool *numreal;       /* per register of fn: an int|real value the kernel
                          holds as a device real (filter/numkind.c), or
                          NULL when there is none */
  const char *not_flat;/* -O2: why the nest was not flattened further */
  const char *ascend_vars; /* the variables of the loops whose ranges
                          its dependence test took as ascending
                          (Insn.ascends), "j, k", or NULL */
  bool guarded;        /* its launch also needs register `guard` of the
                          host function to hold 1 (filter/inject.c: a
                          write at a computed index shown one-to-one
                          before the loop); the `offload` reads it after
                          the kernel function's parameters */
  int guard;
  int guard_list;      /* ... the list written there (its register) */
  bool outer_checks;   /* flattened: code outside the innermost loop may
                          fail (a check or a call); when an inner
                          dimension is empty no work item runs it, so the
                          host takes the CPU path for that call */
  /* reduce kernels (filter/reduce.c) */
  enum KernelKind { KK_MAP, KK_BUILD, KK_REDUCE } kind;
  uint8_t *red_op;     /* per argument: the KRedOp of a KA_REDUCE, else
                          KR_NONE (NULL when the kernel reduces nothing) */
  /* build kernels (filter/build.c) */
  int build_list;      /* KK_BUILD: the register of xs in `xs = xs + [e]`
                          (a KA_LIST_OUT argument whose every level is
                          written whole, element j by work item j) */
  Insn *build_append;  /* KK_BUILD: its APPENDL, once per iteration */
  Insn *build_inner;   /* a 2-D build, `rows = rows + [row]` with row
                          built by the inner loop (dimension 0): row's
                          APPENDL there, else NULL */
  Insn *build_new;     /* ... and its `row = []` (NEWLIST) */
  bool build_copies;   /* a 1-D build of rows, `rows = rows + [row]` with
                          row made before the loop: every row a copy of
                          build_append's args[1], a list argument */
  /* pass narrow (checks/plan.c): the OpenCL name of a variant of the
   * kernel that assumes the values of its KernelArg.narrow lists are
   * small (more checks proved, checks/narrow.c), or NULL */
  const char *narrow_name;
  int narrow_dims;     /* ... and when every value of the NDRange's loop
                          variables lies in [-2^narrow_dims,
                          2^narrow_dims - 1]; 0: no such condition */
  /* filter/jam.c, register blocking: jam[d] > 1 when each
   * work item runs jam[d] consecutive iterations of dimension d, the
   * item's code copied once per iteration and the copies' inner loops
   * jammed into one (the last index repeated past the range's end, its
   * stores skipped).  jam_copy[d][c] (c >= 1) is the FORALL defining the
   * c-th copy's index: like a dimension's own FORALL in a kernel
   * function, not a loop. */
  int jam[3];
  Insn *jam_copy[3][WYIL_JAM_MAX];
  bool jam_tried;      /* filter/jam.c has looked at it */
  const char *jam_what;/* --explain: what it did, or NULL */
  bool *jam_clone;     /* per instruction of fn: added by the copying (its
                          checks are not counted again), or NULL */
  Insn *jam_seq;       /* the sequential FORALL the copies share */
  /* filter/tile.c: the lists that loop reads through tiles in local
   * memory (ntiles > 0; printed by opencl_backend/oclgen_tile.c); the
   * kernel then requires work groups of tile_local[0] x tile_local[1]
   * items */
  int ntiles;
  KTiles *tiles;
  int tile_local[3];
  const char *tile_what;/* --explain: what it did, or NULL */
};

typedef struct Module {
  const char *name;     /* the program's module name (file stem) */
  const char *file;     /* its source path */
  PtrVec funcs;         /* Func*: all functions of the program */
  PtrVec typedefs;      /* TypeDef*: all named types used */
  Func *main;           /* `void ::main(System.Console)` or NULL */
  int real_mode;        /* WYIL_REAL_*: what `real` is (--real) */
} Module;

/* --real: exact rationals (the default), or IEEE numbers everywhere
 * (host code, fallbacks, kernels); ORDER the runtime's WY_REAL_*. */
enum { WYIL_REAL_EXACT, WYIL_REAL_DOUBLE, WYIL_REAL_FLOAT };

/* Builder (build.c). */
Module *wyil_new_module(const char *name, const char *file);
Func *wyil_new_func(Module *m, const char *module, const char *name,
                    Type *type, SrcPos pos);
int wyil_new_reg(Func *fn, const char *varname);  /* varname may be NULL */
int wyil_new_label(Func *fn);
/* Append an instruction; args are copied. */
Insn *wyil_emit(Func *fn, Op op, Type *type, int dst, int nargs,
                const int *args, SrcPos pos);

/* Index of instruction `in` in fn->code (an internal error if absent). */
int wyil_insn_index(const Func *fn, const Insn *in);
/* Index of the END matching the LOOP/FORALL at code[i]. */
int wyil_loop_end(const Func *fn, int i);
/* The static type of the value `in` writes into in->dst (for INDEXOF
 * the element's, for LENGTHOF int), or NULL where it is not known. */
Type *wyil_def_type(Insn *in);

/* The natives of whiley.lang.Math that device code computes itself
 * (devmath.c): which kind fn is, WYIL_DM_NONE for any other function. */
typedef enum WyilDevMath {
  WYIL_DM_NONE,
  WYIL_DM_REAL,     /* exp, log, sin, ... of a real: a real */
  WYIL_DM_TO_INT,   /* floor, ceil, round of a real: an int */
  WYIL_DM_ABS,      /* abs of an int or a real */
  WYIL_DM_MINMAX,   /* min, max of two ints or two reals */
  WYIL_DM_SQRT,     /* sqrt of an int or a real, and an error bound */
  WYIL_DM_POW,      /* pow of two ints: an int, exactly */
  WYIL_DM_ISQRT,    /* isqrt of an int: an int, exactly */
} WyilDevMath;
WyilDevMath wyil_device_math(const Func *fn);
/* fn is a native of whiley.lang.Math, named `name` (NULL: any). */
bool wyil_is_math(const Func *fn, const char *name);

/* ---------------------------------------------------------------- */
/* Control flow, definitions and liveness (cfg.c)                     */

/* The facts about one function that every pass shares.  Made by
 * wyil_cfg and kept on the Func until its code, registers or labels
 * change (a pass that reorders code in place calls wyil_cfg_drop). */
typedef struct Cfg {
  Func *fn;
  Insn **code;        /* fn->code, ncode, nregs, nlabels when made */
  int ncode, nregs, nlabels;
  int *label_at;      /* label -> index of its LABEL */
  bool *label_used;   /* label is a branch target */
  int *match;         /* LOOP/FORALL -> its END; END -> its header; -1 */
  int *encl;          /* insn -> innermost FORALL around it, -1 */
  int *try_in;        /* insn -> innermost TRY open when it starts, -1
                         none, -2 unreachable */
  int *try_parent;    /* TRY -> the TRY open around it, -1 */
  bool has_try;       /* the function has a TRY */
  int *succ_at;       /* successors of insn i: succ[succ_at[i] ..
                         succ_at[i + 1]) */
  int *succ;
  int *ndefs;         /* register -> instructions writing it whole (all
                         but UPDATE, which writes into it) */
  int *def_at;        /* register -> the last of them, -1 */
  struct Live *live;  /* wyil_cfg_live's, or NULL */
} Cfg;

/* Extra registers read by insn i, added to `set` (a user's own reads). */
typedef void WyilUses(void *ctx, int i, uint64_t *set);

typedef struct Live {
  int ninsn;          /* instructions */
  int words;          /* 64-bit words per register set */
  uint64_t *in;       /* live on entry to insn i: in[i * words ...] */
  uint64_t *out;      /* live on exit */
  WyilUses *extra;    /* the user's reads, or NULL */
  void *ctx;
} Live;

/* (A const Func's tables are a cache on it, not a change of it.) */
Cfg *wyil_cfg(const Func *fn);
void wyil_cfg_drop(Func *fn);
/* Free every function's tables (Cfg, Live, made in an arena of their
 * own) and clear each fn->cfg: between functions, by a driver that holds
 * none of them (cfg.c's head comment). */
void wyil_cfg_release(void);
/* The register insn `in` writes (UPDATE: its root, which it also
 * reads), or -1. */
int wyil_def_reg(const Insn *in);
/* The one instruction of fn defining register r, or NULL (none, or
 * several). */
Insn *wyil_only_def(const Func *fn, int r);
/* Liveness over c's flow, with the user's extra reads (or NULL). */
Live *wyil_live(Cfg *c, WyilUses *extra, void *ctx);
/* The plain liveness of fn, made once (kept with its Cfg). */
Live *wyil_cfg_live(Func *fn);
bool wyil_live_in(Live *lv, int i, int r);
bool wyil_live_out(Live *lv, int i, int r);

/* Printer (print.c): the text of `wyc --target=wyil`. */
void wyil_print_insn(StrBuf *sb, Insn *in);
void wyil_print_func(FILE *out, Func *fn);
void wyil_print_module(FILE *out, Module *m);

/* Verifier (verify.c): structural checks; an internal error on failure. */
void wyil_verify(Module *m);
/* The same, naming `pass` (just run) in its message. */
void wyil_verify_after(Module *m, const char *pass);

#endif
