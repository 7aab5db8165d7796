// A kernel whose real results leave the range of double (issue 15): the
// kernel checks each real before it stores it, sets its flag, and the
// loop runs again on the CPU, which prints the exact values.  Repeated
// squaring in a map kernel, a build whose elements overflow, a NaN
// stored (an overflow minus itself: exactly 0), and a max reduction
// whose largest item overflows (the host checks the combined result).
// flags: --gpu-real=double
// fallback: each loop overflows double on the device and runs again on the CPU
// explain: resident_real_overflow.whiley:17: for i: GPU-implicit (kernel 1, 1-D
// explain: resident_real_overflow.whiley:26: for i: GPU-implicit (kernel 2, build of 'zs', 1-D
// explain: resident_real_overflow.whiley:32: for i: GPU-implicit (kernel 3, 1-D
// explain: resident_real_overflow.whiley:38: for i: GPU-implicit (kernel 4, reduce 'm' with max, 1-D
import * from whiley.lang.*

[real] squares([real] xs):
    ys = xs
    for i in 0..|xs|:
        x = xs[i]
        for k in 0..4:
            x = x * x
        ys[i] = x
    return ys

[real] grow([real] xs, real b):
    zs = []
    for i in 0..|xs|:
        zs = zs + [xs[i] * xs[i] * b]
    return zs

[real] cancel([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] * xs[i] - xs[i] * xs[i]
    return ys

real largest([real] xs):
    m = 0.0
    for i in 0..|xs|:
        v = xs[i] * xs[i] * xs[i]
        if v > m:
            m = v
    return m

// 10^n, exactly (no loop: a loop would be a reduction on the device)
real ten(int n):
    if n == 0:
        return 1.0
    return 10.0 * ten(n - 1)

void ::main(System.Console sys):
    xs = [3.0, ten(20) + 0.5, 0.5]
    sys.out.println(squares(xs))
    sys.out.println(grow(xs, ten(290)))
    sys.out.println(cancel([2.0, ten(200)]))
    sys.out.println(largest([1.5, ten(120), -2.0]))
