// A kernel's int overflow only sets a flag that is tested where a
// wrapped value could do harm (opencl_backend/oclgen.c,
// ocl_flush_overflow): before a loop whose bound it makes, before a
// while loop goes round again, before a call, before a check proved
// from intervals that assume it fitted.  Each loop here wraps 32 bits
// in some work item (the 64-bit variant then runs) or 64 bits (the CPU
// runs the loop again); every result must be the exact one.
// fallback: the loops overflow 64 bits on the device and run on the CPU
// explain: deferred_overflow.whiley:28: for i: GPU-implicit (kernel 1, 1-D
// explain: deferred_overflow.whiley:37: for i: GPU-implicit (kernel 2, 1-D
// explain: deferred_overflow.whiley:47: for i: GPU-implicit (kernel 3, 1-D
import * from whiley.lang.*

int steps(int v):
    // a loop in a called function, bounded by its argument
    c = 0
    k = 0
    while k < v % 9:
        c = c + k
        k = k + 2
    return c

void ::main(System.Console sys):
    n = |sys.args| + 6
    xs = [3, 70000, 2147483647, 46341, 9223372036854775807, 12]
    // a bound made of a product that wraps 32 bits
    ys = [0, 0, 0, 0, 0, 0]
    for i in 0..4:
        m = xs[i] * xs[i]
        s = 0
        for k in 0..(m % 7):
            s = s + k
        ys[i] = s + m % 1000
    sys.out.println(ys)
    // a while loop whose value wraps 64 bits
    zs = [0, 0, 0, 0, 0, 0]
    for i in 0..n:
        v = xs[i]
        c = 0
        while v % 97 != 0 && c < 90:
            v = v * 3 / 2
            c = c + 1
        zs[i] = c
    sys.out.println(zs)
    // an index and a call made of a sum that wraps
    ws = [0, 0, 0, 0, 0, 0]
    for i in 0..n:
        t = xs[i] + xs[i]
        ws[i] = steps(t) + xs[(t % n + n) % n] % 1000
    sys.out.println(ws)
