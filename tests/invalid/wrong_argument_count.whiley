// error: 9:21: add
import * from whiley.lang.*

int add(int a, int b):
    return a + b

void ::main(System.Console sys):
    sys.out.println(add(1, 2))
    sys.out.println(add(1, 2, 3))

// The 2013 compiler reports: 9: unable to resolve name (no match for add(int,int,int))
