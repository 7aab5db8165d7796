// error: 6: string
// Strings compare only with == and !=.
import * from whiley.lang.*

bool before(string a, string b):
    return a < b

void ::main(System.Console sys):
    sys.out.println(before("a", "b"))
