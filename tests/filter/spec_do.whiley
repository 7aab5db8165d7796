// A do-while loop counts before its exit tests: run several steps between
// those tests (opencl_backend/oclgen_spec.c, --unroll=8 on every device),
// a group may not end where the counter reaches its limit, since the test
// after the group's last add would leave there.  max = 24 is 8 steps as
// they are and two groups of 8: c = 0 never leaves |z| <= 2, so the loop
// stops at n = 24, not 25.
// flags: --unroll=8
// explain: spec_do.whiley:19: kernel wyk_1: 1 real product computed with the sum that reads it (fma, one rounding) on a GPU; 1 loop run several steps between exit tests on every device
import * from whiley.lang.*

public void ::main(System.Console sys):
    max = 24
    cs = [0.0, 0.25, -0.5, 0.0625, 1.0, -2.0, 0.00048828125]
    ns = []
    zs = []
    for i in 0..|cs|:
        ns = ns + [0]
        zs = zs + [0.0]
    for i in 0..|cs|:
        c = cs[i]
        z = 0.0
        n = 0
        do:
            z = z * 2.0 + c
            n = n + 1
        while n < max && z * z <= 4.0
        ns[i] = n
        zs[i] = z
    sys.out.println(ns)
    sys.out.println(zs)
