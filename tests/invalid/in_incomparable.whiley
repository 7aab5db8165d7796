// error: 8:13: incomparable operands real int
// `x in xs` where no element of xs can equal x: a real is never in a
// list of ints (a real is not coerced to an int).
import * from whiley.lang.*

bool has([int] xs):
    y = 2.5
    return (y in xs)

void ::main(System.Console sys):
    sys.out.println(has([1, 2]))
