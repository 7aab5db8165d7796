/* ast_dump.c -- a readable dump of an Ast (wyc --dump-ast, parser tests).
 *
 * Declarations and statements are printed one per line, indented two
 * spaces per level; types in Whiley syntax; expressions as one-line
 * S-expressions, e.g.
 *
 *   function int f(int x)
 *     requires (> x 0)
 *     body
 *       if (< x 10)
 *         return (+ x (call g (index xs 1)))
 *       else
 *         assign x = (cast real x)
 */
#include <string.h>

#include "compiler.h"

static void print_type(StrBuf *sb, TypeExpr *ty);
static void print_expr(StrBuf *sb, Node *node);

/* ---------------------------------------------------------------- */
/* Types                                                              */

static void
print_type_list(StrBuf *sb, TypeExpr **elems, int n)
{
  for (int i = 0; i < n; i++) {
    if (i) sb_puts(sb, ", ");
    print_type(sb, elems[i]);
  }
}

/* A union/intersection member or negated type, parenthesised when it
 * would otherwise read differently. */
static void
print_type_operand(StrBuf *sb, TypeExpr *ty)
{
  bool paren = ty->kind == TE_UNION || ty->kind == TE_INTERSECT ||
               ty->kind == TE_FUNC || ty->kind == TE_METHOD;
  if (paren) sb_putc(sb, '(');
  print_type(sb, ty);
  if (paren) sb_putc(sb, ')');
}

static void
print_type(StrBuf *sb, TypeExpr *ty)
{
  static const char *const prim[] = {
    [TE_ANY] = "any", [TE_VOID] = "void", [TE_NULL] = "null",
    [TE_BOOL] = "bool", [TE_BYTE] = "byte", [TE_CHAR] = "char",
    [TE_INT] = "int", [TE_REAL] = "real", [TE_STRING] = "string",
  };
  if (!ty) {
    sb_puts(sb, "?");
    return;
  }
  switch (ty->kind) {
  case TE_ANY: case TE_VOID: case TE_NULL: case TE_BOOL: case TE_BYTE:
  case TE_CHAR: case TE_INT: case TE_REAL: case TE_STRING:
    sb_puts(sb, prim[ty->kind]);
    return;
  case TE_LIST:
    sb_putc(sb, '[');
    print_type(sb, ty->elems[0]);
    sb_putc(sb, ']');
    return;
  case TE_SET:
    sb_putc(sb, '{');
    print_type(sb, ty->elems[0]);
    sb_putc(sb, '}');
    return;
  case TE_MAP:
    sb_putc(sb, '{');
    print_type(sb, ty->elems[0]);
    sb_puts(sb, "=>");
    print_type(sb, ty->elems[1]);
    sb_putc(sb, '}');
    return;
  case TE_TUPLE:
    sb_putc(sb, '(');
    print_type_list(sb, ty->elems, ty->n);
    sb_putc(sb, ')');
    return;
  case TE_RECORD:
    sb_putc(sb, '{');
    for (int i = 0; i < ty->n; i++) {
      if (i) sb_puts(sb, ", ");
      print_type(sb, ty->elems[i]);
      sb_printf(sb, " %s", ty->names[i]);
    }
    if (ty->open) sb_puts(sb, ", ...");
    sb_putc(sb, '}');
    return;
  case TE_REF:
    sb_puts(sb, "ref ");
    print_type_operand(sb, ty->elems[0]);
    return;
  case TE_UNION:
  case TE_INTERSECT:
    for (int i = 0; i < ty->n; i++) {
      if (i) sb_puts(sb, ty->kind == TE_UNION ? "|" : "&");
      print_type_operand(sb, ty->elems[i]);
    }
    return;
  case TE_NEGATION:
    sb_putc(sb, '!');
    print_type_operand(sb, ty->elems[0]);
    return;
  case TE_FUNC:
  case TE_METHOD:
    print_type_operand(sb, ty->ret);
    sb_puts(sb, ty->kind == TE_METHOD ? "::(" : "(");
    print_type_list(sb, ty->elems, ty->n);
    sb_putc(sb, ')');
    return;
  case TE_NOMINAL:
    for (int i = 0; i < ty->n; i++) {
      if (i) sb_putc(sb, '.');
      sb_puts(sb, ty->names[i]);
    }
    return;
  }
  sb_puts(sb, "?");
}

/* ---------------------------------------------------------------- */
/* Expressions                                                        */

static const char *const binop_text[] = {
  [BOP_ADD] = "+", [BOP_SUB] = "-", [BOP_MUL] = "*", [BOP_DIV] = "/",
  [BOP_REM] = "%", [BOP_AND] = "&&", [BOP_OR] = "||", [BOP_BITAND] = "&",
  [BOP_BITOR] = "|", [BOP_BITXOR] = "^", [BOP_SHL] = "<<",
  [BOP_SHR] = ">>", [BOP_EQ] = "==", [BOP_NE] = "!=", [BOP_LT] = "<",
  [BOP_LE] = "<=", [BOP_GT] = ">", [BOP_GE] = ">=", [BOP_IN] = "in",
  [BOP_SUBSET] = "\u2282", [BOP_SUBSETEQ] = "\u2286",
  [BOP_UNION] = "\u222A", [BOP_INTERSECT] = "\u2229",
};

/* A character of a string or char literal, escaped for the dump. */
static void
print_escaped(StrBuf *sb, unsigned char c, char quote)
{
  switch (c) {
  case '\n': sb_puts(sb, "\\n"); return;
  case '\t': sb_puts(sb, "\\t"); return;
  case '\r': sb_puts(sb, "\\r"); return;
  case '\\': sb_puts(sb, "\\\\"); return;
  default: break;
  }
  if (c == (unsigned char)quote)
    sb_printf(sb, "\\%c", quote);
  else if (c < 0x20 || c == 0x7F)
    sb_printf(sb, "\\x%02X", c);
  else
    sb_putc(sb, (char)c);
}

static void
print_args(StrBuf *sb, NodeList *args)
{
  for (int i = 0; i < args->n; i++) {
    sb_putc(sb, ' ');
    print_expr(sb, args->v[i]);
  }
}

/* (in v1 e1) (in v2 e2) ... of a comprehension or quantifier */
static void
print_sources(StrBuf *sb, Node *node)
{
  for (int i = 0; i < node->vars.n; i++) {
    sb_printf(sb, " (in %s ", node->vars.v[i]->name);
    print_expr(sb, node->args.v[i]);
    sb_putc(sb, ')');
  }
}

static void
print_literal(StrBuf *sb, Node *node)
{
  switch (node->kind) {
  case ND_NULL: sb_puts(sb, "null"); return;
  case ND_BOOL: sb_puts(sb, node->ival ? "true" : "false"); return;
  case ND_INT:
  case ND_REAL: sb_puts(sb, node->text); return;
  case ND_CHAR:
    sb_putc(sb, '\'');
    if (node->ival < 0x80)
      print_escaped(sb, (unsigned char)node->ival, '\'');
    else
      sb_printf(sb, "\\u%04lX", node->ival);
    sb_putc(sb, '\'');
    return;
  case ND_BYTE:
    for (int i = 7; i >= 0; i--) sb_putc(sb, (node->ival >> i) & 1 ? '1'
                                                                   : '0');
    sb_putc(sb, 'b');
    return;
  case ND_STRING:
    sb_putc(sb, '"');
    for (size_t i = 0; i < node->strlen; i++)
      print_escaped(sb, (unsigned char)node->str[i], '"');
    sb_putc(sb, '"');
    return;
  default:
    return;
  }
}

/* Chains: `a + b + c` (a left spine) and `p && q && r` (a right one)
 * are printed in loops, not by recursing along them (ast_walk.c). */

static bool
is_logic(Node *node)
{
  return node->kind == ND_BINARY && (node->op == BOP_AND
                                     || node->op == BOP_OR);
}

static bool
is_link(Node *node)
{
  NodeKind k = node->kind;
  return (k == ND_BINARY && !is_logic(node)) || k == ND_INDEX
         || k == ND_SUBLIST || k == ND_FIELD || k == ND_ARROW;
}

/* A link before its left operand: "(+ ", "(index " ... */
static void
print_head(StrBuf *sb, Node *node)
{
  switch (node->kind) {
  case ND_BINARY: sb_printf(sb, "(%s ", binop_text[node->op]); return;
  case ND_INDEX: sb_puts(sb, "(index "); return;
  case ND_SUBLIST: sb_puts(sb, "(sublist "); return;
  default: sb_puts(sb, node->kind == ND_FIELD ? "(. " : "(-> "); return;
  }
}

/* ... and after it */
static void
print_tail(StrBuf *sb, Node *node)
{
  switch (node->kind) {
  case ND_BINARY: case ND_INDEX:
    sb_putc(sb, ' ');
    print_expr(sb, node->rhs);
    sb_putc(sb, ')');
    return;
  case ND_SUBLIST:
    print_args(sb, &node->args);
    sb_putc(sb, ')');
    return;
  default:
    sb_printf(sb, " %s)", node->name);
    return;
  }
}

static void
print_chain(StrBuf *sb, Node *node)
{
  AstSpine s = {0};
  ast_spine(&s, node, false, is_link);
  for (int i = 0; i < s.n; i++) print_head(sb, s.v[i]);
  print_expr(sb, s.v[s.n - 1]->lhs);
  for (int i = s.n - 1; i >= 0; i--) print_tail(sb, s.v[i]);
  ast_spine_free(&s);
}

static void
print_logic(StrBuf *sb, Node *node)
{
  int open = 0;
  for (; is_logic(node); node = node->rhs, open++) {
    sb_printf(sb, "(%s ", binop_text[node->op]);
    print_expr(sb, node->lhs);
    sb_putc(sb, ' ');
  }
  print_expr(sb, node);
  while (open--) sb_putc(sb, ')');
}

static void
print_expr(StrBuf *sb, Node *node)
{
  if (!node) {
    sb_putc(sb, '_');
    return;
  }
  switch (node->kind) {
  case ND_NULL: case ND_BOOL: case ND_INT: case ND_REAL: case ND_CHAR:
  case ND_BYTE: case ND_STRING:
    print_literal(sb, node);
    return;
  case ND_NAME:
    sb_puts(sb, node->name);
    return;
  case ND_BINARY:
    if (is_logic(node)) print_logic(sb, node);
    else print_chain(sb, node);
    return;
  case ND_INDEX: case ND_SUBLIST: case ND_FIELD: case ND_ARROW:
    print_chain(sb, node);
    return;
  case ND_UNARY:
    sb_puts(sb, node->op == UOP_NEG ? "(neg " : node->op == UOP_NOT
                                                ? "(! " : "(~ ");
    print_expr(sb, node->lhs);
    sb_putc(sb, ')');
    return;
  case ND_LENGTH:
  case ND_DEREF:
  case ND_NEW:
    sb_puts(sb, node->kind == ND_LENGTH ? "(len " : node->kind == ND_DEREF
                                                  ? "(* " : "(new ");
    print_expr(sb, node->lhs);
    sb_putc(sb, ')');
    return;
  case ND_CALL:
    sb_puts(sb, node->send ? "(send " : "(call ");
    print_expr(sb, node->lhs);
    print_args(sb, &node->args);
    sb_putc(sb, ')');
    return;
  case ND_LIST:
  case ND_SET:
  case ND_TUPLE:
    sb_puts(sb, node->kind == ND_LIST ? "(list" : node->kind == ND_SET
                                                 ? "(set" : "(tuple");
    print_args(sb, &node->args);
    sb_putc(sb, ')');
    return;
  case ND_MAP:
    sb_puts(sb, "(map");
    for (int i = 0; i + 1 < node->args.n; i += 2) {
      sb_puts(sb, " (=> ");
      print_expr(sb, node->args.v[i]);
      sb_putc(sb, ' ');
      print_expr(sb, node->args.v[i + 1]);
      sb_putc(sb, ')');
    }
    sb_putc(sb, ')');
    return;
  case ND_RECORD:
    sb_puts(sb, "(record");
    for (int i = 0; i < node->args.n; i++) {
      sb_printf(sb, " (%s ", node->names[i]);
      print_expr(sb, node->args.v[i]);
      sb_putc(sb, ')');
    }
    sb_putc(sb, ')');
    return;
  case ND_RANGE:
    sb_puts(sb, "(.. ");
    print_expr(sb, node->lhs);
    sb_putc(sb, ' ');
    print_expr(sb, node->rhs);
    sb_putc(sb, ')');
    return;
  case ND_CAST:
    sb_puts(sb, "(cast ");
    print_type(sb, node->type);
    sb_putc(sb, ' ');
    print_expr(sb, node->lhs);
    sb_putc(sb, ')');
    return;
  case ND_IS:
    sb_puts(sb, "(is ");
    print_expr(sb, node->lhs);
    sb_putc(sb, ' ');
    print_type(sb, node->type);
    sb_putc(sb, ')');
    return;
  case ND_FUNCREF:
    sb_printf(sb, "(& %s", node->name);
    if (node->has_args) {
      sb_puts(sb, " (");
      for (int i = 0; i < node->args.n; i++) {
        if (i) sb_putc(sb, ' ');
        print_expr(sb, node->args.v[i]);
      }
      sb_putc(sb, ')');
    }
    sb_putc(sb, ')');
    return;
  case ND_LAMBDA:
    sb_puts(sb, "(lambda (");
    for (int i = 0; i < node->params.n; i++) {
      if (i) sb_puts(sb, ", ");
      print_type(sb, node->params.v[i]->type);
      sb_printf(sb, " %s", node->params.v[i]->name);
    }
    sb_puts(sb, ") ");
    print_expr(sb, node->lhs);
    sb_putc(sb, ')');
    return;
  case ND_COMPREHENSION:
    sb_puts(sb, "(setcomp ");
    print_expr(sb, node->lhs);
    print_sources(sb, node);
    if (node->cond) {
      sb_putc(sb, ' ');
      print_expr(sb, node->cond);
    }
    sb_putc(sb, ')');
    return;
  case ND_QUANT:
    sb_puts(sb, node->op == Q_SOME ? "(some" : node->op == Q_ALL ? "(all"
                                                                  : "(no");
    print_sources(sb, node);
    sb_putc(sb, ' ');
    print_expr(sb, node->cond);
    sb_putc(sb, ')');
    return;
  case ND_RATSPLIT:
    sb_puts(sb, "(/ ");
    print_expr(sb, node->args.v[0]);
    sb_putc(sb, ' ');
    print_expr(sb, node->args.v[1]);
    sb_putc(sb, ')');
    return;
  default:
    sb_printf(sb, "(?node %d)", node->kind);
    return;
  }
}

/* ---------------------------------------------------------------- */
/* Statements and declarations                                        */

typedef struct Dumper {
  FILE *out;
  StrBuf sb;     /* the line being built */
} Dumper;

static void
line_start(Dumper *d, int depth)
{
  d->sb.len = 0;
  if (d->sb.s) d->sb.s[0] = 0;
  for (int i = 0; i < depth; i++) sb_puts(&d->sb, "  ");
}

static void
line_end(Dumper *d)
{
  fprintf(d->out, "%s\n", d->sb.s ? d->sb.s : "");
}

/* "word EXPR" on a line of its own */
static void
dump_line(Dumper *d, int depth, const char *word, Node *expr)
{
  line_start(d, depth);
  sb_puts(&d->sb, word);
  if (expr) {
    sb_putc(&d->sb, ' ');
    print_expr(&d->sb, expr);
  }
  line_end(d);
}

static void dump_stmt(Dumper *d, int depth, Node *node);

static void
dump_block(Dumper *d, int depth, NodeList *body)
{
  for (int i = 0; i < body->n; i++) dump_stmt(d, depth, body->v[i]);
}

static void
dump_stmt(Dumper *d, int depth, Node *node)
{
  switch (node->kind) {
  case ND_ASSIGN:
  case ND_RATSPLIT:
    line_start(d, depth);
    sb_puts(&d->sb, "assign ");
    if (node->kind == ND_RATSPLIT) {
      print_expr(&d->sb, node->args.v[0]);
      sb_puts(&d->sb, " / ");
      print_expr(&d->sb, node->args.v[1]);
    }
    for (int i = 0; node->kind == ND_ASSIGN && i < node->args.n; i++) {
      if (i) sb_puts(&d->sb, ", ");
      print_expr(&d->sb, node->args.v[i]);
    }
    sb_puts(&d->sb, " = ");
    print_expr(&d->sb, node->rhs);
    line_end(d);
    return;
  case ND_EXPR_STMT: dump_line(d, depth, "call", node->lhs); return;
  case ND_RETURN: dump_line(d, depth, "return", node->lhs); return;
  case ND_BREAK: dump_line(d, depth, "break", NULL); return;
  case ND_SKIP: dump_line(d, depth, "skip", NULL); return;
  case ND_ASSERT: dump_line(d, depth, "assert", node->cond); return;
  case ND_ASSUME: dump_line(d, depth, "assume", node->cond); return;
  case ND_DEBUG: dump_line(d, depth, "debug", node->lhs); return;
  case ND_THROW: dump_line(d, depth, "throw", node->lhs); return;
  case ND_IF:
    dump_line(d, depth, "if", node->cond);
    dump_block(d, depth + 1, &node->body);
    if (node->else_body.n) {
      dump_line(d, depth, "else", NULL);
      dump_block(d, depth + 1, &node->else_body);
    }
    return;
  case ND_WHILE:
    dump_line(d, depth, "while", node->cond);
    if (node->invariant) dump_line(d, depth + 1, "where", node->invariant);
    dump_block(d, depth + 1, &node->body);
    return;
  case ND_DO_WHILE:
    dump_line(d, depth, "do", NULL);
    if (node->invariant) dump_line(d, depth + 1, "where", node->invariant);
    dump_block(d, depth + 1, &node->body);
    dump_line(d, depth, "while", node->cond);
    return;
  case ND_FOR:
    line_start(d, depth);
    sb_puts(&d->sb, "for");
    for (int i = 0; i < node->vars.n; i++)
      sb_printf(&d->sb, "%s %s", i ? "," : "", node->vars.v[i]->name);
    sb_puts(&d->sb, " in ");
    print_expr(&d->sb, node->lhs);
    line_end(d);
    if (node->invariant) dump_line(d, depth + 1, "where", node->invariant);
    dump_block(d, depth + 1, &node->body);
    return;
  case ND_SWITCH:
    dump_line(d, depth, "switch", node->lhs);
    for (int i = 0; i < node->cases.n; i++) {
      Node *c = node->cases.v[i];
      line_start(d, depth + 1);
      sb_puts(&d->sb, c->is_default ? "default" : "case");
      print_args(&d->sb, &c->args);
      line_end(d);
      dump_block(d, depth + 2, &c->body);
    }
    return;
  case ND_TRY:
    dump_line(d, depth, "try", NULL);
    dump_block(d, depth + 1, &node->body);
    for (int i = 0; i < node->cases.n; i++) {
      Node *c = node->cases.v[i];
      line_start(d, depth);
      sb_puts(&d->sb, "catch ");
      print_type(&d->sb, c->type);
      sb_printf(&d->sb, " %s", c->name);
      line_end(d);
      dump_block(d, depth + 1, &c->body);
    }
    return;
  default:
    dump_line(d, depth, "expr", node);
    return;
  }
}

static void
dump_modifiers(Dumper *d, Decl *decl)
{
  if (decl->is_public) sb_puts(&d->sb, "public ");
  if (decl->is_native) sb_puts(&d->sb, "native ");
  if (decl->is_export) sb_puts(&d->sb, "export ");
}

static void
dump_func(Dumper *d, Decl *decl)
{
  line_start(d, 0);
  sb_puts(&d->sb, decl->is_method ? "method " : "function ");
  dump_modifiers(d, decl);
  print_type(&d->sb, decl->ret);
  sb_putc(&d->sb, ' ');
  if (decl->receiver) print_type(&d->sb, decl->receiver);
  if (decl->is_method) sb_puts(&d->sb, "::");
  sb_printf(&d->sb, "%s(", decl->name);
  for (int i = 0; i < decl->nparams; i++) {
    if (i) sb_puts(&d->sb, ", ");
    print_type(&d->sb, decl->params[i].type);
    sb_printf(&d->sb, " %s", decl->params[i].name);
  }
  sb_putc(&d->sb, ')');
  line_end(d);
  if (decl->requires) dump_line(d, 1, "requires", decl->requires);
  if (decl->ensures) dump_line(d, 1, "ensures", decl->ensures);
  if (decl->throws) {
    line_start(d, 1);
    sb_puts(&d->sb, "throws ");
    print_type(&d->sb, decl->throws);
    line_end(d);
  }
  if (decl->body.n) {
    dump_line(d, 1, "body", NULL);
    dump_block(d, 2, &decl->body);
  }
}

static void
dump_decl(Dumper *d, Decl *decl)
{
  switch (decl->kind) {
  case DK_IMPORT:
    line_start(d, 0);
    sb_puts(&d->sb, "import ");
    if (*decl->name) sb_printf(&d->sb, "%s from ", decl->name);
    for (int i = 0; i < decl->npath; i++) {
      bool deep = !strcmp(decl->path[i], "**");
      if (i && !deep && strcmp(decl->path[i - 1], "**"))
        sb_putc(&d->sb, '.');
      sb_puts(&d->sb, deep ? ".." : decl->path[i]);
    }
    line_end(d);
    return;
  case DK_TYPE:
    line_start(d, 0);
    sb_puts(&d->sb, "type ");
    dump_modifiers(d, decl);
    sb_printf(&d->sb, "%s = ", decl->name);
    print_type(&d->sb, decl->type);
    if (decl->where) {
      sb_puts(&d->sb, " where ");
      print_expr(&d->sb, decl->where);
    }
    line_end(d);
    return;
  case DK_CONST:
    line_start(d, 0);
    sb_puts(&d->sb, "constant ");
    dump_modifiers(d, decl);
    sb_printf(&d->sb, "%s = ", decl->name);
    print_expr(&d->sb, decl->value);
    line_end(d);
    return;
  case DK_FUNC:
    dump_func(d, decl);
    return;
  }
}

void
ast_dump(FILE *out, Ast *ast)
{
  Dumper d = {out, {0}};
  fprintf(out, "file %s\n", ast->file ? ast->file : "?");
  if (ast->package) fprintf(out, "package %s\n", ast->package);
  for (int i = 0; i < ast->ndecls; i++) dump_decl(&d, ast->decls[i]);
  sb_free(&d.sb);
}
