// adi (PolyBench-ACC, stencils): steps of alternating direction implicit
// sweeps over an n x n grid: forward and backward along each row, then
// along each column, as PolyBench-ACC writes them (its N - 1 is n - 1).
// Its divisions make exact rationals of thousands of digits: the exact
// path (--target=c) takes about 14 s at n = 32 on a development machine.
//   usage: adi [n [steps]]   (default 32 1; PolyBench's LARGE: 2048 1)
// Prints the checksum: the sum of the entries of X.
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
	steps = 1
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			steps = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: adi [n [steps]]")
		return
	x = matrix(n, n, 1, 1, n)
	a = matrix(n, n, 0, 0, 1)
	b = matrix(n, n, 0, 0, 1)
	for i in 0..n:
		for j in 0..n:
			a[i][j] = ((real)((i - 1) * (j + 4) + 2)) / ((real)n)
			b[i][j] = ((real)((i + 3) * (j + 7) + 3)) / ((real)n)
	beginGPUBenchmarking()
	for t in 0..steps:
		for i1 in 0..n:
			for i2 in 1..n:
				x[i1][i2] = x[i1][i2] - x[i1][i2 - 1] * a[i1][i2] / b[i1][i2 - 1]
				b[i1][i2] = b[i1][i2] - a[i1][i2] * a[i1][i2] / b[i1][i2 - 1]
		for i1 in 0..n:
			x[i1][n - 1] = x[i1][n - 1] / b[i1][n - 1]
		for i1 in 0..n:
			for i2 in 0..(n - 2):
				x[i1][n - i2 - 2] = (x[i1][n - 2 - i2] - x[i1][n - 2 - i2 - 1] * a[i1][n - i2 - 3]) / b[i1][n - 3 - i2]
		for i1 in 1..n:
			for i2 in 0..n:
				x[i1][i2] = x[i1][i2] - x[i1 - 1][i2] * a[i1][i2] / b[i1 - 1][i2]
				b[i1][i2] = b[i1][i2] - a[i1][i2] * a[i1][i2] / b[i1 - 1][i2]
		for i2 in 0..n:
			x[n - 1][i2] = x[n - 1][i2] / b[n - 1][i2]
		for i1 in 0..(n - 2):
			for i2 in 0..n:
				x[n - 2 - i1][i2] = (x[n - 2 - i1][i2] - x[n - i1 - 3][i2] * a[n - 3 - i1][i2]) / b[n - 2 - i1][i2]
	endGPUBenchmarking()
	sys.out.println(total(x))
	printOutGPUBenchmarkResults()
