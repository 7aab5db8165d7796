// doitgen (PolyBench-ACC, linear-algebra/kernels): the multiresolution
// kernel A[r][q] = A[r][q] C4 for an n x n x n array A, through sum.
//   usage: doitgen [n]       (default 24; PolyBench's LARGE: 256)
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
	n = 24
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: doitgen [n]")
		return
	a = []
	for r in 0..n:
		a = a + [matrix(n, n, 0, 0, 1)]
	for r in 0..n:
		for q in 0..n:
			for p in 0..n:
				a[r][q][p] = ((real)(r * q + p)) / ((real)n)
	s = a
	c4 = matrix(n, n, 0, 0, n)
	beginGPUBenchmarking()
	for r in 0..n:
		for q in 0..n:
			for p in 0..n:
				s[r][q][p] = 0.0
				for t in 0..n:
					s[r][q][p] = s[r][q][p] + a[r][q][t] * c4[t][p]
			for p in 0..n:
				a[r][q][p] = s[r][q][p]
	endGPUBenchmarking()
	t = 0.0
	for r in 0..n:
		for q in 0..n:
			for p in 0..n:
				t = t + a[r][q][p]
	sys.out.println(t)
	printOutGPUBenchmarkResults()
