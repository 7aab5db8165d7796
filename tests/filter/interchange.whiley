// Loop interchange (filter/interchange.c): a nest whose outer loop
// carries a sum and whose inner loop does not is swapped when no
// dependence of direction (<, >) forbids it; the swapped outer loop is a
// kernel (scalarize holds each column's sum), the nest as written kept
// for when that kernel does not run.
// explain: interchange.whiley:19: for j: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged (run on the device only: else the nest as written runs)
// explain: interchange.whiley:18: for i: GPU-explicit (sequential in kernel 2)
// explain: interchange.whiley:18: for i: CPU — writes 's' at an index that does not follow the loop variable: s[j] written at line 20 in every iteration, distance 1 at loop i (the index does not use i); the nest as written, kept for when its interchanged version does not run on the device
// explain: interchange.whiley:26: for j: GPU-implicit (kernel 4, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged
// explain: interchange.whiley:33: for i: CPU — reads 'B' at another index than it writes: B[i][j] written at line 35, B[i - 1][j + 1] read at line 35, distance 1 at loop i
import * from whiley.lang.*

// the column sums of a row-major matrix
public [int] colsum([[int]] A, int m):
	s = []
	for j in 0..m:
		s = s + [0]
	for i in 0..|A|:
		for j in 0..m:
			s[j] = s[j] + A[i][j]
	return s

// a transposed product: y[j] gathers row i times x[i] over every i
public [int] transposed([[int]] A, [int] x, [int] y):
	for i in 0..|x|:
		for j in 0..|y|:
			y[j] = y[j] + A[i][j] * x[i]
	return y

// not swapped: row i reads row i - 1 one column to the right, a
// dependence of direction (<, >) that the swap would reverse
public [[int]] skewed([[int]] B, int n, int m):
	for i in 1..n:
		for j in 0..(m - 1):
			B[i][j] = (B[i - 1][j + 1] + i) % 97
	return B

public void ::main(System.Console sys):
	A = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
	sys.out.println(colsum(A, 4))
	sys.out.println(transposed(A, [2, -1, 3], [10, 20, 30, 40]))
	sys.out.println(skewed([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 3, 4))
