// A division by zero behind a condition in a kernel: no check moves
// out of the branch; the work item that divides by zero fails, and the
// CPU's rerun raises the error at its line.
import * from whiley.lang.*

public [int] ratios([int] xs):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		r = 0
		if xs[i] > 5:
			r = 100 / (xs[i] - 7)
		out[i] = r
	return out

public void ::main(System.Console sys):
	sys.out.println(ratios([1, 6, 8, 9, 2, 3]))
	sys.out.println(ratios([9, 7, 1]))
