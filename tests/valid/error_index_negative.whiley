// Runtime error: reading xs[i] with i < 0 fails after the first line is
// printed.
import * from whiley.lang.*

public int at([int] xs, int i):
	return xs[i]

public void ::main(System.Console sys):
	xs = [1, 2, 3]
	sys.out.println(at(xs, 0))
	sys.out.println(at(xs, 1 - 2))
	sys.out.println("not reached")
