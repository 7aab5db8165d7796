// A value whose type is a union of tuples of one arity, (int,int) |
// (real,real), destructured into variables of the union types; and a
// for over a union of maps binds the key and value the same way.
// Output checked against the 2013 compiler.
import println from whiley.lang.System

define Pair as (int,int)|(real,real)
define Table as {int=>int}|{int=>real}

Pair make(int x):
    if x > 0:
        return x, x + 1
    return 0.5, 1.5

[int|real] total(Table t):
    s = []
    for k, v in t:
        s = s + [k, v]
    return s

void ::main(System.Console sys):
    for i in [-1, 2]:
        a, b = make(i)
        sys.out.println("a=" + a + " b=" + b)
    sys.out.println(total({1=>2, 3=>4}))
    sys.out.println(total({1=>0.25}))
