// Runtime error: a user function's requires clause fails; the call is a
// call statement whose result is unused, so it must not be removed.
import * from whiley.lang.*

public int half(int x) requires x % 2 == 0:
	return x / 2

public void ::main(System.Console sys):
	sys.out.println(half(10))
	half(7)
	sys.out.println("not reached")
