// Checks of an inner loop's indices lifted out of the loop around it
// too (opencl_backend/oclgen_hoist.c, ocl_lift_target): m[r] with r the
// outer loop's variable is tested at the ends of r's range, m[r][c - 1]
// at the ends of c's, once before the r loop, and only where both
// ranges are non-empty.  Rows past the list with an empty column range,
// or an empty row range, read nothing and must not fail (this test
// allows no fallback to the CPU); error_lifted_bounds has the failing
// reads.
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

// the sum of rows starts[i] .. starts[i] + k - 1, columns 0 .. w - 1
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
	sys.out.println(blockSums(m, [0, 1, 2], 2, 3))
	sys.out.println(blockSums(m, [0, 2], 2, 1))
	// rows 5 and 6 do not exist, but no column is read
	sys.out.println(blockSums(m, [0, 5], 2, 0))
	// no row at all
	sys.out.println(blockSums(m, [7, 9], 0, 3))
