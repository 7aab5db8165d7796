// Register blocking at the edge of a block: each work item runs 4
// iterations of i, and only the last one (i = n - 1, the second copy of
// the second item when n = 6) reads past the end of xs.  The kernel
// flags it, nothing it wrote is kept, and the CPU loop reports the error
// at its line.  Before it, the same loop within bounds.
// explain: jam_edge_fail.whiley:12: kernel wyk_1: each work item runs 4 iterations of i, their inner loops jammed into one
// flags: --jam=4
import * from whiley.lang.*

public [int] next([int] xs, int n):
	out = xs
	for i in 0..n:
		s = 0
		for j in 0..|xs|:
			s = s + xs[j] * xs[i + 1]
		out[i] = s
	return out

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9]
	sys.out.println(next(xs, 5))
	sys.out.println(next(xs, 6))
	sys.out.println("not reached")
