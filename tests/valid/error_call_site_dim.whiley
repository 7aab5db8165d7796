// A kernel knows what its one call site passes (opencl_backend/
// oclgen_range.c, call_site_facts): the runtime launches it only when
// each dimension's lo < hi, so here n >= 1 inside it, and ys[n - 2] keeps
// its test that the index is not negative (n - 2 >= -1).  With n = 1 the
// test fails and the CPU raises the exact error.  Taking n >= 2 would
// drop that test and read ys[-1].
import * from whiley.lang.*

public [int] f([int] ys, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		out[i] = ys[n - 2] + i
	return out

public void ::main(System.Console sys):
	sys.out.println(f([5, 6, 7], 3))
	sys.out.println(f([5, 6, 7], 0))
	sys.out.println(f([5, 6, 7], 1))
