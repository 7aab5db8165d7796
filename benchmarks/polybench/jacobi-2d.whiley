// jacobi-2d (PolyBench-ACC, stencils/jacobi-2d-imper): steps sweeps of
// the 5-point average over the interior of an n x n grid, into B, then
// copied back into A.
//   usage: jacobi-2d [n [steps]]   (default 64 10; LARGE: 2048 20)
// Prints the checksum: the sum of the entries of A.
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
	n = 64
	steps = 10
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			steps = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: jacobi-2d [n [steps]]")
		return
	a = matrix(n, n, 2, 10, n)
	b = matrix(n, n, 0, 0, 1)
	for i in 0..n:
		for j in 0..n:
			b[i][j] = ((real)((i - 4) * (j - 1) + 11)) / ((real)n)
	beginGPUBenchmarking()
	for t in 0..steps:
		for i in 1..(n - 1):
			for j in 1..(n - 1):
				b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j])
		for i in 1..(n - 1):
			for j in 1..(n - 1):
				a[i][j] = b[i][j]
	endGPUBenchmarking()
	sys.out.println(total(a))
	printOutGPUBenchmarkResults()
