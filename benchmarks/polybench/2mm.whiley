// 2mm (PolyBench-ACC, linear-algebra/kernels): D = alpha A B C + beta D
// for n x n matrices, as two products: tmp = alpha A B, then D = beta D
// + tmp C, each entry summed in place as PolyBench writes it.
//   usage: 2mm [n]           (default 48; PolyBench's LARGE: 2048)
// Prints the checksum: the sum of the entries of D.
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
		sys.out.println("usage: 2mm [n]")
		return
	alpha = 32412.0
	beta = 2123.0
	a = matrix(n, n, 0, 0, n)
	b = matrix(n, n, 1, 0, n)
	c = matrix(n, n, 3, 0, n)
	d = matrix(n, n, 2, 0, n)
	tmp = matrix(n, n, 0, 0, 1)
	beginGPUBenchmarking()
	for i in 0..n:
		for j in 0..n:
			tmp[i][j] = 0.0
			for k in 0..n:
				tmp[i][j] = tmp[i][j] + alpha * a[i][k] * b[k][j]
	for i in 0..n:
		for j in 0..n:
			d[i][j] = d[i][j] * beta
			for k in 0..n:
				d[i][j] = d[i][j] + tmp[i][k] * c[k][j]
	endGPUBenchmarking()
	sys.out.println(total(d))
	printOutGPUBenchmarkResults()
