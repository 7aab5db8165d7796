// A real product and the sum that reads it are one fma on the device,
// rounded once (opencl_backend/oclgen_fma.c; on a GPU by default, on
// every device with --fma=all).  For x = 1 + 2^-30, x * x - 1
// is 2^-29 + 2^-60, which a double holds: the device agrees with the exact
// reals.  Rounded after the product, it would be 2^-29 (fma_off_float
// shows that case).
// flags: --fma=all
// explain: fma_double.whiley:14: kernel wyk_1: 1 real product computed with the sum that reads it (fma, one rounding) on every device
import * from whiley.lang.*

// x * x - 1 for each x
[real] residues([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] * xs[i] - 1.0
    return ys

void ::main(System.Console sys):
    x = 1.0 + 1.0 / 1073741824.0
    ys = residues([x, 2.0, 0.5, -3.0])
    sys.out.println((ys[0] > 1.0 / 536870912.0))
    sys.out.println(ys)
