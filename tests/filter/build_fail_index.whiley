// A build whose element reads out of bounds: the kernel flags the bad
// index, the CPU loop reports it exactly.  Before it, builds whose
// elements index in bounds and call a function whose precondition holds.
// explain: build_fail_index.whiley:13: for i: GPU-implicit (kernel 1, build of 'ys', 1-D
// explain: build_fail_index.whiley:19: for i: GPU-implicit (kernel 2, build of 'zs', 1-D
import * from whiley.lang.*

public int half(int x) requires x >= 0:
	return x / 2

public [int] picks([int] vs, int n):
	ys = []
	for i in 0..n:
		ys = ys + [vs[i] * 3]
	return ys

public [int] halves(int lo, int hi):
	zs = []
	for i in lo..hi:
		zs = zs + [half(i)]
	return zs

public void ::main(System.Console sys):
	sys.out.println(picks([4, 5, 6, 7], 3))
	sys.out.println(halves(3, 8))
	sys.out.println(picks([4, 5, 6, 7], 6))
	sys.out.println("not reached")
