// A [real] of more than 2^20 elements is converted on several threads
// in both directions (runtime/ocl_real_conv.c, ocl_marshal.c): the
// threads must keep what the one-thread loop keeps.  A kernel that
// reads and writes every third tenth: an element it did not change
// stays the exact tenth (device bits compared), one it changed is the
// device's double; one result needs more than the immediate form (a
// thread leaves it to the loop that finishes the row).  A kernel that
// writes without reading: every element is the device's value.
// explain: resident_reals_long.whiley:21: for i: CPU — writes 't' in every iteration
// explain: resident_reals_long.whiley:26: for i: GPU-implicit (kernel 1, 1-D
// explain: resident_reals_long.whiley:39: for i: CPU — writes 't' in every iteration
// explain: resident_reals_long.whiley:48: for i: GPU-implicit (kernel 2, 1-D
import * from whiley.lang.*

void ::main(System.Console sys):
    n = 1048576 + 12
    // built on the host: the counter t, reset every 1000 steps, keeps
    // this loop on the CPU
    xs = []
    t = 0
    for i in 0..n:
        xs = xs + [(real)t / 10.0]
        t = t + 1
        if t == 1000:
            t = 0
    for i in 0..n:
        if i % 3 == 0:
            xs[i] = xs[i] * 2.0
        else:
            if i == 1048580:
                xs[i] = xs[i] * 1099511627776.0
    sys.out.println([xs[0], xs[1], xs[2], xs[3], xs[4]])
    sys.out.println([xs[524287], xs[524288], xs[524289]])
    sys.out.println([xs[1048578], xs[1048579], xs[1048580], xs[1048581]])
    // on the host: how many are still the exact tenth (the counter
    // again keeps the loop here)
    same = 0
    t = 0
    for i in 0..n:
        if xs[i] == (real)t / 10.0:
            same = same + 1
        t = t + 1
        if t == 1000:
            t = 0
    sys.out.println(same)
    // written without reading: the device's doubles of tenths
    ys = xs
    for i in 0..n:
        ys[i] = (real)(i % 7) / 10.0
    sys.out.println([ys[1], ys[7], ys[1048582]])
