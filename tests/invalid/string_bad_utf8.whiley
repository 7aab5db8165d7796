// error: 5:23: invalid UTF-8 byte 0xFF
import * from whiley.lang.*

void ::main(System.Console sys):
    sys.out.println("aÿb")
