// --fma=off: the device rounds the product, then the difference.  For
// x = 1 + 2^-12, x * x = 1 + 2^-11 + 2^-24 is a tie between two floats,
// rounded to the even one, 1 + 2^-11: x * x - 1 is 2^-11 on the device
// (fma_off_float.device.sysout), 2^-11 + 2^-24 exactly and with an fma
// (fma_float).
// flags: --gpu-real=float --fma=off
// explain: fma_off_float.whiley:13: kernel wyk_1: checks: 2 tested
import * from whiley.lang.*

// x * x - 1 for each x
[real] residues([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] * xs[i] - 1.0
    return ys

void ::main(System.Console sys):
    ys = residues([1.0 + 1.0 / 4096.0, 2.0, 0.5, -3.0])
    sys.out.println(ys)
