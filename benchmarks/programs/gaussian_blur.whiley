// Gaussian blur of a size x size grey-level image (reals) with a mask of
// standard deviation sigma pixels and radius 3 * sigma.  The mask holds
// whole-number weights, round(100 * exp(-(a*a + b*b) / (2 * sigma^2))),
// and each output pixel is the weighted sum of its neighbourhood divided
// by the sum of the weights; the image is extended at its border by its
// edge pixels.  Offloaded only with --gpu-real=float (or double).
//   usage: gaussian_blur [size [sigma]]        (default 200 16)
// Prints the checksum: the sum of the blurred image, rounded.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// A test picture: diagonal stripes of grey levels 0 to 255.
public [[real]] picture(int size):
	rows = []
	for y in 0..size:
		row = []
		for x in 0..size:
			row = row + [(real)((x * 7 + y * 3) % 256)]
		rows = rows + [row]
	return rows

// The (2r+1) x (2r+1) mask of weights, r = radius, centre at [r][r].
public [[real]] weights(int radius, int sigma):
	rows = []
	for b in -radius..(radius + 1):
		row = []
		for a in -radius..(radius + 1):
			e = Math.exp(-((real)(a * a + b * b)) / (2.0 * sigma * sigma))
			row = row + [(real)Math.round(100.0 * e)]
		rows = rows + [row]
	return rows

public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

public void ::main(System.Console sys):
	size = 200
	sigma = 16
	try:
		if |sys.args| > 0:
			size = Int.parse(sys.args[0])
		if |sys.args| > 1:
			sigma = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: gaussian_blur [size [sigma]]")
		return
	radius = 3 * sigma
	mask = weights(radius, sigma)
	norm = 0.0
	for row in mask:
		for w in row:
			norm = norm + w
	image = picture(size)
	blurred = picture(size)
	last = size - 1
	beginGPUBenchmarking()
	// the kernel: one work-item per column
	for x in 0..size:
		for y in 0..size:
			acc = 0.0
			for b in 0..(2 * radius + 1):
				sy = clamp(y + b - radius, 0, last)
				for a in 0..(2 * radius + 1):
					sx = clamp(x + a - radius, 0, last)
					acc = acc + mask[b][a] * image[sy][sx]
			blurred[y][x] = acc / norm
	endGPUBenchmarking()
	total = 0.0
	for row in blurred:
		for v in row:
			total = total + v
	sys.out.println(Math.round(total))
	printOutGPUBenchmarkResults()
