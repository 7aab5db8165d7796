// error: 6: incomparable
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1
    if x == "one":
        sys.out.println(x)

// The 2013 compiler reports: 6: incomparable operands: int and string
