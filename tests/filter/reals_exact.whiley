// --gpu-real=exact: a loop that computes with reals stays on the CPU,
// with exact rationals, and --explain says why.
// flags: --gpu-real=exact
// explain: reals_exact.whiley:10: for i: CPU — computes with reals (exact on the CPU: --gpu-real=exact)
import * from whiley.lang.*

// each element divided by f, plus a tenth: neither is exact in binary
[real] scale([real] xs, real f):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] / f + 0.1
    return ys

void ::main(System.Console sys):
    sys.out.println(scale([1.0, 2.0, 4.5, -7.0], 3.0))
