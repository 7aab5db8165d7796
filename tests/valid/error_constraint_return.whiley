// Runtime error: a return value breaks the function's constrained return
// type (no `ensures`), checked at the `return`.
import * from whiley.lang.*

define nat as int where $ >= 0

nat diff(int a, int b):
	return a - b

public void ::main(System.Console sys):
	sys.out.println(diff(5, 3))
	sys.out.println(diff(3, 5))
	sys.out.println("not reached")
