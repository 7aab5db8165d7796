/* parse_depth.c -- the nesting and chain limits of parsed trees.
 *
 * The parser guards its own recursion (parse_enter), but some deep trees
 * come out of its loops: a 60,000-term `a + b + ...` is a left spine of
 * 60,000 nodes, `a[0][0]...` and `a.x.x...` likewise, and an `if/else if`
 * chain nests one `if` in the `else` of the one before.  The passes after
 * the parser (resolution, constant evaluation, flow typing, lowering)
 * recurse over the tree, so such input could run the C stack out.  This
 * walk, right after parsing, reports as a user error a tree nested
 * deeper than PARSE_MAX_DEPTH, counting what the user nested (a
 * bracket, an operand, a statement) and not the links of a chain, or a
 * path with more than parse_max_chain chain links (big_stack.c: 20,000
 * on the compiler's big stack, PARSE_MAX_DEPTH less its nesting where
 * there is none).  Its own recursion stops at those limits. */
#include "compiler.h"

/* The innermost statement being walked, and its depth. */
typedef struct Stmt {
  Node *node;
  int depth;
} Stmt;

static void walk(Node *n, int depth, Stmt st);

static int links;   /* chain links on the path being walked */

/* Is n a link of a chain built in a loop by the parser: an operator,
 * an index or a field access whose left operand is one too? */
static bool
is_chain_kind(NodeKind k)
{
  return k == ND_BINARY || k == ND_INDEX || k == ND_FIELD ||
         k == ND_ARROW || k == ND_SUBLIST;
}

static bool
is_link(Node *n)
{
  return n->lhs && is_chain_kind(n->kind) && is_chain_kind(n->lhs->kind);
}

static _Noreturn void
too_deep(SrcPos pos, const char *what)
{
  error_at(pos, "%s nested too deeply (limit %d)", what, PARSE_MAX_DEPTH);
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

static void
walk(Node *n, int depth, Stmt st)
{
  if (!n) return;
  if (n->kind >= ND_ASSIGN) st = (Stmt){n, depth};
  if (depth > PARSE_MAX_DEPTH) {
    /* deep statements (an `else if` chain is one) are named as such,
     * though the limit trips in one of their small expressions */
    if (st.node && depth - st.depth < 16)
      too_deep(st.node->pos, "statement");
    too_deep(n->pos, "expression");
  }
  int d = depth + 1;
  if (is_link(n)) {
    /* the chain's next term: as long as it is, no deeper */
    int most = parse_max_chain == PARSE_MAX_DEPTH
               ? PARSE_MAX_DEPTH - depth : parse_max_chain;
    if (++links > most)
      error_at(n->pos, "expression too long (more than %d operators or "
               "accesses in a chain)", most);
    walk(n->lhs, depth, st);
    links--;
  } else {
    walk(n->lhs, d, st);
  }
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

void
parse_check_depth(Ast *ast)
{
  Stmt none = {NULL, 0};
  for (int i = 0; i < ast->ndecls; i++) {
    Decl *d = ast->decls[i];
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
}
