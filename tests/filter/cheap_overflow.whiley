// Overflow tests that the range analysis makes cheaper (oclgen_insn.c,
// cheap_overflow): a square, a constant factor, an addend or subtrahend
// of known sign.  Each loop gets values at the edge of the device's
// 32-bit ints and one just past it (the 64-bit variant must then run),
// or the same at the edge of 64 bits (the CPU must then run): a test
// that let one overflow through would print a wrapped value.  A kernel
// that overflowed runs in 64 bits from then on (and on the CPU once
// that overflowed too), so each kernel sees the fitting values first,
// then one that overflows 32 bits, then the same for 64 bits.
// fallback: the 64-bit edges overflow on the device and run on the CPU
// explain: cheap_overflow.whiley:25: for i: GPU-implicit (kernel 1, 1-D
// explain: cheap_overflow.whiley:34: for i: GPU-implicit (kernel 2, 1-D
// explain: cheap_overflow.whiley:42: for i: GPU-implicit (kernel 3, 1-D
// explain: cheap_overflow.whiley:48: for i: GPU-implicit (kernel 4, 1-D
// explain: cheap_overflow.whiley:55: for i: GPU-implicit (kernel 5, 1-D
// explain: cheap_overflow.whiley:62: for i: GPU-implicit (kernel 6, 1-D
// explain: cheap_overflow.whiley:69: for i: GPU-implicit (kernel 7, 1-D
// explain: cheap_overflow.whiley:77: for i: GPU-implicit (kernel 8, 1-D
// explain: cheap_overflow.whiley:85: for i: GPU-implicit (kernel 9, 1-D
import * from whiley.lang.*

// a square plus a positive constant
[int] squares([int] xs):
    out = xs
    for i in 0..|xs|:
        v = xs[i]
        out[i] = v * v + 1
    return out

// the same, for the other edge (a kernel that overflowed runs in 64
// bits from then on, and on the CPU once that overflowed too)
[int] squares2([int] xs):
    out = xs
    for i in 0..|xs|:
        v = xs[i]
        out[i] = v * v + 1
    return out

// a constant factor
[int] times7([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] * 7
    return out

[int] times7b([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] * 7
    return out

// a length added (never negative)
[int] pluslen([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = |xs| + xs[i]
    return out

// a length subtracted
[int] minuslen([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] - |xs|
    return out

// a negative amount added
[int] plusneg([int] xs):
    out = xs
    for i in 0..|xs|:
        c = -5
        out[i] = xs[i] + c
    return out

// a negative amount subtracted
[int] minusneg([int] xs):
    out = xs
    for i in 0..|xs|:
        c = -5
        out[i] = xs[i] - c
    return out

// a sum of two squares: never negative
[int] sums([int] xs):
    out = xs
    for i in 0..|xs|:
        v = xs[i]
        out[i] = v * v + v * v
    return out

void ::main(System.Console sys):
    sys.out.println(squares([46340, -46340, 7]))
    sys.out.println(squares([46341]))
    sys.out.println(squares([3037000499, -3037000499]))
    sys.out.println(squares([3037000500]))
    sys.out.println(squares2([-46341]))
    sys.out.println(squares2([-3037000500]))
    sys.out.println(times7([306783378, -306783378, 3]))
    sys.out.println(times7([306783379]))
    sys.out.println(times7([1317624576693539401, -1317624576693539401]))
    sys.out.println(times7([1317624576693539402]))
    sys.out.println(times7b([-306783379]))
    sys.out.println(times7b([-1317624576693539402]))
    sys.out.println(pluslen([2147483644, -2147483648, 0]))
    sys.out.println(pluslen([2147483647]))
    sys.out.println(pluslen([9223372036854775805, 1]))
    sys.out.println(pluslen([9223372036854775807]))
    sys.out.println(minuslen([-2147483645, 2147483647, 0]))
    sys.out.println(minuslen([-2147483648]))
    sys.out.println(minuslen([-9223372036854775806, 1]))
    sys.out.println(minuslen([-9223372036854775808]))
    sys.out.println(plusneg([-2147483643, 2147483647]))
    sys.out.println(plusneg([-2147483644]))
    sys.out.println(plusneg([-9223372036854775803, 1]))
    sys.out.println(plusneg([-9223372036854775804]))
    sys.out.println(minusneg([2147483642, -2147483648]))
    sys.out.println(minusneg([2147483643]))
    sys.out.println(minusneg([9223372036854775802, 1]))
    sys.out.println(minusneg([9223372036854775803]))
    sys.out.println(sums([32767, -32767, 5]))
    sys.out.println(sums([32768]))
    sys.out.println(sums([2147483647, -2147483647]))
    sys.out.println(sums([2147483648]))
