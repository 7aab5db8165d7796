// Runtime error: a requires clause fails through a function value.  A
// direct call's requires is checked at the call (the caller's line and
// column, as the 2013 compiler reports it); &half is a function value
// that checks it where the reference is taken, here line 12.
import * from whiley.lang.*

int half(int x) requires x % 2 == 0:
	return x / 2

public void ::main(System.Console sys):
	sys.out.println(half(4))
	f = &half
	sys.out.println(f(10))
	sys.out.println(f(7))
	sys.out.println("not reached")
