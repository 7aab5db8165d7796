/* ast_walk.c -- walking a syntax tree without recursing along a chain.
 *
 * Stage: helpers of the passes over the tree (parse_depth.c, the
 * lowering, constant evaluation, the AST dump).  Input: an expression.
 * Output: its spine, or a visit of every node.
 *
 * The parser builds chains in loops: `a + b + c` is a left spine
 * ((a + b) + c), `a[0].x[1]` too, and `p && q && r` a right one
 * (p && (q && r)).  Such a spine is as deep as the chain is long, and
 * the chain has no limit below the memory: a pass that recursed along
 * it would run the C stack out.  So a pass takes the spine as an array
 * (ast_spine) and loops over it, innermost operand first where the
 * recursion would have done that first; the other operands of each link
 * are nested only as deep as the user nested brackets (parse_depth.c).
 * ast_walk visits every node of a tree with a stack on the heap.
 *
 * The arrays are on the heap (malloc), not in an arena: a loop's body is
 * typed again in every round of its fixed point (flow.c), and each
 * round's spines are freed when it is done with them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compiler.h"

void *
ast_realloc(void *p, size_t n)
{
  p = realloc(p, n);
  if (!p) {
    fprintf(stderr, "wyc: out of memory\n");   /* as wyil_alloc says it */
    exit(1);
  }
  return p;
}

static void
grow(AstSpine *s)
{
  if (s->n < s->cap) return;
  s->cap = s->cap ? 2 * s->cap : 16;
  s->v = ast_realloc(s->v, sizeof(Node *) * (size_t)s->cap);
}

void
ast_spine(AstSpine *s, Node *e, bool right, bool (*in)(Node *))
{
  s->n = 0;
  for (;;) {
    grow(s);
    s->v[s->n++] = e;
    Node *next = right ? e->rhs : e->lhs;
    if (!next || !in(next)) return;
    e = next;
  }
}

void
ast_spine_free(AstSpine *s)
{
  free(s->v);
  *s = (AstSpine){0};
}

/* Push the children of n in reverse, so that they pop in order. */
static void
push_children(AstSpine *st, Node *n)
{
  NodeList *lists[] = {&n->cases, &n->else_body, &n->body, &n->args};
  for (int k = 0; k < 4; k++)
    for (int i = lists[k]->n - 1; i >= 0; i--) {
      if (!lists[k]->v[i]) continue;
      grow(st);
      st->v[st->n++] = lists[k]->v[i];
    }
  Node *one[] = {n->cond, n->rhs, n->lhs};
  for (int k = 0; k < 3; k++) {
    if (!one[k]) continue;
    grow(st);
    st->v[st->n++] = one[k];
  }
}

bool
ast_walk(Node *root, bool (*visit)(Node *n, void *arg), void *arg)
{
  if (!root) return false;
  AstSpine st = {0};
  grow(&st);
  st.v[st.n++] = root;
  bool stopped = false;
  while (st.n && !stopped) {
    Node *n = st.v[--st.n];
    stopped = visit(n, arg);
    if (!stopped) push_children(&st, n);
  }
  ast_spine_free(&st);
  return stopped;
}
