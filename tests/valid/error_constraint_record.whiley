// Runtime error: a record type's own `where` (its fields bound by name)
// is broken by a returned value.
import * from whiley.lang.*

define Range as {int lo, int hi} where lo <= hi

Range make(int a, int b):
	return {lo: a, hi: b}

public void ::main(System.Console sys):
	sys.out.println(make(1, 2))
	sys.out.println(make(2, 1))
	sys.out.println("not reached")
