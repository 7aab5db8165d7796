/* parse_syntax.c -- unit tests of the parser (compiler/parser.c,
 * parse_expr.c, parse_type.c) through ast_dump: precedence and argument
 * contexts (spec §1.7), declarations (§2), statements and blocks (§3),
 * types (§4.1), and the 2013 parser's backtracking quirks.
 */
#include <stdlib.h>
#include <string.h>

#include "../../compiler/compiler.h"

static int failures;

#define CHECK(expected, expr) check(expected, expr, #expr, __LINE__)

static void
check(const char *want, const char *got, const char *code, int line)
{
  if (!strcmp(want, got)) return;
  printf("parse_syntax.c:%d: %s\n  want: %s\n  got:  %s\n", line, code,
         want, got);
  failures++;
}

/* ast_dump of a whole file, without its "file" line. */
static const char *
dump(const char *src)
{
  Ast *ast = parse_tokens("t.whiley", lex_string("t.whiley", src));
  char *buf = NULL;
  size_t len = 0;
  FILE *fp = open_memstream(&buf, &len);
  ast_dump(fp, ast);
  fclose(fp);
  const char *s = strchr(buf, '\n') + 1;
  s = wyil_strdup(s);
  free(buf);
  return s;
}

/* The dump of one expression, read as `return SRC`. */
static const char *
expr(const char *src)
{
  const char *d = dump(wyil_fmt("int f():\n    return %s\n", src));
  const char *prefix = "function int f()\n  body\n    return ";
  if (strncmp(d, prefix, strlen(prefix))) return d;
  d += strlen(prefix);
  return wyil_strndup(d, strlen(d) - 1);
}

/* The dump of a function body (statements indented by 4). */
static const char *
body(const char *src)
{
  const char *d = dump(wyil_fmt("void ::f():\n%s", src));
  const char *prefix = "method void ::f()\n  body\n";
  if (strncmp(d, prefix, strlen(prefix))) return d;
  return d + strlen(prefix);
}

static void
test_precedence(void)
{
  CHECK("(&& a (|| b c))", expr("a && b || c"));
  CHECK("(|| a (&& b c))", expr("a || b && c"));
  CHECK("(== (! x) y)", expr("!x == y"));
  CHECK("(* (neg x) y)", expr("-x * y"));
  CHECK("(neg 5)", expr("-5"));
  CHECK("-1.25", expr("-1.25"));
  CHECK("1.25", expr("--1.25"));
  CHECK("(- 3 -1.5)", expr("3 - -1.5"));
  CHECK("(<< i (+ 1 j))", expr("i << 1 + j"));
  CHECK("(.. 0 (- (len xs) 1))", expr("0..|xs|-1"));
  CHECK("(^ (| (& a b) c) d)", expr("a & b | c ^ d"));
  CHECK("(- (+ a b) (* c (/ d e)))", expr("a + b - c * (d / e)"));
  CHECK("(/ (cast real x) y)", expr("(real) x / y"));
  CHECK("(* (+ x 1) 2)", expr("(x + 1) * 2"));
  CHECK("(cast x (neg 1))", expr("(x) - 1"));  /* the 2013 quirk */
  CHECK("(cast [int] (list 1))", expr("([int]) [1]"));
  CHECK("(cast (int, int) t)", expr("((int, int)) t"));
  CHECK("(tuple 1 2)", expr("(1, 2)"));
  CHECK("(tuple a b)", expr("a, b"));
  CHECK("(. (* this) x)", expr("*this.x"));
  CHECK("(in x xs)", expr("x \u2208 xs"));
  CHECK("(<= a b)", expr("a \u2264 b"));
  CHECK("(\u2286 (\u222A a b) (\u2229 c d))",
        expr("a \u222A b \u2286 c \u2229 d"));
  CHECK("(is x int|null)", expr("x is int|null"));
  CHECK("(&& (is x [int]) (> (len x) 0))", expr("x is [int] && |x| > 0"));
  CHECK("(~ b)", expr("~b"));
}

static void
test_postfix(void)
{
  CHECK("(index (index xs i) j)", expr("xs[i][j]"));
  CHECK("(sublist xs 1 3)", expr("xs[1..3]"));
  CHECK("(sublist xs 1 _)", expr("xs[1..]"));
  CHECK("(sublist xs _ 3)", expr("xs[..3]"));
  CHECK("(sublist xs (len xs) 0)", expr("xs[|xs|..0]"));
  CHECK("(call (. (. sys out) println) x)", expr("sys.out.println(x)"));
  CHECK("(call (-> p f) 1)", expr("p->f(1)"));
  CHECK("(. (-> p f) g)", expr("p->f.g"));
  CHECK("(send (. p m) 1 2)", expr("p!m(1, 2)"));
  CHECK("(call (. p m))", expr("p?m()"));
  CHECK("(call f (+ a 1) (== x y))", expr("f(a + 1, (x == y))"));
  CHECK("(call (. Math max) 1 2)", expr("Math.max(1, 2)"));
  CHECK("(len (index xs 0))", expr("|xs[0]|"));
  CHECK("(new (record (x 1)))", expr("new {x: 1}"));
}

static void
test_literals(void)
{
  CHECK("(list 1 2 3)", expr("[1, 2, 3]"));
  CHECK("(list)", expr("[]"));
  CHECK("(set)", expr("{}"));
  CHECK("(set)", expr("\u2205"));
  CHECK("(map)", expr("{=>}"));
  CHECK("(map (=> 1 \"a\") (=> 2 \"b\"))", expr("{1=>\"a\", 2=>\"b\"}"));
  CHECK("(record (x 1) (y (< a b)))", expr("{x: 1, y: (a < b)}"));
  CHECK("(set (| x y) z)", expr("{ (x|y), z }"));
  CHECK("(set 1 2)", expr("{1, 2}"));
  CHECK("(tuple 'a' '\\n' 00000101b null true false \"s\\t\")",
        expr("'a', '\\n', 0101b, null, true, false, \"s\\t\""));
  CHECK("255", expr("0xFF"));
  CHECK("(setcomp (* x 2) (in x xs) (> x 0))",
        expr("{ x * 2 | x in xs, x > 0 }"));
  CHECK("(setcomp (tuple x y) (in x xs) (in y ys))",
        expr("{ (x, y) | x in xs, y in ys }"));
  CHECK("(some (in x xs) (< x 0))", expr("some { x in xs | x < 0 }"));
  CHECK("(&& (all (in i (.. 0 n)) (no (in j xs) (== i j))) ok)",
        expr("all { i in 0..n | no { j in xs | i == j } } && ok"));
  CHECK("(lambda (int x) (+ x 1))", expr("&(int x -> x + 1)"));
  CHECK("(lambda (int x, [real] y) (index y x))",
        expr("&(int x, [real] y -> y[x])"));
  CHECK("(& f)", expr("&f"));
  CHECK("(& f (a _ c))", expr("&f(a, _, c)"));
  CHECK("(& eof (this))", expr("&eof(this)"));
  CHECK("(& Math.max)", expr("&Math.max"));
}

static void
test_statements(void)
{
  CHECK("    assign x = 1\n"
        "    assign (index (. (index x i) f) j) = 2\n"
        "    assign (index (-> this f) i) = 3\n"
        "    assign a, b = (call f)\n"
        "    assign a, b = t\n"
        "    assign n / d = (/ x 2.5)\n"
        "    assign t = (tuple 1 2)\n",
        body("    x = 1\n    x[i].f[j] = 2\n    this->f[i] = 3\n"
             "    a, b = f()\n    (a, b) = t\n    n / d = x / 2.5\n"
             "    t = (1, 2)\n"));
  CHECK("    call (call f x)\n"
        "    call (call (. (. sys out) println) \"hi\")\n"
        "    call (send (. p m) 1)\n"
        "    call (call (. x m))\n",
        body("    f(x)\n    sys.out.println(\"hi\")\n    p!m(1)\n"
             "    (x.m())\n"));
  CHECK("    if (< x 1)\n"
        "      return 1\n"
        "    else\n"
        "      if (< x 2)\n"
        "        return 2\n"
        "      else\n"
        "        return (tuple 3 4)\n",
        body("    if x < 1:\n        return 1\n    else if(x < 2):\n"
             "        return 2\n    else:\n        return 3, 4\n"));
  CHECK("    while (< i n)\n"
        "      where (>= i 0)\n"
        "      assign i = (+ i 1)\n"
        "      break\n"
        "    do\n"
        "      where (>= i 0)\n"
        "      skip\n"
        "    while (> i 0)\n"
        "    for x in xs\n"
        "      debug \"x\"\n"
        "    for k, v in m\n"
        "      assert (> v 0)\n"
        "      assume (> k 0)\n",
        body("    while i < n where i >= 0:\n        i = i + 1\n"
             "        break\n    do where i >= 0:\n        skip\n"
             "    while i > 0\n    for x in xs:\n        debug \"x\"\n"
             "    for k, v \u2208 m:\n        assert v > 0\n"
             "        assume k > 0\n"));
  CHECK("    switch x\n"
        "      case 1 2\n"
        "        return\n"
        "      case (list)\n"
        "      default\n"
        "        throw \"bad\"\n"
        "    try\n"
        "      call (call f)\n"
        "    catch string e\n"
        "      skip\n"
        "    catch int|real e\n"
        "      return e\n",
        body("    switch x:\n        case 1, 2:\n            return\n"
             "        case []:\n        default:\n            throw \"bad\"\n"
             "    try:\n        f()\n    catch(string e):\n        skip\n"
             "    catch(int|real e):\n        return e\n"));
  /* empty blocks, as in 2013: the next line is not deeper */
  CHECK("    if x\n    skip\n", body("    if x:\n    skip\n"));
}

static void
test_layout(void)
{
  /* blank and comment lines never matter; tabs count 4 */
  CHECK("    assign a = 1\n"
        "    if a\n"
        "      assign b = 2\n"
        "      assign c = 3\n"
        "    return\n",
        body("\ta = 1\n\n  // c\n    if a:\n\t\tb = 2\n"
             "        // d\n\n\t    c = 3\n    return\n"));
  /* continuation lines */
  CHECK("    assign x = (call f 1 2)\n"
        "    assign y = (list 1 2 3)\n"
        "    if (&& a b)\n"
        "      skip\n",
        body("    x = f(1,\n          2)\n    y = [\n 1,\n2,\n   3\n]\n"
             "    if a &&\n      b:\n        skip\n"));
  /* a trailing block comment, at the end of a line */
  CHECK("    assign x = 1\n", body("    x = 1 /* one */\n"));
}

static void
test_declarations(void)
{
  CHECK("import println from whiley.lang.System\n"
        "import * from whiley.lang.*\n"
        "import * from whiley.lang.Int\n"
        "import whiley.io.*\n"
        "import whiley..*\n",
        dump("import println from whiley.lang.System\n"
             "import * from whiley.lang.*\n"
             "import * from whiley.lang.Int\n"
             "import whiley.io.*\nimport whiley..*\n"));
  CHECK("package a.b\n", dump("package a.b\n"));
  CHECK("type nat = int where (>= $ 0)\n"
        "type public Alias = Other\n"
        "type pt = {int x, int y} where (< x y)\n"
        "type Link = {int data, LinkedList next}\n"
        "type LinkedList = null|Link\n"
        "type fn = int(int)\n"
        "type meth = int::(int)\n"
        "type rec = {int(int) f, int(real) g, [byte]::(int) read, ...}\n"
        "type m = {string=>[int]}\n"
        "type r = ref ({int x}|null)\n"
        "type n = !null\n"
        "type q = Int.nat\n"
        "constant Red = 1\n"
        "constant C = (list 1 2)\n"
        "constant PieceKind = (set PAWN KNIGHT)\n"
        "constant Neg = -1.5\n",
        dump("define nat as int where $ >= 0\n"
             "public define Alias as Other\n"
             "define pt as {int x, int y} where x < y\n"
             "define Link as {int data, LinkedList next}\n"
             "define LinkedList as null | Link\n"
             "define fn as int(int)\n"
             "define meth as int::(int)\n"
             "define rec as {int(int) f, int g(real), [byte] ::read(int),"
             " ...}\n"
             "define m as {string=>[int]}\n"
             "define r as ref {int x} | null\n"
             "define n as !null\n"
             "define q as Int.nat\n"
             "define Red as 1\n"
             "define C as [1,2]\n"
             "define PieceKind as {PAWN, KNIGHT}\n"
             "define Neg as -1.5\n"));
  CHECK("method public void ::main(System.Console sys)\n"
        "  body\n"
        "    call (call (. (. sys out) println) \"hi\")\n"
        "method int Proc::get()\n"
        "  body\n"
        "    return (-> this x)\n"
        "function public native string toString(any item)\n"
        "function int f(int x, [int] xs)\n"
        "  requires (> x 0)\n"
        "  ensures (> $ x)\n"
        "  throws string|int\n"
        "  body\n"
        "    return (+ x 1)\n"
        "function int g(int x)\n"
        "  ensures (== $ x)\n"
        "  body\n"
        "    return x\n"
        "function int(int) h()\n"
        "  body\n"
        "    return (& g)\n",
        dump("public void ::main(System.Console sys):\n"
             "    sys.out.println(\"hi\")\n"
             "int Proc::get():\n    return this->x\n"
             "native public string toString(any item):\n"
             "\n"
             "/* between declarations */\n"
             "int f(int x, [int] xs)\n"
             "    requires x > 0,\n"
             "    ensures $ > x throws string | int:\n"
             "    return x + 1\n"
             "int g(int x) ensures $ == x:\n    return x\n"
             "int(int) h():\n    return &g\n"));
}

int
main(void)
{
  test_precedence();
  test_postfix();
  test_literals();
  test_statements();
  test_layout();
  test_declarations();
  wyil_free_all();
  if (failures) {
    printf("parse_syntax: %d failed\n", failures);
    return 1;
  }
  return 0;
}
