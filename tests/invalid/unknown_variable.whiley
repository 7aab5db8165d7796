// error: 8:21: unknown variable
import * from whiley.lang.*

void ::main(System.Console sys):
    total = 0
    for i in 0..10:
        total = total + i
    sys.out.println(totl)

// The 2013 compiler reports: 8: unknown variable
