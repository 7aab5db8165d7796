// error: 10: int string
// 1 + "one" is the string "1one"; passing it where an int is required.
import * from whiley.lang.*

int inc(int x):
    return x + 1

void ::main(System.Console sys):
    s = 1 + "one"
    sys.out.println(inc(s))

// The 2013 compiler reports: 10: unable to resolve name (no match for inc(string)
