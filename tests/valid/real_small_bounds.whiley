// Reals near the bounds of the runtime's forms (an immediate word when
// num and den fit 40 and 21 bits, a pair of int64 words, else GMP): the
// value never depends on the form, nor on the path that computed it.
// No loops: recursion keeps every step sequential on all targets.
import * from whiley.lang.*

real sumFrom([real] xs, int i):
	if i >= |xs|:
		return 0.0
	return xs[i] + sumFrom(xs, i + 1)

real prodFrom([real] xs, int i):
	if i >= |xs|:
		return 1.0
	return xs[i] * prodFrom(xs, i + 1)

public void ::main(System.Console sys):
	max = 9223372036854775807.0
	min = (real) -9223372036854775808
	one = 1.0
	// sums and products beyond 64 bits, and back
	sys.out.println(max + one)
	sys.out.println(((max + one) - one == max))
	sys.out.println(-min)
	sys.out.println((-(-min) == min))
	sys.out.println(max * max)
	sys.out.println(((max * max) / max == max))
	sys.out.println(min + min)
	sys.out.println(min - max)
	sys.out.println(-max / 2.0)
	sys.out.println(max / 3.0 - one)
	// denominators beyond 64 bits, and back
	p = 1.0 / 3037000493.0
	q = 1.0 / 3037000507.0
	sys.out.println(p * q)
	sys.out.println(p * q * 3037000493.0)
	sys.out.println((p * q * 3037000493.0 == q))
	sys.out.println((max / (max - one)) - (min / max))
	// the immediate's bounds: 2^39 and 2^21
	a = 549755813887.0
	sys.out.println(a + one)
	sys.out.println(((a + one) - one == a))
	sys.out.println(-a - one)
	sys.out.println(1.0 / 2097151.0)
	sys.out.println((1.0 / 2097152.0) * 2097152.0)
	sys.out.println((1.0 / 2097151.0 < 1.0 / 2097150.0))
	// one value, one representation: sets, membership, equality
	b = (0.75 + 1000000000000000000000000000000.0) - 1000000000000000000000000000000.0
	s = {0.75, 3.0 / 4.0, b, 0.25 * 3.0}
	sys.out.println(|s|)
	t = {max, (max + 0.5) - 0.5, max - 0.25}
	sys.out.println(|t|)
	xs = [0.25, max, -0.75, max + one]
	sys.out.println(xs)
	sys.out.println((b in xs))
	sys.out.println((0.25 in xs))
	sys.out.println((((max + one) - one) in xs))
	sys.out.println((max + 0.5 > max))
	sys.out.println((min < max / (max + one)))
	// sums and products through every form
	sys.out.println(sumFrom([max, one, -one, -max, 0.5], 0))
	sys.out.println(sumFrom([min, min, max, max, 2.0, 0.125], 0))
	sys.out.println(prodFrom([max, max, 1.0 / max, 1.0 / max, 0.75], 0))
	sys.out.println(prodFrom([1.0 / 3.0, 1.0 / 7.0, 1.0 / 11.0, 1.0 / 13.0, 1.0 / 17.0, 1.0 / 19.0, 1.0 / 23.0, 1.0 / 29.0, 1.0 / 31.0, 1.0 / 37.0, 1.0 / 41.0, 1.0 / 43.0, 1.0 / 47.0], 0))
	sys.out.println(prodFrom([3.0, 7.0, 11.0, 13.0, 17.0, 19.0, 23.0, 29.0, 31.0, 37.0, 41.0, 43.0, 47.0, 1.0 / 3.0, 1.0 / 7.0, 1.0 / 11.0, 1.0 / 13.0, 1.0 / 17.0, 1.0 / 19.0, 1.0 / 23.0, 1.0 / 29.0, 1.0 / 31.0, 1.0 / 37.0, 1.0 / 41.0, 1.0 / 43.0, 1.0 / 47.0], 0))
	// converting to int and back
	sys.out.println(Math.floor(max / 2.0))
	sys.out.println(Math.ceil(min / 3.0))
	sys.out.println(Math.round(-max / 2.0))
	sys.out.println(((real) Math.floor(max + 0.5) == max))
