// error: 8:16: method function
import * from whiley.lang.*

int ::counter():
    return 1

int f(int x):
    return x + counter()

void ::main(System.Console sys):
    sys.out.println(f(1))

// The 2013 compiler reports: 8: method invocation not permitted in function
