// error: 6: string
// Strings compare only with == and !=.
import * from whiley.lang.*

bool before(string a, string b):
    return a < b

void ::main(System.Console sys):
    sys.out.println(before("a", "b"))

// The 2013 compiler reports: 6: expected type real, found string
