// LU-shaped elimination (filter/affine.c, deptest.c): the k loop is
// sequential (iteration k + 1 reads the rows iteration k writes), while
// the loops inside it are parallel: the j loop writes row k right of
// column k and reads A[k][k], which it never writes (j >= k + 1); the
// i loop writes rows below k and reads row k and column k, which no
// iteration of it writes (i >= k + 1 > k, j >= k + 1 > k); n = 6, a
// constant, makes every range run upwards (k <= 5, so k + 1 <= n).
// explain: affine_lu.whiley:19: for k: CPU — writes 'A' at different indices in one iteration: A[k][j] written at line 21, A[i][j] written at line 24, unknown distance
// explain: affine_lu.whiley:20: for j: GPU-implicit (kernel 1, 1-D
// explain: affine_lu.whiley:22: for i: GPU-implicit (kernel 2,
// explain: affine_lu.whiley:23: for j: GPU-implicit-inner
// explain: affine_lu.whiley:35: for i: GPU-implicit (kernel 3, 2-D (i, j), 0 lists in, 1 out, 3 scalars; taken as ascending, as its dependence test needs (a descending run stays on the CPU): the ranges of i, j)
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 6
	A = [[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8], [9, 7, 9, 3, 2, 3], [8, 4, 6, 2, 6, 4], [3, 3, 8, 3, 2, 7], [9, 5, 0, 2, 8, 8]]
	A[0][0] = 7
	for k in 0..n:
		for j in (k + 1)..n:
			A[k][j] = A[k][j] * A[k][k] % 97
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				A[i][j] = (A[i][j] - A[i][k] * A[k][j]) % 97
	sys.out.println(A)
	sys.out.println(luN(A, 3))
	sys.out.println(luLen(A))

// with n a parameter, k + 1..n may run downwards (n <= k, as when n is
// negative and k runs 0 down to n + 1), and then row k lies in the
// range of i: the kernel is compiled for ascending ranges of i and j,
// and a descending call keeps the loop on the CPU
public [[int]] luN([[int]] B, int n):
	for k in 0..n:
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				B[i][j] = (B[i][j] - B[i][k] * B[k][j]) % 97
	return B

// n = |B|, a length, is never negative: k in 0..n runs upwards, and so
// do (k + 1)..n
public [[int]] luLen([[int]] B):
	n = |B|
	for k in 0..n:
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				B[i][j] = (B[i][j] - B[i][k] * B[k][j]) % 97
	return B
// explain: affine_lu.whiley:45: for i: GPU-implicit (kernel 4,
