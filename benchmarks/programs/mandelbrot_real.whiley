// The Mandelbrot set with reals: for each point c of the rectangle
// [-2, 1] x [-1.5, 1.5], the number of steps z = z*z + c takes to leave
// the circle |z| = 2, at most maxIter.  Offloaded only with
// --gpu-real=float (or double); with exact rationals the numbers of the
// points inside the set double their length at every step, so the exact
// path is feasible only for a few dozen steps.
//   usage: mandelbrot_real [size [maxIter]]    (default 1000 1024)
// Prints the checksum: the total of all points' step counts.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// A size x size grid of zeros (rows share storage until written).
public [[int]] zeros(int size):
	row = []
	for i in 0..size:
		row = row + [0]
	rows = []
	for i in 0..size:
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	size = 1000
	maxIter = 1024
	try:
		if |sys.args| > 0:
			size = Int.parse(sys.args[0])
		if |sys.args| > 1:
			maxIter = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: mandelbrot_real [size [maxIter]]")
		return
	steps = zeros(size)
	beginGPUBenchmarking()
	// the kernel: one work-item per column
	for x in 0..size:
		cr = (3.0 * x) / size - 2.0
		for y in 0..size:
			ci = (3.0 * y) / size - 1.5
			zr = 0.0
			zi = 0.0
			n = 0
			while n < maxIter && zr * zr + zi * zi <= 4.0:
				t = zr * zr - zi * zi + cr
				zi = 2.0 * zr * zi + ci
				zr = t
				n = n + 1
			steps[y][x] = n
	endGPUBenchmarking()
	total = 0
	for y in 0..size:
		for x in 0..size:
			total = total + steps[y][x]
	sys.out.println(total)
	printOutGPUBenchmarkResults()
