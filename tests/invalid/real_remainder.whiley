// error: 7: real
// % takes only int (or char) operands.
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 7.5
    y = x % 2
    sys.out.println(y)

// The 2013 compiler reports: 7: expected type int, found real
