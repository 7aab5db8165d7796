// A switch over types: `case int:`, `case [int], {int}:`, `case Point:`
// (a named type), `case null:` test the value with `is` in order, and each
// body sees the switched variable narrowed to its case's types.  The 2013
// compiler does not parse `case int:` ("unrecognised term"), so the
// expected output follows from the rules of `is` alone.
import println from whiley.lang.System

define Point as {int x, int y}

string f(any x):
    switch x:
        case int:
            return "INTEGER " + (x + 1)
        case [int], {int}:
            return "COLLECTION of " + |x|
        case Point:
            return "POINT " + x.x
        case null:
            return "NULL"
        default:
            return "OTHER"

void ::main(System.Console sys):
    sys.out.println(f(12345))
    sys.out.println(f([1,2,3]))
    sys.out.println(f({1,2}))
    sys.out.println(f({x: 1, y: 2}))
    sys.out.println(f(1.5))
    sys.out.println(f(null))
