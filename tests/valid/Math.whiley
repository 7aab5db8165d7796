// A program in a file named Math.whiley: Math.twice is its own function,
// Math.max and Math.abs, which it does not declare, are still those of
// whiley.lang.Math.  (The 2013 compiler let the file hide the library
// module: "unable to resolve name" for Math.max; the output follows from
// the two modules' functions.)
import println from whiley.lang.System

define LIMIT as 10

int twice(int x):
    return 2 * x

void ::main(System.Console sys):
    sys.out.println(Math.max(3, 4))
    sys.out.println(Math.twice(5))
    sys.out.println(twice(Math.abs(-2)))
    sys.out.println(Math.LIMIT + Math.min(1, 2))
    f = &Math.twice
    sys.out.println(f(21))
