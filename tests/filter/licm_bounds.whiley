// Loop-invariant code motion of inner range ends (filter/licm.c): an
// end computed in the body of the loop around it from values that loop
// never changes moves before the nest, so `1..(n - 1)` flattens like
// `1..m`, in two and three dimensions.  A division moves guarded by its
// divisor's test, its check left where it was: a loop of zero trips
// divides by zero nowhere.  A loop that carries a sum keeps its inner
// ends where they are.
// explain: licm_bounds.whiley:18: for i: GPU-implicit (kernel 1, 2-D (i, j), 1 list in, 1 out (1 write-only), 1 scalar)
// explain: licm_bounds.whiley:19: for j: GPU-implicit-inner (flattened into kernel 1)
// explain: licm_bounds.whiley:24: for i: GPU-implicit (kernel 2, 3-D (i, j, k)
// explain: licm_bounds.whiley:32: for i: GPU-implicit (kernel 3, 2-D (i, j)
// explain: licm_bounds.whiley:40: for i: GPU-implicit (kernel 4, reduce 's' with +, 1-D, 1 list in, 0 out, 1 scalar; not flattened further: its inner loop's bounds are computed inside the nest
// wyil: ifeq %
import * from whiley.lang.*

public [[int]] stencil([[int]] A, int n):
	B = A
	for i in 1..(n - 1):
		for j in 1..(n - 1):
			B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]
	return B

public [[[int]]] cube([[[int]]] c, int n):
	for i in 0..(n - 1):
		for j in 0..(n - 1):
			for k in 0..(n - 1):
				c[i][j][k] = i * 100 + j * 10 + k
	return c

// the inner end a quotient: d may be 0 when n is 0
public [[int]] parts([[int]] A, int n, int m, int d):
	for i in 0..n:
		for j in 0..(m / d):
			A[i][j] = A[i][j] + i + j
	return A

// the inner loop sums: its ends stay in the loop around it
public int sums([[int]] A, int n):
	s = 0
	for i in 0..n:
		for j in 0..(n - 1):
			s = s + A[i][j]
	return s

public void ::main(System.Console sys):
	sys.out.println(stencil([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 3))
	sys.out.println(stencil([[1, 2], [3, 4]], 2))
	sys.out.println(cube([[[0, 0], [0, 0]], [[0, 0], [0, 0]]], 3))
	sys.out.println(parts([[1, 2, 3], [4, 5, 6]], 2, 6, 2))
	sys.out.println(parts([[1]], 0, 5, 0))
	sys.out.println(sums([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 3))
