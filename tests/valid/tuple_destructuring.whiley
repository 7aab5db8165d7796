// Tuples: literals, returning them (bare and parenthesised), destructuring
// into 2..6 names, reassigning existing variables, swapping, printing.
import * from whiley.lang.*

public (int, int) swap(int a, int b):
	return b, a

public (int, real, string) triple(int n):
	return (n, n / 4.0, "n=" + n)

public (int, int, int, int, int, int) six(int k):
	return (k, k + 1, k + 2, k + 3, k + 4, k + 5)

public (int, int) nextRandom(int seed):
	seed = (seed * 1103 + 12345) % 65536
	return (seed, seed % 100)

public void ::main(System.Console sys):
	x, y = swap(1, 2)
	sys.out.println(x)
	sys.out.println(y)
	x, y = swap(x, y)
	sys.out.println((x, y))
	n, q, s = triple(6)
	sys.out.println(q)
	sys.out.println(s)
	a, b, c, d, e, f = six(10)
	sys.out.println(a + b + c + d + e + f)
	t = (1, 100)
	lo, hi = t
	sys.out.println(hi - lo)
	seed = 42
	for i in 0..4:
		seed, r = nextRandom(seed)
		sys.out.println(r)
	sys.out.println(seed)
	sys.out.println(triple(2))
	sys.out.println(((1, 2), [3, 4], 'c', true))
