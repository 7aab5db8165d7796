// A reduction into a scalar is a reduce kernel; a scalar whose last value
// is read after the loop is shared between iterations.
// explain: shared_scalar.whiley:11: for i: GPU-implicit (kernel 1, reduce 'sum' with +, 1-D
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
