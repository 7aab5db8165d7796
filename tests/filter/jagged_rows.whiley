// A jagged [[int]] (rows of different lengths) reaches a 2-D kernel:
// the runtime sees the rows differ, refuses it, and the loop runs on the
// CPU with the exact result; no padding leaks into the rows.
// fallback: the runtime refuses jagged lists (tests/run.sh does not make
// offloading mandatory for this program)
// explain: jagged_rows.whiley:10: for y: GPU-implicit (kernel 1, 2-D (y, x)
import * from whiley.lang.*

public [[int]] doubled([[int]] g, int w):
	for y in 0..|g|:
		for x in 0..w:
			if x < |g[y]|:
				g[y][x] = g[y][x] * 2
	return g

public void ::main(System.Console sys):
	sys.out.println(doubled([[1, 2, 3], [4], [5, 6]], 3))
	sys.out.println(doubled([[1, 2], [3, 4]], 2))
