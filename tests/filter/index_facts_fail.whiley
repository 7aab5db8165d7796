// The narrow variant drops the bounds tests of indices that are the
// NDRange's loop variables (index_facts.whiley); here the range runs
// past the rows of b, so the runtime must run the kernel that keeps
// them, which flags the index, and the CPU loop reports it exactly.
// Before it, the same call within bounds.
// explain: (the variant for b within +-2^14; its indices within the lists they index)
import * from whiley.lang.*

public [[int]] step([[int]] b, [[int]] out, int n, int m):
	for y in 0..n:
		for x in 0..m:
			out[y][x] = b[y][x] * 3 + b[y][x] * b[y][x]
	return out

public void ::main(System.Console sys):
	b = [[1, 2, 3], [4, 5, 6]]
	out = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
	sys.out.println(step(b, out, 2, 3))
	sys.out.println(step(b, out, 3, 3))
	sys.out.println("not reached")
