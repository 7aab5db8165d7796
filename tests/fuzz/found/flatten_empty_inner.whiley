// Found by tests/fuzz/diff.py (seeds 3003, 3005, 3009, 3010; minimised).
// A nest -O2 flattens into a 2-D NDRange whose inner range is empty
// (0..k with k == 0): no work item runs, so the outer body's division by
// zero (and, in seed 3003, its index out of bounds) never happens.
// --target=c and -O1: stdout empty, exit 1,
//   flatten_empty_inner.whiley:12:7: division by zero
// -O2 (and -O2 --gpu-real=double): prints [[1, 2], [3, 4]], exit 0.
import * from whiley.lang.*

public [[int]] f([[int]] m, int k):
	for i in 0..|m|:
		t = 1 / k
		for j in 0..k:
			m[i][j] = t
	return m

public void ::main(System.Console sys):
	sys.out.println(f([[1, 2], [3, 4]], 0))
