// error: 7: escape
// Char literals accept only the escapes \t \n \r.
import * from whiley.lang.*

void ::main(System.Console sys):
    c = 'a'
    d = '\q'
    sys.out.println(d)

// The 2013 compiler reports: syntax error: unrecognised escape character
