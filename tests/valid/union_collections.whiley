// Values whose type is a union of collection kinds (lists, strings, sets,
// maps): indexed, measured with |...| and iterated as each member would be
// (a map iterates as (key, value) tuples).  Output checked against the
// 2013 compiler.
import println from whiley.lang.System

define Table as [int]|{int=>string}
define Text as [int]|string
define Bag as {int}|[int]|{int=>int}

any at(Table t, int i):
    return t[i]

int size(Bag b):
    return |b|

int total(Bag b):
    s = 0
    for x in b:
        if x is int:
            s = s + x
        else:
            k, v = x
            s = s + k * v
    return s

int|char first(Text t):
    if |t| > 0:
        return t[0]
    return 0

void ::main(System.Console sys):
    t = [5, 6, 7]
    sys.out.println(at(t, 2))
    t = {1=>"one", 4=>"four"}
    sys.out.println(at(t, 4))
    sys.out.println(at(t, 2))
    sys.out.println(size({3, 1, 2, 3}))
    sys.out.println(size([3, 3]))
    sys.out.println(size({1=>2}))
    sys.out.println(total({3, 1, 2}))
    sys.out.println(total([3, 3]))
    sys.out.println(total({2=>5, 3=>1}))
    sys.out.println(first("abc"))
    sys.out.println(first([9, 8]))
    sys.out.println(pairs({1=>2}))
    xs = [1, 2]
    if |xs| > 1:
        u = xs
    else:
        u = "hi"
    sys.out.println(|u|)

{(int,int)} pairs(Bag b):
    return { x | x in b, x is (int,int) }
