// A kernel as WYIL: --target=wyil shows the kernel function the filter
// outlined (its parameters with their transfers, its NDRange) and the
// offload instruction before the loop, which stays as the CPU fallback.
import * from whiley.lang.*

[int] scaled([int] xs, int k):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] * k
    return out

[int] bumped([int] xs):
    for i in 0..|xs|:
        xs[i] = xs[i] + 1
    return xs

void ::main(System.Console sys):
    xs = [1, 2, 3, 4]
    sys.out.println(scaled(xs, 3))
    sys.out.println(bumped(xs))
    sys.out.println(xs)

// explain: kernel_functions.whiley:8: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only), 1 scalar)
// explain: kernel_functions.whiley:13: for i: GPU-implicit (kernel 2, 1-D, 0 lists in, 1 out (1 at its own index))
// wyil: kernel wyk_1([int] in, int scalar, [int] out window 0, int bound, int bound) 1-D
// wyil: kernel wyk_2([int] inout, int bound, int bound) 1-D
// wyil: offload wyk_1 (%0, %1, %2, %3, %4) blklab
// wyil: offload wyk_2 (%0, %1, %2) blklab
