// --gpu-real=float: reals are floats on every device (the 2013 mapping),
// built with correctly rounded division and square root.
// flags: --gpu-real=float
// explain: reals_float.whiley:10: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only), 1 scalar; reals as float on the device)
import * from whiley.lang.*

// each element divided by f, plus a tenth: neither is exact in binary
[real] scale([real] xs, real f):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] / f + 0.1
    return ys

void ::main(System.Console sys):
    sys.out.println(scale([1.0, 2.0, 4.5, -7.0], 3.0))
