// error: 15:25: exception may be thrown which is not declared
// check throws a string or an int; the catch takes the ints, but the
// strings reach main, which declares no `throws`.
import * from whiley.lang.*

int check(string s) throws string|int:
    if |s| == 0:
        throw "empty"
    if |s| > 3:
        throw |s|
    return 1

void ::main(System.Console sys):
    try:
        sys.out.println(check("ab"))
    catch(int n):
        sys.out.println(n)
