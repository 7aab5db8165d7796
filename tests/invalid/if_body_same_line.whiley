// error: 6:15: return
// A block can never share its header's line.
import * from whiley.lang.*

int f(int x):
    if x > 0: return 1
    return 0

void ::main(System.Console sys):
    sys.out.println(f(1))

// The 2013 compiler reports: 6: unexpected token encountered (return)
