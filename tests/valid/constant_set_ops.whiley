// Constant expressions in `define`: sets built with ∪ and ∩ from other
// constant sets, used as values and as enumeration types (a parameter of
// type `small ∪ big` takes their values), and a constant list of function
// references called through an index.  Output checked against the 2013
// compiler.
import println from whiley.lang.System

define small as {1, 2, 3}
define big as {10, 20}
define every as small ∪ big ∪ {30}
define common as every ∩ {2, 20, 40}
define rest as big ∪ {30}
define Code as {5, 6} ∪ small
define Op as {Code code, int arg}

define ops as [&twice, &negate, &twice]

int twice(int x):
    return 2 * x

int negate(int x):
    return -x

string show(Op op):
    return Any.toString(op)

int apply(int i, int x):
    f = ops[i]
    return f(x)

void ::main(System.Console sys):
    sys.out.println(every)
    sys.out.println(common)
    sys.out.println(rest)
    sys.out.println(|every|)
    sys.out.println(show({code: 6, arg: 1}))
    for i in 0..|ops|:
        sys.out.println(apply(i, 21))
    for x in [1, 5, 20]:
        if x in small:
            sys.out.println(Any.toString(x) + " is small")
        else if x in rest:
            sys.out.println(Any.toString(x) + " is in rest")
        else:
            sys.out.println(Any.toString(x) + " is neither")
