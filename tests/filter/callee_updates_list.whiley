// A callee that takes (and updates its copy of) a list cannot run on
// the device; a callee of scalars can.
// explain: callee_updates_list.whiley:17: for i: CPU — calls 'bump', whose parameter has type [int]
// explain: callee_updates_list.whiley:20: for j: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out
import * from whiley.lang.*

public [int] bump([int] xs, int i):
	xs[i] = xs[i] + 1
	return xs

public int twice(int x):
	return 2 * x

public void ::main(System.Console sys):
	a = [1, 2, 3]
	b = [0, 0, 0]
	for i in 0..3:
		t = bump(a, i)
		b[i] = t[i]
	for j in 0..3:
		b[j] = twice(j)
	sys.out.println(a)
	sys.out.println(b)
