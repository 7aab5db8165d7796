// Subtyping distributes over a record's union fields: {int|null x} is
// {int x}|{null x}, and a recursive list whose data is int|null is a
// union of the list with int data and the list with null data.  The
// 2013 compiler rejects these ("expected type {null x}|{int x}"); the
// output follows from the values alone.
import println from whiley.lang.System

define Maybe as { int|null x, bool tag }
define Split as { int x, bool tag } | { null x, bool tag }

define List as { int|null data, null|List next }
define IntHead as { int data, null|List next }
define NullHead as { null data, null|List next }

Split split(Maybe m):
    return m

string describe(IntHead|NullHead l):
    if l is IntHead:
        return "int head " + l.data
    return "null head"

void ::main(System.Console sys):
    for v in [3, null]:
        s = split({x: v, tag: true})
        if s is {int x, bool tag}:
            sys.out.println("int " + s.x)
        else:
            sys.out.println("null")
    l = {data: 1, next: null}
    l = {data: null, next: l}
    sys.out.println(describe(l))
    sys.out.println(describe(l.next))
