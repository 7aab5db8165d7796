// error: 10:12: variable
// y is assigned only in the true branch, so it is not defined after the if.
import * from whiley.lang.*

int pick(int x):
    if x > 0:
        y = 1
    else:
        z = 2
    return y

void ::main(System.Console sys):
    sys.out.println(pick(3))

// The 2013 compiler reports: 10: unknown variable
