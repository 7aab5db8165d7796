// A list a kernel only writes, whose values the range analysis bounds
// within 32 bits, is a buffer of 32-bit ints in both of the kernel's
// int widths (the pass store32, opencl_backend/oclgen_plan.c): here the
// builder's products pass 32 bits from i = 21475 on, so it runs in 64
// bits, and writes 32-bit ints that the kernels after it read as they
// are, the host reads back, and a host write too large for 32 bits
// makes the next reader run in 64 bits after all.  A buffer of one
// width read as the other would print garbage.
// explain: store32.whiley:15: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 write-only)
// explain: store32.whiley:21: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out (1 write-only)
import * from whiley.lang.*

public [int] pattern(int n):
	xs = 0..n
	for i in 0..n:
		xs[i] = (i * 100003 + 7) % 1000 - 500
	return xs

public [int] triple([int] xs):
	ys = xs
	for i in 0..|xs|:
		ys[i] = xs[i] * 3
	return ys

public int sum([int] xs):
	s = 0
	for x in xs:
		s = s + x
	return s

public void ::main(System.Console sys):
	xs = pattern(30000)
	sys.out.println(sum(xs))
	ys = triple(xs)
	sys.out.println(sum(ys))
	sys.out.println([xs[0], xs[21474], xs[21475], xs[29999]])
	xs[29998] = 1099511627776
	zs = triple(xs)
	sys.out.println(sum(zs))
	sys.out.println([zs[29997], zs[29998], zs[29999]])
