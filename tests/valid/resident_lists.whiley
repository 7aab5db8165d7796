// Residency: lists that kernels write stay on the device until the host
// reads them.  Every host read, write and alias between the launches
// below must see exactly what the sequential program sees.
import * from whiley.lang.*

define Box as {[int] items, int tag}

// one kernel: every element times k plus its index
[int] scale([int] xs, int k):
    for i in 0..|xs|:
        xs[i] = xs[i] * k + i
    return xs

// one 2-D kernel: every cell plus its row number
[[int]] bump([[int]] m):
    for i in 0..|m|:
        for j in 0..|m[i]|:
            m[i][j] = m[i][j] + i
    return m

int total([int] xs):
    s = 0
    for x in xs:
        s = s + x
    return s

// three lists, each written by its own kernel, in turn
int inTurn([int] ws):
    p1 = ws
    p2 = ws
    p3 = ws
    round = 0
    while round < 2:
        for i in 0..100:
            p1[i] = p1[i] + 1
        for i in 0..100:
            p2[i] = p2[i] * 2
        for i in 0..100:
            p3[i] = p3[i] - i
        round = round + 1
    return p1[50] + p2[50] + p3[50]

void ::main(System.Console sys):
    xs = []
    for i in 0..64:
        xs = xs + [i % 7]
    // three launches in a row: the host reads nothing in between
    xs = scale(xs, 2)
    xs = scale(xs, 3)
    xs = scale(xs, 1)
    sys.out.println(total(xs))
    // an alias taken between launches keeps its value
    before = xs
    xs = scale(xs, 2)
    sys.out.println(before[10])
    sys.out.println(xs[10])
    // a few host writes between launches reach the device
    xs[0] = 1000
    xs[63] = -5
    xs = scale(xs, 1)
    sys.out.println(xs[0])
    sys.out.println(xs[63])
    sys.out.println(xs[1])
    // a list inside a record, written on the host, then by a kernel
    b = {items: xs, tag: 1}
    b.items[2] = 7
    b.items = scale(b.items, 1)
    sys.out.println(b.items[2])
    sys.out.println(xs[2])
    // rows: a row taken before the kernel keeps its values
    m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    row = m[1]
    m = bump(m)
    m = bump(m)
    sys.out.println(row)
    sys.out.println(m)
    // a host write of one cell between launches of a 2-D kernel
    m[2][0] = 100
    m = bump(m)
    sys.out.println(m[2])
    // a row pushed: the shape changed, the list goes up again
    m[0] = m[0] + [0]
    m[1] = m[1] + [0]
    m[2] = m[2] + [0]
    m = bump(m)
    sys.out.println(m)
    // equality and printing read the device's values
    ys = scale([1, 2, 3], 2)
    zs = scale([1, 2, 3], 2)
    sys.out.println((ys == zs))
    sys.out.println(ys)
    // twenty launches, and the host reads only at the end
    ws = []
    for i in 0..100:
        ws = ws + [i]
    g = 0
    while g < 20:
        for i in 0..100:
            ws[i] = ws[i] + g
        g = g + 1
    sys.out.println(ws[99])
    // three lists on the device at once, written in turn: a small
    // device memory evicts the least recently used (fault tests)
    sys.out.println(inTurn(ws))
    sys.out.println(ws[50])
