// A map with a reduction whose write goes out of bounds in its last
// iteration: the kernel flags it, nothing it computed is kept, and the
// CPU loop reports the error exactly.  Before it, the same loop within
// bounds.
// explain: map_reduce_fail.whiley:11: for i: GPU-implicit (kernel 2, reduce 's' with +
import * from whiley.lang.*

public ([int], int) fill([int] xs, int n):
	out = xs
	s = 0
	for i in 0..n:
		s = s + xs[i % |xs|]
		out[i] = i * 3
	return (out, s)

public void ::main(System.Console sys):
	xs = []
	for i in 0..6:
		xs = xs + [i * 10]
	ys, s = fill(xs, 6)
	sys.out.println(ys)
	sys.out.println(s)
	ys, s = fill(xs, 7)
	sys.out.println("not reached")
