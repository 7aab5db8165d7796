// error: 8: duplicate case
import * from whiley.lang.*

int classify(int x):
    switch x:
        case 1:
            return 10
        case 2, 1:
            return 20
    return 0

void ::main(System.Console sys):
    sys.out.println(classify(1))

// The 2013 compiler reports: 8: duplicate case label
