/* parse_expr.c -- expressions (spec §1.7 and §11), for parser.c.
 *
 * Levels, lowest first: tuple, && and || (one level, right-assoc),
 * quantifiers and comparisons (at most one comparison), bitwise & | ^,
 * shifts, ranges, + - ∪ ∩, * / %, casts, postfix, terms.  Call
 * arguments, record field values and the operands of switch, throw,
 * debug and new are bitwise-level, so `f(x == y)` is a syntax error.
 *
 * `start_set` is true only while the first element of a `{...}` is read
 * at its top level: there `|` ends the element (a comprehension) rather
 * than being bitwise or.
 *
 * A cast `(T) e` is tried speculatively (parse_try): if `(` `T` `)` and a
 * postfix term do not parse, the `(` opens a parenthesised expression.
 * As in 2013, `(x) - 1` therefore reads as a cast of -1 to the type x.
 */
#include <string.h>

#include "compiler.h"

static Node *postfix(Token **rest, Token *tok);
static Node *term(Token **rest, Token *tok);
static Node *term_unguarded(Token **rest, Token *tok);
static Node *cond_expr(Token **rest, Token *tok, bool start_set);

static Node *
new_binary(int op, Node *lhs, Node *rhs)
{
  Node *node = wyil_alloc(sizeof(Node));
  node->kind = ND_BINARY;
  node->pos = lhs->pos;
  node->op = op;
  node->lhs = lhs;
  node->rhs = rhs;
  return node;
}

static Node *
new_name(Token *tok)
{
  Node *node = parse_new_node(ND_NAME, tok);
  node->name = tok->text;
  return node;
}

/* A hint for the common mistake of a comparison in a call argument. */
static const char *
arg_hint(Token *tok)
{
  static const char *const cmp[] = {
    "==", "!=", "<", "<=", ">", ">=", "&&", "||", "is", "in",
    "\u2286", "\u2282",
  };
  for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++)
    if (tok_is(tok, cmp[i]))
      return " (a comparison or logical operator in an argument or "
             "field value needs parentheses)";
  return "";
}

/* tuple_expr = cond ("," cond)* */
Node *
parse_tuple_expr(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *node = parse_cond(&tok, tok, false);
  if (!tok_is(tok, ",")) {
    *rest = tok;
    return node;
  }
  Node *tuple = parse_new_node(ND_TUPLE, start);
  nodes_push(&tuple->args, node);
  while (tok_is(tok, ","))
    nodes_push(&tuple->args, parse_cond(&tok, tok->next, false));
  *rest = tok;
  return tuple;
}

/* cond = cond_expr [("&&" | "||") cond]
 * Right-associative (p && q || r is p && (q || r)), read in a loop: a
 * chain of any length is one level, not nesting (ast_walk.c), and its
 * links are joined as they come, each new one the right operand of the
 * one before.  Unguarded itself: a bracket that holds a cond is one
 * level, counted in term (once per level the user nests, not twice). */
Node *
parse_cond(Token **rest, Token *tok, bool start_set)
{
  Node *node = cond_expr(&tok, tok, start_set);
  Node *top = NULL, *link = NULL;
  while (tok_is(tok, "&&") || tok_is(tok, "||")) {
    Node *b = new_binary(tok_is(tok, "&&") ? BOP_AND : BOP_OR, node, NULL);
    if (link) link->rhs = b;
    else top = b;
    link = b;
    node = cond_expr(&tok, tok->next, start_set);
  }
  if (link) link->rhs = node;
  *rest = tok;
  return top ? top : node;
}

/* quantifier = ("no" | "some" | "all") "{" [source ("," source)*] "|"
 *              cond "}"
 * source = Id "in" cond_expr  (read with `|` ending it) */
static Node *
quantifier(Token **rest, Token *tok)
{
  parse_enter(tok, "expression");   /* not reached through term */
  Node *node = parse_new_node(ND_QUANT, tok);
  node->op = tok_is(tok, "some") ? Q_SOME : tok_is(tok, "all") ? Q_ALL
                                                              : Q_NO;
  tok = parse_expect(tok->next, "{", wyil_fmt("after '%s'", tok->text));
  while (!tok_is(tok, "|")) {
    if (node->vars.n)
      tok = parse_expect(tok, ",", "or '|' after a quantifier source");
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a variable in the quantifier, found %s",
                  parse_tok_desc(tok));
    for (int i = 0; i < node->vars.n; i++)
      if (!strcmp(node->vars.v[i]->name, tok->text))
        parse_error(tok, "variable %s cannot have multiple source "
                    "collections", tok->text);
    nodes_push(&node->vars, new_name(tok));
    tok = parse_expect(tok->next, "in", "after the quantified variable");
    nodes_push(&node->args, cond_expr(&tok, tok, true));
  }
  node->cond = parse_cond(&tok, tok->next, false);
  *rest = parse_expect(tok, "}", "to close the quantifier");
  parse_leave();
  return node;
}

/* cond_expr = quantifier
 *           | bitwise [cmp_op bitwise | "is" type]
 * cmp_op = "<" | "<=" | ">" | ">=" | "==" | "!=" | "in" | "⊆" | "⊂" */
static Node *
cond_expr(Token **rest, Token *tok, bool start_set)
{
  static const struct {
    const char *text;
    BinOp op;
  } cmp[] = {
    {"<=", BOP_LE}, {"<", BOP_LT}, {">=", BOP_GE}, {">", BOP_GT},
    {"==", BOP_EQ}, {"!=", BOP_NE}, {"in", BOP_IN},
    {"\u2286", BOP_SUBSETEQ}, {"\u2282", BOP_SUBSET},
  };
  if (tok_is(tok, "no") || tok_is(tok, "some") || tok_is(tok, "all"))
    return quantifier(rest, tok);
  Node *node = parse_bitwise(&tok, tok, start_set);
  if (tok_is(tok, "is")) {
    Node *is = parse_new_node(ND_IS, tok);
    is->pos = node->pos;
    is->lhs = node;
    is->type = parse_type(rest, tok->next);
    return is;
  }
  for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++) {
    if (tok_is(tok, cmp[i].text)) {
      Node *rhs = parse_bitwise(&tok, tok->next, start_set);
      node = new_binary(cmp[i].op, node, rhs);
      break;
    }
  }
  *rest = tok;
  return node;
}

/* Left-associative binary levels: ops[i] (spelling) gives bops[i]. */
typedef struct OpLevel {
  const char *const *ops;
  const BinOp *bops;
  int nops;
} OpLevel;

static int
level_op(const OpLevel *lv, Token *tok)
{
  for (int i = 0; i < lv->nops; i++)
    if (tok_is(tok, lv->ops[i])) return i;
  return -1;
}

static Node *shift(Token **rest, Token *tok);
static Node *range(Token **rest, Token *tok);
static Node *muldiv(Token **rest, Token *tok);
static Node *cast(Token **rest, Token *tok);

/* bitwise = shift (("&" | "|" | "^") shift)*   (no "|" if start_set) */
Node *
parse_bitwise(Token **rest, Token *tok, bool start_set)
{
  Node *node = shift(&tok, tok);
  for (;;) {
    int op;
    if (tok_is(tok, "&"))
      op = BOP_BITAND;
    else if (tok_is(tok, "^"))
      op = BOP_BITXOR;
    else if (tok_is(tok, "|") && !start_set)
      op = BOP_BITOR;
    else
      break;
    node = new_binary(op, node, shift(&tok, tok->next));
  }
  *rest = tok;
  return node;
}

/* shift = range (("<<" | ">>") range)* */
static Node *
shift(Token **rest, Token *tok)
{
  static const char *const ops[] = {"<<", ">>"};
  static const BinOp bops[] = {BOP_SHL, BOP_SHR};
  static const OpLevel lv = {ops, bops, 2};
  Node *node = range(&tok, tok);
  int i;
  while ((i = level_op(&lv, tok)) >= 0)
    node = new_binary(bops[i], node, range(&tok, tok->next));
  *rest = tok;
  return node;
}

/* range = addsub [".." addsub] */
static Node *
range(Token **rest, Token *tok)
{
  Node *node = parse_addsub(&tok, tok);
  if (tok_is(tok, "..")) {
    Node *r = parse_new_node(ND_RANGE, tok);
    r->pos = node->pos;
    r->lhs = node;
    r->rhs = parse_addsub(&tok, tok->next);
    node = r;
  }
  *rest = tok;
  return node;
}

/* addsub = muldiv (("+" | "-" | "∪" | "∩") muldiv)* */
Node *
parse_addsub(Token **rest, Token *tok)
{
  static const char *const ops[] = {"+", "-", "\u222A", "\u2229"};
  static const BinOp bops[] = {BOP_ADD, BOP_SUB, BOP_UNION, BOP_INTERSECT};
  static const OpLevel lv = {ops, bops, 4};
  Node *node = muldiv(&tok, tok);
  int i;
  while ((i = level_op(&lv, tok)) >= 0)
    node = new_binary(bops[i], node, muldiv(&tok, tok->next));
  *rest = tok;
  return node;
}

/* muldiv = cast (("*" | "/" | "%") cast)* */
static Node *
muldiv(Token **rest, Token *tok)
{
  static const char *const ops[] = {"*", "/", "%"};
  static const BinOp bops[] = {BOP_MUL, BOP_DIV, BOP_REM};
  static const OpLevel lv = {ops, bops, 3};
  Node *node = cast(&tok, tok);
  int i;
  while ((i = level_op(&lv, tok)) >= 0)
    node = new_binary(bops[i], node, cast(&tok, tok->next));
  *rest = tok;
  return node;
}

/* The attempt of cast: "(" type ")" postfix */
static void *
cast_attempt(Token **rest, Token *tok, void *arg)
{
  (void)arg;
  Node *node = parse_new_node(ND_CAST, tok);
  node->type = parse_type(&tok, tok->next);
  tok = parse_expect(tok, ")", "after the cast type");
  node->lhs = postfix(rest, tok);
  return node;
}

/* Can tok start a type?  (Saves hopeless cast attempts.) */
static bool
starts_type(Token *tok)
{
  static const char *const words[] = {
    "!", "(", "{", "[", "any", "null", "void", "bool", "byte", "char",
    "int", "real", "string", "ref",
  };
  if (tok->kind == TK_IDENT) return true;
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (tok_is(tok, words[i])) return true;
  return false;
}

/* cast = "(" type ")" postfix | postfix */
static Node *
cast(Token **rest, Token *tok)
{
  if (tok_is(tok, "(") && starts_type(tok->next)) {
    Node *node = parse_try(cast_attempt, rest, tok, NULL, NULL);
    if (node) return node;
  }
  return postfix(rest, tok);
}

Token *
parse_call_args(Node *call, Token *tok)
{
  tok = parse_expect(tok, "(", "to start the arguments");
  while (!tok_is(tok, ")")) {
    if (call->args.n && !tok_is(tok, ","))
      parse_error(tok, "expected ',' or ')' after argument, found %s%s",
                  parse_tok_desc(tok), arg_hint(tok));
    if (call->args.n) tok = tok->next;
    nodes_push(&call->args, parse_bitwise(&tok, tok, false));
  }
  return tok->next;
}

/* A call of `lhs.name(...)`, `lhs->name(...)`; kind is ND_FIELD or
 * ND_ARROW.  tok is at the name. */
static Node *
member(Token **rest, Token *tok, Node *lhs, NodeKind kind, bool need_call)
{
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected a %s name, found %s",
                need_call ? "method" : "field", parse_tok_desc(tok));
  Node *field = parse_new_node(kind, tok);
  field->pos = lhs->pos;
  field->lhs = lhs;
  field->name = tok->text;
  tok = tok->next;
  if (!tok_is(tok, "(")) {
    if (need_call)
      parse_error(tok, "expected '(' after the method name, found %s",
                  parse_tok_desc(tok));
    *rest = tok;
    return field;
  }
  Node *call = parse_new_node(ND_CALL, tok);
  call->pos = lhs->pos;
  call->lhs = field;
  *rest = parse_call_args(call, tok);
  return call;
}

/* postfix = term ( "[" addsub "]" | "[" addsub ".." [bitwise] "]"
 *                | "[" ".." addsub "]"  (ends the chain)
 *                | ("." | "->") Id [args] | ("?" | "!") Id args )* */
static Node *
postfix(Token **rest, Token *tok)
{
  Node *node = term(&tok, tok);
  for (;;) {
    if (tok_is(tok, "[")) {
      Token *open = tok;
      if (tok_is(tok->next, "..")) {
        Node *sub = parse_new_node(ND_SUBLIST, open);
        sub->pos = node->pos;
        sub->lhs = node;
        nodes_push(&sub->args, NULL);
        nodes_push(&sub->args, parse_addsub(&tok, tok->next->next));
        *rest = parse_expect(tok, "]", "to close the sublist");
        return sub;
      }
      Node *index = parse_addsub(&tok, tok->next);
      if (tok_is(tok, "..")) {
        Node *sub = parse_new_node(ND_SUBLIST, open);
        sub->pos = node->pos;
        sub->lhs = node;
        nodes_push(&sub->args, index);
        tok = tok->next;
        nodes_push(&sub->args, tok_is(tok, "]") ? NULL
                                                : parse_bitwise(&tok, tok,
                                                                false));
        tok = parse_expect(tok, "]", "to close the sublist");
        node = sub;
      } else {
        Node *idx = parse_new_node(ND_INDEX, open);
        idx->pos = node->pos;
        idx->lhs = node;
        idx->rhs = index;
        tok = parse_expect(tok, "]", "after index");
        node = idx;
      }
    } else if (tok_is(tok, ".")) {
      node = member(&tok, tok->next, node, ND_FIELD, false);
    } else if (tok_is(tok, "->")) {
      node = member(&tok, tok->next, node, ND_ARROW, false);
    } else if (tok_is(tok, "?")) {
      node = member(&tok, tok->next, node, ND_FIELD, true);
    } else if (tok_is(tok, "!")) {
      node = member(&tok, tok->next, node, ND_FIELD, true);
      node->send = true;
    } else if (tok_is(tok, "(")) {
      parse_error(tok, "unexpected '(' after an expression (only a name "
                  "or a field can be called)");
    } else {
      break;
    }
  }
  *rest = tok;
  return node;
}

/* lambda = "&" "(" [type Id ("," type Id)*] "->" cond ")"
 *        | "&" Id ("." Id)* ["(" [arg ("," arg)*] ")"]   arg = cond | "_"
 */
static Node *
lambda(Token **rest, Token *tok)
{
  Token *amp = tok;
  tok = tok->next;
  if (tok_is(tok, "(")) {
    Node *node = parse_new_node(ND_LAMBDA, amp);
    int n;
    Param *params = parse_params(&tok, tok, "(", "->", &n);
    for (int i = 0; i < n; i++) {
      Node *p = wyil_alloc(sizeof(Node));
      p->kind = ND_NAME;
      p->pos = params[i].pos;
      p->name = params[i].name;
      p->type = params[i].type;
      nodes_push(&node->params, p);
    }
    node->lhs = parse_cond(&tok, tok, false);
    *rest = parse_expect(tok, ")", "to close the lambda");
    return node;
  }
  Node *node = parse_new_node(ND_FUNCREF, amp);
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected a function name or '(' after '&', found %s",
                parse_tok_desc(tok));
  const char *name = tok->text;
  tok = tok->next;
  while (tok_is(tok, ".") && tok->next->kind == TK_IDENT) {
    name = parse_keep_fmt("%s.%s", name, tok->next->text);
    tok = tok->next->next;
  }
  node->name = name;
  if (tok_is(tok, "(")) {
    node->has_args = true;
    tok = tok->next;
    while (!tok_is(tok, ")")) {
      if (node->args.n)
        tok = parse_expect(tok, ",", "or ')' after argument");
      Node *arg = parse_cond(&tok, tok, false);
      if (arg->kind == ND_NAME && !strcmp(arg->name, "_")) arg = NULL;
      nodes_push(&node->args, arg);
    }
    tok = tok->next;
  }
  *rest = tok;
  return node;
}

/* The rest of a comprehension "{ value | ...": elements, then sorting
 * out `v in e` sources from the final condition. */
static Node *
comprehension(Token **rest, Token *tok, Node *node)
{
  NodeList elems = {0};
  PtrVec starts = {0};  /* first token of each element, for errors */
  while (!tok_is(tok, "}")) {
    if (elems.n) tok = parse_expect(tok, ",", "or '}' in comprehension");
    vec_push(&starts, tok);
    nodes_push(&elems, parse_cond(&tok, tok, false));
  }
  *rest = tok->next;
  for (int i = 0; i < elems.n; i++) {
    Node *e = elems.v[i];
    if (e->kind == ND_BINARY && e->op == BOP_IN && e->lhs->kind == ND_NAME) {
      for (int j = 0; j < node->vars.n; j++)
        if (!strcmp(node->vars.v[j]->name, e->lhs->name))
          parse_error(starts.v[i], "variable %s cannot have multiple "
                      "source collections", e->lhs->name);
      nodes_push(&node->vars, e->lhs);
      nodes_push(&node->args, e->rhs);
    } else if (i == elems.n - 1) {
      node->cond = e;
    } else {
      parse_error(starts.v[i], "expected a source 'x in e' in the "
                  "comprehension (its condition must come last)");
    }
  }
  return node;
}

/* record = "{" Id ":" bitwise ("," Id ":" bitwise)* "}"  (first name
 * already read as `first`, tok at ":") */
static Node *
record(Token **rest, Token *tok, Token *open, Node *first)
{
  Node *node = parse_new_node(ND_RECORD, open);
  PtrVec names = {0};
  vec_push(&names, (void *)first->name);
  nodes_push(&node->args, parse_bitwise(&tok, tok->next, false));
  while (!tok_is(tok, "}")) {
    if (!tok_is(tok, ","))
      parse_error(tok, "expected ',' or '}' after record field, found %s%s",
                  parse_tok_desc(tok), arg_hint(tok));
    tok = tok->next;
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a field name, found %s",
                  parse_tok_desc(tok));
    for (int i = 0; i < names.n; i++)
      if (!strcmp(names.v[i], tok->text))
        parse_error(tok, "duplicate field '%s' in record", tok->text);
    vec_push(&names, (void *)tok->text);
    tok = parse_expect(tok->next, ":", "after the field name");
    nodes_push(&node->args, parse_bitwise(&tok, tok, false));
  }
  node->names = (const char **)names.v;
  *rest = tok->next;
  return node;
}

/* set_like = "{" "}" | "{" "=>" "}"
 *          | "{" cond "=>" cond ("," cond "=>" cond)* "}"
 *          | "{" Id ":" bitwise ("," Id ":" bitwise)* "}"
 *          | "{" cond "|" [cond ("," cond)*] "}"
 *          | "{" cond ("," cond)* "}" */
static Node *
set_like(Token **rest, Token *tok)
{
  Token *open = tok;
  tok = tok->next;
  if (tok_is(tok, "}")) {
    *rest = tok->next;
    return parse_new_node(ND_SET, open);
  }
  if (tok_is(tok, "=>")) {
    *rest = parse_expect(tok->next, "}", "after '{=>'");
    return parse_new_node(ND_MAP, open);
  }
  Node *first = parse_cond(&tok, tok, true);
  if (tok_is(tok, "|")) {
    Node *node = parse_new_node(ND_COMPREHENSION, open);
    node->lhs = first;
    return comprehension(rest, tok->next, node);
  }
  if (tok_is(tok, "=>")) {
    Node *node = parse_new_node(ND_MAP, open);
    nodes_push(&node->args, first);
    nodes_push(&node->args, parse_cond(&tok, tok->next, false));
    while (!tok_is(tok, "}")) {
      tok = parse_expect(tok, ",", "or '}' in map");
      nodes_push(&node->args, parse_cond(&tok, tok, false));
      tok = parse_expect(tok, "=>", "after map key");
      nodes_push(&node->args, parse_cond(&tok, tok, false));
    }
    *rest = tok->next;
    return node;
  }
  if (tok_is(tok, ":") && first->kind == ND_NAME)
    return record(rest, tok, open, first);
  Node *node = parse_new_node(ND_SET, open);
  nodes_push(&node->args, first);
  while (!tok_is(tok, "}")) {
    tok = parse_expect(tok, ",", "or '}' in set");
    nodes_push(&node->args, parse_cond(&tok, tok, false));
  }
  *rest = tok->next;
  return node;
}

/* A literal token as a node, or NULL. */
static Node *
literal(Token *tok)
{
  Node *node;
  switch (tok->kind) {
  case TK_INT:
    node = parse_new_node(ND_INT, tok);
    node->text = tok->text;
    return node;
  case TK_REAL:
    node = parse_new_node(ND_REAL, tok);
    node->text = tok->text;
    return node;
  case TK_CHAR:
  case TK_BYTE:
    node = parse_new_node(tok->kind == TK_CHAR ? ND_CHAR : ND_BYTE, tok);
    node->ival = tok->ival;
    return node;
  case TK_STRING:
    node = parse_new_node(ND_STRING, tok);
    node->str = tok->str;
    node->strlen = tok->strlen;
    return node;
  default:
    break;
  }
  if (tok_is(tok, "null")) return parse_new_node(ND_NULL, tok);
  if (tok_is(tok, "true") || tok_is(tok, "false")) {
    node = parse_new_node(ND_BOOL, tok);
    node->ival = tok_is(tok, "true");
    return node;
  }
  if (tok_is(tok, "\u2205")) return parse_new_node(ND_SET, tok);
  return NULL;
}

/* unary = ("-" | "!" | "~") postfix; a negated real literal is folded. */
static Node *
unary(Token **rest, Token *tok)
{
  Node *operand = postfix(rest, tok->next);
  if (tok_is(tok, "-") && operand->kind == ND_REAL) {
    Node *node = parse_new_node(ND_REAL, tok);
    node->text = operand->text[0] == '-' ? operand->text + 1
                                         : parse_keep_fmt("-%s", operand->text);
    return node;
  }
  Node *node = parse_new_node(ND_UNARY, tok);
  node->op = tok_is(tok, "-") ? UOP_NEG : tok_is(tok, "!") ? UOP_NOT
                                                         : UOP_INVERT;
  node->lhs = operand;
  return node;
}

/* term = "(" tuple_expr ")" | "*" term | Id "(" args ")" | Id
 *      | literal | "∅" | "new" bitwise | ("-" | "!" | "~") postfix
 *      | "|" postfix "|" | "[" [cond ("," cond)*] "]" | set_like | lambda
 */
static Node *
term_unguarded(Token **rest, Token *tok)
{
  Node *node = literal(tok);
  if (node) {
    *rest = tok->next;
    return node;
  }
  if (tok_is(tok, "(")) {
    node = parse_tuple_expr(&tok, tok->next);
    *rest = parse_expect(tok, ")", "to close the parenthesised expression");
    return node;
  }
  if (tok_is(tok, "*")) {
    node = parse_new_node(ND_DEREF, tok);
    node->lhs = term(rest, tok->next);
    return node;
  }
  if (tok->kind == TK_IDENT) {
    if (!tok_is(tok->next, "(")) {
      *rest = tok->next;
      return new_name(tok);
    }
    node = parse_new_node(ND_CALL, tok);
    node->lhs = new_name(tok);
    *rest = parse_call_args(node, tok->next);
    return node;
  }
  if (tok_is(tok, "new")) {
    node = parse_new_node(ND_NEW, tok);
    node->lhs = parse_bitwise(rest, tok->next, false);
    return node;
  }
  if (tok_is(tok, "-") || tok_is(tok, "!") || tok_is(tok, "~"))
    return unary(rest, tok);
  if (tok_is(tok, "|")) {
    node = parse_new_node(ND_LENGTH, tok);
    node->lhs = postfix(&tok, tok->next);
    *rest = parse_expect(tok, "|", "to close the length '|...|'");
    return node;
  }
  if (tok_is(tok, "[")) {
    node = parse_new_node(ND_LIST, tok);
    tok = tok->next;
    while (!tok_is(tok, "]")) {
      if (node->args.n) tok = parse_expect(tok, ",", "or ']' in list");
      nodes_push(&node->args, parse_cond(&tok, tok, false));
    }
    *rest = tok->next;
    return node;
  }
  if (tok_is(tok, "{")) return set_like(rest, tok);
  if (tok_is(tok, "&")) return lambda(rest, tok);
  parse_error(tok, "expected an expression, found %s", parse_tok_desc(tok));
}

/* term, under the nesting guard */
static Node *
term(Token **rest, Token *tok)
{
  parse_enter(tok, "expression");
  Node *node = term_unguarded(rest, tok);
  parse_leave();
  return node;
}
