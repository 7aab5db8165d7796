/* parse_depth.c -- the nesting limit of parsed trees.
 *
 * The parser guards its own recursion (parse_enter), but some deep trees
 * come out of its loops: an `if/else if` chain nests one `if` in the
 * `else` of the one before.  The passes after the parser (resolution,
 * constant evaluation, flow typing, lowering) recurse over the tree, so
 * such input could run the C stack out.  This walk, right after
 * parsing, reports as a user error a tree nested deeper than
 * PARSE_MAX_DEPTH, counting what the user nested (a bracket, an
 * operand, a statement).  A chain the parser built in a loop (`a + b +
 * ...`, `a[0][0]...`, `a.x.x...`, `p && q && ...`) is not nesting: its
 * links are one level, of any number, and every pass loops along them
 * (ast_walk.c), this walk too.
 *
 * A file parsed a declaration at a time (parse_file_lazy) is checked a
 * declaration at a time, its body while it is held: the first failure is
 * kept, and reported after the whole file parsed, as for a whole tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "compiler.h"

/* The innermost statement being walked, and its depth. */
typedef struct Stmt {
  Node *node;
  int depth;
} Stmt;

static void walk(Node *n, int depth, Stmt st);

/* A node of a right chain: && or || (parse_cond). */
static bool
is_logic(Node *n)
{
  return n->kind == ND_BINARY && (n->op == BOP_AND || n->op == BOP_OR);
}

/* Is n a node of a left chain built in a loop by the parser: an
 * operator but && and ||, an index or a field access? */
static bool
is_chain_kind(Node *n)
{
  NodeKind k = n->kind;
  return (k == ND_BINARY && !is_logic(n)) || k == ND_INDEX ||
         k == ND_FIELD || k == ND_ARROW || k == ND_SUBLIST;
}

/* ... a link of one: such a node whose left operand is one too */
static bool
is_link(Node *n)
{
  return n->lhs && is_chain_kind(n) && is_chain_kind(n->lhs);
}

/* While a declaration is checked for later: where its walk stops, and
 * the first failure of the file. */
static jmp_buf *deferred;
static bool failed;
static SrcPos fail_pos;
static char fail_msg[160];

__attribute__((format(printf, 2, 3)))
static _Noreturn void
fail(SrcPos pos, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(fail_msg, sizeof fail_msg, fmt, ap);
  va_end(ap);
  if (!deferred) error_at(pos, "%s", fail_msg);
  failed = true;
  fail_pos = pos;
  longjmp(*deferred, 1);
}

static _Noreturn void
too_deep(SrcPos pos, const char *what)
{
  fail(pos, "%s nested too deeply (limit %d)", what, PARSE_MAX_DEPTH);
}

static void
walk_type(TypeExpr *te, int depth)
{
  if (!te) return;
  if (depth > PARSE_MAX_DEPTH) too_deep(te->pos, "type");
  if (te->kind == TE_NOMINAL) return;  /* n counts its name parts */
  for (int i = 0; i < te->n; i++) walk_type(te->elems[i], depth + 1);
  walk_type(te->ret, depth + 1);
}

static void
walk_list(NodeList *l, int depth, Stmt st)
{
  for (int i = 0; i < l->n; i++) walk(l->v[i], depth, st);
}

/* The operands of n but its left one, one level deeper. */
static void
walk_rest(Node *n, int d, Stmt st)
{
  walk(n->rhs, d, st);
  walk(n->cond, d, st);
  walk(n->invariant, d, st);
  walk_list(&n->args, d, st);
  walk_list(&n->params, d, st);
  walk_list(&n->vars, d, st);
  walk_list(&n->body, d, st);
  walk_list(&n->else_body, d, st);
  walk_list(&n->cases, d, st);
  walk_type(n->type, d);
}

/* The links of the left chain at n, at its depth: the innermost first,
 * then each link's other operands, as a recursive walk goes.  Its spine
 * is in the current arena, not on the heap: a failure longjmps out of
 * the walk (parse_check_decl_later, whose caller resets that arena). */
static void
walk_chain(Node *n, int depth, Stmt st)
{
  int len = 0;
  for (Node *p = n; p && is_chain_kind(p); p = p->lhs) len++;
  Node **spine = wyil_alloc(sizeof(Node *) * (size_t)len);
  len = 0;
  for (Node *p = n; p && is_chain_kind(p); p = p->lhs) spine[len++] = p;
  walk(spine[len - 1], depth, st);
  for (int i = len - 2; i >= 0; i--) walk_rest(spine[i], depth + 1, st);
}

static void
walk(Node *n, int depth, Stmt st)
{
  for (; n; n = n->rhs) {
    if (n->kind >= ND_ASSIGN) st = (Stmt){n, depth};
    if (depth > PARSE_MAX_DEPTH) {
      /* deep statements (an `else if` chain is one) are named as such,
       * though the limit trips in one of their small expressions */
      if (st.node && depth - st.depth < 16)
        too_deep(st.node->pos, "statement");
      too_deep(n->pos, "expression");
    }
    if (is_link(n)) {
      walk_chain(n, depth, st);
      return;
    }
    walk(n->lhs, depth + 1, st);
    /* p && q && ...: the next link at this depth, in this loop */
    if (!is_logic(n) || !n->rhs || !is_logic(n->rhs)) {
      walk_rest(n, depth + 1, st);
      return;
    }
  }
}

static void
check_decl(Decl *d)
{
  Stmt none = {NULL, 0};
  walk_type(d->type, 0);
  walk(d->where, 0, none);
  walk(d->value, 0, none);
  walk_type(d->receiver, 0);
  walk_type(d->ret, 0);
  for (int k = 0; k < d->nparams; k++) walk_type(d->params[k].type, 0);
  walk(d->requires, 0, none);
  walk(d->ensures, 0, none);
  walk_type(d->throws, 0);
  walk_list(&d->body, 0, none);
}

void
parse_check_depth(Ast *ast)
{
  for (int i = 0; i < ast->ndecls; i++) check_decl(ast->decls[i]);
}

void
parse_check_decl_later(Decl *d)
{
  if (failed) return;
  jmp_buf env;
  deferred = &env;
  if (!setjmp(env)) check_decl(d);
  deferred = NULL;
}

void
parse_check_report(void)
{
  if (!failed) return;
  failed = false;
  error_at(fail_pos, "%s", fail_msg);
}
