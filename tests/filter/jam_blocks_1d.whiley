// Register blocking, the 1-D kernels (the 2-D ones: jam_blocks): by
// default --jam blocks only 2-D kernels, so these run one iteration per
// work item and must print the sequential loop's results: reals (exact:
// small multiples of 1/4), two lists written per iteration, sums past
// 2^31 for some iterations (the device reruns them in 64 bits), an inner
// range that depends on the item.  jam_edge_fail and jam_div_fail block
// 1-D kernels (--jam=4).
// explain: jam_blocks_1d.whiley:28: for i: GPU-implicit (kernel 2, 1-D,
// explain: jam_blocks_1d.whiley:50: for i: GPU-implicit (kernel 4, 1-D,
import * from whiley.lang.*

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

public void ::main(System.Console sys):
	for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 13]:
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
