// error: 8:21: unknown variable
import * from whiley.lang.*

void ::main(System.Console sys):
    total = 0
    for i in 0..10:
        total = total + i
    sys.out.println(totl)
