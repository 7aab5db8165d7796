// error: 10: int real
// There is no implicit real -> int coercion.
import * from whiley.lang.*

int square(int x):
    return x * x

void ::main(System.Console sys):
    r = 2.5
    sys.out.println(square(r))

// The 2013 compiler reports: 10: unable to resolve name (no match for square(real)
