// error: 5:10: ;
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1;
    sys.out.println(x)
