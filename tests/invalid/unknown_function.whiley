// error: 9:21: thrice
import * from whiley.lang.*

int twice(int x):
    return x * 2

void ::main(System.Console sys):
    y = twice(3)
    sys.out.println(thrice(y))

// The 2013 compiler reports: 9: unable to resolve name (no match for thrice(int))
