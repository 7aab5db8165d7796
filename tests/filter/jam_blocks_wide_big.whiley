// Register blocking with two lists stored per iteration and sums past
// 2^31 (part of jam_blocks, which says how a work item runs 8 x 8
// iterations): with w = 1 the 32-bit kernel's results, with a large w
// most sums pass 2^31 and the device reruns the kernel in 64 bits, its
// items past the range's end storing nothing in either.  Every result
// must equal the sequential loop's, sizes 6 to 9 and 13 (jam_blocks_wide:
// 1 to 5; two programs so that each test step stays short).
// explain: jam_blocks_wide_big.whiley:28: kernel wyk_2: each work item runs 8 x 8 iterations of (i, j), their inner loops jammed into one
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

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	for n in [6, 7, 8, 9, 13]:
		a = grid(n, n + 2, 1)
		b = grid(n + 2, 9 - (n % 5), 2)
		(c1, e1) = twice(a, b, 1)
		(c2, e2) = twice(a, b, 300000000)
		sys.out.println("twice " + Int.toString(total(c1)) + " " + Int.toString(total(e1)) + " " + Int.toString(total(c2)) + " " + Int.toString(total(e2)))
