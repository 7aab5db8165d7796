// gramschmidt (PolyBench-ACC, linear-algebra/solvers): the QR
// decomposition of an n x n matrix by modified Gram-Schmidt, the norms
// through Math.sqrt.  PolyBench's entries i j / n make a matrix of rank
// 1 (a zero first column: a division by zero); 1 more on the diagonal
// makes its columns independent.
//   usage: gramschmidt [n]   (default 32; PolyBench's LARGE: 4096)
// Prints the checksum: the sum of the entries of R and of Q.
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
		sys.out.println("usage: gramschmidt [n]")
		return
	a = matrix(n, n, 0, 0, n)
	for i in 0..n:
		a[i][i] = a[i][i] + 1.0
	q = matrix(n, n, 1, 0, n)
	r = matrix(n, n, 2, 0, n)
	beginGPUBenchmarking()
	for k in 0..n:
		nrm = 0.0
		for i in 0..n:
			nrm = nrm + a[i][k] * a[i][k]
		r[k][k] = Math.sqrt(nrm, Math.ERROR)
		for i in 0..n:
			q[i][k] = a[i][k] / r[k][k]
		for j in (k + 1)..n:
			r[k][j] = 0.0
			for i in 0..n:
				r[k][j] = r[k][j] + q[i][k] * a[i][j]
			for i in 0..n:
				a[i][j] = a[i][j] - q[i][k] * r[k][j]
	endGPUBenchmarking()
	sys.out.println(total(r) + total(q))
	printOutGPUBenchmarkResults()
