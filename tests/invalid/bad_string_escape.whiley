// error: 6: escape
import * from whiley.lang.*

void ::main(System.Console sys):
    s = "ok"
    t = "bad \q escape"
    sys.out.println(t)

// The 2013 compiler reports: syntax error: unknown escape character
