// error: 7: escape
// Char literals accept only the escapes \t \n \r.
import * from whiley.lang.*

void ::main(System.Console sys):
    c = 'a'
    d = '\q'
    sys.out.println(d)
