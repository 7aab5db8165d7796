// A device loop that only computes and tests runs several steps between
// its exit tests and redoes them one by one when one says leave
// (opencl_backend/oclgen_spec.c); --unroll=8 runs that on every device,
// 8 steps a group.  z = 2z + c from 0 is (2^n - 1)c after n steps, so
// c = 2^-k leaves |z| <= 2 after about k + 2 steps: the points leave at
// every place in a group of 8, c = 0 never (the counter's limit ends it
// inside a group), and t, written after the exit test and read after the
// loop, must hold the last whole step's value even when the first step of
// a group leaves.
// flags: --unroll=8
// explain: spec_steps.whiley:27: kernel wyk_1: 0 real products computed with the sum that reads them (fma, one rounding) on a GPU; 1 loop run several steps between exit tests on every device
import * from whiley.lang.*

public void ::main(System.Console sys):
    max = 21
    cs = [0.0]
    c = 1.0
    for k in 0..20:
        cs = cs + [c, -c]
        c = c / 2.0
    ns = []
    ts = []
    for i in 0..|cs|:
        ns = ns + [0]
        ts = ts + [0.0]
    zs = ts
    for i in 0..|cs|:
        c = cs[i]
        z = 0.0
        t = -1.0
        n = 0
        while n < max && z * z <= 4.0:
            t = z * 2.0
            z = t + c
            n = n + 1
        ns[i] = n
        ts[i] = t
        zs[i] = z
    sys.out.println(ns)
    sys.out.println(ts)
    sys.out.println(zs)
