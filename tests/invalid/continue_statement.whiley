// error: 8: continue
// The dialect has no continue statement (continue is an ordinary name).
import * from whiley.lang.*

void ::main(System.Console sys):
    for i in 0..3:
        if i == 1:
            continue
        sys.out.println(i)

// The 2013 compiler reports: 8: syntax error
