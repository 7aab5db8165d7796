// Tiles in local memory with a write past the end at the edge of the
// last work group: the product's rows 0 .. n - 1 go into c, which has
// n - 1 rows.  Every item keeps to the barriers of the tiled loop; the
// one holding the last row fails at its store, after the loop.  The
// kernel flags it, nothing it wrote is kept, and the CPU loop reports
// the error at its line.  Before it, the same loop within bounds.
// flags: --tile=all --jam=2
// explain: tile_write_fail.whiley:26: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory
import * from whiley.lang.*

public [[int]] grid(int rows, int cols, int seed):
	m = []
	for r in 0..rows:
		row = []
		for c in 0..cols:
			row = row + [((r * 7 + c * 3 + seed) % 11) - 5]
		m = m + [row]
	return m

// rows 0 .. |a| - 1 of a times b into a matrix of `rows` rows
public [[int]] product([[int]] a, [[int]] b, int rows):
	n = |a|
	m = |b[0]|
	p = |b|
	c = grid(rows, m, 0)
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
	a = grid(41, 19, 1)
	b = grid(19, 37, 2)
	sys.out.println(total(product(a, b, 41)))
	sys.out.println(total(product(a, b, 40)))
	sys.out.println("not reached")
