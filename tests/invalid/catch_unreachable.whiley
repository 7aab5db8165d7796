// error: 12:5: unreachable code
// Nothing in the try block can throw (twice declares no `throws`), so
// its catch can never run.
import * from whiley.lang.*

int twice(int x):
    return 2 * x

void ::main(System.Console sys):
    try:
        sys.out.println(twice(2))
    catch(int e):
        sys.out.println("never")
