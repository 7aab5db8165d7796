// error: 9:23: expected
// Call arguments are parsed at the bitwise level: a comparison needs its own
// parentheses, println((x == y)).
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1
    y = 2
    sys.out.println(x == y)

// The 2013 compiler reports: 9: syntax error
