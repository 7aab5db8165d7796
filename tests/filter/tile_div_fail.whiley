// Tiles in local memory with a division by zero inside the tiled loop,
// for one work item only (column 37, at k = 13, in the first of two
// chunks of 16 steps).  That item stops computing but keeps to its
// group's barriers, the second chunk's too; the kernel flags the
// failure and the CPU loop reports the division by zero at its line.
// Before it, the same loop with no zero divisor.
// flags: --tile=all --jam=2
// explain: tile_div_fail.whiley:26: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory
import * from whiley.lang.*

// entries 1 .. 11
public [[int]] grid(int rows, int cols, int seed):
	m = []
	for r in 0..rows:
		row = []
		for c in 0..cols:
			row = row + [((r * 7 + c * 3 + seed) % 11) + 1]
		m = m + [row]
	return m

public [[int]] ratios([[int]] a, [[int]] b):
	n = |a|
	m = |b[0]|
	p = |b|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..p:
				s = s + (a[i][k] * 100) / b[k][j]
			c[i][j] = s
	return c

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	a = grid(40, 20, 1)
	b = grid(20, 45, 2)
	sys.out.println(total(ratios(a, b)))
	b[13][37] = 0
	sys.out.println(total(ratios(a, b)))
	sys.out.println("not reached")
