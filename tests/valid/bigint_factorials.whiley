// Unbounded ints: factorials and powers far beyond 2^63, exact products,
// division and remainder of big values, negative big values.
// fallback: factorial's product is a reduction whose 64-bit partials overflow; the exact CPU path runs
import * from whiley.lang.*

public int factorial(int n):
	r = 1
	for i in 1..(n + 1):
		r = r * i
	return r

public int fib(int n):
	a = 0
	b = 1
	for i in 0..n:
		a, b = (b, a + b)
	return a

public void ::main(System.Console sys):
	for n in [0, 1, 5, 20, 21, 25, 40]:
		sys.out.println(factorial(n))
	sys.out.println(fib(100))
	big = factorial(30)
	sys.out.println(big / factorial(28))
	sys.out.println(big % 1000000007)
	sys.out.println(-big)
	sys.out.println(-big / 7)
	sys.out.println(-big % 1000000007)
	x = 9223372036854775807
	sys.out.println(x + 1)
	sys.out.println(x * x)
	sys.out.println(-x - 2)
	sys.out.println(((x + 1) / 2 == 4611686018427387904))
	sys.out.println(Math.pow(2, 100))
	sys.out.println(123456789012 * 987654321098)
