// fdtd-2d (PolyBench-ACC, stencils): tmax steps of the 2-D finite
// difference time domain kernel on n x n fields ex, ey and hz.
//   usage: fdtd-2d [n [tmax]]   (default 64 10; LARGE: 4096 500)
// Prints the checksum: the sum of the entries of hz.
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
	tmax = 10
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			tmax = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: fdtd-2d [n [tmax]]")
		return
	fict = vector(tmax, 0, 1.0, 1)
	ex = matrix(n, n, 1, 1, n)
	ey = matrix(n, n, 0, 0, 1)
	hz = matrix(n, n, 0, 0, 1)
	for i in 0..n:
		for j in 0..n:
			ey[i][j] = ((real)((i - 1) * (j + 2) + 2)) / ((real)n)
			hz[i][j] = ((real)((i - 9) * (j + 4) + 3)) / ((real)n)
	beginGPUBenchmarking()
	for t in 0..tmax:
		for j in 0..n:
			ey[0][j] = fict[t]
		for i in 1..n:
			for j in 0..n:
				ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j])
		for i in 0..n:
			for j in 1..n:
				ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1])
		for i in 0..(n - 1):
			for j in 0..(n - 1):
				hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j])
	endGPUBenchmarking()
	sys.out.println(total(hz))
	printOutGPUBenchmarkResults()
