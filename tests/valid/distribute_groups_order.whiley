// fallback: the first group's loop divides by zero at i = 2, and the loop as written runs instead
// A nest distributed by groups (filter/distribute_groups.c) fails where
// the nest as written fails: the group of q (a row's own sum, run first,
// as a kernel) divides by zero at i = 2; the group of s indexes past r's
// end at i = 1, which comes first.  The first group runs only as a
// kernel: its failure sends the nest as written to the CPU, which
// reports r[i] at i = 1.
import * from whiley.lang.*

public [int] both([[int]] a, [int] r, [int] d):
	n = |a|
	s = [0, 0, 0, 0, 0, 0]
	q = [0, 0, 0, 0, 0, 0]
	for i in 0..n:
		for j in 0..n:
			s[j] = s[j] + r[i] * a[i][j]
			q[i] = q[i] + a[i][j] / d[i]
	return s + q

public void ::main(System.Console sys):
	a = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23, 24], [25, 26, 27, 28, 29, 30], [31, 32, 33, 34, 35, 36]]
	sys.out.println(both(a, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]))
	sys.out.println(both(a, [1], [1, 2, 0, 4, 5, 6]))
