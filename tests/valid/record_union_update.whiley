// Assigning a field of a value whose type is a union of records changes
// that field's type in every member: after x.op = 1, both {real op, ...}
// and {int op, ...} members have an int op.  Output checked against the
// 2013 compiler.
import println from whiley.lang.System

define Shape as {int kind, [int] sides} | {int kind, int radius}

string show(Shape s):
    return Any.toString(s)

void ::main(System.Console sys):
    for i in 0..3:
        x = {kind: 0.5, sides: [3, 4]}
        if i == 1:
            x = {kind: 1.5, radius: 2}
        else if i == 2:
            x = {kind: 2, radius: 7}
        x.kind = i
        sys.out.println(show(x))
        x.kind = x.kind + 10
        sys.out.println(x.kind)
