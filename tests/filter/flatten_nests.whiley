// Multi-dimensional flattening at -O2: a 3-deep parallel nest becomes
// one 3-D kernel; the flattening trap (a write outside the inner loop,
// which must not run once per inner iteration) and a triangular nest
// stay 1-D; a jagged [[int]] gives the exact result (the runtime sees
// the rows differ and the loop runs on the CPU).
// explain: flatten_nests.whiley:13: for i: GPU-implicit (kernel 1, 3-D (i, j, k)
// explain: flatten_nests.whiley:20: for i: GPU-implicit (kernel 2, 1-D, 0 lists in, 2 out, 5 scalars; not flattened further: it writes c outside its inner loop)
// explain: flatten_nests.whiley:27: for i: GPU-implicit (kernel 3, 1-D, 0 lists in, 1 out, 1 scalar; not flattened further: its inner loop's bounds are computed inside the nest
// explain: flatten_nests.whiley:33: for y: GPU-implicit (kernel 4, 2-D (y, x)
import * from whiley.lang.*

public [[[int]]] cube([[[int]]] a, int n):
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				a[i][j][k] = i * 100 + j * 10 + k
	return a

public ([[int]], [int]) trap([[int]] m, [int] c, int n):
	for i in 0..n:
		c[i] = c[i] + 1
		for j in 0..n:
			m[i][j] = c[i] * j
	return (m, c)

public [[int]] triangle([[int]] t, int n):
	for i in 0..n:
		for j in 0..i:
			t[i][j] = i + j
	return t

public [[int]] doubled([[int]] g, int w):
	for y in 0..|g|:
		for x in 0..w:
			if x < |g[y]|:
				g[y][x] = g[y][x] * 2
	return g

public void ::main(System.Console sys):
	z = [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]
	sys.out.println(cube(z, 2))
	m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
	m, c = trap(m, [1, 2, 3], 3)
	sys.out.println(m)
	sys.out.println(c)
	sys.out.println(triangle([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 3))
	sys.out.println(doubled([[1, 2, 3], [4], [5, 6]], 3))
