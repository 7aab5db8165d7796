// Product of two n x n matrices of reals, C = A * B.  The entries of A
// and B are multiples of 1/4 below 4, so with n <= 2048 every partial
// sum is a multiple of 1/16 below 2^19: float arithmetic on the device
// is then exact, like the exact rationals of the CPU path.  Offloaded
// only with --gpu-real=float (or double).
//   usage: matrix_multiply [n]                 (default 300)
// Prints the checksum: the sum of the entries of C, each weighted by
// 1 + (3i + j) % 7 so that a misplaced entry changes it.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// An n x n matrix whose entries cycle through 0, 1/4, ..., 15/4 from
// 'start' on, row after row, stepping by 'step' sixteenths.
public [[real]] matrix(int n, int start, int step):
	k = start
	rows = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [((real)(k % 16)) / 4.0]
			k = k + step
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	n = 300
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: matrix_multiply [n]")
		return
	a = matrix(n, 0, 1)
	b = matrix(n, 5, 3)
	c = matrix(n, 0, 0)
	beginGPUBenchmarking()
	// the kernel: one work-item per row of C
	for i in 0..n:
		for j in 0..n:
			s = 0.0
			for k in 0..n:
				s = s + a[i][k] * b[k][j]
			c[i][j] = s
	endGPUBenchmarking()
	total = 0.0
	for i in 0..n:
		for j in 0..n:
			total = total + c[i][j] * (1 + (3 * i + j) % 7)
	sys.out.println(total)
	printOutGPUBenchmarkResults()
