/* parse_type.c -- type expressions (spec §4.1) and parameter lists, for
 * parser.c and parse_expr.c.
 *
 *   type       = union_type [ "::" "(" types ")"
 *                           | "(" types ")" ["::" "(" types ")"] ]
 *   union_type = neg_type ("|" neg_type)* | neg_type ("&" neg_type)*
 *   neg_type   = "!" neg_type | "(" type ("," type)* ")" | base_type
 *   base_type  = any | null | void | bool | byte | char | int | real
 *              | string | "ref" type | "[" type "]" | "{" type "}"
 *              | "{" type "=>" type "}" | record | Id ("." Id)*
 *   record     = "{" field ("," field)* ["," "..."] "}"
 *   field      = type Id ["(" types ")"] | type "::" Id "(" types ")"
 *
 * As in 2013, a line break may follow the `|` of a union type and the
 * commas of a tuple type; `ref` takes a whole type (`ref int|null` is a
 * reference to a union); a record field may be function- or
 * method-typed in either the `int(int) f` or the `int f(int)` style.
 */
#include <string.h>

#include "compiler.h"

static TypeExpr *
new_type(TypeExprKind kind, Token *tok)
{
  TypeExpr *ty = wyil_alloc(sizeof(TypeExpr));
  ty->kind = kind;
  ty->pos = tok->pos;
  return ty;
}

/* A primitive type followed by a name (`int x`, `int f(...)`, a record
 * field `int x`) is a whole type, of which no message names the place
 * (the parameter's, the field's or the declaration's is named): one node
 * of its kind for all of them, not one each (a million functions
 * int(int) have two million).  Never changed once parsed. */
static TypeExpr *
shared_prim(TypeExprKind kind)
{
  static TypeExpr shared[TE_NOMINAL + 1];
  shared[kind].kind = kind;
  return &shared[kind];
}

static void
set_elems(TypeExpr *ty, PtrVec *v)
{
  ty->elems = (TypeExpr **)v->v;
  ty->n = v->n;
}

static TypeExpr *
new_type1(TypeExprKind kind, Token *tok, TypeExpr *elem)
{
  TypeExpr *ty = new_type(kind, tok);
  ty->elems = wyil_alloc(sizeof(TypeExpr *));
  ty->elems[0] = elem;
  ty->n = 1;
  return ty;
}

/* Line breaks and block comments the 2013 parser skipped inside types. */
static Token *
skip_space(Token *tok)
{
  while (tok->kind == TK_NEWLINE || tok->kind == TK_INDENT ||
         tok->kind == TK_BLOCK_COMMENT)
    tok = tok->next;
  return tok;
}

/* types = [type ("," type)*]   (up to, not including, ")") */
static void
types(Token **rest, Token *tok, PtrVec *v)
{
  bool first = true;
  while (!tok_is(tok, ")")) {
    if (!first) tok = parse_expect(tok, ",", "or ')' in type list");
    first = false;
    vec_push(v, parse_type(&tok, tok));
  }
  *rest = tok;
}

/* The rest of a function type ret "(" types ")" ["::" "(" types ")"];
 * tok at "(". */
static TypeExpr *
function_type(Token **rest, Token *tok, TypeExpr *ret)
{
  TypeExpr *ty = new_type(TE_FUNC, tok);
  ty->pos = ret->pos;
  ty->ret = ret;
  PtrVec params = {0};
  types(&tok, tok->next, &params);
  tok = tok->next;
  if (tok_is(tok, "::")) {
    if (params.n != 1)
      parse_error(tok, "receiver type required for method type");
    ty->kind = TE_METHOD;
    tok = parse_expect(tok->next, "(", "after '::' in method type");
    types(&tok, tok, &params);
    tok = tok->next;
  }
  set_elems(ty, &params);
  *rest = tok;
  return ty;
}

/* field = type Id ["(" types ")"] | type "::" Id "(" types ")" */
static TypeExpr *
field(Token **rest, Token *tok, const char **name)
{
  Token *start = tok;
  TypeExpr *ty = parse_type(&tok, tok);
  if (tok_is(tok, "::")) {
    tok = tok->next;
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a field name after '::', found %s",
                  parse_tok_desc(tok));
    *name = tok->text;
    tok = parse_expect(tok->next, "(", "after method field name");
    TypeExpr *m = new_type(TE_METHOD, start);
    m->ret = ty;
    PtrVec params = {0};
    types(&tok, tok, &params);
    set_elems(m, &params);
    *rest = tok->next;
    return m;
  }
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected a field name after its type, found %s",
                parse_tok_desc(tok));
  *name = tok->text;
  tok = tok->next;
  if (tok_is(tok, "(")) ty = function_type(&tok, tok, ty);
  *rest = tok;
  return ty;
}

/* record = "{" field ("," field)* ["," "..."] "}" */
static TypeExpr *
record_type(Token **rest, Token *tok)
{
  TypeExpr *ty = new_type(TE_RECORD, tok);
  PtrVec fields = {0}, names = {0};
  tok = tok->next;
  for (;;) {
    const char *name;
    Token *at = tok;
    vec_push(&fields, field(&tok, tok, &name));
    for (int i = 0; i < names.n; i++)
      if (!strcmp(names.v[i], name))
        parse_error(at, "duplicate field '%s' in record type", name);
    vec_push(&names, (void *)name);
    if (tok_is(tok, "}")) break;
    tok = parse_expect(tok, ",", "or '}' in record type");
    if (tok_is(tok, "...")) {
      ty->open = true;
      tok = tok->next;
      break;
    }
  }
  set_elems(ty, &fields);
  ty->names = (const char **)names.v;
  *rest = parse_expect(tok, "}", "to close the record type");
  return ty;
}

/* "{" type "}" | "{" type "=>" type "}" | record */
static TypeExpr *
curly_type(Token **rest, Token *tok)
{
  Token *open = tok;
  TypeExpr *elem = parse_type(&tok, tok->next);
  if (tok_is(tok, "}")) {
    *rest = tok->next;
    return new_type1(TE_SET, open, elem);
  }
  if (tok_is(tok, "=>")) {
    TypeExpr *ty = new_type(TE_MAP, open);
    ty->elems = wyil_alloc(2 * sizeof(TypeExpr *));
    ty->elems[0] = elem;
    ty->elems[1] = parse_type(&tok, tok->next);
    ty->n = 2;
    *rest = parse_expect(tok, "}", "to close the map type");
    return ty;
  }
  return record_type(rest, open);
}

/* base_type = primitive | "ref" type | "[" type "]" | curly_type
 *           | Id ("." Id)* */
static TypeExpr *
base_type(Token **rest, Token *tok)
{
  static const struct {
    const char *word;
    TypeExprKind kind;
  } prim[] = {
    {"any", TE_ANY}, {"null", TE_NULL}, {"byte", TE_BYTE},
    {"char", TE_CHAR}, {"int", TE_INT}, {"real", TE_REAL},
    {"string", TE_STRING}, {"void", TE_VOID}, {"bool", TE_BOOL},
  };
  for (size_t i = 0; i < sizeof prim / sizeof *prim; i++) {
    if (tok_is(tok, prim[i].word)) {
      *rest = tok->next;
      if (tok->next->kind == TK_IDENT) return shared_prim(prim[i].kind);
      return new_type(prim[i].kind, tok);
    }
  }
  if (tok_is(tok, "ref"))
    return new_type1(TE_REF, tok, parse_type(rest, tok->next));
  if (tok_is(tok, "[")) {
    Token *open = tok;
    TypeExpr *elem = parse_type(&tok, tok->next);
    *rest = parse_expect(tok, "]", "to close the list type");
    return new_type1(TE_LIST, open, elem);
  }
  if (tok_is(tok, "{")) return curly_type(rest, tok);
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected a type, found %s", parse_tok_desc(tok));
  TypeExpr *ty = new_type(TE_NOMINAL, tok);
  PtrVec names = {0};
  vec_push(&names, (void *)tok->text);
  tok = tok->next;
  while (tok_is(tok, ".")) {
    tok = tok->next;
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a name after '.' in type, found %s",
                  parse_tok_desc(tok));
    vec_push(&names, (void *)tok->text);
    tok = tok->next;
  }
  ty->names = (const char **)names.v;
  ty->n = names.n;
  *rest = tok;
  return ty;
}

/* neg_type = "!" neg_type | "(" type ("," type)* ")" | base_type */
static TypeExpr *
neg_type(Token **rest, Token *tok)
{
  if (tok_is(tok, "!")) {
    parse_enter(tok, "type");
    TypeExpr *ty = new_type1(TE_NEGATION, tok, neg_type(rest, tok->next));
    parse_leave();
    return ty;
  }
  if (!tok_is(tok, "(")) return base_type(rest, tok);
  Token *open = tok;
  TypeExpr *ty = parse_type(&tok, tok->next);
  tok = skip_space(tok);
  if (!tok_is(tok, ",")) {
    *rest = parse_expect(tok, ")", "to close the parenthesised type");
    return ty;
  }
  TypeExpr *tuple = new_type(TE_TUPLE, open);
  PtrVec elems = {0};
  vec_push(&elems, ty);
  while (tok_is(tok, ",")) {
    vec_push(&elems, parse_type(&tok, tok->next));
    tok = skip_space(tok);
  }
  set_elems(tuple, &elems);
  *rest = parse_expect(tok, ")", "to close the tuple type");
  return tuple;
}

/* union_type = neg_type ("|" neg_type)* | neg_type ("&" neg_type)* */
static TypeExpr *
union_type(Token **rest, Token *tok)
{
  Token *start = tok;
  TypeExpr *ty = neg_type(&tok, tok);
  const char *op = tok_is(tok, "|") ? "|" : tok_is(tok, "&") ? "&" : NULL;
  if (!op) {
    *rest = tok;
    return ty;
  }
  TypeExpr *u = new_type(*op == '|' ? TE_UNION : TE_INTERSECT, start);
  PtrVec members = {0};
  vec_push(&members, ty);
  while (tok_is(tok, op))
    vec_push(&members, neg_type(&tok, skip_space(tok->next)));
  set_elems(u, &members);
  *rest = tok;
  return u;
}

/* type = union_type ["::" "(" types ")" | function_type] */
static TypeExpr *
type_unguarded(Token **rest, Token *tok)
{
  TypeExpr *ty = union_type(&tok, tok);
  if (tok_is(tok, "::") && tok_is(tok->next, "(")) {
    TypeExpr *m = new_type(TE_METHOD, tok);
    m->pos = ty->pos;
    m->ret = ty;
    PtrVec params = {0};
    types(&tok, tok->next->next, &params);
    set_elems(m, &params);
    *rest = tok->next;
    return m;
  }
  if (tok_is(tok, "(")) return function_type(rest, tok, ty);
  *rest = tok;
  return ty;
}

/* type, under the nesting guard */
TypeExpr *
parse_type(Token **rest, Token *tok)
{
  parse_enter(tok, "type");
  TypeExpr *ty = type_unguarded(&tok, tok);
  parse_leave();
  *rest = tok;
  return ty;
}

Param *
parse_params(Token **rest, Token *tok, const char *open, const char *close,
             int *nparams)
{
  Param *v = NULL;
  int n = 0, cap = 0;
  tok = parse_expect(tok, open, "to start the parameters");
  while (!tok_is(tok, close)) {
    if (n)
      tok = parse_expect(tok, ",", wyil_fmt("or '%s' after parameter",
                                            close));
    if (n + 1 >= cap) {   /* room for one more than n, as before */
      cap = cap ? 2 * cap : 2;
      Param *w = wyil_alloc(sizeof(Param) * (size_t)cap);
      if (n) memcpy(w, v, sizeof(Param) * (size_t)n);
      v = w;
    }
    Param *p = &v[n];
    p->pos = tok->pos;
    p->type = parse_type(&tok, tok);
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a parameter name after its type, found %s",
                  parse_tok_desc(tok));
    if (!strcmp(tok->text, "$"))
      parse_error(tok, "'$' cannot be a parameter name");
    for (int i = 0; i < n; i++)
      if (!strcmp(v[i].name, tok->text))
        parse_error(tok, "duplicate parameter name '%s'", tok->text);
    p->name = tok->text;
    tok = tok->next;
    n++;
  }
  if (!v) v = wyil_alloc(sizeof(Param));
  *nparams = n;
  *rest = tok->next;
  return v;
}
