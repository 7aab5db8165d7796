// A check in a function that kernels call goes when every call proves
// it (opencl_backend/oclgen_range.c, OclCallFacts): per(d) divides by
// d and its only call passes xs[i] % 8 + 9, at least 2.  share(d) is
// the same division, but one kernel passes that and another xs[i]: its
// test stays, and fails where xs holds 0, as on the CPU.  (Each has two
// returns: a kernel's call of a function with one would be replaced by
// its code, filter/inline.c, and checked as the kernel's own.)
// explain: callee_facts.whiley:13: function per, called by kernels: checks: 0 tested, 0 tested once before their loop, 1 proved
// explain: callee_facts.whiley:18: function share, called by kernels: checks: 1 tested, 0 tested once before their loop, 0 proved
import * from whiley.lang.*

int per(int d):
    if d == 1000:
        return 1
    return 1000 / d

int share(int d):
    if d == 1000:
        return 1
    return 1000 / d

void ::main(System.Console sys):
    n = |sys.args| + 6
    xs = [5, 4, 3, 2, 1, 0]
    ys = [0, 0, 0, 0, 0, 0]
    for i in 0..n:
        ys[i] = per(xs[i] % 8 + 9)
    sys.out.println(ys)
    for i in 0..n:
        ys[i] = share(xs[i] % 8 + 9) + 1
    sys.out.println(ys)
    for i in 0..n:
        ys[i] = share(xs[i])
    sys.out.println(ys)
