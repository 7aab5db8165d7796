// error: 7: indent
// The second statement is indented deeper than the block it belongs to.
import * from whiley.lang.*

int f(int x):
    y = x + 1
      z = y * 2
    return z

void ::main(System.Console sys):
    sys.out.println(f(1))

// The 2013 compiler reports: 7: identifier expected
