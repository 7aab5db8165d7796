// A build whose element is a value from before the loop (`xs = xs +
// [v]`, v a parameter): v is a scalar argument of the kernel, read as
// the element it is (filter/depend.c once took it for a list and kept
// the loop on the CPU, "uses list 'v' in a way a device cannot").
// Ints at the edges of 32 and 64 bits, a bool, a real exact in binary,
// an empty range, and v changed in every iteration (carried) beside it.
// explain: build_param.whiley:15: for i: GPU-implicit (kernel 1, build of 'xs', 1-D, 0 lists in, 1 out (1 write-only), 1 scalar)
// explain: build_param.whiley:21: for i: GPU-implicit (kernel 2, build of 'xs', 1-D, 0 lists in, 1 out (1 write-only), 1 scalar)
// explain: build_param.whiley:27: for i: GPU-implicit (kernel 3, build of 'xs', 1-D, 0 lists in, 1 out (1 write-only), 1 scalar; reals as double
// explain: build_param.whiley:33: for i: CPU — writes 'v' in every iteration (loop-carried)
import * from whiley.lang.*

public [int] fill(int n, int v):
	xs = []
	for i in 0..n:
		xs = xs + [v]
	return xs

public [bool] flags(int n, bool b):
	xs = []
	for i in 0..n:
		xs = xs + [b]
	return xs

public [real] reals(int n, real r):
	xs = []
	for i in 0..n:
		xs = xs + [r]
	return xs

public [int] counting(int n, int v):
	xs = []
	for i in 0..n:
		v = v * 2 + 1
		xs = xs + [v]
	return xs

public void ::main(System.Console sys):
	sys.out.println(fill(3, 7))
	sys.out.println(fill(2, 2147483647))
	sys.out.println(fill(2, -2147483648))
	sys.out.println(fill(2, 9223372036854775807))
	sys.out.println(fill(0, 5))
	sys.out.println(flags(3, true))
	sys.out.println(reals(2, 2.25))
	sys.out.println(counting(4, 1))
