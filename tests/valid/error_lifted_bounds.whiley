// A check lifted out of two loops (lifted_checks) still fails where
// the program reads past its list: row 4 of a 4-row list, reached only
// in the last iteration of the row loop of the second work item.  The
// kernel's test before the row loop fails, the CPU reruns the loop and
// raises the error at the read.
// fallback: the read past the list fails the kernel's test; the CPU reports it
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

public [int] blockSums([[int]] m, [int] starts, int k, int w):
	out = zeros(|starts|)
	for i in 0..|starts|:
		s = 0
		for r in starts[i]..(starts[i] + k):
			for c in 1..(w + 1):
				s = s + m[r][c - 1]
		out[i] = s
	return out

public void ::main(System.Console sys):
	m = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
	sys.out.println(blockSums(m, [0, 1], 2, 3))
	sys.out.println(blockSums(m, [0, 3], 2, 3))
