// Build elements beyond the device's int: 3000000000 * i overflows the
// 32-bit kernel, whose 64-bit variant then builds the list; 2^62 * i
// overflows 64 bits too, and the CPU loop builds it with exact ints.
// fallback: the second build overflows the device's 64-bit ints
// explain: build_overflow.whiley:10: for i: GPU-implicit (kernel 1, build of 'xs', 1-D
import * from whiley.lang.*

public [int] multiples(int n, int m):
	xs = []
	for i in 0..n:
		xs = xs + [m * i - 1]
	return xs

public void ::main(System.Console sys):
	a = multiples(4, 3000000000)
	sys.out.println(a)
	sys.out.println(a[3] + 1)
	sys.out.println(multiples(4, 4611686018427387904))
