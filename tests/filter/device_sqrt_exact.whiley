// With --gpu-real=exact a loop that takes a real root stays on the CPU,
// for its reals, and says so; the exact int functions still run on the
// device, which computes them exactly.
// flags: --gpu-real=exact
// explain: device_sqrt_exact.whiley:11: for i: CPU — computes with reals (exact on the CPU: --gpu-real=exact)
// explain: device_sqrt_exact.whiley:17: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only))
import * from whiley.lang.*

[int] floor_roots([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = Math.floor(Math.sqrt(xs[i], Math.ERROR))
    return out

[int] int_roots([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = Math.isqrt(xs[i]) + Math.pow(xs[i], 2)
    return out

void ::main(System.Console sys):
    sys.out.println(floor_roots([0, 5, 99]))
    sys.out.println(int_roots([0, 5, 99]))
