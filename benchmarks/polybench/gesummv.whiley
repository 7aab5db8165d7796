// gesummv (PolyBench-ACC, linear-algebra/kernels): y = alpha A x + beta
// B x for n x n matrices A and B, both products summed in place.
//   usage: gesummv [n]       (default 128; PolyBench's LARGE: 8192)
// Prints the checksum: the sum of the entries of y.
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
		sys.out.println("usage: gesummv [n]")
		return
	alpha = 43532.0
	beta = 12313.0
	a = matrix(n, n, 0, 0, n)
	b = matrix(n, n, 0, 0, n)
	x = vector(n, 0, 1.0, n)
	y = vector(n, 0, 0.0, 1)
	tmp = vector(n, 0, 0.0, 1)
	beginGPUBenchmarking()
	for i in 0..n:
		tmp[i] = 0.0
		y[i] = 0.0
		for j in 0..n:
			tmp[i] = a[i][j] * x[j] + tmp[i]
			y[i] = b[i][j] * x[j] + y[i]
		y[i] = alpha * tmp[i] + beta * y[i]
	endGPUBenchmarking()
	sys.out.println(sum(y))
	printOutGPUBenchmarkResults()
