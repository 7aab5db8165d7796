// Layout: a line ending in one of the joining tokens (, ( [ { + - = == < &&
// || and so on) continues on the next line; list literals are free-form.
import println from whiley.lang.System

int add3(int a,
         int b,
         int c):
    return a +
        b +
        c

void ::main(System.Console sys):
    total = add3(1,
        2,
        3)
    sys.out.println(total)
    xs = [
        10,
        20,

        30
    ]
    sys.out.println(xs)
    y =
        total * 2
    sys.out.println(y)
    if total > 5 &&
        y == 12:
        sys.out.println("both")
    ok = (total ==
        6)
    sys.out.println(ok)
    z = total -
        1
    sys.out.println(z)
