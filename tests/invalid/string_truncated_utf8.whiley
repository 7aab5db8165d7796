// error: 5:24: invalid UTF-8 sequence
import * from whiley.lang.*

void ::main(System.Console sys):
    sys.out.println("ab√(")
