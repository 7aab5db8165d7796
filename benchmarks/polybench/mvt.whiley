// mvt (PolyBench-ACC, linear-algebra/kernels): x1 = x1 + A y1 and x2 =
// x2 + A^T y2 for an n x n matrix A, each entry summed in place.
//   usage: mvt [n]           (default 128; PolyBench's LARGE: 8192)
// Prints the checksum: the sum of the entries of x1 and of x2.
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
		sys.out.println("usage: mvt [n]")
		return
	a = matrix(n, n, 0, 0, n)
	x1 = vector(n, 0, 1.0, n)
	x2 = vector(n, 1, 1.0, n)
	y1 = vector(n, 3, 1.0, n)
	y2 = vector(n, 4, 1.0, n)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			x1[i] = x1[i] + a[i][j] * y1[j]
	for i in 0..n:
		for j in 0..n:
			x2[i] = x2[i] + a[j][i] * y2[j]
	endGPUBenchmarking()
	sys.out.println(sum(x1) + sum(x2))
	printOutGPUBenchmarkResults()
