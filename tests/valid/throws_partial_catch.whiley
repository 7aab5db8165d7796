// Exceptions are checked: a call of a function declared `throws T` must
// be inside catches that take T, together with the `throws` of the
// function around it.  Here inner catches the ints and passes strings on
// (it declares them); main catches those.  Output checked against the
// 2013 compiler.
import println from whiley.lang.System

int risky(int x) throws string|int:
    if x < 0:
        throw "negative"
    if x > 9:
        throw x
    return x * x

int inner(int x) throws string:
    try:
        return risky(x)
    catch(int big):
        return -big

void ::main(System.Console sys):
    for x in [3, 12, -1, 4]:
        try:
            sys.out.println(inner(x))
        catch(string msg):
            sys.out.println("caught " + msg)
