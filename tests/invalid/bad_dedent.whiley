// error: 8: indent
// The return dedents to a level (6) that matches no enclosing block (0 or 8).
import * from whiley.lang.*

int g(int x):
        if x > 0:
            x = x - 1
      return x

void ::main(System.Console sys):
    sys.out.println(g(1))

// The 2013 compiler reports: 8: identifier expected
