// The narrow variant's index facts (opencl_backend/oclgen_narrow.c): a
// kernel whose NDRange loop variables index its lists directly
// (`b[y][x]`, `out[y][x] = ...`) has a variant without those bounds
// tests, which the runtime runs only when each dimension's range lies
// within the level it indexes.  Here ranges equal to the lists' sizes,
// shorter ones, a range starting past 0, a descending one, a loop that
// reads past the end only under a test (the variant may not run, the
// kernel does), and a range starting below 0 whose negative indices
// are never used.  Every result is the sequential one.
// explain: index_facts.whiley:15: for y: GPU-implicit (kernel 1, 2-D (y, x)
// explain: (the variant for b within +-2^14; its indices within the lists they index)
import * from whiley.lang.*

public [[int]] step([[int]] b, [[int]] out, int n, int m):
	for y in 0..n:
		for x in 0..m:
			out[y][x] = b[y][x] * 3 + b[y][x] * b[y][x]
	return out

public [int] tail([int] xs, [int] ys, int lo):
	for i in lo..|ys|:
		xs[i] = ys[i] * ys[i] - 1
	return xs

public [int] guarded([int] xs, [int] ys, int n):
	for i in 0..n:
		if i < |ys| && i < |xs|:
			xs[i] = ys[i] * 2 + ys[i] * ys[i]
	return xs

public [int] below([int] xs, [int] ys, int lo, int n):
	for i in lo..n:
		if i >= 0:
			xs[i] = ys[i] * 5 + ys[i] * ys[i]
	return xs

public [[int]] grid(int h, int w, int v):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [v + y * w + x]
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	b = grid(3, 4, 1)
	sys.out.println(step(b, grid(3, 4, 0), 3, 4))
	sys.out.println(step(b, grid(3, 4, 0), 2, 3))
	sys.out.println(step(b, grid(3, 4, 0), 0, 4))
	sys.out.println(tail([0, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6], 2))
	sys.out.println(tail([0, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6], 6))
	sys.out.println(guarded([0, 0, 0, 0], [1, 2, 3, 4, 5], 7))
	sys.out.println(guarded([0, 0, 0, 0, 0, 0], [1, 2, 3], 3))
	sys.out.println(below([0, 0, 0, 0], [7, 8, 9, 10], -3, 4))
	sys.out.println(below([0, 0, 0, 0], [7, 8, 9, 10], 1, 3))
	// descending: 3..0 runs 3, 2, 1
	sys.out.println(below([0, 0, 0, 0], [7, 8, 9, 10], 3, 0))
