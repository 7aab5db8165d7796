// convolution-3d (PolyBench-ACC, stencils): PolyBench-ACC's 3-D
// convolution of the interior of an n x n x n grid (its weights and
// offsets as it has them).
//   usage: convolution-3d [n]   (default 32; LARGE: 384)
// Prints the checksum: the sum of the entries of B.
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
		sys.out.println("usage: convolution-3d [n]")
		return
	a = []
	b = []
	for i in 0..n:
		a = a + [matrix(n, n, 0, 0, 1)]
		b = b + [matrix(n, n, 0, 0, 1)]
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				a[i][j][k] = (real)(i % 12 + 2 * (j % 7) + 3 * (k % 13))
				b[i][j][k] = 0.0
	c11 = 2.0
	c21 = 5.0
	c31 = -8.0
	c12 = -3.0
	c22 = 6.0
	c32 = -9.0
	c13 = 4.0
	c23 = 7.0
	c33 = 10.0
	beginGPUBenchmarking()
	for i in 1..(n - 1):
		for j in 1..(n - 1):
			for k in 1..(n - 1):
				b[i][j][k] = c11 * a[i - 1][j - 1][k - 1] + c13 * a[i + 1][j - 1][k - 1] + c21 * a[i - 1][j - 1][k - 1] + c23 * a[i + 1][j - 1][k - 1] + c31 * a[i - 1][j - 1][k - 1] + c33 * a[i + 1][j - 1][k - 1] + c12 * a[i][j - 1][k] + c22 * a[i][j][k] + c32 * a[i][j + 1][k] + c11 * a[i - 1][j - 1][k + 1] + c13 * a[i + 1][j - 1][k + 1] + c21 * a[i - 1][j][k + 1] + c23 * a[i + 1][j][k + 1] + c31 * a[i - 1][j + 1][k + 1] + c33 * a[i + 1][j + 1][k + 1]
	endGPUBenchmarking()
	t = 0.0
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				t = t + b[i][j][k]
	sys.out.println(t)
	printOutGPUBenchmarkResults()
