// flags: --gpu-real=exact
// fallback: the sums' loops read the columns of a jagged matrix
// Reductions whose copy that assumes its facts tests for overflow once,
// after the loop (c_backend/cgen_defer.c), under --real=double: sums
// that stay finite, a sum whose terms are large but whose total is
// finite, then a column whose sum is not: the loop runs again as
// written from its start and fails at the sum, in the iteration where
// it overflows.  Exactly, nothing overflows (NAME.sysout); the doubles
// (NAME.double.sysout, .double.stderr) are Python's.
import * from whiley.lang.*

public real dot([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] * b[i]
	return s

public real colsum([[real]] m, int j):
	s = 0.0
	for i in 0..|m|:
		s = s + m[i][j]
	return s

// 10^(10k)
public real big(int k):
	t = 1.0
	for i in 0..k:
		t = t * 10000000000.0
	return t

public void ::main(System.Console sys):
	x = big(30) * 100000000.0
	sys.out.println(dot([1.0, 2.0], [3.0, 4.0]))
	sys.out.println(colsum([[1.0, 2.0], [3.0, 4.5]], 1))
	sys.out.println((dot([x, 1.0, x], [1.0, 1.0, 0.5]) > big(30)))
	sys.out.println((colsum([[x], [-x], [x], [x], [1.0]], 0) > big(30)))
