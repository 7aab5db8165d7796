// A reduction into a scalar, and a scalar whose last value is read after
// the loop, are shared between iterations.
// explain: shared_scalar.whiley:11: for i: CPU — writes 'sum' in every iteration (loop-carried)
// explain: shared_scalar.whiley:13: for k: CPU — writes 'last', which is read after the loop
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9, 2, 6]
	sum = 0
	last = 0
	for i in 0..|xs|:
		sum = sum + xs[i]
	for k in 0..|xs|:
		last = xs[k] * 2
	sys.out.println(sum)
	sys.out.println(last)
