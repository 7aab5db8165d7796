// Build loops: `xs = []` then `xs = xs + [e]` once per iteration of a
// range loop becomes a kernel of kind build (filter/build.c).  The device
// allocates the list and work item j writes element j; ints and bools
// stay on the device (born resident) until the host reads them.  Lower
// bounds other than 0, an empty range, a descending range (run on the
// CPU by the host's check), host reads and writes of a built list, and
// later kernels reading and writing it.
// explain: build_loops.whiley:17: for i: GPU-implicit (kernel 1, build of 'xs', 1-D
// explain: build_loops.whiley:23: for i: GPU-implicit (kernel 2, build of 'bs', 1-D
// explain: build_loops.whiley:29: for i: GPU-implicit (kernel 3, build of 'rs', 1-D
// explain: build_loops.whiley:35: for k: GPU-implicit (kernel 4, build of 'ws', 1-D, 1 list in, 1 out (1 write-only), 1 scalar
// explain: build_loops.whiley:40: for i: GPU-implicit (kernel 5, 1-D
import * from whiley.lang.*

public [int] squares(int lo, int hi):
	xs = []
	for i in lo..hi:
		xs = xs + [i * i - 3 * i]
	return xs

public [bool] thirds(int n):
	bs = []
	for i in 0..n:
		bs = bs + [i % 3 == 1]
	return bs

public [real] quarters(int n):
	rs = []
	for i in 0..n:
		rs = rs + [(real) i / 4.0]
	return rs

public [int] shifted([int] xs, int by):
	ws = []
	for k in 0..|xs|:
		ws = ws + [xs[k] + by]
	return ws

public [int] doubled([int] xs):
	for i in 0..|xs|:
		xs[i] = xs[i] * 2
	return xs

public void ::main(System.Console sys):
	a = squares(2, 9)
	sys.out.println(a)
	sys.out.println(squares(5, 5))
	sys.out.println(squares(6, 2))
	sys.out.println(shifted(a, 7))
	b = doubled(a)
	sys.out.println(b)
	a[3] = 100
	sys.out.println(a[2] + a[3])
	sys.out.println(a)
	c = squares(0, 5)
	c = doubled(c)
	c[0] = c[1] + c[4]
	sys.out.println(c)
	sys.out.println(thirds(7))
	sys.out.println(|thirds(0)|)
	sys.out.println(quarters(6))
