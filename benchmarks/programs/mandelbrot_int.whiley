// The Mandelbrot set in fixed-point integers: for each point c of the
// rectangle [-2, 1] x [-1.5, 1.5], the number of steps z = z*z + c takes
// to leave the circle |z| = 2, at most maxIter.  Numbers are ints scaled
// by ONE = 4096: after a step that passed the bail-out test |x|, |y| < 6,
// so x*x + y*y stays below 2^31 and the device's 32-bit ints never
// overflow.
//   usage: mandelbrot_int [size [maxIter]]     (default 1000 1024)
// Prints the checksum: the total of all points' step counts.
import * from whiley.lang.*
import * from whiley.gpgpu.*

define ONE as 4096

// A size x size grid of zeros (rows share storage until written).
public [[int]] zeros(int size):
	row = []
	for i in 0..size:
		row = row + [0]
	rows = []
	for i in 0..size:
		rows = rows + [row]
	return rows

public int fixMul(int a, int b):
	return (a * b) / ONE

public void ::main(System.Console sys):
	size = 1000
	maxIter = 1024
	try:
		if |sys.args| > 0:
			size = Int.parse(sys.args[0])
		if |sys.args| > 1:
			maxIter = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: mandelbrot_int [size [maxIter]]")
		return
	steps = zeros(size)
	beginGPUBenchmarking()
	// the kernel: one work-item per column
	for x in 0..size:
		cr = (3 * ONE * x) / size - 2 * ONE
		for y in 0..size:
			ci = (3 * ONE * y) / size - (3 * ONE) / 2
			zr = 0
			zi = 0
			n = 0
			while n < maxIter && fixMul(zr, zr) + fixMul(zi, zi) <= 4 * ONE:
				t = fixMul(zr, zr) - fixMul(zi, zi) + cr
				zi = 2 * fixMul(zr, zi) + ci
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
