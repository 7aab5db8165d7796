// Floats too: for x = 1 + 2^-12, x * x - 1 is 2^-11 + 2^-24, which a
// float holds; one fma (opencl_backend/oclgen_fma.c) computes it, where a
// product rounded first (a tie, to even) gives 2^-11 (fma_off_float).
// flags: --gpu-real=float --fma=all
// explain: fma_float.whiley:11: kernel wyk_1: 1 real product computed with the sum that reads it (fma, one rounding) on every device
import * from whiley.lang.*

// x * x - 1 for each x
[real] residues([real] xs):
    ys = xs
    for i in 0..|xs|:
        ys[i] = xs[i] * xs[i] - 1.0
    return ys

void ::main(System.Console sys):
    ys = residues([1.0 + 1.0 / 4096.0, 2.0, 0.5, -3.0])
    sys.out.println(ys)
