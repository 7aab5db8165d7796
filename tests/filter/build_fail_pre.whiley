// A build whose element calls a function with a negative argument,
// against its precondition: the kernel flags the failed check, the CPU
// loop reports it exactly.
// explain: build_fail_pre.whiley:13: for i: GPU-implicit (kernel 1, build of 'ys', 1-D
// explain: build_fail_pre.whiley:19: for i: GPU-implicit (kernel 2, build of 'zs', 1-D
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
	sys.out.println(halves(-2, 3))
	sys.out.println("not reached")
