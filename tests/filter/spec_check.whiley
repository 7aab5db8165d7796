// A check inside a loop that runs several steps between its exit tests
// (opencl_backend/oclgen_spec.c; --unroll=8 on every device) is one more
// test of a group: d reaches 0 in the 10th step of the first point, past
// the first group of 8; the group's steps are redone one by one and the
// loop as it was finds the division by zero where it is.  Left out, the
// device would divide 0 by 0 into a NaN, which no test after it sees
// (NaN <= 1000 is not false in the device's `z > 1000`), and count to 50.
// flags: --unroll=8
// explain: spec_check.whiley:15: kernel wyk_1: 0 real products computed with the sum that reads them (fma, one rounding) on a GPU; 1 loop run several steps between exit tests on every device
import * from whiley.lang.*

public void ::main(System.Console sys):
    ds = [9.0, 100.0, 40.0]
    ns = [0, 0, 0]
    for i in 0..|ds|:
        d = ds[i]
        z = 0.0
        n = 0
        while n < 50 && z <= 1000.0:
            z = z / d
            d = d - 1.0
            n = n + 1
        ns[i] = n
    sys.out.println(ns)
