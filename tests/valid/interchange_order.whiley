// fallback: the interchanged nest divides by zero in its first column, and the nest as written runs instead
// An interchanged nest fails where the nest as written fails
// (filter/interchange.c): row 1 is one element short, so (i, j) = (1, 3)
// indexes past its end, and d[2] = 0 divides by zero at (2, 0).  Row by
// row, (1, 3) comes first; column by column, (2, 0) would.  The swapped
// nest runs only as a kernel, whose failure sends the nest as written to
// the CPU, which reports the index.
import * from whiley.lang.*

public [int] sums([[int]] A, [int] d, int m):
	s = [0, 0, 0, 0]
	for i in 0..|d|:
		for j in 0..m:
			s[j] = s[j] + A[i][j] / d[i]
	return s

public void ::main(System.Console sys):
	sys.out.println(sums([[4, 8, 12, 16], [2, 4, 6, 8]], [2, 1], 4))
	sys.out.println(sums([[4, 8, 12, 16], [2, 4, 6], [1, 1, 1, 1]], [2, 1, 0], 4))
