// Math.pow with an exponent that is not positive, in a kernel: the
// precondition's check before the call sets the kernel's flag, and the
// CPU reruns the loop and raises the error where the call is.
// explain: device_pow_pre.whiley:9: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 write-only))
import * from whiley.lang.*

[int] pows([int] bs, [int] es):
    out = bs
    for i in 0..|bs|:
        out[i] = Math.pow(bs[i], es[i])
    return out

void ::main(System.Console sys):
    sys.out.println(pows([2, 5], [3, 1]))
    sys.out.println(pows([2, 5, 7], [3, 0, 2]))
    sys.out.println("not reached")
