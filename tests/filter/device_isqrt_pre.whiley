// Math.isqrt of a negative int, in a kernel: the precondition's check
// before the call sets the kernel's flag, and the CPU reruns the loop
// and raises the error where the call is.
// explain: device_isqrt_pre.whiley:9: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only))
import * from whiley.lang.*

[int] roots([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = Math.isqrt(xs[i])
    return out

void ::main(System.Console sys):
    sys.out.println(roots([16, 17]))
    sys.out.println(roots([16, -1, 4]))
    sys.out.println("not reached")
