// convolution-2d (PolyBench-ACC, stencils): a 3 x 3 convolution of the
// interior of an n x n grid.  PolyBench-ACC fills A with rand(); here
// entry (i, j) is ((i * 7 + j * 3) % 17) / 17, deterministic.
//   usage: convolution-2d [n]   (default 128; LARGE: 8192)
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
	n = 128
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: convolution-2d [n]")
		return
	a = matrix(n, n, 0, 0, 1)
	b = matrix(n, n, 0, 0, 1)
	for i in 0..n:
		for j in 0..n:
			a[i][j] = ((real)((i * 7 + j * 3) % 17)) / 17.0
			b[i][j] = 0.0
	c11 = 0.2
	c21 = 0.5
	c31 = -0.8
	c12 = -0.3
	c22 = 0.6
	c32 = -0.9
	c13 = 0.4
	c23 = 0.7
	c33 = 0.1
	beginGPUBenchmarking()
	for i in 1..(n - 1):
		for j in 1..(n - 1):
			b[i][j] = c11 * a[i - 1][j - 1] + c12 * a[i][j - 1] + c13 * a[i + 1][j - 1] + c21 * a[i - 1][j] + c22 * a[i][j] + c23 * a[i + 1][j] + c31 * a[i - 1][j + 1] + c32 * a[i][j + 1] + c33 * a[i + 1][j + 1]
	endGPUBenchmarking()
	sys.out.println(total(b))
	printOutGPUBenchmarkResults()
