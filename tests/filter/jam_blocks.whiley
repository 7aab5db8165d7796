// Register blocking (opencl_backend/oclgen_jam.c): a work item of a
// 2-D kernel runs 8 x 8 iterations (the default --jam) of its
// dimensions, their inner loops jammed into one.  Sizes that are no
// multiple of 8 leave the last items with copies past the range's end:
// they repeat the last iteration and store nothing.  Every result must
// equal the sequential loop's, sizes 1 to 9 and 13.  jam_blocks_wide
// has two lists stored per iteration and sums past 2^31 (the 64-bit
// rerun), jam_blocks_1d the 1-D kernels, not blocked by default (one
// program each keeps a test's kernel builds within seconds on PoCL);
// jam_edge_fail and jam_div_fail block 1-D ones (--jam=4).
// explain: jam_blocks.whiley:30: kernel wyk_2: each work item runs 8 x 8 iterations of (i, j), their inner loops jammed into one
// explain: jam_blocks.whiley:30: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory
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
