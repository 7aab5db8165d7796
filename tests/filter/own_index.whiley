// A list a kernel reads and writes only at its own index (`xs[i] =
// xs[i] * 1000 + i`): each work item first copies its element from the
// list's old buffer (filter/window.c, own_index), so a list held only
// on the device gets no copy made before the call, and a call that
// fails leaves that old buffer as it was (runtime/ocl_run.c).  In the
// while loop xs stays on the device; the fourth call overflows 32 bits
// (its 64-bit variant runs) and the seventh 64 bits: the CPU runs it
// again, exactly, from the list as it was before that call.  A range
// that leaves an element out, and a host write between calls, take
// the copy on the device instead.
// fallback: the seventh call overflows 64 bits and runs on the CPU
// explain: own_index.whiley:19: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 at its own index))
// explain: own_index.whiley:32: for i: GPU-implicit (kernel 4, 1-D, 0 lists in, 1 out (1 at its own index))
import * from whiley.lang.*

void ::main(System.Console sys):
    n = |sys.args| + 5
    ys = [10, 20, 30, 40, 50]
    for i in 0..n:
        ys[i] = ys[i] + i
    // element 0 left out: the copy before the call
    for i in 1..n:
        ys[i] = ys[i] * 2
    // a host write, sent through, then the kernel
    ys[2] = 7
    for i in 0..n:
        ys[i] = ys[i] - 1
    sys.out.println(ys)
    xs = [1, 2, 3, 4, 5]
    step = 0
    while step < 8:
        for i in 0..n:
            xs[i] = xs[i] * 1000 + i
        step = step + 1
    sys.out.println(xs)
