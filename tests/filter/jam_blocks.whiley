// Register blocking (opencl_backend/oclgen_jam.c): a work item of a
// 2-D kernel runs 8 x 8 iterations (the default --jam) of its
// dimensions, their inner loops jammed into one.  Sizes that are no
// multiple of 8 leave the last items with copies past the range's end:
// they repeat the last iteration and store nothing.  Every result must
// equal the sequential loop's: sizes 1 to 9 and 13, two lists stored
// per iteration, sums past 2^31 (the device reruns them in 64 bits).
// The 1-D kernels (reals, two lists, sums past 2^31 for some
// iterations, an inner range that depends on the item) are not blocked
// by default; jam_edge_fail and jam_div_fail block 1-D ones (--jam=4).
// explain: jam_blocks.whiley:30: kernel wyk_2: each work item runs 8 x 8 iterations of (i, j), their inner loops jammed into one
// explain: jam_blocks.whiley:45: kernel wyk_3: each work item runs 8 x 8 iterations of (i, j), their inner loops jammed into one
import * from whiley.lang.*

// a rows x cols matrix of small ints from a seed
public [[int]] grid(int rows, int cols, int seed):
	m = []
	for r in 0..rows:
		row = []
		for c in 0..cols:
			row = row + [((r * 7 + c * 3 + seed) % 11) - 5]
		m = m + [row]
	return m

// a x b with a 2-D kernel blocked 4 x 4; a's rows are b's length
public [[int]] product([[int]] a, [[int]] b):
	n = |a|
	m = |b[0]|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..|b|:
				s = s + a[i][k] * b[k][j]
			c[i][j] = s
	return c

// two lists stored per iteration; with a large w most sums pass 2^31
// (the device reruns in 64 bits)
public ([[int]], [[int]]) twice([[int]] a, [[int]] b, int w):
	n = |a|
	m = |b[0]|
	c = grid(n, m, 0)
	e = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..|b|:
				s = s + a[i][k] * b[k][j] * w
			c[i][j] = s
			e[i][j] = s - i * j
	return (c, e)

// the same with reals (exact: small multiples of 1/4), 1 x 4 per item
public [[real]] rproduct([[real]] a, [[real]] b):
	c = a
	for i in 0..|a|:
		s = 0.0
		for k in 0..|b|:
			s = s + a[i][k] * b[k][0]
		c[i][0] = s
	return c

// for each i: a weighted sum over all of xs (an n-body shape), two
// lists written
public ([int], [int]) pulls([int] xs, int w):
	n = |xs|
	up = xs
	down = xs
	for i in 0..n:
		xi = xs[i]
		s = 0
		for j in 0..n:
			s = s + (xs[j] - xi) * w
		up[i] = s
		down[i] = xi - s
	return (up, down)

// a sum whose terms are near 2^31 for the last i only
public [int] big([int] xs, int n):
	out = xs
	for i in 0..n:
		s = 0
		for j in 0..|xs|:
			s = s + xs[j] * (i + 1)
		out[i] = s
	return out

// not blocked: the inner range depends on i
public [int] triangle([int] xs):
	out = xs
	for i in 0..|xs|:
		s = 0
		for j in 0..i:
			s = s + xs[j]
		out[i] = s
	return out

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 13]:
		a = grid(n, n + 2, 1)
		b = grid(n + 2, 9 - (n % 5), 2)
		c = product(a, b)
		sys.out.println("product " + Int.toString(n) + ": " + Int.toString(|c|) + " x " + Int.toString(|c[0]|) + " " + Int.toString(total(c)))
		(c1, e1) = twice(a, b, 1)
		(c2, e2) = twice(a, b, 300000000)
		sys.out.println("twice " + Int.toString(total(c1)) + " " + Int.toString(total(e1)) + " " + Int.toString(total(c2)) + " " + Int.toString(total(e2)))
		xs = []
		for i in 0..n:
			xs = xs + [(i * 5) % 7 - 3]
		(up, down) = pulls(xs, n)
		sys.out.println(up)
		sys.out.println(down)
		sys.out.println(triangle(xs))
	ra = [[0.25, 1.5], [2.0, -0.75], [1.0, 1.0], [3.5, 0.5], [-1.25, 2.25]]
	rb = [[0.5], [4.0]]
	sys.out.println(rproduct(ra, rb))
	ys = [1000000000, 70000000, 1, 2, 3]
	sys.out.println(big(ys, 2))
	sys.out.println(big(ys, 3))
	sys.out.println(big(ys, 5))
