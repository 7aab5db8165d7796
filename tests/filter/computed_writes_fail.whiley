// A write at a computed index that is one-to-one but runs past the end
// of its list: the kernel flags the index, nothing it wrote is kept, and
// the CPU loop reports the error exactly.  Before it, the same loop
// within bounds.
// explain: computed_writes_fail.whiley:9: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out, 1 scalar; writes 'ys' at an index computed
import * from whiley.lang.*

public [int] spread([int] xs, [int] ys, int s):
	for i in 0..|xs|:
		ys[s * i + 1] = xs[i] + ys[s * i + 1]
	return ys

public void ::main(System.Console sys):
	xs = []
	for i in 0..5:
		xs = xs + [i * 7]
	sys.out.println(spread(xs, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2))
	sys.out.println(spread(xs, [1, 1, 1, 1, 1, 1, 1, 1, 1], 2))
	sys.out.println("not reached")
