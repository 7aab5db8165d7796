// Printing ints: zero, positive, negative, large, via println(any), via
// Any.toString and via string concatenation.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println(0)
	sys.out.println(7)
	sys.out.println(-7)
	sys.out.println(2147483647 + 1)
	sys.out.println(-9223372036854775807 - 2)
	sys.out.println(0x1F)
	sys.out.println(Any.toString(-12))
	sys.out.println("" + 1000000)
	sys.out.println([0, -1, 100])
	x = 5
	x = x - 10
	sys.out.println(x)
