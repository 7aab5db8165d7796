// A sum into one element across the outer loop (y[j] gathers column j
// over every i) is carried by the i loop, whose iterations all write
// y[j]; the j loop inside is parallel.  A triangular solve reads x[j]
// for j < i, which earlier iterations of i wrote: unknown distance.
// explain: affine_carried.whiley:15: for i: CPU — writes 'y' at an index that does not follow the loop variable: y[j] written at line 17 in every iteration, distance 1 at loop i (the index does not use i)
// explain: affine_carried.whiley:16: for j: GPU-implicit (kernel 1,
// explain: affine_carried.whiley:19: for i: CPU — reads 'x' at another index than it writes: x[i] written at line 21, x[j] read at line 21, unknown distance
// explain: affine_carried.whiley:20: for j: CPU — writes 'x' at an index that does not follow the loop variable: x[i] written at line 21 in every iteration, distance 1 at loop j (the index does not use j)
import * from whiley.lang.*

public void ::main(System.Console sys):
	A = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
	y = [0, 0, 0, 0]
	L = [[1, 0, 0, 0], [2, 1, 0, 0], [3, 1, 1, 0], [1, 2, 3, 1]]
	for i in 0..|A|:
		for j in 0..|y|:
			y[j] = y[j] + A[i][j]
	x = [5, 4, 3, 2]
	for i in 0..|x|:
		for j in 0..i:
			x[i] = x[i] - L[i][j] * x[j]
	sys.out.println(y)
	sys.out.println(x)
