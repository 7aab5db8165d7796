// Reals on the device by default (--gpu-real=auto): double where the
// device has it, float otherwise; the runtime chooses when it builds the
// kernel.  PoCL has double: reals_auto.device.sysout is what a double
// prints, reals_auto.sysout the exact answer (--target=c, -O0 and
// --gpu-real=exact).
// explain: reals_auto.whiley:12: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only), 1 scalar; reals as double on the device (float where it has no double))
import * from whiley.lang.*

// each element divided by f, plus a tenth: neither is exact in binary
[real] scale([real] xs, real f):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] / f + 0.1
    return ys

void ::main(System.Console sys):
    sys.out.println(scale([1.0, 2.0, 4.5, -7.0], 3.0))
