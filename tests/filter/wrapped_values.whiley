// Values that wrap the device's ints inside a kernel, used where a
// wrong value could do harm before the kernel reports the overflow: as
// a loop's bound, as a while loop's value, as an index and as a call's
// argument (a kernel that deferred its overflow tests would have to test
// before each; one such version was tried, see the README).  Each loop
// wraps 32 bits in some work item (the 64-bit variant then runs) or 64
// bits (the CPU runs the loop again); every result must be the exact
// one.
// fallback: the loops overflow 64 bits on the device and run on the CPU
// explain: wrapped_values.whiley:29: for i: GPU-implicit (kernel 1, 1-D
// explain: wrapped_values.whiley:38: for i: GPU-implicit (kernel 2, 1-D
// explain: wrapped_values.whiley:48: for i: GPU-implicit (kernel 3, 1-D
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
