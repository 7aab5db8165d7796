// Tiles in local memory (opencl_backend/oclgen_tile.c): a blocked 2-D
// kernel's work group of 16 x 16 items reads the rows and columns its
// items share, 16 or 8 steps of the inner loop at a time (16 here), into
// local memory.
// Every result must equal the sequential loop's: sizes that leave items
// past the range's end in the last group (they keep to the barriers and
// store nothing), more than one group along each dimension (33, 40),
// inner ranges that are empty, shorter than a chunk, no multiple of 16 or
// starting above 0, a list read by rows on one side and by columns on
// the other, and reals.  tile_wide has sums past 2^31.
// Built with --tile=all so that Oclgrind (make oclgrind) runs the tiled
// form too (by default only a GPU does; never PoCL, which ran it wrong),
// and --jam=2 (2 x 2 per item, 32 x 32 per group) to keep the builds
// short; the benchmarks run the default 8 x 8.
// flags: --tile=all --jam=2
// explain: tile_edges.whiley:36: kernel wyk_2: its loop over k reads a[i][k] and b[k][j] through tiles in local memory, 16 steps at a time, shared by work groups of 16 x 16 items
// explain: tile_edges.whiley:49: kernel wyk_3: its loop over k reads a[i][k] and bt[j][k] through tiles in local memory
// explain: tile_edges.whiley:62: kernel wyk_4: its loop over k reads a[i][k] and b[k][j] through tiles in local memory
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

// the product over k in k0..k1
public [[int]] product([[int]] a, [[int]] b, int k0, int k1):
	n = |a|
	m = |b[0]|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in k0..k1:
				s = s + a[i][k] * b[k][j]
			c[i][j] = s
	return c

// a times the transpose of bt: both read along their rows
public [[int]] gram([[int]] a, [[int]] bt, int p):
	n = |a|
	m = |bt|
	c = grid(n, m, 0)
	for i in 0..n:
		for j in 0..m:
			s = 0
			for k in 0..p:
				s = s + a[i][k] * bt[j][k]
			c[i][j] = s
	return c

// reals: multiples of 1/4, so every sum is exact on the device too
public [[real]] rproduct([[real]] a, [[real]] b, int p):
	n = |a|
	m = |b[0]|
	c = quarters(grid(n, m, 0))
	for i in 0..n:
		for j in 0..m:
			s = 0.0
			for k in 0..p:
				s = s + a[i][k] * b[k][j]
			c[i][j] = s
	return c

public [[real]] quarters([[int]] m):
	r = []
	for i in 0..|m|:
		row = []
		for j in 0..|m[i]|:
			row = row + [(m[i][j] * 1.0) / 4.0]
		r = r + [row]
	return r

public int total([[int]] m):
	t = 0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public real rtotal([[real]] m):
	t = 0.0
	for r in 0..|m|:
		for c in 0..|m[r]|:
			t = t + m[r][c] * (r * 31 + c + 1)
	return t

public void ::main(System.Console sys):
	// (rows, inner, columns)
	for s in [[1, 1, 1], [3, 9, 5], [9, 8, 17], [17, 20, 9], [33, 3, 40], [40, 17, 33], [16, 0, 16]]:
		n = s[0]
		p = s[1]
		m = s[2]
		a = grid(n, p + 2, 1)
		b = grid(p + 2, m, 2)
		line = Int.toString(n) + " " + Int.toString(p) + " " + Int.toString(m) + ":"
		line = line + " " + Int.toString(total(product(a, b, 0, p)))
		line = line + " " + Int.toString(total(product(a, b, 1, p + 2)))
		bt = grid(m, p + 2, 3)
		line = line + " " + Int.toString(total(gram(a, bt, p)))
		line = line + " " + Real.toString(rtotal(rproduct(quarters(a), quarters(b), p)))
		sys.out.println(line)
