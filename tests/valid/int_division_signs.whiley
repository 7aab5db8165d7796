// Integer / truncates toward zero and % takes the sign of the dividend, for
// every sign combination; a == (a / b) * b + a % b always holds.
import * from whiley.lang.*

public void ::main(System.Console sys):
	pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (10, 4), (-10, 4), (10, -4), (-10, -4), (0, 3), (3, 7), (-3, 7), (6, 3), (-6, 3)]
	for p in pairs:
		a, b = p
		q = a / b
		r = a % b
		sys.out.println(a + " / " + b + " = " + q + ", " + a + " % " + b + " = " + r)
		assert a == q * b + r
	sys.out.println(-7 / 2 * 2)
	sys.out.println(-(7 / 2))
	sys.out.println(100 / 7 / 2)
	sys.out.println(100 % 7 % 3)
	x = 5
	y = -x
	sys.out.println(y / 2 + y % 2)
