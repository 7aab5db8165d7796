// Found by tests/fuzz/diff.py (seeds 3003, 3005, 3009, 3010; minimised).
// A nest -O2 flattens into a 2-D NDRange whose inner range is empty
// (0..k with k == 0): no work item runs, so the outer body's division by
// zero (and, in seed 3003, its index out of bounds) never happens.
// Before the fix, -O2 printed [[1, 2], [3, 4]] and exited 0; now the host
// takes the CPU path for a call with an empty inner range (filter.c,
// set_outer_checks) and every target stops with the division by zero.
// explain: fuzz_flatten_divisor.whiley:12: for i: GPU-implicit (kernel 1, 2-D (i, j)
import * from whiley.lang.*

public [[int]] f([[int]] m, int k):
	for i in 0..|m|:
		t = 1 / k
		for j in 0..k:
			m[i][j] = t
	return m

public void ::main(System.Console sys):
	sys.out.println(f([[1, 2], [3, 4]], 0))
