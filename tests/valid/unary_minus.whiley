// Unary minus on ints, reals, variables, calls and parenthesised
// expressions; -x * y is (-x) * y.
import * from whiley.lang.*

public int neg(int x):
	return -x

public void ::main(System.Console sys):
	x = 3
	y = 4
	sys.out.println(-x)
	sys.out.println(-x * y)
	sys.out.println(-(x * y) + 1)
	sys.out.println(- -x)
	sys.out.println(-neg(5))
	sys.out.println(-(x - y))
	r = 2.5
	sys.out.println(-r)
	sys.out.println(-r * -2)
	sys.out.println(-1.25)
	sys.out.println(-0)
	sys.out.println([-1, -x, -(-2)])
	sys.out.println(10 - -3)
