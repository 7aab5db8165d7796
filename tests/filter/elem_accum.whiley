// Sums into one element (filter/scalarize.c): an inner loop that reads
// and writes a[f] (a[f][g]) at an index it never changes holds that
// element in a private scalar, loaded before it and stored after it, so
// that the loop around writes `a` once per iteration at its own index
// (a parallel loop) and the inner loop is a reduction.  A sum into one
// element across the OUTER loop stays on the CPU; an inner loop of zero
// trips leaves the element as it was, even at an index out of bounds.
// explain: elem_accum.whiley:25: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches
// explain: elem_accum.whiley:26: for j: GPU-explicit (sequential in kernel 1)
// explain: elem_accum.whiley:32: for j: GPU-implicit (kernel 2, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches
// explain: elem_accum.whiley:40: for i: CPU — writes 'y' at an index that does not follow the loop variable
// explain: elem_accum.whiley:40: for i: GPU-implicit (kernel 3, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: it writes tmp outside its inner loop
// explain: elem_accum.whiley:40: for i: GPU-implicit (kernel 3, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: it writes tmp outside its inner loop; reals as double on the device (float where it has no double)); the first part of the loop, distributed
// explain: elem_accum.whiley:42: for j: GPU-implicit (kernel 6, reduce 'tmp[i]' with +, 1-D
// explain: elem_accum.whiley:44: for j: GPU-implicit (kernel 4, 1-D
// explain: elem_accum.whiley:50: for i: CPU — writes 's' at an index that does not follow the loop variable
// explain: elem_accum.whiley:51: for j: GPU-implicit (kernel 8, reduce 's[0]' with +, 1-D
// explain: elem_accum.whiley:57: for i: GPU-implicit (kernel 9, 2-D (i, k), 1 list in, 1 out, 1 scalar; not flattened further: code around its inner loop branches
// explain: elem_accum.whiley:66: for i: CPU — writes 'c[1]' in every iteration (loop-carried)
// explain: elem_accum.whiley:74: for j: GPU-implicit (kernel 10, reduce 'a[k]' with +, 1-D
import * from whiley.lang.*

// a matrix-vector product without a first store: tmp[i] is a sum
public [real] mv([[real]] A, [real] x, [real] tmp, int n, int m):
	for i in 0..n:
		for j in 0..m:
			tmp[i] = tmp[i] + A[i][j] * x[j]
	return tmp

// the transposed product, j outer: y[j] a sum over i
public [real] mvt([[real]] A, [real] x, [real] y, int n, int m):
	for j in 0..m:
		for i in 0..n:
			y[j] = y[j] + A[i][j] * x[i]
	return y

// both, in one nest: tmp[i] a sum over j, then y[j] over i (carried):
// distributed (filter/distribute.c), the tmp part a kernel of its own
public [real] both([[real]] A, [real] x, [real] y, [real] tmp, int n):
	for i in 0..n:
		tmp[i] = 0.0
		for j in 0..n:
			tmp[i] = tmp[i] + A[i][j] * x[j]
		for j in 0..n:
			y[j] = y[j] + A[i][j] * tmp[i]
	return y + tmp

// one element summed across the outer loop: carried by i
public [int] total([[int]] A, [int] s, int n):
	for i in 0..n:
		for j in 0..n:
			s[0] = s[0] + A[i][j] * (i + 1)
	return s

// a[i][k], a product and a difference
public [[int]] rows([[int]] B, [int] x, int n):
	for i in 0..n:
		for k in 0..n:
			for j in 0..n:
				B[i][k] = B[i][k] * 2 - x[j]
	return B

// the element is read after its write in the same iteration: kept exact
public int after([int] c, int n):
	r = 0
	for i in 0..n:
		c[1] = c[1] + i
		r = r + c[1]
	return r + c[1]

// an inner loop of zero trips at an index out of bounds: no error
public [int] none([int] a, int k, int m):
	for i in 0..2:
		for j in 0..m:
			a[k] = a[k] + j
	return a

public void ::main(System.Console sys):
	A = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]
	x = [1.0, 0.5, 2.0]
	sys.out.println(mv(A, x, [0.0, 1.0, 2.0], 3, 3))
	sys.out.println(mv(A, x, [0.0, 1.0, 2.0], 3, 0))
	sys.out.println(mvt(A, x, [1.0, 1.0, 1.0], 3, 3))
	sys.out.println(both(A, x, [0.0, 0.0, 0.0], [5.0, 5.0, 5.0], 3))
	sys.out.println(total([[1, 2], [3, 4]], [10, 20], 2))
	sys.out.println(rows([[1, 2], [3, 4]], [1, 3], 2))
	sys.out.println(after([1, 2, 3], 4))
	sys.out.println(none([1, 2], 5, 0))
	sys.out.println(none([1, 2], 1, 3))
