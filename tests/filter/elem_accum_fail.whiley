// A sum into one element whose index is out of bounds (filter/
// scalarize.c keeps the checks of the element's accesses in the inner
// loop): the error is the same, at the same line, as without the
// rewrite.  Before it, the same sum in bounds, and one whose inner loop
// runs no iteration at an index out of bounds (no error).
// explain: elem_accum_fail.whiley:11: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches
// explain: elem_accum_fail.whiley:12: for j: GPU-explicit (sequential in kernel 1)
import * from whiley.lang.*

public [int] sums([[int]] A, [int] s, int n, int m):
	for i in 0..n:
		for j in 0..m:
			s[i] = s[i] + A[i][j] * 2
	return s

public void ::main(System.Console sys):
	A = [[1, 2], [3, 4], [5, 6]]
	sys.out.println(sums(A, [10, 20, 30], 3, 2))
	sys.out.println(sums(A, [10], 3, 0))
	sys.out.println(sums(A, [10], 3, 2))
