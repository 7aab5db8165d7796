// Multi-dimensional flattening at -O2: a 3-deep parallel nest becomes
// one 3-D kernel; the flattening trap (a write outside the inner loop,
// which must not run once per inner iteration) is cut off first, its
// nest 2-D; rows ending at i flatten over a rectangle, a triangle
// (filter.c row_end; jagged rows: jagged_rows.whiley).
// explain: flatten_nests.whiley:12: for i: GPU-implicit (kernel 1, 3-D (i, j, k)
// explain: flatten_nests.whiley:19: for i: GPU-implicit (kernel 3, 2-D (i, j), 1 list in, 1 out (1 write-only), 1 scalar); the rest of the loop, distributed (after its first part)
// explain: flatten_nests.whiley:26: for i: GPU-implicit (kernel 5, 2-D (i, j), 0 lists in, 1 out; j runs over a triangle (each row up to where the outer loop's variable is; the items from a row's end on do nothing))
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

public void ::main(System.Console sys):
	z = [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]
	sys.out.println(cube(z, 2))
	m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
	m, c = trap(m, [1, 2, 3], 3)
	sys.out.println(m)
	sys.out.println(c)
	sys.out.println(triangle([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 3))
