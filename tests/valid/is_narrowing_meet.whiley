// Narrowing by `is` keeps the values a variable can still hold: the
// intersection of its type with the tested one, worked out through
// unions, lists and records of recursive types (an Expr tested as a Sub
// is a Sub; a Value tested as [Expr] is a list of what Value and Expr
// share), and the false branch of `x is null` on an any is !null.
// Output checked against the 2013 compiler.
import println from whiley.lang.System

define Expr as int | {Expr lhs, int op} | [Expr]
define Sub as int | {Sub lhs, int op}
define Value as int | [Value] | null

string show(Expr e):
    if e is Sub:
        if e is int:
            return "int " + e
        return show(e.lhs) + " op" + e.op
    else if e is [Expr]:
        return "list of " + |e|
    return "deep"

Value first(Value v):
    if v is [Expr] && |v| > 0:
        return v[0]
    return null

!null orZero(any x):
    if x is null:
        return 0
    return x

int|[int] pick(int|[int]|{int f} x):
    if x is {int f}:
        return x.f
    return x

void ::main(System.Console sys):
    sys.out.println(show(3))
    sys.out.println(show({lhs: {lhs: 1, op: 2}, op: 3}))
    sys.out.println(show([1, 2]))
    sys.out.println(show({lhs: [1], op: 3}))
    sys.out.println(first([[4], 5]))
    sys.out.println(first(6))
    sys.out.println(orZero(null))
    sys.out.println(orZero("s"))
    sys.out.println(pick({f: 9}))
    sys.out.println(pick([9]))
