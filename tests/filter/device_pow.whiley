// Math.pow and Math.isqrt in kernels: exact on the device's ints.  A
// power that leaves 32 bits sets the flag and the kernel reruns in 64
// bits; one beyond 64 bits reruns on the CPU, which gives the exact int.
// isqrt takes the root's binary digits, exact in either width.
// fallback: the powers beyond 64 bits rerun on the CPU
// explain: device_pow.whiley:14: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 write-only))
// explain: device_pow.whiley:20: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 write-only))
// explain: device_pow.whiley:27: for i: GPU-implicit (kernel 3, build of 'out'
import * from whiley.lang.*

// bs[i] to the es[i]
[int] pows([int] bs, [int] es):
    out = bs
    for i in 0..|bs|:
        out[i] = Math.pow(bs[i], es[i])
    return out

[int] roots([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = Math.isqrt(xs[i])
    return out

// the roots of n multiples of k, summed
int root_sum(int n, int k):
    out = []
    for i in 0..n:
        out = out + [Math.isqrt(i * k)]
    s = 0
    for r in out:
        s = s + r
    return s

void ::main(System.Console sys):
    sys.out.println(pows([2, -3, 0, 1, -1, 7, 10], [10, 3, 5, 1000000, 999, 11, 9]))
    // 32 bits: 2^31 - 1 fits, the least int fits, 2^31 does not
    sys.out.println(pows([2, -2, 2, 46341, 3], [30, 31, 31, 2, 19]))
    // 64 bits: 3^39 and (-2)^63 fit, 2^63 does not
    sys.out.println(pows([3, -2, 2, 3037000499, 7], [39, 63, 62, 2, 22]))
    sys.out.println(pows([2, 3, -3037000500, 10], [63, 41, 2, 30]))
    sys.out.println(roots([0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 2147395599, 2147395600, 2147483647]))
    sys.out.println(roots([4611686018427387903, 4611686018427387904, 9223372030926249000, 9223372030926249001, 9223372036854775807]))
    sys.out.println(roots([9223372036854775808, 100000000000000000000000000000000000000]))
    sys.out.println(root_sum(100000, 1000003))
