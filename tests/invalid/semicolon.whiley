// error: 5:10: ;
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1;
    sys.out.println(x)

// The 2013 compiler reports: 5: unexpected token encountered (;)
