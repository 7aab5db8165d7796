// error: 9: unreachable
// default must be the last case; the case after it can never be reached.
import * from whiley.lang.*

int f(int x):
    switch x:
        default:
            return 0
        case 1:
            return 1
    return 2

void ::main(System.Console sys):
    sys.out.println(f(1))

// The 2013 compiler reports: 9: unreachable code encountered (i.e. execution can never reach this statement)
