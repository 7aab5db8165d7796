// error: 8: string
// A string literal may span lines, so this one runs to the end of the file;
// the error is reported where the literal starts.
import * from whiley.lang.*

void ::main(System.Console sys):
    x = 1
    sys.out.println("unfinished)
