// error: 7:9: break
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1
    if x == 1:
        break
    sys.out.println(x)

// The 2013 compiler reports: 7: break outside switch or loop
