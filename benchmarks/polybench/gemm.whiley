// gemm (PolyBench-ACC, linear-algebra/kernels): C = alpha A B + beta C
// for n x n matrices, written as PolyBench writes it: each entry of C
// scaled, then the products summed into it.
//   usage: gemm [n]          (default 64; PolyBench's LARGE: 1024)
// Prints the checksum: the sum of the entries of C.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// an n x m matrix with entry (i, j) = i * (j + s) / d
public [[real]] matrix(int n, int m, int s, int d):
	rows = []
	for i in 0..n:
		row = []
		for j in 0..m:
			row = row + [((real)(i * (j + s))) / ((real)d)]
		rows = rows + [row]
	return rows

public real total([[real]] m):
	t = 0.0
	for row in m:
		for x in row:
			t = t + x
	return t

public void ::main(System.Console sys):
	n = 64
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: gemm [n]")
		return
	alpha = 32412.0
	beta = 2123.0
	a = matrix(n, n, 0, n)
	b = matrix(n, n, 0, n)
	c = matrix(n, n, 0, n)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			c[i][j] = c[i][j] * beta
			for k in 0..n:
				c[i][j] = c[i][j] + alpha * a[i][k] * b[k][j]
	endGPUBenchmarking()
	sys.out.println(total(c))
	printOutGPUBenchmarkResults()
