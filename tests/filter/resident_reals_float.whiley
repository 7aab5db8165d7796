// Real results in floats stay on the device too (issue 15): read on the
// host (printed, indexed, summed by a reduction kernel) they are the
// floats' exact values; a kernel whose floats overflow (10^40 is beyond
// float, not double) sets its flag at the store and runs on the CPU,
// exactly.
// flags: --gpu-real=float
// fallback: the last loop overflows float on the device and runs again on the CPU
// explain: resident_reals_float.whiley:24: for i: GPU-implicit (kernel 1, build of 'xs', 1-D
// explain: resident_reals_float.whiley:27: for i: GPU-implicit (kernel 2, 1-D
// explain: resident_reals_float.whiley:32: for y: GPU-implicit (kernel 3, reduce 's' with +, 1-D
// explain: resident_reals_float.whiley:36: for i: GPU-implicit (kernel 4, 1-D
// explain: resident_reals_float.whiley:41: for i: GPU-implicit (kernel 5, 1-D
import * from whiley.lang.*

// 10^n, exactly
real ten(int n):
    if n == 0:
        return 1.0
    return 10.0 * ten(n - 1)

void ::main(System.Console sys):
    n = 6
    xs = []
    for i in 0..n:
        xs = xs + [(real)i / 4.0]
    ys = xs
    for i in 0..n:
        ys[i] = xs[i] * 0.5 + 0.25
    sys.out.println(ys)
    sys.out.println(ys[3])
    s = 0.0
    for y in ys:
        s = s + y
    sys.out.println(s)
    ts = xs
    for i in 0..n:
        ts[i] = xs[i] / 3.0
    sys.out.println(ts)
    e = ten(20)
    zs = xs
    for i in 0..n:
        zs[i] = xs[i] * e * e
    sys.out.println(zs)
