// Loops over reals that stay on the CPU, built with --real=double (or
// float) --target=c, against the same loops in C (realloop.c; run by
// realloop.sh).  Three shapes, each timed as one region: a dot product
// of two lists of n*n reals, an LU decomposition of an n x n matrix
// (PolyBench's, as written: a row scaled by its pivot, then the updates
// A[i][j] - A[i][k] * A[k][j]), and the means and deviations of its
// columns (a square root per column); the dot product runs 20 times
// per rep, the column statistics 4 times.  Each prints its checksum.
//   usage: realloop [n reps]      (default 400 5)
import * from whiley.lang.*
import * from whiley.gpgpu.*

public real dot([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] * b[i]
	return s

public [[real]] lu([[real]] A, int n):
	for k in 0..n:
		for j in (k + 1)..n:
			A[k][j] = A[k][j] / A[k][k]
		for i in (k + 1)..n:
			for j in (k + 1)..n:
				A[i][j] = A[i][j] - A[i][k] * A[k][j]
	return A

public real colstats([[real]] data, int n, int m):
	mean = []
	for j in 0..m:
		s = 0.0
		for i in 0..n:
			s = s + data[i][j]
		mean = mean + [s / n]
	total = 0.0
	for j in 0..m:
		v = 0.0
		for i in 0..n:
			d = data[i][j] - mean[j]
			v = v + d * d
		sd = Math.sqrt(v / n, Math.ERROR)
		if sd <= 0.1:
			sd = 1.0
		total = total + mean[j] / sd
	return total

public void ::main(System.Console sys):
	n = 400
	reps = 5
	try:
		if |sys.args| > 1:
			n = Int.parse(sys.args[0])
			reps = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: realloop [n reps]")
		return
	a = []
	b = []
	for i in 0..(n * n):
		a = a + [((real) (i % 7)) / 8.0]
		b = b + [((real) (i % 5)) / 4.0]
	m = []
	for i in 0..n:
		row = []
		for j in 0..n:
			x = ((real) ((i * 7 + j * 3) % 11)) / 16.0
			if i == j:
				x = x + n
			row = row + [x]
		m = m + [row]
	beginGPUBenchmarking()
	t = 0.0
	for r in 0..(20 * reps):
		t = t + dot(a, b)
	endGPUBenchmarking()
	sys.out.println(t)
	beginGPUBenchmarking()
	c = m
	for r in 0..reps:
		c = lu(m, n)
	endGPUBenchmarking()
	sys.out.println(c[n - 1][n - 1])
	beginGPUBenchmarking()
	t = 0.0
	for r in 0..(4 * reps):
		t = t + colstats(m, n, n)
	endGPUBenchmarking()
	sys.out.println(t)
	printOutGPUBenchmarkResults()
