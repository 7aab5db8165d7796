// error: 8: return
// The end of a non-void function is reachable (x == 0 falls through).
// The 2013 Java build compiles this and the JVM verifier then rejects the
// class at run time ("Wrong return type in function"); spec 2.4 makes it a
// compile-time error, reported at the function header.
import * from whiley.lang.*

int sign(int x):
    if x > 0:
        return 1
    else if x < 0:
        return -1

void ::main(System.Console sys):
    sys.out.println(sign(0))
