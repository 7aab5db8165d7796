// lu (PolyBench-ACC, linear-algebra/solvers): the LU decomposition of an
// n x n matrix in place, without pivoting.  PolyBench's entries (i j +
// 1) / n make a matrix of rank 2, whose exact pivots are 0 from the
// third on; n more on the diagonal makes every pivot positive.
//   usage: lu [n]            (default 32; PolyBench's LARGE: 4096)
// Prints the checksum: the sum of the entries of the factors, in place.
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
	n = 32
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: lu [n]")
		return
	a = matrix(n, n, 0, 1, n)
	for i in 0..n:
		a[i][i] = a[i][i] + ((real)n)
	beginGPUBenchmarking()
	for k in 0..n:
		for j in (k + 1)..n:
			a[k][j] = a[k][j] / a[k][k]
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				a[i][j] = a[i][j] - a[i][k] * a[k][j]
	endGPUBenchmarking()
	sys.out.println(total(a))
	printOutGPUBenchmarkResults()
