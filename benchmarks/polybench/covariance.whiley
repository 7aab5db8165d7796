// covariance (PolyBench-ACC, datamining): the m x m covariance matrix of
// the columns of an n x m data matrix: column means, the centred data,
// then the upper triangle of products, mirrored.
//   usage: covariance [n]    (default 48, m = n; LARGE: 4096)
// Prints the checksum: the sum of the entries of the covariance matrix.
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
		sys.out.println("usage: covariance [n]")
		return
	m = n
	floatn = 3214212.01
	data = matrix(n, m, 0, 0, m)
	mean = vector(m, 0, 0.0, 1)
	symmat = matrix(m, m, 0, 0, 1)
	beginGPUBenchmarking()
	for j in 0..m:
		mean[j] = 0.0
		for i in 0..n:
			mean[j] = mean[j] + data[i][j]
		mean[j] = mean[j] / floatn
	for i in 0..n:
		for j in 0..m:
			data[i][j] = data[i][j] - mean[j]
	for j1 in 0..m:
		for j2 in j1..m:
			symmat[j1][j2] = 0.0
			for i in 0..n:
				symmat[j1][j2] = symmat[j1][j2] + data[i][j1] * data[i][j2]
			symmat[j2][j1] = symmat[j1][j2]
	endGPUBenchmarking()
	sys.out.println(total(symmat))
	printOutGPUBenchmarkResults()
