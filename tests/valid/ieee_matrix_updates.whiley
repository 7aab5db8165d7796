// flags: --gpu-real=exact
// Updates of matrices of reals in loops, with --real=double's facts for
// indices the loop does not change and for the lengths of rows it keeps
// (c_backend/cgen_bounds.c), borrowed rows (cgen_borrow.c) and in-place
// stores (runtime/wyrt.h wy_list_put2): an elimination's updates, rows
// that are one list, a copy that must not change, a boxed tiny value in
// a row, and a ragged matrix whose short row fails at its end.  Values
// are exact in binary: both modes print the same.
import * from whiley.lang.*

public [[real]] eliminate([[real]] A, int n):
	for k in 0..n:
		for j in (k + 1)..n:
			A[k][j] = A[k][j] / A[k][k]
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				A[i][j] = A[i][j] - A[i][k] * A[k][j]
	return A

// row i scaled by f, column c added: i and c do not change in the loop
public [[real]] axpy([[real]] A, int i, int c, real f):
	for j in 0..|A[i]|:
		A[i][j] = A[i][j] * f + A[i][c]
	return A

public [[real]] ::ragged([[real]] A, int i, int n, System.Console sys):
	for j in 0..n:
		A[i][j] = A[i][j] + 1.0
		sys.out.println(A[i][j])
	return A

// 10^-10k: below 2^-126 from k = 4 on, a boxed double
public real tiny(int k):
	t = 1.0
	for i in 0..k:
		t = t / 10000000000.0
	return t

public void ::main(System.Console sys):
	A = [[4.0, 2.0, 1.0], [2.0, 5.0, 3.0], [1.0, 3.0, 6.0]]
	B = A
	sys.out.println(eliminate(A, 3))
	sys.out.println(B)
	r = [1.0, 2.0, 4.0]
	C = [r, r]
	sys.out.println(axpy(C, 0, 2, 0.5))
	sys.out.println(axpy(C, 1, 0, 2.0))
	sys.out.println(r)
	D = [[1.0, tiny(20)], [0.5, 0.25]]
	D = axpy(D, 0, 0, 2.0)
	sys.out.println(D[0][0])
	sys.out.println((D[0][1] - 2.0 < tiny(10)))
	sys.out.println(axpy(D, 1, 1, 4.0)[1])
	sys.out.println(ragged([[0.5, 1.5, 2.5], [1.0]], 0, 3, sys))
	sys.out.println(ragged([[0.5, 1.5, 2.5], [1.0, 2.0]], 1, 3, sys))
