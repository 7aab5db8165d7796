// Tiles in local memory with a check that fails before the loop in one
// work group only: rows 0 .. n - 1 of a, where a has n - 1 rows.  The
// group holding the last row agrees to leave before its first barrier;
// the other groups run their tiles to the end.  The kernel flags the
// failure, nothing it wrote is kept, and the CPU loop reports it at its
// line.  Before it, the same loop within bounds.
// flags: --tile=all --jam=2
// explain: tile_edge_fail.whiley:25: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory
import * from whiley.lang.*

public [[int]] grid(int rows, int cols, int seed):
	m = []
	for r in 0..rows:
		row = []
		for c in 0..cols:
			row = row + [((r * 7 + c * 3 + seed) % 11) - 5]
		m = m + [row]
	return m

// rows 0 .. n - 1 of a times b
public [[int]] product([[int]] a, [[int]] b, int n):
	m = |b[0]|
	p = |b|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..p:
				s = s + a[i][k] * b[k][j]
			c[i][j] = s
	return c

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	a = grid(40, 11, 1)
	b = grid(11, 37, 2)
	sys.out.println(total(product(a, b, 40)))
	sys.out.println(total(product(a, b, 41)))
	sys.out.println("not reached")
