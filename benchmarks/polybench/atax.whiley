// atax (PolyBench-ACC, linear-algebra/kernels): y = A^T (A x) for an
// n x n matrix A, as PolyBench writes it: per row i, tmp[i] summed in
// place, then added into every y[j].
//   usage: atax [n]          (default 128; PolyBench's LARGE: 8192)
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
		sys.out.println("usage: atax [n]")
		return
	a = matrix(n, n, 0, 0, n)
	x = vector(n, 0, Math.PI, 1)
	y = vector(n, 0, 0.0, 1)
	tmp = vector(n, 0, 0.0, 1)
	beginGPUBenchmarking()
	for i in 0..n:
		y[i] = 0.0
	for i in 0..n:
		tmp[i] = 0.0
		for j in 0..n:
			tmp[i] = tmp[i] + a[i][j] * x[j]
		for j in 0..n:
			y[j] = y[j] + a[i][j] * tmp[i]
	endGPUBenchmarking()
	sys.out.println(sum(y))
	printOutGPUBenchmarkResults()
