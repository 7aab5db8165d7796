// An index one before the start of a list (xs[j - 1] at j = 0), in a
// loop inside a kernel whose check is tested once before that loop: the
// exact error, from the CPU's rerun.
import * from whiley.lang.*

public [int] sums([int] xs, int n, int lo):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for j in lo..|xs|:
			s = s + xs[j - 1] * i
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(sums([1, 2, 3], 4, 1))
	sys.out.println(sums([1, 2, 3], 4, 0))
