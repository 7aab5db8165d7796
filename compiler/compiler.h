/* compiler.h -- internal header of compiler/: the front end and driver.
 *
 * Stages: lexer.c (tokens with the §1.6 layout filter) -> parser.c (AST)
 * -> resolve.c (modules, imports, names, types of declarations) ->
 * flow.c + lower*.c (flow typing and lowering to WYIL) -> main.c drives
 * the back ends.  User errors go through diag.c and end the run.
 */
#ifndef COMPILER_H
#define COMPILER_H

#include "../checks/checks.h"
#include "../filter/filter.h"
#include "../opencl_backend/oclgen.h"
#include "../wyil/wyil.h"

/* ================================================================ */
/* diag.c                                                            */

/* Print "file:line:col: error: msg", the source line and a caret, then
 * exit(1).  The source text of each file is registered when lexed. */
_Noreturn void error_at(SrcPos pos, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
void warn_at(SrcPos pos, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
void diag_register_source(const char *file, const char *text);

/* ================================================================ */
/* lexer.c                                                           */

typedef enum TokenKind {
  TK_EOF,
  TK_NEWLINE,   /* a kept end of line (§1.6) */
  TK_INDENT,    /* start-of-line whitespace; tok->indent = width
                   (1 per space, 4 per tab) */
  TK_IDENT,     /* identifiers, including `this`, `from`, `method` */
  TK_KEYWORD,   /* reserved words (§1.3); text in tok->text */
  TK_INT,       /* decimal or hex; tok->text = decimal digits */
  TK_REAL,      /* tok->text = "123.456" */
  TK_BYTE,      /* tok->ival = value */
  TK_CHAR,      /* tok->ival = code unit */
  TK_STRING,    /* tok->str = decoded UTF-8 contents */
  TK_PUNCT,     /* operators and punctuation, tok->text e.g. "..", "=>",
                   "∪" (the word operators in, is, no, some, all are
                   TK_PUNCT too; `∈` is normalised to "in", `≤` to "<=",
                   `≥` to ">=") */
  TK_BLOCK_COMMENT /* kept: the parser skips it where allowed (§1.2) */
} TokenKind;

typedef struct Token Token;
struct Token {
  TokenKind kind;
  const char *text;  /* NUL-terminated spelling (arena) */
  const char *str;   /* TK_STRING: decoded contents, UTF-8 */
  size_t strlen;     /* TK_STRING: bytes in str (may contain NUL) */
  long ival;         /* TK_BYTE, TK_CHAR */
  int indent;        /* TK_INDENT */
  SrcPos pos;
  Token *next;
  const char *src;   /* where its spelling starts in the source text */
  int seg;           /* the lexer's segment it was made in (lex_stream) */
};

/* Lex a whole file (read from path) into a token list ending in TK_EOF,
 * with the layout filter applied.  Errors are user errors.  The TK_EOF
 * token's next is itself: walk with `tok->kind != TK_EOF`. */
Token *lex_file(const char *path);
Token *lex_string(const char *file, const char *text);
bool tok_is(Token *tok, const char *text);  /* punct or keyword spelling */

/* A file lexed a segment at a time (parser.c's parse_file_lazy): a
 * segment ends at a line end that a line at column 0 follows.  The
 * whole file is checked first (lexical errors come before the
 * parser's).  Each segment's tokens are in an arena of their own, their
 * texts in the current arena; Token.seg numbers the segments from 0.
 * While the file is not all lexed, the last token's next is a barrier:
 * a TK_EOF that is not the end. */
typedef struct LexStream LexStream;
LexStream *lex_stream_open(const char *path);
Token *lex_stream_first(LexStream *s);  /* the first token */
void lex_stream_ensure(LexStream *s, int seg);   /* lex up to seg */
void lex_stream_release(LexStream *s, int seg);  /* free those before */
Token *lex_stream_barrier(LexStream *s);  /* NULL once all is lexed */
int lex_stream_last(LexStream *s);  /* the last segment lexed; INT_MAX
                                       once all is */
const char *lex_stream_file(LexStream *s);
void lex_stream_close(LexStream *s);

/* A part of a file lexed again: from start, the start of line `line`,
 * to end, where the list stops at a TK_EOF.  The filter runs as after a
 * kept line end with nothing open: a function body. */
typedef struct LexText {
  const char *file;
  const char *text;      /* the whole file, len bytes */
  size_t len;
} LexText;
typedef struct LexRange {
  const LexText *in;     /* the stream's (lex_stream_text) */
  const char *start, *end;
  int line;
} LexRange;
const LexText *lex_stream_text(LexStream *s);
/* Tokens in the arena `tokens`, texts in the current one. */
Token *lex_range(const LexRange *r, WyArena *tokens);

/* ================================================================ */
/* AST (parser.c builds it)                                          */

/* Type expressions as written. */
typedef enum TypeExprKind {
  TE_ANY, TE_VOID, TE_NULL, TE_BOOL, TE_BYTE, TE_CHAR, TE_INT, TE_REAL,
  TE_STRING,
  TE_LIST,      /* [elem] */
  TE_SET,       /* {elem} */
  TE_MAP,       /* {key=>value}: elems[0], elems[1] */
  TE_TUPLE,     /* (T1, T2, ...) */
  TE_RECORD,    /* {T1 f1, T2 f2 [, ...]} in source order */
  TE_REF,       /* ref T */
  TE_UNION,     /* T1 | T2 | ... */
  TE_INTERSECT, /* T1 & T2 & ... */
  TE_NEGATION,  /* !T */
  TE_FUNC,      /* R(P1, P2): ret + params */
  TE_METHOD,    /* R::(P1, P2) */
  TE_NOMINAL    /* Name or a.b.Name: names[0..n-1] */
} TypeExprKind;

typedef struct TypeExpr TypeExpr;
struct TypeExpr {
  TypeExprKind kind;
  int n;               /* number of elems / fields / params / name parts */
  TypeExpr **elems;    /* members, field types, params */
  const char **names;  /* record field names; nominal: dotted parts */
  bool open;           /* record ends with `...` */
  TypeExpr *ret;       /* func/method return */
  SrcPos pos;
};

typedef enum NodeKind {
  /* ---- expressions ---- */
  ND_NULL,       /* null */
  ND_BOOL,       /* true/false: ival */
  ND_INT,        /* text: decimal digits */
  ND_REAL,       /* text: "1.25"; a negative literal folded: "-1.25" */
  ND_CHAR,       /* ival */
  ND_BYTE,       /* ival */
  ND_STRING,     /* str, strlen */
  ND_NAME,       /* name: a variable, constant, function, or module name */
  ND_BINARY,     /* lhs op rhs (op: BinOp) */
  ND_UNARY,      /* op lhs: UOP_NEG -e, UOP_NOT !e, UOP_INVERT ~e */
  ND_LENGTH,     /* |lhs| */
  ND_INDEX,      /* lhs[rhs] */
  ND_SUBLIST,    /* lhs[a..b], lhs[a..], lhs[..b]: args[0] start or NULL,
                    args[1] end or NULL */
  ND_FIELD,      /* lhs.name (also module-qualified names: Math.PI) */
  ND_ARROW,      /* lhs->name */
  ND_DEREF,      /* *lhs */
  ND_CALL,       /* callee(args): callee is ND_NAME, ND_FIELD (x.f(..):
                    module-qualified call, method call on a reference, or
                    call of a record's function field), ND_ARROW
                    (r->f(..)); send is true for e!m(..); the callee
                    is in lhs, e?m(..) is e.m(..) */
  ND_LIST,       /* [args] */
  ND_SET,        /* {args} (also {} and ∅: an empty set) */
  ND_MAP,        /* {k1=>v1, ...}: args = k1, v1, k2, v2... ({=>}: empty) */
  ND_RECORD,     /* {f1: e1, ...}: names + args in source order */
  ND_TUPLE,      /* (a, b, ...) */
  ND_RANGE,      /* lhs .. rhs */
  ND_CAST,       /* (type) lhs */
  ND_IS,         /* lhs is type */
  ND_FUNCREF,    /* &name or &a.b.name; with partial application
                    &f(a, _, c): args with NULL for each `_`, nargs >= 0;
                    has_args false for plain &f; name is "f" or, for
                    &a.b.f, "a.b.f" */
  ND_LAMBDA,     /* &(T1 x, T2 y -> body): params + body (an expression,
                    in lhs) */
  ND_NEW,        /* new lhs */
  ND_COMPREHENSION, /* { lhs | v1 in e1, v2 in e2, cond }: sources in
                    `vars` + `args`, cond in `cond` or NULL */
  ND_QUANT,      /* some/all/no { v1 in e1, ... | cond }: quant kind in
                    op (Q_SOME, Q_ALL, Q_NO) */

  /* ---- statements ---- */
  ND_ASSIGN,     /* lvals (args) = rhs; several lvals = destructuring */
  ND_RATSPLIT,   /* n / d = rhs: args[0] = n lval, args[1] = d lval */
  ND_EXPR_STMT,  /* a call: lhs */
  ND_IF,         /* cond, then_body, else_body (NULL; an `else if` is an
                    else_body holding one ND_IF) */
  ND_WHILE,      /* cond, invariant, body */
  ND_DO_WHILE,   /* body, cond, invariant */
  ND_FOR,        /* vars (1 or 2 names), lhs = source, invariant, body */
  ND_SWITCH,     /* lhs = scrutinee, cases (ND_CASE) */
  ND_CASE,       /* args = case values (empty for default), body;
                    is_default */
  ND_RETURN,     /* lhs = value or NULL (a bare tuple is an ND_TUPLE) */
  ND_BREAK,
  ND_ASSERT,     /* cond */
  ND_ASSUME,     /* cond */
  ND_DEBUG,      /* lhs */
  ND_SKIP,
  ND_THROW,      /* lhs */
  ND_TRY,        /* body, cases = ND_CATCH list */
  ND_CATCH       /* type, name, body */
} NodeKind;

typedef enum BinOp {
  BOP_ADD, BOP_SUB, BOP_MUL, BOP_DIV, BOP_REM,
  BOP_AND, BOP_OR,                 /* && || (short-circuit) */
  BOP_BITAND, BOP_BITOR, BOP_BITXOR, BOP_SHL, BOP_SHR,
  BOP_EQ, BOP_NE, BOP_LT, BOP_LE, BOP_GT, BOP_GE,
  BOP_IN,                          /* in, ∈ */
  BOP_SUBSET, BOP_SUBSETEQ,        /* ⊂ ⊆ */
  BOP_UNION, BOP_INTERSECT         /* ∪ ∩ */
} BinOp;

enum { UOP_NEG, UOP_NOT, UOP_INVERT };
enum { Q_SOME, Q_ALL, Q_NO };

typedef struct Node Node;

/* A list of nodes. */
typedef struct NodeList {
  Node **v;
  int n, cap;
} NodeList;
void nodes_push(NodeList *l, Node *n);

/* Fat node, chibicc style: each kind uses the fields its comment names. */
struct Node {
  NodeKind kind;
  SrcPos pos;            /* the node's first token */
  /* expressions */
  int op;                /* BinOp, UOP_*, Q_* */
  Node *lhs, *rhs;
  NodeList args;         /* elements, call arguments, lvals, case values */
  const char *name;      /* ND_NAME, ND_FIELD, ND_ARROW, ND_CATCH var */
  const char **names;    /* ND_RECORD field names (n = args.n) */
  const char *text;      /* ND_INT, ND_REAL */
  const char *str;       /* ND_STRING (UTF-8) */
  size_t strlen;
  long ival;             /* ND_BOOL, ND_CHAR, ND_BYTE */
  TypeExpr *type;        /* ND_CAST, ND_IS, ND_CATCH */
  bool send;             /* ND_CALL written e!m(...) */
  bool has_args;         /* ND_FUNCREF with (...) */
  NodeList params;       /* ND_LAMBDA: ND_NAME nodes with ->type set */
  NodeList vars;         /* ND_FOR, ND_COMPREHENSION, ND_QUANT: the bound
                            variable names (ND_NAME nodes) */
  /* statements */
  Node *cond;            /* if/while/do/assert/assume; comprehension filter */
  Node *invariant;       /* while/do/for `where` clause or NULL */
  NodeList body;         /* statements of a block */
  NodeList else_body;
  NodeList cases;        /* ND_SWITCH: ND_CASE; ND_TRY: ND_CATCH */
  bool is_default;       /* ND_CASE */
  struct FlowLoop *flow; /* loops: what flow.c learnt of their typing */
};

/* Top-level declarations. */
typedef enum DeclKind { DK_IMPORT, DK_TYPE, DK_CONST, DK_FUNC } DeclKind;

typedef struct Param {
  TypeExpr *type;
  const char *name;
  SrcPos pos;
} Param;

typedef struct Decl Decl;
struct Decl {
  DeclKind kind;
  SrcPos pos;
  int index;             /* its place in the module (set by resolve.c) */
  const char *name;      /* type/constant/function name; import: the
                            imported name or "*", "" for the form
                            without `from` (module visibility) */
  /* modifiers */
  bool is_public, is_native, is_export;
  /* DK_IMPORT: `import NAME from a.b.c` or `import * from a.b.*`:
     path = the dotted parts ("whiley", "lang", "*"), npath of them;
     deep = the `..` form (its place in path holds "**") */
  const char **path;
  int npath;
  bool deep;
  /* DK_TYPE: type + optional where (an expression over `$` / fields) */
  TypeExpr *type;
  Node *where;
  /* DK_CONST: value */
  Node *value;
  /* DK_FUNC */
  bool is_method;        /* declared with :: */
  TypeExpr *receiver;    /* `R::name`, else NULL */
  TypeExpr *ret;
  Param *params;
  int nparams;
  Node *requires;        /* or NULL */
  Node *ensures;         /* or NULL; `$` is the result */
  TypeExpr *throws;      /* or NULL */
  NodeList body;         /* empty for native; parse_file_lazy: empty
                            until parse_body */
  LexRange *lazy;        /* parse_file_lazy: where the body is, or NULL
                            (then in body) */
};

typedef struct Ast {
  const char *file;      /* path */
  const char *package;   /* "a.b" or NULL */
  Decl **decls;
  int ndecls;
} Ast;

/* parser.c */
Ast *parse_file(const char *path);
Ast *parse_tokens(const char *file, Token *tok);
/* A file for compilation: as parse_file, but a function body is parsed,
 * checked and dropped (Decl.lazy), and parsed again by parse_body. */
Ast *parse_file_lazy(const char *path);
/* d's body from d->lazy into d->body: the tree in arena a, the
 * lexer's texts in the current arena. */
void parse_body(Decl *d, WyArena *a);
/* printf into the compilation arena: a string a body's tree gives WYIL */
char *parse_keep_fmt(const char *fmt, ...)
  __attribute__((format(printf, 1, 2)));
/* Debug dump of an AST (wyc --dump-ast). */
void ast_dump(FILE *out, Ast *ast);

/* Internal to parser.c, parse_expr.c and parse_type.c.  A syntax error
 * ends the run, except while parse_try runs a speculative parse (casts,
 * `define` as type-or-constant): there it abandons that attempt. */
_Noreturn void parse_error(Token *tok, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
const char *parse_tok_desc(Token *tok);  /* "'x'", "end of line", ... */
/* tok must spell text, else error "expected 'text' CONTEXT, found ..." */
Token *parse_expect(Token *tok, const char *text, const char *context);
Node *parse_new_node(NodeKind kind, Token *tok);
/* Nesting guard around recursive productions: too deep is an error,
 * "WHAT nested too deeply (limit N)", not a stack overflow. */
void parse_enter(Token *tok, const char *what);
/* Deep enough for any real program, shallow enough for the C stack of
 * every recursive pass (the parser's productions, and the passes over
 * the tree: parse_depth.c checks the trees the parser's loops build). */
#define PARSE_MAX_DEPTH 1000
/* The terms of one chain (a + b + ..., a[0][0]..., a.x.x...) on the big
 * stack (big_stack.c); parse_max_chain is the limit in force. */
#define PARSE_MAX_CHAIN 20000
extern int parse_max_chain;
/* parse_depth.c: a user error for a tree nested deeper than that. */
void parse_check_depth(Ast *ast);
/* The same of one declaration, its failure kept for parse_check_report
 * (which reports the first: after the file's syntax errors). */
void parse_check_decl_later(Decl *d);
void parse_check_report(void);
void parse_leave(void);
typedef void *ParseFn(Token **rest, Token *tok, void *arg);
typedef struct ParseFail {
  Token *tok;            /* where the abandoned attempt failed */
  char msg[240];         /* its message */
} ParseFail;
/* Run fn speculatively: its result (with *rest set), or NULL after a
 * syntax error, which is then described in *fail when fail is given. */
void *parse_try(ParseFn *fn, Token **rest, Token *tok, void *arg,
                ParseFail *fail);
Node *parse_tuple_expr(Token **rest, Token *tok);
Node *parse_cond(Token **rest, Token *tok, bool start_set);
Node *parse_bitwise(Token **rest, Token *tok, bool start_set);
Node *parse_addsub(Token **rest, Token *tok);
/* "(" [bitwise ("," bitwise)*] ")": the arguments go to call->args;
 * returns the token after ")" */
Token *parse_call_args(Node *call, Token *tok);
TypeExpr *parse_type(Token **rest, Token *tok);
/* open Type Id (, Type Id)* close; names are checked for duplicates */
Param *parse_params(Token **rest, Token *tok, const char *open,
                    const char *close, int *nparams);

/* ================================================================ */
/* pipeline.c                                                        */

/* One run of the driver's pass table over a module. */
typedef struct Pipeline {
  Module *m;
  FilterOptions fopt;      /* the middle end's options (vetoes grow) */
  OclOptions oo;           /* the OpenCL back end's */
  const char *stop_after;  /* the last pass to run, or NULL: all */
  const char *dump_after;  /* print WYIL after this pass and stop, or
                              NULL */
  /* results */
  FilterResult *fr;        /* the last round of classify */
  PtrVec kfns;             /* Func*: kernel functions outlined, not yet
                              in the module (split adds them) */
  bool again;              /* veto refused a kernel: classify again */
  int rounds;              /* classify's runs */
  char *cl_source;         /* emit-opencl's program (malloc'd), or NULL */
  int range_runs;          /* the range analysis's runs in narrow, store32
                              and checks */
  int range_narrow;        /* ... of them the narrow choice's hypotheses */
  ChkPlan *chk_plan;       /* narrow's plan, which store32 and checks
                              complete and emit-opencl prints, or NULL */
} Pipeline;

/* Run the passes in order (those of p->fopt.opt_level), up to
 * p->stop_after or p->dump_after. */
void pipeline_run(Pipeline *p);
/* `wyc --print-passes`: one line per pass, name and purpose, in order. */
void pipeline_print_passes(FILE *out);
/* Is name a pass --dump-after accepts (one with an entry point)? */
bool pipeline_has_pass(const char *name);
/* Those names, comma-separated. */
const char *pipeline_pass_names(void);

/* ================================================================ */
/* resolve.c: modules, symbols, name lookup, declared types          */

typedef struct ModInfo ModInfo;

typedef struct FuncSym {
  Decl *decl;           /* its declaration */
  ModInfo *mod;         /* where it is declared */
  int overload;         /* earlier functions of its name in mod */
  Func *fn;             /* its WYIL function, made by func_of */
  bool queued;          /* in Program.queue for lowering */
} FuncSym;

typedef struct TypeSym {
  Decl *decl;
  ModInfo *mod;
  TypeDef *def;
  bool resolving;       /* cycle guard while resolving the definition */
  bool where_lowered;   /* the body of def->where has been lowered */
} TypeSym;

typedef struct ConstSym {
  Decl *decl;
  ModInfo *mod;
  Const *value;         /* evaluated on first use */
  Type *type;
  int state;            /* 0 new, 1 evaluating (cycle check), 2 done */
} ConstSym;

struct ModInfo {
  const char *name;     /* "whiley/lang/Math" or the program's name */
  const char *stem;     /* "Math" */
  const char *package;  /* "whiley.lang" or "" */
  Ast *ast;
  PtrVec funcs;         /* FuncSym* */
  PtrVec types;         /* TypeSym* */
  PtrVec consts;        /* ConstSym* */
  struct NameTab *names; /* name -> its symbols of each kind (resolve.c) */
  PtrVec imports;       /* struct Import*: its import declarations */
  bool lowered;         /* its functions have been queued for lowering */
};

typedef struct Program {
  Module *m;            /* the WYIL being built */
  const char *stdlib;   /* directory holding whiley/lang/... */
  PtrVec mods;          /* ModInfo*: loaded modules */
  ModInfo *main_mod;
  PtrVec queue;         /* FuncSym* to lower: reachable functions */
} Program;

/* Where a name is looked up: a module, and the declaration whose
 * imports apply (imports take effect for later declarations only). */
typedef struct Scope {
  Program *prog;
  ModInfo *mod;
  Decl *decl;
} Scope;

Program *resolve_program(const char *path, const char *stdlib_dir);
ModInfo *find_module(Program *prog, const char *package, const char *stem);
/* Every function visible as `name` from sc (own module + imports). */
void lookup_funcs(Scope *sc, const char *name, PtrVec *out);
/* Functions `name` of module mod (qualified calls Math.round). */
void module_funcs(ModInfo *mod, const char *name, PtrVec *out);
TypeSym *lookup_type(Scope *sc, const char *name);
ConstSym *lookup_const(Scope *sc, const char *name);
/* A module visible by name from sc (Math, System, or a qualified one),
 * for Module.member: the program's own module when its file has that
 * name, unless it lacks the member and a library module has the name
 * (a file Math.whiley still reaches whiley.lang.Math.max). */
ModInfo *lookup_module(Scope *sc, const char *name, const char *member);
Type *resolve_type(Scope *sc, TypeExpr *te);
/* The Func of a symbol, with its type resolved (not yet lowered). */
Func *func_of(Program *prog, FuncSym *fs);
/* Queue a function for lowering (once); returns its Func. */
Func *use_func(Program *prog, FuncSym *fs);
/* s with every character that cannot appear in a C identifier
 * replaced by '_' (in place). */
char *c_ident(char *s);

/* ================================================================ */
/* consteval.c: compile-time constants                                */

Const *const_int(const char *decimal);
Const *const_real_decimal(const char *text);   /* "3.25", "-1.5" */
Const *const_bool(bool b);
Const *const_null(void);
Const *const_char(uint32_t c);
Const *const_byte(uint32_t b);
Const *const_string(const char *utf8);
Type *const_type(Const *c);
/* Evaluate a constant expression (define X as e, case values). */
Const *const_eval(Scope *sc, Node *e);

/* ================================================================ */
/* lower*.c: flow typing and lowering to WYIL                         */

void lower_program(Program *prog);

/* ---- internal to lower*.c --------------------------------------- */

/* A flow-typing environment: the variables defined at a program point
 * and their current types (§4.5).  NULL means "unreachable". */
typedef struct Env {
  int n, cap;
  const char **names;
  Type **types;
} Env;

Env *env_new(void);
Env *env_copy(Env *e);
Type *env_get(Env *e, const char *name);
/* env_get, looking at position i first (environments derived from one
 * another keep their variables' order) */
Type *env_get_at(Env *e, int i, const char *name);
void env_set(Env *e, const char *name, Type *t);
/* The join at a control-flow merge: variables defined on both sides,
 * each with the union of its types.  NULL (unreachable) is the unit. */
Env *env_join(Env *a, Env *b);
bool env_same(Env *a, Env *b);

typedef struct Loop {
  int break_label;      /* label after the loop's END */
  Env *break_env;       /* join of the environments at each break */
  int try_depth;        /* open try regions when the loop started */
  struct Loop *prev;
} Loop;

/* An open try block while its body is lowered: what its catches take,
 * and whether anything in the body may throw (if nothing can, the
 * catches are unreachable: an error, as in the 2013 compiler). */
typedef struct TryScope {
  Type *caught;         /* union of the catch types */
  bool may_throw;
  struct TryScope *prev;
} TryScope;

typedef struct VarReg {
  const char *name;
  int reg;
} VarReg;

/* State of lowering one function. */
typedef struct Lower {
  Program *prog;
  Scope sc;             /* names visible in the function */
  FuncSym *fs;
  Func *fn;
  Env *env;             /* the current environment; NULL: unreachable */
  VarReg *vars;         /* variable -> register, for the whole function */
  int nvars, capvars;
  bool dry;             /* typing only (loop fixed points): emit nothing */
  bool pure;            /* an assert/assume condition: no method calls
                           (it must have no effect) */
  Loop *loop;           /* innermost loop */
  int try_depth;        /* open try regions */
  TryScope *tries;      /* innermost open try block, NULL */
  Type *ret;            /* declared return type */
  Node *ensures;        /* postcondition or NULL */
  int *shadows;         /* ensures: registers holding the parameters'
                           values on entry */
} Lower;

/* A value in a register, with its static type. */
typedef struct Val {
  int reg;
  Type *type;
} Val;

/* flow.c: the flow-typing pass over a function's body (from L->env),
 * before it is lowered: the head environment of each of its loops. */
void flow_func(Lower *L, NodeList *body);
/* The environment at the head of loop s, from the current one
 * on entry (its fixed point, computed typing-only with `head` typing
 * each iteration's test and `body` the loop's body); it becomes L->env.
 * Computed once per entry environment: lowering emits the loop with it.
 * The loop statement itself, in a typing-only walk: flow_loop_skip at
 * its start is true when it was typed before from the same environment
 * (L->env is then the one after it), and flow_loop_done at its end
 * records the environment after it. */
typedef struct FlowLoop FlowLoop;
typedef void (*LoopHead)(Lower *L, Node *s, Env **body_env, Env **exit_env);
Env *flow_loop_head(Lower *L, Node *s, LoopHead head, NodeList *body);
bool flow_loop_skip(Lower *L, Node *s);
void flow_loop_done(Lower *L, Node *s);

/* lower.c */
/* A value of type t may be thrown at pos (a throw, or a call of a
 * function declared `throws t`): the enclosing catches or the
 * function's own `throws` must take it. */
void lower_may_throw(Lower *L, Type *t, SrcPos pos);
/* The constraint function of def (which must have a `where`), made on
 * first use; its body is lowered later by lower_program. */
Func *lower_where_func(Program *prog, TypeDef *def);
Insn *lower_emit(Lower *L, Op op, Type *type, int dst, int nargs,
                 const int *args,
           SrcPos pos);
int lower_tmp(Lower *L);
int lower_new_label(Lower *L);
void lower_label(Lower *L, int label, SrcPos pos);
void lower_goto(Lower *L, int label, SrcPos pos);
/* The register of variable `name`, allocated on first use. */
int lower_var(Lower *L, const char *name);
/* Bind `name` to an existing register (parameters, shadows, captures). */
void lower_bind(Lower *L, const char *name, int reg);
Val lower_const(Lower *L, Const *c, SrcPos pos);
void lower_block(Lower *L, NodeList *body);

/* lower_expr.c */
Val lower_expr(Lower *L, Node *e);
/* Convert v to type `to` (implicit coercion, §4.4), emitting CONVERT
 * when the representation changes; a user error if it cannot. */
Val lower_coerce(Lower *L, Val v, Type *to, SrcPos pos);
bool coercible(Type *from, Type *to);
/* The value of a boolean expression (comparisons via branches). */
Val bool_value(Lower *L, Node *e);
Val lower_call(Lower *L, Node *e, bool want_value);
/* A user error at pos if fn is a native the runtime does not provide. */
void lower_check_native(Func *fn, SrcPos pos);
/* Does fs check its `requires` in its body too (lower.c)? */
bool lower_requires_in_body(Program *prog, FuncSym *fs);
void lower_check_index(Lower *L, Val coll, Val idx, SrcPos pos);

/* Open one FORALL per source `v in e` of a comprehension or quantifier
 * (e->vars, e->args), binding the variables; returns the loop count. */
int lower_open_sources(Lower *L, Node *e);
void lower_close_sources(Lower *L, Node *e, int nloops);

/* lower_check.c */
/* Fail with `constraint not satisfied` at pos unless the value in reg
 * satisfies the constraints inside type t (nothing when t has none). */
void lower_check_constraint(Lower *L, int reg, Type *t, SrcPos pos);

/* lower_cond.c */
/* The values of type t that are also a T (t ∩ T), or NULL if none. */
Type *lower_meet(Type *t, Type *T);
/* Jump to label when e evaluates to `sense`, fall through otherwise.
 * *tenv and *fenv receive the environments where e is true / false. */
void lower_cond(Lower *L, Node *e, bool sense, int label, Env **tenv,
                Env **fenv);

/* ================================================================ */
/* words.c                                                           */

/* Append the words of s (NULL: none), split and unquoted as a POSIX
 * shell would, expanding nothing, to out.  NULL, or a message when a
 * quote is not closed (then out holds the words before it). */
const char *words_split(PtrVec *out, const char *s);

/* ================================================================ */
/* cc_spawn.c                                                        */

/* Run the C compiler argv (argv[0] found on PATH) that writes the
 * executable output; 0, or 1 after saying why it failed. */
int cc_spawn(char **argv, const char *output);

/* ================================================================ */
/* big_stack.c                                                       */

/* fn(arg) on a thread with a stack for the longest chains (and
 * parse_max_chain set to match); on this thread if none can be had. */
int drv_on_big_stack(int (*fn)(void *), void *arg);

#endif
