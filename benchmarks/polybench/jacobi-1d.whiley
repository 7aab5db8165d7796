// jacobi-1d (PolyBench-ACC, stencils/jacobi-1d-imper): steps sweeps of
// the 3-point average over the interior of n points, into B, then copied
// back into A.
//   usage: jacobi-1d [n [steps]]   (default 256 20; LARGE: 8192 10000)
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
	n = 256
	steps = 20
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			steps = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: jacobi-1d [n [steps]]")
		return
	a = vector(n, 0, 4.0, n)
	b = vector(n, 0, 7.0, n)
	for i in 0..n:
		a[i] = a[i] + 10.0 / ((real)n)
		b[i] = b[i] + 11.0 / ((real)n)
	beginGPUBenchmarking()
	for t in 0..steps:
		for i in 1..(n - 1):
			b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1])
		for j in 1..(n - 1):
			a[j] = b[j]
	endGPUBenchmarking()
	sys.out.println(sum(a))
	printOutGPUBenchmarkResults()
