// Loop distribution (filter/distribute.c): a body whose first part is
// parallel and whose rest is not becomes two loops, the first a kernel,
// the loop as written kept for when that kernel does not run.
// explain: distribute.whiley:29: for j: GPU-implicit (kernel 2, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged (run on the device only: else the nest as written runs)
// explain: distribute.whiley:25: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: it writes tmp outside its inner loop); the first part of the loop, distributed (run on the device only: else the loop as written runs)
// explain: distribute.whiley:25: for i: CPU — writes 'y' at an index that does not follow the loop variable: y[j] written at line 30 in every iteration, distance 1 at loop i (the index does not use i); the rest of the loop, distributed (after its first part)
// explain: distribute.whiley:25: for i: CPU — writes 'y' at an index that does not follow the loop variable: y[j] written at line 30 in every iteration, distance 1 at loop i (the index does not use i); the loop as written, kept for when its distributed first part does not run on the device
// explain: distribute.whiley:37: for i: GPU-implicit (kernel 6, 1-D, 1 list in, 1 out (1 write-only)); the first part of the loop, distributed
// explain: distribute.whiley:48: for i: GPU-implicit (kernel 8, 1-D, 1 list in, 1 out (1 write-only)); the first part of the loop, distributed
// explain: distribute.whiley:56: for i: CPU — reads 'p' at another index than it writes: p[i + 1] written at line 58, p[i] read at line 57, distance 1 at loop i
// explain: distribute.whiley:66: for i: CPU — reads 'acc' at another index than it writes: acc[i + 1] written at line 68, acc[i] read at line 68, distance 1 at loop i
// explain-absent: distribute.whiley:56: for i: GPU
// explain-absent: distribute.whiley:66: for i: GPU
import * from whiley.lang.*

// a row product into tmp, then the transposed product into y: y[j]
// gathers over every i (carried), tmp[i] is the row's own
public [int] transposed([[int]] a, [int] x):
	n = |x|
	tmp = []
	y = []
	for i in 0..n:
		tmp = tmp + [0]
		y = y + [0]
	for i in 0..n:
		tmp[i] = 0
		for j in 0..n:
			tmp[i] = tmp[i] + a[i][j] * x[j]
		for j in 0..n:
			y[j] = y[j] + a[i][j] * tmp[i]
	return y

// each element's class, then a histogram of the classes
public [int] histogram([int] xs):
	c = xs
	h = [0, 0, 0, 0, 0]
	for i in 0..|xs|:
		c[i] = (xs[i] * 7 + 3) % 5
		h[c[i]] = h[c[i]] + 1
	return h

// each element doubled, then a running total of the doubled values
public [int] running([int] xs):
	y = xs
	acc = [0]
	for i in 0..|xs|:
		acc = acc + [0]
	for i in 0..|xs|:
		y[i] = 2 * xs[i] + 1
		acc[i + 1] = acc[i] + y[i]
	return acc

// not distributable: the first part of iteration i + 1 reads what the
// rest of iteration i wrote (p[i + 1])
public [int] pingpong([int] p, [int] q):
	for i in 0..(|p| - 1):
		q[i] = p[i] + 1
		p[i + 1] = q[i] * 2
	return p

// not distributable: the first part hands the rest a scalar
public [int] handed([int] xs):
	acc = [0]
	for i in 0..|xs|:
		acc = acc + [0]
	for i in 0..|xs|:
		t = xs[i] * 3
		acc[i + 1] = acc[i] + t
	return acc

public void ::main(System.Console sys):
	a = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
	sys.out.println(transposed(a, [1, -1, 2, 0]))
	sys.out.println(histogram([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7]))
	sys.out.println(running([4, 8, 15, 16, 23, 42]))
	sys.out.println(pingpong([1, 2, 3, 4, 5], [0, 0, 0, 0, 0]))
	sys.out.println(handed([4, 8, 15, 16, 23, 42]))
