// Reals are exact rationals: 0.1 + 0.2 == 0.3, thirds add up to one,
// normalisation (gcd, positive denominator), rational destructuring n/d = x,
// and long sums stay exact.
// flags: --gpu-real=exact
// (its sums are reductions: device reals would round them)
import * from whiley.lang.*

public real harmonic(int n):
	h = 0.0
	for i in 1..(n + 1):
		h = h + 1.0 / i
	return h

public void ::main(System.Console sys):
	sys.out.println((0.1 + 0.2 == 0.3))
	third = 1.0 / 3
	sys.out.println(third + third + third)
	sys.out.println(harmonic(10))
	x = -10.0 / 4
	n / d = x
	sys.out.println((n, d))
	n / d = 6.0 / -8
	sys.out.println((n, d))
	n / d = 3.5
	sys.out.println(n)
	sys.out.println(d)
	sys.out.println(0.75 * 4)
	sys.out.println((2.0 / 6) * 3 - 1)
	sum = 0.0
	for i in 0..100:
		sum = sum + 0.01
	sys.out.println(sum)
	sys.out.println(1.0 / 3 - 0.5)
