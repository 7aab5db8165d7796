// Math.sqrt in kernels (wyil/devmath.c): the device's sqrt, correctly
// rounded in double (PoCL has it) and, with the runtime's
// -cl-fp32-correctly-rounded-divide-sqrt, in float.  The CPU's exact
// path takes the double root of the numerator and of the denominator and
// divides them exactly, so a root of a real that is not a binary
// fraction (0.1) prints differently: device_sqrt.device.sysout is what a
// double prints.  Roots of ints and of squares of binary fractions are
// exact everywhere.
// explain: device_sqrt.whiley:16: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only); reals as double
// explain: device_sqrt.whiley:23: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 write-only); reals as double
// explain: device_sqrt.whiley:30: for i: GPU-implicit (kernel 3, 1-D, 1 list in, 1 out (1 write-only); reals as double
import * from whiley.lang.*

[real] roots([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = Math.sqrt(xs[i], Math.ERROR)
    return ys

// the root of an int, a real
[real] int_roots([int] ns, [real] like):
    ys = like
    for i in 0..|ns|:
        ys[i] = Math.sqrt(ns[i], 0.001)
    return ys

// the root of a square: x again, where the square is finite
[real] hypot([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = Math.sqrt(xs[i] * xs[i] + 0.0, Math.ERROR)
    return ys

void ::main(System.Console sys):
    sys.out.println(roots([4.0, 2.25, 0.0, 1048576.0, 0.0625]))
    sys.out.println(roots([2.0, 0.1, 3.0]))
    sys.out.println(int_roots([0, 1, 49, 2147483647, 1000000], [0.0, 0.0, 0.0, 0.0, 0.0]))
    sys.out.println(int_roots([2, 10], [0.0, 0.0]))
    sys.out.println(hypot([1.5, -3.0, 0.75]))
