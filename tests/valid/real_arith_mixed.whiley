// Real arithmetic mixing ints and reals: int op real is real, int / int stays
// integer division even when the result ends up in a real.
import * from whiley.lang.*

public real average([int] xs):
	sum = 0
	for x in xs:
		sum = sum + x
	return sum / (real) |xs|

public real scaled(int x, int size):
	return x * 2.0 / size

public real intDivThenWiden(int a, int b):
	return a / b

public void ::main(System.Console sys):
	sys.out.println(3 + 0.5)
	sys.out.println(7 / 2.0)
	sys.out.println(7 / 2)
	sys.out.println(1.0 / 3)
	sys.out.println(2 * 0.25)
	sys.out.println(0.1 + 0.2)
	sys.out.println(average([1, 2, 3, 4]))
	sys.out.println(scaled(3, 4))
	sys.out.println(intDivThenWiden(7, 2))
	a = 5
	b = 3
	sys.out.println((real)(a * a + b * b) / (2.0 * b * b))
	sigma = 25 / 12
	sys.out.println(sigma * 1.0)
	x = 1.5
	x = x * x - 2
	sys.out.println(x)
	sys.out.println((x < 1))
	sys.out.println(10.0 - 10)
