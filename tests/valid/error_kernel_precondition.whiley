// Runtime error inside an offloaded loop over a list: an element breaks
// a callee's requires clause on the device; the loop then runs on the
// CPU, which reports the error exactly as --target=c does.
import * from whiley.lang.*

int square(int x) requires x < 3000:
	return x * x

public int checkAll([int] xs, int limit):
	for x in xs:
		assert square(x) < limit
	return |xs|

public void ::main(System.Console sys):
	sys.out.println(checkAll([1, 2, 3], 100))
	sys.out.println(checkAll([1, 5000, 2], 100000000))
	sys.out.println("not reached")
