// error: 7: already defined
// A for loop variable must be a fresh name.
import * from whiley.lang.*

void ::main(System.Console sys):
    i = 5
    for i in 0..3:
        sys.out.println(i)

// The 2013 compiler reports: 7: variable i already defined
