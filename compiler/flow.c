/* flow.c -- flow typing of loops (spec §4.5 rule 5), a pass of its own.
 *
 * The environment at a loop's head is the least fixed point of "the
 * environment on entry, joined with the one at the end of the body".
 * Before a function with loops is lowered, this pass walks its body
 * typing-only (L->dry: the lowering's own typing rules, so the two
 * cannot disagree; nothing is emitted) and computes that environment for
 * every loop, recording it in the loop's node (FlowLoop).  Lowering then
 * emits each loop once, from the head environment the pass recorded; it
 * runs no fixed point itself.
 *
 * Cost: a loop keeps what the pass learnt about it across the rounds of
 * the loops around it.  A typing-only walk that reaches a loop from the
 * same entry environment as last time takes the environment after it
 * from the record, without walking its body; one that reaches it from a
 * wider entry (the enclosing loop's next round) starts the fixed point
 * from the recorded head instead of from scratch: the types only grow
 * from round to round, so the head found before lies below the new one.
 * A body is walked about once per change of its loop's types, not that
 * many times the rounds of every loop around it: the statements visited
 * are linear in the program (re-typing every inner loop from scratch on
 * every round cost 2^depth walks of the innermost body).
 */
#include <string.h>

#include "compiler.h"

struct FlowLoop {
  Func *fn;          /* the function whose lowering made the record */
  Env *entry, *head; /* the last entry to the fixed point, and its head;
                        head NULL: none yet */
  Env *stmt_in;      /* the environment at the loop statement, pending */
  Env *key, *out;    /* a typing-only walk of the whole loop statement:
                        its environment before and after (out NULL:
                        unreachable after) */
  bool has_out;
};

/* The record of loop s in the function being lowered. */
static FlowLoop *
record_of(Lower *L, Node *s)
{
  FlowLoop *fl = s->flow;
  if (!fl || fl->fn != L->fn) {
    fl = wyil_alloc(sizeof(FlowLoop));
    fl->fn = L->fn;
    s->flow = fl;
  }
  return fl;
}

/* Are a and b the same type as written (not merely equivalent: the two
 * may print differently, and types are printed in messages and WYIL)? */
static bool
same_type(Type *a, Type *b)
{
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->n != b->n || a->open != b->open
      || a->def != b->def)
    return false;
  for (int i = 0; i < a->n; i++) {
    if (!same_type(a->elems[i], b->elems[i])) return false;
    if (a->names && strcmp(a->names[i], b->names[i])) return false;
  }
  return same_type(a->ret, b->ret) && same_type(a->receiver, b->receiver);
}

/* The same variables, in the same order, of the same types. */
static bool
same_env(Env *a, Env *b)
{
  if (!a || !b) return a == b;
  if (a->n != b->n) return false;
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->names[i], b->names[i])
        || !same_type(a->types[i], b->types[i]))
      return false;
  return true;
}

/* The same variables in the same order, each of a type in a within
 * its type in b. */
static bool
narrower_env(Env *a, Env *b)
{
  if (!a || !b || a->n != b->n) return false;
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->names[i], b->names[i])
        || !ty_subtype(a->types[i], b->types[i]))
      return false;
  return true;
}

/* Iterate from `in` (the entry environment `before`, possibly widened
 * by what an earlier entry led to) to the fixed point: `head` types the
 * test of each iteration, the body runs typing-only. */
static Env *
fixpoint(Lower *L, Node *s, LoopHead head, NodeList *body, Env *before,
         Env *in)
{
  bool was_dry = L->dry;
  int nregs = L->fn->nregs, nlabels = L->fn->nlabels, nvars = L->nvars;
  for (int iter = 0; iter < 16; iter++) {
    L->dry = true;
    Loop lp = {lower_new_label(L), NULL, L->try_depth, L->loop};
    L->loop = &lp;
    L->env = env_copy(in);
    Env *benv = NULL, *xenv = NULL;
    head(L, s, &benv, &xenv);
    L->env = benv;
    lower_block(L, body);
    L->loop = lp.prev;
    /* variables of the entry environment only; types joined */
    Env *out = L->env;
    Env *j = env_copy(in);
    for (int i = 0; i < before->n; i++) {
      Type *t = in->types[i];
      Type *to = out ? env_get_at(out, i, before->names[i]) : NULL;
      /* a variable the body may leave undefined stays as before */
      j->types[i] = to ? ty_union(t, to) : t;
    }
    bool same = env_same(j, in);
    in = j;
    if (same) break;
    if (iter == 15)
      for (int i = 0; i < in->n; i++) in->types[i] = ty_any; /* widen */
  }
  L->dry = was_dry;
  L->fn->nregs = nregs;
  L->fn->nlabels = nlabels;
  L->nvars = nvars;
  return in;
}

Env *
flow_loop_head(Lower *L, Node *s, LoopHead head, NodeList *body)
{
  Env *before = L->env;
  FlowLoop *fl = record_of(L, s);
  if (!before) return NULL;
  if (!fl->head || !same_env(fl->entry, before)) {
    Env *in = env_copy(before);
    if (fl->head && narrower_env(fl->entry, before))
      for (int i = 0; i < in->n; i++)
        in->types[i] = ty_union(in->types[i], fl->head->types[i]);
    fl->head = fixpoint(L, s, head, body, before, in);
    fl->entry = env_copy(before);
  }
  L->env = env_copy(fl->head);
  return L->env;
}

bool
flow_loop_skip(Lower *L, Node *s)
{
  if (!L->dry || !L->env) return false;
  FlowLoop *fl = record_of(L, s);
  if (fl->has_out && same_env(fl->key, L->env)) {
    L->env = env_copy(fl->out);
    return true;
  }
  fl->stmt_in = env_copy(L->env);
  return false;
}

void
flow_loop_done(Lower *L, Node *s)
{
  FlowLoop *fl = s->flow;
  if (!L->dry || !fl || fl->fn != L->fn || !fl->stmt_in) return;
  fl->key = fl->stmt_in;
  fl->stmt_in = NULL;
  fl->out = env_copy(L->env);
  fl->has_out = true;
}

/* Does a statement of body, at any depth, loop?  (Statements nest no
 * deeper than the parser's limit.) */
static bool
has_loop(NodeList *body)
{
  for (int i = 0; i < body->n; i++) {
    Node *s = body->v[i];
    if (s->kind == ND_WHILE || s->kind == ND_DO_WHILE || s->kind == ND_FOR)
      return true;
    if (has_loop(&s->body) || has_loop(&s->else_body)) return true;
    for (int k = 0; k < s->cases.n; k++)
      if (has_loop(&((Node *)s->cases.v[k])->body)) return true;
  }
  return false;
}

void
flow_func(Lower *L, NodeList *body)
{
  if (!L->env || !has_loop(body)) return;
  Env *env = L->env;
  int nregs = L->fn->nregs, nlabels = L->fn->nlabels, nvars = L->nvars;
  L->dry = true;
  L->env = env_copy(env);
  lower_block(L, body);
  L->dry = false;
  L->env = env;
  L->fn->nregs = nregs;
  L->fn->nlabels = nlabels;
  L->nvars = nvars;
}
