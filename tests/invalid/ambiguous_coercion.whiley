// error: 13:26: ambiguous coercion
// {int a, int b} coerces to both members of the union (either int may
// become a real), so which one is meant is not known.
import * from whiley.lang.*

define Left as {real a, int b}
define Right as {int a, real b}

string show(Left|Right x):
    return Any.toString(x)

void ::main(System.Console sys):
    sys.out.println(show({a: 1, b: 2}))
