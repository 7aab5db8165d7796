import * from whiley.lang.*

// Reals on the device (the default, --gpu-real=auto) whose results are
// exact in binary, in float and in double alike: every path prints the
// same.  A 2-D kernel over a [[real]], a real scalar, int -> real, and a
// constant that is exact in binary (0.25) next to one that is not in
// either (0.1) but cancels exactly: 0.1 - 0.1.

[[real]] blend([[real]] a, real w):
    b = a
    for y in 0..|a|:
        for x in 0..|a[y]|:
            b[y][x] = a[y][x] * w + (real) (x - y) * 0.25 + (0.1 - 0.1)
    return b

[real] halves([int] xs):
    out = [0.0, 0.0, 0.0, 0.0, 0.0]
    for i in 0..|xs|:
        x = xs[i]
        if x % 2 == 0:
            out[i] = (real) x / 2.0
        else:
            out[i] = -((real) x / 4.0)
    return out

void ::main(System.Console sys):
    grid = [[1.0, 2.5, -3.0], [0.5, 0.0, 8.0]]
    sys.out.println(blend(grid, 1.5))
    sys.out.println(halves([1, 2, 3, 4, -5]))
