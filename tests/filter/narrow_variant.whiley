// A kernel's narrow variant (opencl_backend/oclgen_narrow.c): the
// differences of two elements of xs and their squares cannot overflow
// when every element lies within +-2^14, so the variant tests neither;
// the runtime runs it only when it knows that bound holds.  Each probe
// below hands one copy of the loop a list that breaks the bound in a
// different way (a host value, a kernel's results with no bound, a
// host write into results with one): a wrong choice would wrap 32 bits
// silently and print a wrong sum, the right one overflows, runs in 64
// bits and prints the exact one.
// fallback: the probes overflow 32 bits and some runs overflow 64
// explain: narrow_variant.whiley:26: kernel wyk_2_n (the variant for xs within +-2^14; its indices within the lists they index)
// explain: narrow_variant.whiley:36: kernel wyk_3_n (the variant for xs within +-2^14; its indices within the lists they index)
// explain: narrow_variant.whiley:46: kernel wyk_4_n (the variant for xs within +-2^14; its indices within the lists they index)
// explain: narrow_variant.whiley:56: kernel wyk_5_n (the variant for xs within +-2^14; its indices within the lists they index)
// explain: narrow_variant.whiley:67: for i: GPU-implicit (kernel 6, 1-D
// explain: narrow_variant.whiley:74: for i: GPU-implicit (kernel 7, 1-D
// explain: narrow_variant.whiley:82: kernel wyk_8_n (the variant for r and its loop indices within +-2^24; its indices within the lists they index)
// explain: narrow_variant.whiley:89: kernel wyk_9_n (the variant for lo and its loop indices within +-2^24)
import * from whiley.lang.*

// the sum of the squared differences of xs[i] from every element (mod
// 1000), in four copies: a kernel that overflowed once runs in 64 bits
// from then on, so each probe needs its own
[int] spread([int] xs):
    out = xs
    for i in 0..|xs|:
        s = 0
        for j in 0..|xs|:
            d = xs[j] - xs[i]
            s = s + d * d
        out[i] = s % 1000
    return out

[int] spread2([int] xs):
    out = xs
    for i in 0..|xs|:
        s = 0
        for j in 0..|xs|:
            d = xs[j] - xs[i]
            s = s + d * d
        out[i] = s % 1000
    return out

[int] spread3([int] xs):
    out = xs
    for i in 0..|xs|:
        s = 0
        for j in 0..|xs|:
            d = xs[j] - xs[i]
            s = s + d * d
        out[i] = s % 1000
    return out

[int] spread4([int] xs):
    out = xs
    for i in 0..|xs|:
        s = 0
        for j in 0..|xs|:
            d = xs[j] - xs[i]
            s = s + d * d
        out[i] = s % 1000
    return out

// results within +-2^7, which the kernel's stores say
[int] small([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] % 100
    return out

// results with no bound the kernel knows (a multiple of 2^16)
[int] large([int] xs):
    out = xs
    for i in 0..|xs|:
        out[i] = xs[i] * 65536
    return out

// an int argument and the loop's index taken to be small: (i + r) * 64
// cannot overflow
[int] offset([int] xs, int r):
    out = xs
    for i in 0..|xs|:
        out[i] = (i + r) * 64 % 1000
    return out

// the loop's indices and bound taken to be small
[int] from([int] xs, int lo):
    out = xs
    for i in lo..(lo + |xs|):
        out[i - lo] = i * 64 % 1000
    return out

void ::main(System.Console sys):
    n = |sys.args| + 6
    edge = [16383, -16384, 0, 16383, -16384, 7]
    // within the bound, at the variant's edge: sums near 2^31
    sys.out.println(spread(edge))
    sys.out.println(spread(small(edge)))
    // a host value outside it (a difference of 2^16, whose square wraps
    // 32 bits to 0: only the tests the variant has not would see it)
    sys.out.println(spread2([65536, 0, 0, 0, 0, 0]))
    sys.out.println(spread2(edge))
    // a kernel's results with no bound (differences of 3 * 2^16)
    xs = []
    for i in 0..n:
        xs = xs + [i * 3 - 5]
    sys.out.println(spread3(large(xs)))
    sys.out.println(spread3(small(xs)))
    // results with a bound, then a host write outside it
    ys = small([0, 0, 0, 0, 0, 0])
    sys.out.println(spread4(ys))
    ys[3] = 65536
    sys.out.println(spread4(ys))
    ys[3] = 5
    sys.out.println(spread4(ys))
    // an int argument outside the bound: (2^26 + i) * 64 wraps 32 bits
    // to 64 * i
    sys.out.println(offset([0, 0, 0], 5))
    sys.out.println(offset([0, 0, 0], 67108864))
    // loop indices outside it
    sys.out.println(from([0, 0, 0], -7))
    sys.out.println(from([0, 0, 0], 67108864))
