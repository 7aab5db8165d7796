// Flattening keeps the outer body's checks (issue 10, item 3): with an
// empty inner range the 2-D NDRange has no work item, but the
// sequential program still divides once per outer iteration.  The host
// then runs the CPU path for that call, which raises the error.
// explain: flatten_empty_inner.whiley:9: for i: GPU-implicit (kernel 1, 2-D (i, j)
import * from whiley.lang.*

public [[int]] scaled([[int]] m, [int] d, int w):
	for i in 0..|d|:
		k = 100 / d[i]
		for j in 0..w:
			m[i][j] = k + j
	return m

public void ::main(System.Console sys):
	sys.out.println(scaled([[0, 0], [0, 0]], [5, 4], 2))
	sys.out.println(scaled([[0, 0], [0, 0]], [5, 4], 0))
	sys.out.println(scaled([[0, 0], [0, 0]], [5, 0], 0))
	sys.out.println("not reached")
