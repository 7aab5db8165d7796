// What a call returns, bounded by this call's arguments
// (opencl_backend/oclgen_ival.c, call_ival): `smaller(x, lim)` is at
// most lim whatever x is, so in the variant for a small lim the `+ 1`
// after it needs no overflow check; for lim = 2^31 - 1 the kernel with
// the check runs and the sum past 32 bits must come out exact (a check
// dropped wrongly would wrap it to -2^31).  The same below with larger.
// explain: call_result_args.whiley:26: kernel wyk_1_n (the variant for lim within +-2^24; its indices within the lists they index): checks: 0 tested
// explain: call_result_args.whiley:33: kernel wyk_2_n (the variant for floor within +-2^24; its indices within the lists they index): checks: 0 tested
import * from whiley.lang.*

// the smaller of a and b: at most b, whatever a is
public int smaller(int a, int b):
	if a < b:
		return a
	return b

// the larger of a and b: at least b, whatever a is
public int larger(int a, int b):
	if a > b:
		return a
	return b

// each element, at most lim, plus one
public [int] bumped([int] xs, int lim):
	out = xs
	for i in 0..|xs|:
		out[i] = smaller(xs[i], lim) + 1
	return out

// each element, at least floor, minus one
public [int] lowered([int] xs, int floor):
	out = xs
	for i in 0..|xs|:
		out[i] = larger(xs[i], floor) - 1
	return out

public void ::main(System.Console sys):
	xs = [5, -7, 2147483647, -2147483648, 0, 100]
	sys.out.println(bumped(xs, 10))
	sys.out.println(bumped(xs, 2147483647))
	sys.out.println(bumped(xs, -2147483648))
	sys.out.println(lowered(xs, -10))
	sys.out.println(lowered(xs, -2147483648))
	sys.out.println(lowered(xs, 2147483647))
