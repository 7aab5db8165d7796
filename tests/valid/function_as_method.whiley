// A function value can be passed where a method type is expected (a
// function is a method without effects): apply takes int::(int) and gets
// both a method and a function.  The 2013 compiler required an exact
// method type ("no match for apply(int(int), int)"); the output follows
// from the two calls.
import println from whiley.lang.System

int ::bump(int x):
    return x + 1

int square(int x):
    return x * x

int ::apply(int::(int) m, int x):
    return m(x)

void ::main(System.Console sys):
    sys.out.println(apply(&bump, 4))
    sys.out.println(apply(&square, 4))
    sys.out.println(apply(&(int y -> y - 1), 4))
