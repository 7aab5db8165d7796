// Tiles in local memory in the kernel's 64-bit variant: the terms are
// near 2^31, so the 32-bit run overflows, and the call runs again in 64
// bits, its tiles then of 64-bit ints (at the default 8 x 8 per item
// their chunks are 8 steps, 16 would take more than 32 KiB of local
// memory; at 2 x 2, here, 16).  Every sum must equal the sequential
// loop's.  Sizes leave items past the end.
// flags: --tile=all --jam=2
// explain: tile_wide.whiley:25: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory, 16 steps at a time
import * from whiley.lang.*

public [[int]] grid(int rows, int cols, int seed):
	m = []
	for r in 0..rows:
		row = []
		for c in 0..cols:
			row = row + [((r * 7 + c * 3 + seed) % 11) - 5]
		m = m + [row]
	return m

public [[int]] product([[int]] a, [[int]] b, int w):
	n = |a|
	m = |b[0]|
	p = |b|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..p:
				s = s + a[i][k] * b[k][j] * w
			c[i][j] = s
	return c

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	for s in [[3, 9, 5], [33, 20, 40]]:
		a = grid(s[0], s[1], 1)
		b = grid(s[1], s[2], 2)
		sys.out.println(total(product(a, b, 300000000)))
		sys.out.println(product(a, b, 300000000)[s[0] - 1][s[2] - 1])
