// What a called function returns bounds the value of its call in a
// kernel (oclgen_range.c, ocl_note_returns): half(x) is within half
// the int range, so half(a) + half(b) cannot overflow and is not
// tested.  A function whose return is not bounded that way keeps the
// caller's test: clampish returns 100 or x below it, unbounded below,
// and its doubled value overflows 32 bits at INT_MIN (the 64-bit
// variant runs) and 64 bits at LONG_MIN (the CPU runs).
// fallback: the last loop overflows 64 bits on the device
// explain: callee_returns.whiley:23: kernel wyk_1: checks: 2 tested, 0 tested once before their loop, 5 proved
// explain: callee_returns.whiley:29: kernel wyk_2: checks: 3 tested, 0 tested once before their loop, 2 proved
import * from whiley.lang.*

int half(int x):
    return x / 2

int clampish(int x):
    if x > 100:
        return 100
    return x

[int] halves([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = half(xs[i]) + half(xs[i])
    return out

[int] doubled([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = clampish(xs[i]) + clampish(xs[i])
    return out

void ::main(System.Console sys):
    sys.out.println(halves([2147483647, -2147483648, 7]))
    sys.out.println(halves([9223372036854775807, -9223372036854775808]))
    sys.out.println(doubled([-2147483648, 5, 300]))
    sys.out.println(doubled([-9223372036854775808, 5]))
