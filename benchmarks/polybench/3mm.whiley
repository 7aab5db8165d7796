// 3mm (PolyBench-ACC, linear-algebra/kernels): G = (A B) (C D) for n x n
// matrices, as three products E = A B, F = C D, G = E F, each entry
// summed in place as PolyBench writes it.
//   usage: 3mm [n]           (default 40; PolyBench's LARGE: 1024)
// Prints the checksum: the sum of the entries of G.
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
	n = 40
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: 3mm [n]")
		return
	a = matrix(n, n, 0, 0, n)
	b = matrix(n, n, 1, 0, n)
	c = matrix(n, n, 3, 0, n)
	d = matrix(n, n, 2, 0, n)
	e = matrix(n, n, 0, 0, 1)
	f = matrix(n, n, 0, 0, 1)
	g = matrix(n, n, 0, 0, 1)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			e[i][j] = 0.0
			for k in 0..n:
				e[i][j] = e[i][j] + a[i][k] * b[k][j]
	for i in 0..n:
		for j in 0..n:
			f[i][j] = 0.0
			for k in 0..n:
				f[i][j] = f[i][j] + c[i][k] * d[k][j]
	for i in 0..n:
		for j in 0..n:
			g[i][j] = 0.0
			for k in 0..n:
				g[i][j] = g[i][j] + e[i][k] * f[k][j]
	endGPUBenchmarking()
	sys.out.println(total(g))
	printOutGPUBenchmarkResults()
