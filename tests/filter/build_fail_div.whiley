// A build whose element computation fails: the kernel's division by
// zero sets its error flag, the device's list is dropped, and the CPU
// loop runs from the start and stops with the language's error at the
// same place on every target.  The list printed before shows that an
// earlier build of the same loop succeeded on the device.
// explain: build_fail_div.whiley:11: for i: GPU-implicit (kernel 1, build of 'xs', 1-D
import * from whiley.lang.*

public [int] ratios(int n, int k):
	xs = []
	for i in 0..n:
		xs = xs + [100 / (i - k)]
	return xs

public void ::main(System.Console sys):
	sys.out.println(ratios(4, 6))
	sys.out.println(ratios(9, 5))
	sys.out.println("not reached")
