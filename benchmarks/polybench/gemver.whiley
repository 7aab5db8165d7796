// gemver (PolyBench-ACC, linear-algebra/kernels): A = A + u1 v1^T + u2
// v2^T, x = x + beta A^T y + z, w = w + alpha A x, for an n x n matrix,
// each product summed in place.  PolyBench's (i + 1) / N / 2.0 divides
// ints first (0 below the last i); here the division is of reals.
//   usage: gemver [n]        (default 128; PolyBench's LARGE: 8192)
// Prints the checksum: the sum of the entries of w and of x.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// an n x m matrix with entry (i, j) = (i * (j + s) + c) / d
public [[real]] matrix(int n, int m, int s, int c, int d):
	rows = []
	for i in 0..n:
		row = []
		for j in 0..m:
			row = row + [((real)(i * (j + s) + c)) / ((real)d)]
		rows = rows + [row]
	return rows

// n entries, entry i = (i + s) * f / d
public [real] vector(int n, int s, real f, int d):
	v = []
	for i in 0..n:
		v = v + [((real)(i + s)) * f / ((real)d)]
	return v

public real total([[real]] m):
	t = 0.0
	for row in m:
		for x in row:
			t = t + x
	return t

public real sum([real] v):
	t = 0.0
	for x in v:
		t = t + x
	return t

public void ::main(System.Console sys):
	n = 128
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: gemver [n]")
		return
	alpha = 43532.0
	beta = 12313.0
	a = matrix(n, n, 0, 0, n)
	u1 = vector(n, 0, 1.0, 1)
	u2 = vector(n, 1, 0.5, n)
	v1 = vector(n, 1, 0.25, n)
	v2 = vector(n, 1, 1.0 / 6.0, n)
	y = vector(n, 1, 0.125, n)
	z = vector(n, 1, 1.0 / 9.0, n)
	x = vector(n, 0, 0.0, 1)
	w = vector(n, 0, 0.0, 1)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			a[i][j] = a[i][j] + u1[i] * v1[j] + u2[i] * v2[j]
	for i in 0..n:
		for j in 0..n:
			x[i] = x[i] + beta * a[j][i] * y[j]
	for i in 0..n:
		x[i] = x[i] + z[i]
	for i in 0..n:
		for j in 0..n:
			w[i] = w[i] + alpha * a[i][j] * x[j]
	endGPUBenchmarking()
	sys.out.println(sum(w) + sum(x))
	printOutGPUBenchmarkResults()
