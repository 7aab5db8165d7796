// A do-while loop's next iteration starts where its condition held: in
// `do: c = c.rest while c is Cell`, each iteration sees c as a Cell, and
// after the loop c is what is left (an int).  Output checked against the
// 2013 compiler.
import println from whiley.lang.System

define Cell as { Chain rest, int tag }
define Chain as int | Cell

int walk(Cell c):
    tags = 0
    do:
        tags = tags + c.tag
        c = c.rest
    while c is Cell
    return c * 1000 + tags

[int] countdown(int n):
    xs = []
    x = n
    do:
        xs = xs + [x]
        x = x - 1
    while x > 0
    return xs

void ::main(System.Console sys):
    c = { rest: 7, tag: 1 }
    c = { rest: c, tag: 20 }
    c = { rest: c, tag: 300 }
    sys.out.println(walk(c))
    sys.out.println(countdown(3))
    sys.out.println(countdown(0))
