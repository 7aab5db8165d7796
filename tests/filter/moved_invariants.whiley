// Operations that compute the same value in every iteration of a loop
// inside a kernel run once before it (opencl_backend/oclgen_hoist.c,
// ocl_plan_moves), and the overflow test of `j + off` is made once at
// both ends of j's range.  Each probe here would make a kernel fail, and
// so run on the CPU (a fallback, which this test does not allow), if
// the moved code ran where the loop does not: a product past 64 bits
// ahead of an empty loop, one behind a condition no iteration meets.
// Values past 32 bits make the 64-bit variant run; wrapped ones would
// print.
// explain: moved_invariants.whiley:21: kernel wyk_2: checks: 5 tested, 1 tested once before their loop, 2 proved
// explain: moved_invariants.whiley:34: kernel wyk_4: checks: 5 tested, 0 tested once before their loop, 1 proved
// explain: moved_invariants.whiley:51: kernel wyk_6: checks: 3 tested, 4 tested once before their loop, 0 proved
// explain: moved_invariants.whiley:66: kernel wyk_8: checks: 3 tested, 5 tested once before their loop, 1 proved
import * from whiley.lang.*

// for each i: the sum over j < ms[i] of (i * f) / ds[i] + j
public [int] scaled([int] ds, [int] ms, int f):
	out = []
	for i in 0..|ds|:
		out = out + [0]
	for i in 0..|ds|:
		s = 0
		d = ds[i]
		for j in 0..ms[i]:
			s = s + (i * f) / d + j
		out[i] = s
	return out

// a product behind a condition that no iteration meets (m <= 10)
public [int] guarded([int] ds, int f, int m):
	out = []
	for i in 0..|ds|:
		out = out + [0]
	for i in 0..|ds|:
		s = 0
		d = ds[i]
		for j in 0..m:
			if j > 10:
				s = s + (i * f) / d
			s = s + j
		out[i] = s
	return out

// block sums with the block's start moved out of the inner loop and
// the index j + start tested at the ends of j's range
public [int] blocks([int] xs, int block, int off):
	n = |xs| / block
	out = []
	for k in 0..n:
		out = out + [0]
	for k in 0..n:
		s = 0
		for j in 0..block:
			s = s + xs[k * block + j] + (j + off) % 1000
		out[k] = s
	return out

// the same over a descending range (block >= 0 proves it: a GPU's
// kernel takes a range it cannot tell as ascending), with j - off - 1 and
// the index k * block + j - 1: chains of offsets tested at the range's ends
public [int] down([int] xs, int block, int off):
	n = |xs| / block
	out = []
	for k in 0..n:
		out = out + [0]
	for k in 0..n:
		s = 0
		if block >= 0:
			for j in block..0:
				s = s + xs[k * block + j - 1] + (j - off - 1) % 1000
		out[k] = s
	return out

public void ::main(System.Console sys):
	ds = [1, 2, 3, -4, 5, -2]
	sys.out.println(scaled(ds, [3, 1, 2, 0, 4, 5], 7))
	// i * f past 2^31 from i = 2 on
	sys.out.println(scaled(ds, [3, 1, 2, 0, 4, 5], 1073741824))
	// i * f past 2^63 from i = 2 on, where the loops are empty
	sys.out.println(scaled(ds, [3, 2, 0, 0, 0, 0], 4611686018427387904))
	sys.out.println(guarded(ds, 4611686018427387904, 10))
	xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]
	sys.out.println(blocks(xs, 4, 17))
	sys.out.println(blocks(xs, 3, 0))
	// j + off past 2^31 - 1 at j = 3
	sys.out.println(blocks(xs, 4, 2147483644))
	sys.out.println(down(xs, 4, 17))
	// j - off past 2^31 - 1 at j = 4 (j - off - 1 is not)
	sys.out.println(down(xs, 4, -2147483644))
