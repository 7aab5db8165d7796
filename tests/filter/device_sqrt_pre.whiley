// Math.sqrt of a negative real in a kernel: the precondition's check
// before the call sets the kernel's flag, and the CPU reruns the loop and
// raises the error exactly where it would have without a device (the
// roots before it are never printed).
// explain: device_sqrt_pre.whiley:11: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only); reals as double
// explain: device_sqrt_pre.whiley:17: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 write-only); reals as double
import * from whiley.lang.*

[real] roots([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = Math.sqrt(xs[i], Math.ERROR)
    return ys

[real] int_roots([int] ns, [real] like):
    ys = like
    for i in 0..|ns|:
        ys[i] = Math.sqrt(ns[i], Math.ERROR)
    return ys

void ::main(System.Console sys):
    sys.out.println(roots([4.0, 0.25]))
    sys.out.println(int_roots([9, 16], [0.0, 0.0]))
    sys.out.println(roots([4.0, 9.0, -0.5, 16.0]))
    sys.out.println("not reached")
