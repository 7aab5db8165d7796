// error: 6: expected ':'
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 3
    if x > 2
        sys.out.println(x)

// The 2013 compiler reports: 6: syntax error
