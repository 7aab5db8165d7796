// fallback: the first part of the distributed loop divides by zero at i = 5, and the loop as written runs instead
// A distributed loop fails where the loop as written fails
// (filter/distribute.c): the first part divides by zero at i = 5, the
// rest indexes past q's end at i = 3, and iteration 3 comes first.  The
// first part runs only as a kernel: its failure sends the loop as
// written to the CPU, which reports the index at i = 3.
import * from whiley.lang.*

public [int] order([int] d, [int] q):
	z = d
	s = [0, 0, 0, 0, 0, 0, 0, 0, 0]
	for i in 0..|d|:
		z[i] = 100 / d[i]
		s[i + 1] = s[i] + q[i * 3]
	return s

public void ::main(System.Console sys):
	sys.out.println(order([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]))
	sys.out.println(order([1, 2, 3, 4, 5, 0, 7, 8], [1, 2, 3, 4, 5, 6, 7]))
