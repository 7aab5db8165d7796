// Runtime error inside an offloaded loop: the loop calls a function whose
// parameter is a constrained type (nat).  The kernel checks the
// constraint on the device; the first call passes there, the second sets
// the error flag, and the CPU rerun reports the exact error.
import * from whiley.lang.*

define nat as int where $ >= 0

int sq(nat x):
	return x * x

[int] shifted([int] xs, int by):
	rs = xs
	for i in 0..|xs|:
		rs[i] = sq(xs[i] - by)
	return rs

public void ::main(System.Console sys):
	sys.out.println(shifted([1, 2, 3, 4], 1))
	sys.out.println(shifted([3, 0, 5], 1))
	sys.out.println("not reached")
