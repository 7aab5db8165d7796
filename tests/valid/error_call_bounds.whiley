// An index through a call inside a kernel's loop: clamp returns between
// 0 and |xs|.  The lower bound is tested once before the loop instead of
// in every iteration; the upper one is |xs| itself, and `|xs| < |xs|`
// never holds, so the index keeps its test in every iteration
// (oclgen_hoist.c, bound_test; the test before the loop, always false,
// drew a compiler warning that Oclgrind reports).  The kernel reports
// the index error and the CPU's run of the loop raises the exact error,
// at the first iteration that reads xs[|xs|].
// fallback: an index reaches |xs| on the device, so the CPU runs the loop and raises the error
import * from whiley.lang.*

public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

public [int] smooth([int] xs, int r):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for k in -r..(r + 1):
			s = s + xs[clamp(i + k, 0, |xs|)]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(smooth([5, 6, 7], 0))
	sys.out.println(smooth([5, 6, 7], 1))
