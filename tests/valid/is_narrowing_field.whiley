// `x.f is T` narrows the local x as `x is {T f, ...}` would: after
// `t.lhs is [int]`, t.lhs can be measured and indexed; through two
// fields, and in the false branch of a union of records.  The 2013
// compiler narrows variables only ("found int|[int], expected string,
// set, list or dictionary"); the output follows from the values alone.
import println from whiley.lang.System

define Expr as [int] | int
define Node as {Expr lhs, int p}
define Outer as {Node inner}
define Shape as {int kind, [int] sides} | {int kind, null sides}

string f(Node t):
    if t.lhs is [int] && |t.lhs| > 0:
        return "list starting " + t.lhs[0]
    return "other"

int g(Outer o):
    if o.inner.lhs is int:
        return o.inner.lhs + 1
    return |o.inner.lhs|

int corners(Shape s):
    if s.sides is null:
        return 0
    return |s.sides|

void ::main(System.Console sys):
    sys.out.println(f({lhs: [7, 8], p: 0}))
    sys.out.println(f({lhs: [], p: 0}))
    sys.out.println(f({lhs: 3, p: 0}))
    sys.out.println(g({inner: {lhs: 41, p: 1}}))
    sys.out.println(g({inner: {lhs: [1, 2, 3], p: 1}}))
    sys.out.println(corners({kind: 1, sides: [3, 4, 5]}))
    sys.out.println(corners({kind: 2, sides: null}))
