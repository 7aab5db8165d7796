// syr2k (PolyBench-ACC, linear-algebra/kernels): C = alpha A B^T + alpha
// B A^T + beta C for n x n matrices, over all of C: C scaled, then both
// products summed into each entry.
//   usage: syr2k [n]         (default 48; PolyBench's LARGE: 2048)
// Prints the checksum: the sum of the entries of C.
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
	n = 48
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: syr2k [n]")
		return
	alpha = 32412.0
	beta = 2123.0
	a = matrix(n, n, 0, 0, n)
	b = matrix(n, n, 0, 0, n)
	c = matrix(n, n, 0, 0, n)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			c[i][j] = c[i][j] * beta
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				c[i][j] = c[i][j] + alpha * a[i][k] * b[j][k]
				c[i][j] = c[i][j] + alpha * b[i][k] * a[j][k]
	endGPUBenchmarking()
	sys.out.println(total(c))
	printOutGPUBenchmarkResults()
