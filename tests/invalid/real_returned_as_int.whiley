// error: 5: int real
import * from whiley.lang.*

int half(int x):
    return x / 2.0

void ::main(System.Console sys):
    sys.out.println(half(3))

// The 2013 compiler reports: 5: expected type int, found real
