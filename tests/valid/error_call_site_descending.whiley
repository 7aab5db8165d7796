// A kernel knows what its one call site passes (opencl_backend/
// oclgen_range.c, call_site_facts): for `for i in 1..k` the runtime
// launches only a non-empty range, but 1..k with k < 1 is non-empty and
// runs downwards (i = 1, 0, ..., k + 1), so k >= 2 holds only when the
// range ascends.  The kernel tests that on entry and a descending call
// runs on the CPU; taking k >= 2 without the test dropped the division's
// zero test, and 1..0 (i = 1 alone) divided by zero on the device.
// fallback: 1..-1 and 1..0 run downwards, which the kernel tests on entry; the CPU runs those calls
import * from whiley.lang.*

public [int] f([int] b, int s, int k):
	for i in 1..k:
		b[i] = s / k
	return b

public void ::main(System.Console sys):
	sys.out.println(f([0, 0, 0, 0], 12, 4))
	sys.out.println(f([0, 0, 0, 0], 12, -1))
	sys.out.println(f([0, 0, 0, 0], 12, 0))
