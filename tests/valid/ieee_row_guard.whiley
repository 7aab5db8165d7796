// flags: --gpu-real=exact
// fallback: the jagged matrices have no device copy
// Rows read at the loop's variable where no loop around keeps the list
// (c_backend/cgen_rows.c): under --real=double each iteration's guard
// takes the row's array, or hands the iteration to the loop as written.
// A column and a diagonal summed, the partial sums printed; the third
// call's third row is short: the two sums before it print, then the
// read fails at its place.  Values exact in binary: both modes print
// the same.
import * from whiley.lang.*

public real ::column([[real]] m, int c, System.Console sys):
	s = 0.0
	for i in 0..|m|:
		s = s + m[i][c] * 2.0
		sys.out.println(s)
	return s

public real diagonal([[real]] m):
	s = 0.0
	for i in 0..|m|:
		s = s + m[i][i]
	return s

public void ::main(System.Console sys):
	m = [[1.0, 2.0, 0.5], [3.0, 4.0, 0.25], [5.0, 6.5, 8.0]]
	sys.out.println(column(m, 1, sys))
	sys.out.println(diagonal(m))
	sys.out.println(diagonal([[1.5], [2.0, 0.75]]))
	sys.out.println(column([[1.0, 2.0], [3.0, 4.0], [5.0], [7.0, 8.0]], 1, sys))
