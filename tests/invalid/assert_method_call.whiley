// error: 10:12: method invocation not permitted in an assertion
// An assertion may be left out, so it must have no effect: it cannot
// call a method.
import * from whiley.lang.*

bool ::check(int x):
    return x > 0

void ::main(System.Console sys):
    assert check(1)
    sys.out.println("done")
