// Math.sqrt in a kernel whose reals are floats: the device's sqrt,
// correctly rounded (the runtime builds with
// -cl-fp32-correctly-rounded-divide-sqrt, without which OpenCL allows 3
// ulp), of the argument rounded to a float.  A square that is not finite
// in a float (1e20 squared) sets the kernel's flag, and the CPU reruns
// the loop exactly.
// flags: --gpu-real=float
// fallback: the square of 1e20 is not finite in a float: the CPU reruns
// explain: device_sqrt_float.whiley:15: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only); reals as float on the device)
// explain: device_sqrt_float.whiley:22: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 write-only), 1 scalar; reals as float on the device)
import * from whiley.lang.*

[real] roots([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = Math.sqrt(xs[i], Math.ERROR)
    return ys

// the root of a square: |x| again, where the square is finite
[real] hypot([real] xs, real y):
    ys = xs
    for i in 0..|xs|:
        ys[i] = Math.sqrt(xs[i] * xs[i] + y * y, Math.ERROR)
    return ys

void ::main(System.Console sys):
    sys.out.println(roots([4.0, 2.25, 0.0, 1048576.0]))
    sys.out.println(roots([2.0, 0.1, 3.0, 1000000.0]))
    sys.out.println(hypot([3.0, -5.0], 4.0))
    sys.out.println(hypot([100000000000000000000.0], 0.0))
