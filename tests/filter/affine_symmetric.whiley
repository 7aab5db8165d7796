// A copy over a triangle, S[j2][j1] = S[j1][j2] for j2 in j1..m: the
// element iteration j1 writes (row j2 >= j1, column j1) is one another
// iteration j1' reads only if j1' = j2 and j1 = j2' >= j1' >= j1, so
// j1' = j1 (coupled indices and a triangular bound, deptest.c).  Both
// halves written from one sum (a covariance's shape) likewise.  Over
// the whole square the copy reads what other iterations write.
// explain: affine_symmetric.whiley:20: for j1: GPU-implicit (kernel 1,
// explain: affine_symmetric.whiley:24: for j1: GPU-implicit (kernel 2,
// explain: affine_symmetric.whiley:32: for j1: CPU — reads 'T' at another index than it writes: T[j2][j1] written at line 34, T[j1][j2] read at line 34, unknown distance
// explain: affine_symmetric.whiley:33: for j2: GPU-implicit (kernel 3,
// explain: affine_symmetric.whiley:40: for j1: GPU-implicit (kernel 4,
import * from whiley.lang.*

public void ::main(System.Console sys):
	m = 5
	S = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15], [16, 17, 18, 19, 20], [21, 22, 23, 24, 25]]
	D = [[1, 0, 2, 1, 3], [2, 1, 0, 1, 1], [0, 3, 1, 2, 2]]
	C = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
	T = S
	for j1 in 0..m:
		for j2 in j1..m:
			S[j2][j1] = S[j1][j2]
	sys.out.println(S)
	for j1 in 0..m:
		for j2 in j1..m:
			s = 0
			for i in 0..|D|:
				s = s + D[i][j1] * D[i][j2]
			C[j1][j2] = s
			C[j2][j1] = s
	sys.out.println(C)
	for j1 in 0..m:
		for j2 in 0..m:
			T[j2][j1] = T[j1][j2] + 1
	sys.out.println(T)
	sys.out.println(copyUp(T, 4))

// the same over bounds that are parameters
public [[int]] copyUp([[int]] U, int m):
	for j1 in 0..m:
		for j2 in j1..m:
			U[j2][j1] = U[j1][j2]
	return U
