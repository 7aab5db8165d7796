/* parser.c -- tokens to AST: files, declarations, statements and blocks.
 *
 * A recursive-descent parser in chibicc style: each function is named
 * after its production (written above it), takes the current token and
 * returns the rest through `rest`.  It follows the 2013 WhileyParser
 * closely, quirks included, so that it accepts exactly the programs the
 * 2013 compiler parsed (spec §1.6, §1.7, §11).  Expressions live in
 * parse_expr.c, types in parse_type.c.
 *
 * Layout.  The lexer has already dropped the line breaks that do not
 * matter (§1.6), so a statement ends at a NEWLINE and a line of a block
 * starts with INDENT(width).  A block's body is every following line
 * whose indent equals that of its first line, which must be deeper than
 * the header's line; otherwise the block is empty.  `else`, `catch` and
 * the `while` of a do-while sit at the indent of their statement.  The
 * 2013 parser rejected a line whose indent matches no open block only
 * when it got back to the top level; we keep a stack of the open block
 * indents to report it where it happens, with the same outcome.
 *
 * Backtracking.  Two places try one parse and fall back to another, as
 * the 2013 parser did with exceptions: `define N as ...` (a type first,
 * then a constant) and `(T) e` casts (parse_expr.c).  parse_try runs the
 * attempt under setjmp; parse_error longjmps back instead of reporting
 * while an attempt is active.  The arena memory of a failed attempt is
 * simply left behind.
 *
 * Files a declaration at a time (parse_file_lazy, for compilation).
 * The lexer streams the file in segments (lexer.c: a segment ends where
 * a line at column 0 follows, usually one declaration) and the parser
 * holds the segments of the declaration it parses and two more: those
 * before are released.  A declaration that runs into the last segment
 * held, or an error met there (or at the end of what is lexed), was
 * parsed with too little of the file: the segments held are doubled and
 * it is parsed again, so that every parse sees what the whole token
 * list would show it.  A function body is parsed, checked (syntax,
 * parse_depth.c) and dropped; Decl.lazy says where it is, and
 * parse_body parses it again from the source when it is lowered.
 * Strings that outlive a body's tree (names, literal texts: WYIL keeps
 * them) are made in the compilation arena (the lexer's texts,
 * parse_keep_fmt).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include "compiler.h"

/* ---------------------------------------------------------------- */
/* Errors and speculation                                             */

typedef struct Attempt Attempt;
struct Attempt {
  jmp_buf env;         /* where parse_error returns to */
  int depth;           /* nesting depth to restore */
  Attempt *prev;       /* enclosing attempt */
};

static Attempt *attempt;  /* innermost active attempt, or NULL */
/* The failure of the last abandoned attempt (static, not in Attempt:
 * nothing local to parse_try may change between setjmp and longjmp). */
static ParseFail last_fail;
static int depth;         /* nesting of recursive productions */
static Token *stmt_tok;   /* the innermost statement being parsed */
static int stmt_depth;    /* and the depth it started at */

/* parse_file_lazy: its stream, where a parse that needs more of it
 * starts again, and the arena of the body being parsed. */
static LexStream *stream;
static jmp_buf *window_retry;
static WyArena *body_arena;

/* Did a parse stopped at tok see less of the file than it needs? */
static bool
past_window(Token *tok)
{
  return window_retry && (tok == lex_stream_barrier(stream)
                          || tok->seg >= lex_stream_last(stream));
}

char *
parse_keep_fmt(const char *fmt, ...)
{
  WyArena *was = wyil_arena_use(NULL);
  va_list ap;
  va_start(ap, fmt);
  char *p = wyil_vfmt(fmt, ap);
  va_end(ap);
  wyil_arena_use(was);
  return p;
}

void
parse_enter(Token *tok, const char *what)
{
  if (++depth > PARSE_MAX_DEPTH) {
    int below_stmt = depth - stmt_depth;
    depth = 0;  /* an error here is never retried: report it */
    if (attempt) {
      what = "expression";  /* a cast or a parenthesis? */
    } else if (stmt_tok && below_stmt < 16) {
      /* deep statements (nested blocks) are named as such, though the
       * limit trips in one of their small expressions */
      what = "statement";
      tok = stmt_tok;
    }
    attempt = NULL;
    parse_error(tok, "%s nested too deeply (limit %d)", what,
                PARSE_MAX_DEPTH);
  }
}

void
parse_leave(void)
{
  depth--;
}

const char *
parse_tok_desc(Token *tok)
{
  switch (tok->kind) {
  case TK_EOF: return "end of file";
  case TK_NEWLINE: return "end of line";
  case TK_INDENT: return "indentation";
  case TK_BLOCK_COMMENT: return "block comment";
  case TK_STRING:
    if (strlen(tok->text) > 24) return "string literal";
    return wyil_fmt("%s", tok->text);
  default:
    if (strlen(tok->text) > 24)
      return wyil_fmt("'%.20s...'", tok->text);
    return wyil_fmt("'%s'", tok->text);
  }
}

/* Where to point for tok: an INDENT stands for the line it starts. */
static SrcPos
error_pos(Token *tok)
{
  if (tok->kind == TK_INDENT && tok->next) return tok->next->pos;
  return tok->pos;
}

_Noreturn void
parse_error(Token *tok, const char *fmt, ...)
{
  if (past_window(tok)) longjmp(*window_retry, 1);
  char msg[sizeof last_fail.msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (attempt) {
    last_fail.tok = tok;
    memcpy(last_fail.msg, msg, sizeof msg);
    longjmp(attempt->env, 1);
  }
  error_at(error_pos(tok), "%s", msg);
}

void *
parse_try(ParseFn *fn, Token **rest, Token *tok, void *arg, ParseFail *fail)
{
  Attempt at;
  at.prev = attempt;
  at.depth = depth;
  attempt = &at;
  if (setjmp(at.env)) {
    attempt = at.prev;
    depth = at.depth;
    if (fail) *fail = last_fail;
    return NULL;
  }
  Token *after = tok;
  void *result = fn(&after, tok, arg);
  attempt = at.prev;
  *rest = after;
  return result;
}

Token *
parse_expect(Token *tok, const char *text, const char *context)
{
  if (!tok_is(tok, text))
    parse_error(tok, "expected '%s' %s, found %s", text, context,
                parse_tok_desc(tok));
  return tok->next;
}

static const char *
expect_ident(Token **rest, Token *tok, const char *what)
{
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected %s, found %s", what, parse_tok_desc(tok));
  *rest = tok->next;
  return tok->text;
}

/* Is a after b in the source? */
static bool
tok_after(Token *a, Token *b)
{
  return a->pos.line > b->pos.line ||
         (a->pos.line == b->pos.line && a->pos.col > b->pos.col);
}

Node *
parse_new_node(NodeKind kind, Token *tok)
{
  Node *node = wyil_alloc(sizeof(Node));
  node->kind = kind;
  node->pos = error_pos(tok);
  return node;
}

void
nodes_push(NodeList *l, Node *n)
{
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 4;
    Node **v = wyil_alloc(sizeof(Node *) * (size_t)cap);
    if (l->n) memcpy(v, l->v, sizeof(Node *) * (size_t)l->n);
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = n;
}

/* ---------------------------------------------------------------- */
/* Lines and blocks                                                   */

/* Open blocks (and switch case levels), innermost first. */
typedef struct Level Level;
struct Level {
  int indent;
  Level *up;
};

static Level *levels;

/* The indent of the line that tok starts (0 for a line at column 0). */
static int
line_indent(Token *tok)
{
  return tok->kind == TK_INDENT ? tok->indent : 0;
}

/* end_of_line = (BLOCK_COMMENT | INDENT)* (NEWLINE | EOF) */
static Token *
end_of_line(Token *tok, const char *after)
{
  while (tok->kind == TK_BLOCK_COMMENT || tok->kind == TK_INDENT)
    tok = tok->next;
  if (tok->kind == TK_NEWLINE) return tok->next;
  if (tok->kind == TK_EOF) return tok;
  parse_error(tok, "expected end of line after %s, found %s", after,
              parse_tok_desc(tok));
}

/* After a block at `indent`: the next line must close it to the indent
 * of an open block, or to the top level. */
static void
check_dedent(Token *tok, int indent)
{
  int k = line_indent(tok);
  if (k == 0 || k == indent) return;
  if (k > indent) parse_error(tok, "unexpected indentation");
  for (Level *lv = levels; lv; lv = lv->up)
    if (lv->indent == k) return;
  parse_error(tok, "indentation of %d matches no enclosing block (this "
              "block is indented %d)", k, indent);
}

static Node *statement(Token **rest, Token *tok, int indent);

/* block = (INDENT(k) statement)*    one k, greater than `parent` */
static NodeList
block(Token **rest, Token *tok, int parent)
{
  NodeList body = {0};
  int k = line_indent(tok);
  if (k <= parent) {
    *rest = tok;
    return body;
  }
  Level lv = {k, levels};
  levels = &lv;
  while (line_indent(tok) == k)
    nodes_push(&body, statement(&tok, tok->next, k));
  levels = lv.up;
  check_dedent(tok, k);
  *rest = tok;
  return body;
}

/* Is tok the line start INDENT(indent) followed by `word`? */
static bool
line_starts(Token *tok, int indent, const char *word)
{
  return tok->kind == TK_INDENT && tok->indent == indent &&
         tok_is(tok->next, word);
}

/* header_end = ":" NL */
static Token *
header_end(Token *tok, const char *context)
{
  tok = parse_expect(tok, ":", context);
  return end_of_line(tok, "':'");
}

/* ---------------------------------------------------------------- */
/* Statements                                                         */

/* lval = "(" lvals ")" | Id */
static Node *lvals(Token **rest, Token *tok);

static Node *
lval(Token **rest, Token *tok)
{
  if (tok_is(tok, "(")) {
    Node *node = lvals(&tok, tok->next);
    *rest = parse_expect(tok, ")", "to close the assignment target");
    return node;
  }
  if (tok->kind != TK_IDENT)
    parse_error(tok, "expected a variable to assign to, found %s",
                parse_tok_desc(tok));
  Node *node = parse_new_node(ND_NAME, tok);
  node->name = tok->text;
  *rest = tok->next;
  return node;
}

/* index_lval = lval ("[" addsub "]" | "." Id | "->" Id)* */
static Node *
index_lval(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *node = lval(&tok, tok);
  for (;;) {
    if ((node->kind == ND_TUPLE || node->kind == ND_RATSPLIT) &&
        (tok_is(tok, "[") || tok_is(tok, ".") || tok_is(tok, "->")))
      parse_error(tok, "only a variable can be indexed or have its fields "
                  "assigned");
    if (tok_is(tok, "[")) {
      Node *index = parse_new_node(ND_INDEX, start);
      index->lhs = node;
      index->rhs = parse_addsub(&tok, tok->next);
      tok = parse_expect(tok, "]", "after index");
      node = index;
    } else if (tok_is(tok, ".") || tok_is(tok, "->")) {
      Node *field = parse_new_node(tok_is(tok, ".") ? ND_FIELD : ND_ARROW,
                                   start);
      field->lhs = node;
      field->name = expect_ident(&tok, tok->next, "a field name");
      node = field;
    } else if (tok_is(tok, "(") || tok_is(tok, "!") || tok_is(tok, "?")) {
      parse_error(tok, "unexpected %s in assignment target",
                  parse_tok_desc(tok));
    } else {
      break;
    }
  }
  *rest = tok;
  return node;
}

/* rational_lval = index_lval ["/" index_lval] */
static Node *
rational_lval(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *node = index_lval(&tok, tok);
  if (tok_is(tok, "/")) {
    Node *split = parse_new_node(ND_RATSPLIT, start);
    nodes_push(&split->args, node);
    nodes_push(&split->args, index_lval(&tok, tok->next));
    node = split;
  }
  *rest = tok;
  return node;
}

/* lvals = rational_lval ("," rational_lval)*
 * Several make an ND_TUPLE; an n/d pair is an ND_RATSPLIT holding the
 * two targets (no rhs yet). */
static Node *
lvals(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *node = rational_lval(&tok, tok);
  if (!tok_is(tok, ",")) {
    *rest = tok;
    return node;
  }
  Node *tuple = parse_new_node(ND_TUPLE, start);
  nodes_push(&tuple->args, node);
  while (tok_is(tok, ","))
    nodes_push(&tuple->args, rational_lval(&tok, tok->next));
  for (int i = 0; i < tuple->args.n; i++)
    if (tuple->args.v[i]->kind == ND_RATSPLIT)
      error_at(tuple->args.v[i]->pos, "an n/d destructuring cannot be "
               "part of a tuple assignment");
  *rest = tok;
  return tuple;
}

/* assignment = lvals "=" cond NL */
static Node *
assignment(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *target = lvals(&tok, tok);
  if (target->kind == ND_NAME && !strcmp(target->name, "continue") &&
      (tok->kind == TK_NEWLINE || tok->kind == TK_EOF))
    parse_error(start, "there is no 'continue' statement in this dialect");
  if (!tok_is(tok, "="))
    parse_error(tok, "expected '=' after assignment target, found %s "
                "(a statement is a call or an assignment)",
                parse_tok_desc(tok));
  Node *rhs = parse_cond(&tok, tok->next, false);
  *rest = end_of_line(tok, "assignment");
  if (target->kind == ND_RATSPLIT) {
    target->rhs = rhs;
    return target;
  }
  Node *node = parse_new_node(ND_ASSIGN, start);
  if (target->kind == ND_TUPLE)
    node->args = target->args;
  else
    nodes_push(&node->args, target);
  node->rhs = rhs;
  return node;
}

/* call_or_assign = Id "(" args ")" NL | tuple_expr NL   (when a call)
 *                | assignment
 * As in the 2013 parser: `Id (` starts a call that must end the line;
 * otherwise an expression is read, and if it is not a call, the line is
 * read again as an assignment. */
static Node *
call_or_assign(Token **rest, Token *tok)
{
  Token *start = tok;
  Node *expr;
  if (tok_is(tok->next, "(")) {
    if (tok->kind != TK_IDENT)
      parse_error(tok, "expected a statement, found %s",
                  parse_tok_desc(tok));
    expr = parse_new_node(ND_CALL, tok);
    expr->lhs = parse_new_node(ND_NAME, tok);
    expr->lhs->name = tok->text;
    tok = parse_call_args(expr, tok->next);
  } else {
    expr = parse_tuple_expr(&tok, tok);
    if (expr->kind != ND_CALL) return assignment(rest, start);
  }
  Node *node = parse_new_node(ND_EXPR_STMT, start);
  node->lhs = expr;
  *rest = end_of_line(tok, "call");
  return node;
}

/* return_stmt = "return" [tuple_expr] NL */
static Node *
return_stmt(Token **rest, Token *tok)
{
  Node *node = parse_new_node(ND_RETURN, tok);
  tok = tok->next;
  if (tok->kind != TK_NEWLINE && tok->kind != TK_EOF &&
      tok->kind != TK_BLOCK_COMMENT)
    node->lhs = parse_tuple_expr(&tok, tok);
  *rest = end_of_line(tok, "return statement");
  return node;
}

/* if_stmt = "if" cond ":" NL block
 *           [INDENT(indent) "else" (if_stmt | ":" NL block)] */
static Node *
if_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_IF, tok);
  node->cond = parse_cond(&tok, tok->next, false);
  tok = header_end(tok, "after if condition");
  node->body = block(&tok, tok, indent);
  if (line_starts(tok, indent, "else")) {
    tok = tok->next->next;
    if (tok_is(tok, "if")) {
      nodes_push(&node->else_body, if_stmt(&tok, tok, indent));
    } else {
      tok = header_end(tok, "after 'else'");
      node->else_body = block(&tok, tok, indent);
    }
  }
  *rest = tok;
  return node;
}

static void *
case_value(Token **rest, Token *tok, void *arg)
{
  (void)arg;
  return parse_cond(rest, tok, false);
}

/* `case int:`, `case [int]:`: a type (an ND_IS without lhs) */
static void *
case_type(Token **rest, Token *tok, void *arg)
{
  (void)arg;
  Node *node = parse_new_node(ND_IS, tok);
  node->type = parse_type(rest, tok);
  return node;
}

/* A case label: a value, or else a type (a syntax error reports the
 * attempt that got further). */
static Node *
case_label(Token **rest, Token *tok)
{
  ParseFail vfail, tfail;
  Node *n = parse_try(case_value, rest, tok, NULL, &vfail);
  if (n) return n;
  n = parse_try(case_type, rest, tok, NULL, &tfail);
  if (n && (tok_is(*rest, ":") || tok_is(*rest, ","))) return n;
  ParseFail *f = n || !tok_after(tfail.tok, vfail.tok) ? &vfail : &tfail;
  parse_error(f->tok, "%s", f->msg);
}

/* case = ("default" | "case" label ("," label)*) ":" NL block
 * label = cond | type */
static Node *
case_clause(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_CASE, tok);
  if (tok_is(tok, "default")) {
    node->is_default = true;
    tok = header_end(tok->next, "after 'default'");
  } else {
    if (!tok_is(tok, "case"))
      parse_error(tok, "expected 'case' or 'default' in switch, found %s",
                  parse_tok_desc(tok));
    nodes_push(&node->args, case_label(&tok, tok->next));
    while (tok_is(tok, ","))
      nodes_push(&node->args, case_label(&tok, tok->next));
    tok = header_end(tok, "after case value");
  }
  node->body = block(rest, tok, indent);
  return node;
}

/* switch_stmt = "switch" bitwise ":" NL (INDENT(k) case)*   k > indent */
static Node *
switch_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_SWITCH, tok);
  node->lhs = parse_bitwise(&tok, tok->next, false);
  tok = header_end(tok, "after switch value");
  int k = line_indent(tok);
  if (k > indent) {
    Level lv = {k, levels};
    levels = &lv;
    while (line_indent(tok) == k)
      nodes_push(&node->cases, case_clause(&tok, tok->next, k));
    levels = lv.up;
    check_dedent(tok, k);
  }
  *rest = tok;
  return node;
}

/* try_stmt = "try" ":" NL block (INDENT(indent) catch)*
 * catch = "catch" "(" type Id ")" ":" NL block */
static Node *
try_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_TRY, tok);
  tok = header_end(tok->next, "after 'try'");
  node->body = block(&tok, tok, indent);
  while (line_starts(tok, indent, "catch")) {
    tok = tok->next;
    Node *c = parse_new_node(ND_CATCH, tok);
    tok = parse_expect(tok->next, "(", "after 'catch'");
    c->type = parse_type(&tok, tok);
    c->name = expect_ident(&tok, tok, "a variable name after the caught "
                           "type");
    tok = parse_expect(tok, ")", "after the caught variable");
    tok = header_end(tok, "after catch clause");
    c->body = block(&tok, tok, indent);
    nodes_push(&node->cases, c);
  }
  *rest = tok;
  return node;
}

/* invariant = ["where" cond] */
static Node *
invariant(Token **rest, Token *tok)
{
  if (!tok_is(tok, "where")) {
    *rest = tok;
    return NULL;
  }
  return parse_cond(rest, tok->next, false);
}

/* do_stmt = "do" ["where" cond] ":" NL block INDENT(indent) "while" cond NL
 */
static Node *
do_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_DO_WHILE, tok);
  node->invariant = invariant(&tok, tok->next);
  tok = header_end(tok, "after 'do'");
  node->body = block(&tok, tok, indent);
  if (!line_starts(tok, indent, "while"))
    parse_error(tok, "expected 'while' at the indentation of its 'do', "
                "found %s", parse_tok_desc(tok->kind == TK_INDENT &&
                                           tok->indent == indent
                                           ? tok->next : tok));
  node->cond = parse_cond(&tok, tok->next->next, false);
  *rest = end_of_line(tok, "do-while condition");
  return node;
}

/* while_stmt = "while" cond ["where" cond] ":" NL block */
static Node *
while_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_WHILE, tok);
  node->cond = parse_cond(&tok, tok->next, false);
  node->invariant = invariant(&tok, tok);
  tok = header_end(tok, "after while condition");
  node->body = block(rest, tok, indent);
  return node;
}

/* for_stmt = "for" Id ["," Id] "in" cond ["where" cond] ":" NL block */
static Node *
for_stmt(Token **rest, Token *tok, int indent)
{
  Node *node = parse_new_node(ND_FOR, tok);
  tok = tok->next;
  for (;;) {
    Node *var = parse_new_node(ND_NAME, tok);
    var->name = expect_ident(&tok, tok, "a loop variable after 'for'");
    nodes_push(&node->vars, var);
    if (node->vars.n == 2 || !tok_is(tok, ",")) break;
    tok = tok->next;
  }
  tok = parse_expect(tok, "in", "after the loop variable");
  node->lhs = parse_cond(&tok, tok, false);
  node->invariant = invariant(&tok, tok);
  tok = header_end(tok, "after for source");
  node->body = block(rest, tok, indent);
  return node;
}

/* simple = ("assert" | "assume") cond NL | "debug" bitwise NL
 *        | "throw" bitwise NL | "skip" NL | "break" NL */
static Node *
simple_stmt(Token **rest, Token *tok, NodeKind kind)
{
  Node *node = parse_new_node(kind, tok);
  const char *what = tok->text;
  if (kind == ND_ASSERT || kind == ND_ASSUME)
    node->cond = parse_cond(&tok, tok->next, false);
  else if (kind == ND_DEBUG || kind == ND_THROW)
    node->lhs = parse_bitwise(&tok, tok->next, false);
  else
    tok = tok->next;
  *rest = end_of_line(tok, wyil_fmt("'%s' statement", what));
  return node;
}

/* statement = simple | return_stmt | if_stmt | switch_stmt | try_stmt
 *           | do_stmt | while_stmt | for_stmt | call_or_assign */
static Node *
statement_unguarded(Token **rest, Token *tok, int indent)
{
  static const struct {
    const char *word;
    NodeKind kind;
  } simple[] = {
    {"skip", ND_SKIP}, {"break", ND_BREAK}, {"assert", ND_ASSERT},
    {"assume", ND_ASSUME}, {"debug", ND_DEBUG}, {"throw", ND_THROW},
  };
  for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
    if (tok_is(tok, simple[i].word))
      return simple_stmt(rest, tok, simple[i].kind);
  if (tok_is(tok, "return")) return return_stmt(rest, tok);
  if (tok_is(tok, "if")) return if_stmt(rest, tok, indent);
  if (tok_is(tok, "switch")) return switch_stmt(rest, tok, indent);
  if (tok_is(tok, "try")) return try_stmt(rest, tok, indent);
  if (tok_is(tok, "do")) return do_stmt(rest, tok, indent);
  if (tok_is(tok, "while")) return while_stmt(rest, tok, indent);
  if (tok_is(tok, "for")) return for_stmt(rest, tok, indent);
  if (tok_is(tok, "else"))
    parse_error(tok, "'else' without an 'if' at the same indentation");
  if (tok_is(tok, "catch"))
    parse_error(tok, "'catch' without a 'try' at the same indentation");
  if (tok_is(tok, "case") || tok_is(tok, "default"))
    parse_error(tok, "%s outside a switch", parse_tok_desc(tok));
  if (tok_is(tok, "new"))
    parse_error(tok, "a 'new' expression cannot be a statement");
  if (tok->kind == TK_BLOCK_COMMENT)
    parse_error(tok, "a block comment cannot start a statement "
                "(use // comments inside functions)");
  if (tok->kind == TK_NEWLINE || tok->kind == TK_EOF)
    parse_error(tok, "expected a statement, found %s",
                parse_tok_desc(tok));
  return call_or_assign(rest, tok);
}

/* statement, under the nesting guard */
static Node *
statement(Token **rest, Token *tok, int indent)
{
  parse_enter(tok, "statement");
  Token *outer_tok = stmt_tok;
  int outer_depth = stmt_depth;
  stmt_tok = tok;
  stmt_depth = depth;
  Node *node = statement_unguarded(rest, tok, indent);
  stmt_tok = outer_tok;
  stmt_depth = outer_depth;
  parse_leave();
  return node;
}

/* ---------------------------------------------------------------- */
/* Declarations                                                       */

static Decl *
new_decl(DeclKind kind, Token *tok)
{
  Decl *decl = wyil_alloc(sizeof(Decl));
  decl->kind = kind;
  decl->pos = tok->pos;
  return decl;
}

/* import = "import" [(Id | "*") "from"] Id (("." | "..") (Id | "*"))* NL
 */
static Decl *
import_decl(Token **rest, Token *tok)
{
  Decl *decl = new_decl(DK_IMPORT, tok);
  tok = tok->next;
  decl->name = "";
  if (tok->next->kind == TK_IDENT && !strcmp(tok->next->text, "from")) {
    if (!tok_is(tok, "*") && tok->kind != TK_IDENT)
      parse_error(tok, "expected a name or '*' to import, found %s",
                  parse_tok_desc(tok));
    decl->name = tok->text;
    tok = tok->next->next;
  }
  PtrVec path = {0};
  vec_push(&path, (void *)expect_ident(&tok, tok, "a package name"));
  while (tok_is(tok, ".") || tok_is(tok, "..")) {
    if (tok_is(tok, "..")) {
      decl->deep = true;
      vec_push(&path, "**");
    }
    tok = tok->next;
    if (tok_is(tok, "*")) {
      vec_push(&path, "*");
      tok = tok->next;
    } else {
      vec_push(&path, (void *)expect_ident(&tok, tok, "a name or '*' in "
                                           "the import path"));
    }
  }
  decl->path = (const char **)path.v;
  decl->npath = path.n;
  *rest = end_of_line(tok, "import");
  return decl;
}

/* The type branch of `define`: type ["where" cond] NL */
static void *
define_type(Token **rest, Token *tok, void *arg)
{
  Decl *decl = arg;
  decl->type = parse_type(&tok, tok);
  if (tok_is(tok, "where"))
    decl->where = parse_cond(&tok, tok->next, false);
  *rest = end_of_line(tok, "type definition");
  return decl;
}

/* The constant branch of `define`: cond NL */
static void *
define_const(Token **rest, Token *tok, void *arg)
{
  Decl *decl = arg;
  decl->value = parse_cond(&tok, tok, false);
  *rest = end_of_line(tok, "constant definition");
  return decl;
}

/* define = "define" Id "as" (type ["where" cond] | cond) NL
 * A type is tried first; if the rest of the line is not one, it is read
 * again as the expression of a constant (spec §2.3). */
static Decl *
define_decl(Token **rest, Token *tok)
{
  tok = tok->next;
  Decl *decl = new_decl(DK_TYPE, tok);
  decl->name = expect_ident(&tok, tok, "a name after 'define'");
  tok = parse_expect(tok, "as", "after the defined name");
  ParseFail type_fail, const_fail;
  if (parse_try(define_type, rest, tok, decl, &type_fail)) return decl;
  decl->type = NULL;
  decl->where = NULL;
  decl->kind = DK_CONST;
  if (parse_try(define_const, rest, tok, decl, &const_fail)) return decl;
  /* neither: report the attempt that got further */
  ParseFail *f = tok_after(const_fail.tok, type_fail.tok) ? &const_fail
                                                           : &type_fail;
  parse_error(f->tok, "%s", f->msg);
}

/* requires_ensures = ["requires" cond ["," "ensures" cond]
 *                    | "ensures" cond]
 * Line breaks before it are skipped, as the 2013 parser did. */
static Token *
requires_ensures(Token *tok, Decl *decl)
{
  Token *start = tok;
  while (tok->kind == TK_NEWLINE || tok->kind == TK_INDENT ||
         tok->kind == TK_BLOCK_COMMENT)
    tok = tok->next;
  if (tok_is(tok, "requires")) {
    decl->requires = parse_cond(&tok, tok->next, false);
    if (tok_is(tok, ",")) {
      tok = parse_expect(tok->next, "ensures", "after 'requires ...,'");
      decl->ensures = parse_cond(&tok, tok, false);
    }
  } else if (tok_is(tok, "ensures")) {
    decl->ensures = parse_cond(&tok, tok->next, false);
  } else if (!tok_is(tok, "throws") && !tok_is(tok, ":")) {
    return start;  /* let the caller report the missing ':' here */
  }
  return tok;
}

/* function = type [[type] "::"] Id params requires_ensures
 *            ["throws" type] ":" NL block */
static Decl *
function_decl(Token **rest, Token *tok)
{
  Decl *decl = new_decl(DK_FUNC, tok);
  decl->ret = parse_type(&tok, tok);
  if (tok_is(tok, "::")) {
    decl->is_method = true;
    tok = tok->next;
  } else if (tok_is(tok->next, "::")) {
    decl->is_method = true;
    decl->receiver = parse_type(&tok, tok);
    tok = parse_expect(tok, "::", "after the receiver type");
  }
  decl->pos = tok->pos;
  decl->name = expect_ident(&tok, tok, decl->is_method
                            ? "a method name" : "a function name");
  if (!tok_is(tok, "("))
    parse_error(tok, "expected '(' after the name of %s '%s', found %s",
                decl->is_method ? "method" : "function", decl->name,
                parse_tok_desc(tok));
  decl->params = parse_params(&tok, tok, "(", ")", &decl->nparams);
  tok = requires_ensures(tok, decl);
  if (tok_is(tok, "throws")) decl->throws = parse_type(&tok, tok->next);
  if (!tok_is(tok, ":"))   /* (the message made only when needed) */
    parse_expect(tok, ":", wyil_fmt("at the end of the header of '%s'",
                                    decl->name));
  tok = header_end(tok, "");
  if (!body_arena || tok->kind != TK_INDENT) {
    decl->body = block(rest, tok, 0);
    return decl;
  }
  /* parsed for its errors, dropped by the caller, parsed again when
   * lowered: from the start of its first line (an INDENT starts one)
   * to the token after it */
  WyArena *was = wyil_arena_use(body_arena);
  decl->body = block(rest, tok, 0);
  wyil_arena_use(was);
  LexRange *r = wyil_alloc(sizeof(LexRange));
  r->in = lex_stream_text(stream);
  r->start = tok->src;
  r->line = tok->pos.line;
  r->end = (*rest)->src;
  decl->lazy = r;
  return decl;
}

/* declaration = ("public" | "native" | "export")* (define | function) */
static Decl *
declaration(Token **rest, Token *tok)
{
  bool is_public = false, is_native = false, is_export = false;
  for (;; tok = tok->next) {
    if (tok_is(tok, "public"))
      is_public = true;
    else if (tok_is(tok, "native"))
      is_native = true;
    else if (tok_is(tok, "export"))
      is_export = true;
    else
      break;
  }
  Decl *decl;
  if (tok_is(tok, "define")) {
    decl = define_decl(rest, tok);
  } else if (tok->kind == TK_EOF || tok->kind == TK_NEWLINE) {
    parse_error(tok, "expected a declaration, found %s",
                parse_tok_desc(tok));
  } else {
    decl = function_decl(rest, tok);
  }
  decl->is_public = is_public;
  decl->is_native = is_native;
  decl->is_export = is_export;
  return decl;
}

/* package = "package" Id ("." Id)* NL */
static const char *
package_decl(Token **rest, Token *tok)
{
  StrBuf sb = {0};
  tok = tok->next;
  for (;;) {
    if (tok->kind != TK_IDENT) {
      sb_free(&sb);
      parse_error(tok, "expected a package name, found %s",
                  parse_tok_desc(tok));
    }
    sb_puts(&sb, tok->text);
    tok = tok->next;
    if (!tok_is(tok, ".")) break;
    sb_putc(&sb, '.');
    tok = tok->next;
  }
  const char *name = wyil_strdup(sb.s);
  sb_free(&sb);
  *rest = end_of_line(tok, "package declaration");
  return name;
}

/* top_decl = import | declaration | NL | BLOCK_COMMENT NL
 * (NULL for a line) */
static Decl *
top_decl(Token **rest, Token *tok)
{
  if (tok->kind == TK_NEWLINE || tok->kind == TK_BLOCK_COMMENT) {
    *rest = end_of_line(tok, "block comment");
    return NULL;
  }
  if (tok->kind == TK_INDENT) parse_error(tok, "unexpected indentation");
  if (tok_is(tok, "import")) return import_decl(rest, tok);
  if (tok_is(tok, "package"))
    parse_error(tok, "'package' must be the first declaration");
  return declaration(rest, tok);
}

/* file = ["package" Id ("." Id)* NL] top_decl* */
Ast *
parse_tokens(const char *file, Token *tok)
{
  Ast *ast = wyil_alloc(sizeof(Ast));
  ast->file = file;
  levels = NULL;
  attempt = NULL;
  depth = 0;
  while (tok->kind == TK_NEWLINE || tok->kind == TK_BLOCK_COMMENT)
    tok = end_of_line(tok, "block comment");
  if (tok_is(tok, "package")) ast->package = package_decl(&tok, tok);
  PtrVec decls = {0};
  while (tok->kind != TK_EOF) {
    Decl *d = top_decl(&tok, tok);
    if (d) vec_push(&decls, d);
  }
  ast->decls = (Decl **)decls.v;
  ast->ndecls = decls.n;
  parse_check_depth(ast);
  return ast;
}

/* The parser's state, as at the start of a file. */
static void
reset_state(void)
{
  levels = NULL;
  attempt = NULL;
  depth = 0;
  stmt_tok = NULL;
  stmt_depth = 0;
}

/* What parse_file_lazy parses at the top level. */
typedef enum Step { STEP_START, STEP_PACKAGE, STEP_DECL } Step;

/* One step at tok in the window, parsed again with more of the file
 * until it ends before the window's last segment; *d gets its Decl (a
 * declaration's body is dropped once checked). */
static Token *
window_step(Step step, Token *tok, Ast *ast, Decl **d)
{
  for (volatile int ahead = 2;; ahead *= 2) {
    lex_stream_ensure(stream, tok->seg + ahead);
    jmp_buf env;
    window_retry = &env;
    if (!setjmp(env)) {
      Token *rest = tok;
      *d = NULL;
      if (step == STEP_START) {
        while (rest->kind == TK_NEWLINE || rest->kind == TK_BLOCK_COMMENT)
          rest = end_of_line(rest, "block comment");
      } else if (step == STEP_PACKAGE) {
        ast->package = package_decl(&rest, rest);
      } else {
        *d = top_decl(&rest, rest);
      }
      if (!past_window(rest)) {
        window_retry = NULL;
        if (*d) {   /* (its walk's arrays in the arena reset below) */
          WyArena *was = wyil_arena_use(body_arena);
          parse_check_decl_later(*d);
          wyil_arena_use(was);
        }
        if (*d && (*d)->lazy) (*d)->body = (NodeList){0};
        wyil_arena_reset(body_arena);
        return rest;
      }
    }
    /* a retry: from a clean state, with twice as much of the file */
    window_retry = NULL;
    wyil_arena_use(NULL);
    wyil_arena_reset(body_arena);
    reset_state();
  }
}

Ast *
parse_file_lazy(const char *path)
{
  stream = lex_stream_open(path);
  body_arena = wyil_arena_new();
  reset_state();
  Ast *ast = wyil_alloc(sizeof(Ast));
  ast->file = lex_stream_file(stream);
  Decl *d;
  Token *tok = window_step(STEP_START, lex_stream_first(stream), ast, &d);
  if (tok_is(tok, "package"))
    tok = window_step(STEP_PACKAGE, tok, ast, &d);
  PtrVec decls = {0};
  while (tok->kind != TK_EOF) {
    lex_stream_release(stream, tok->seg);
    tok = window_step(STEP_DECL, tok, ast, &d);
    if (d) vec_push(&decls, d);
  }
  ast->decls = (Decl **)decls.v;
  ast->ndecls = decls.n;
  lex_stream_close(stream);
  stream = NULL;
  wyil_arena_free(body_arena);
  body_arena = NULL;
  parse_check_report();
  return ast;
}

void
parse_body(Decl *d, WyArena *a)
{
  Token *tok = lex_range(d->lazy, a);
  WyArena *was = wyil_arena_use(a);
  reset_state();
  Token *rest;
  d->body = block(&rest, tok, 0);
  wyil_arena_use(was);
  if (rest->kind != TK_EOF)
    internal_error("the body of '%s' parsed again ends at %d:%d", d->name,
                   rest->pos.line, rest->pos.col);
}

Ast *
parse_file(const char *path)
{
  Token *tok = lex_file(path);
  return parse_tokens(tok->pos.file ? tok->pos.file : path, tok);
}
