// error: 5:8: defined as itself
// A type whose union names itself at the top (not under a list or a
// record) has no values of its own: the 2013 compiler rejects it too.
import * from whiley.lang.*
define loop as int | [int] | loop

int f(loop x):
    return 1

void ::main(System.Console sys):
    sys.out.println(f(1))
