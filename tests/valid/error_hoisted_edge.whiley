// An index one past the end of a list, in a loop inside a kernel: the
// check tested once before that loop fails, the device's results are
// discarded and the CPU reruns the loop, which raises the exact error.
import * from whiley.lang.*

public [int] sums([int] xs, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for j in 0..(|xs| + 1):
			s = s + xs[j]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(sums([1, 2, 3], 0))
	sys.out.println(sums([1, 2, 3], 5))
