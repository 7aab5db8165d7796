// error: 9:12: expected type int, found !null
// `x is null` false on an any leaves !null (anything but null), which
// is not an int.
import * from whiley.lang.*

int f(any x):
    if x is null:
        return 0
    return x

void ::main(System.Console sys):
    sys.out.println(f(1))
