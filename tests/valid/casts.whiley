// Casts: (real)x, ([real])(0..10), (char)98, (real) x / y binding tighter
// than /, ([int]) of a string, and int -> char of a computed value.
import * from whiley.lang.*

public void ::main(System.Console sys):
	x = 7
	y = 2
	sys.out.println((real) x)
	sys.out.println((real) x / y)
	sys.out.println((real)(x / y))
	sys.out.println(([real])(0..5))
	rs = ([real])(0..10)
	rs[3] = 0.5
	sys.out.println(rs)
	b = (char) 98
	sys.out.println(b)
	sys.out.println("" + b)
	n = 97 + 25
	c = (char) n
	sys.out.println(c)
	sys.out.println(([int]) "AZ")
	sys.out.println((int) 'A')
	sys.out.println((real) 'a')
	sys.out.println(b - 'a')
