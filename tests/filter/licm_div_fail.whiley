// An inner range end that divides by zero, moved before the nest
// (filter/licm.c) guarded by its divisor's test: the check stays in the
// loop, so the error is the language's, at the division, once the loop
// runs an iteration; before it, the same nest with a divisor that is not
// zero, and one whose outer loop runs no iteration.
// explain: licm_div_fail.whiley:10: for i: GPU-implicit (kernel 1, 2-D (i, j)
import * from whiley.lang.*

public [[int]] parts([[int]] A, int n, int m, int d):
	for i in 0..n:
		for j in 0..(m / d):
			A[i][j] = A[i][j] * 2 + j
	return A

public void ::main(System.Console sys):
	A = [[1, 2, 3], [4, 5, 6]]
	sys.out.println(parts(A, 2, 7, 3))
	sys.out.println(parts(A, 0, 7, 0))
	sys.out.println(parts(A, 2, 7, 0))
