// A chained loop (its launches do not wait for their error flags) whose
// kernel overflows the device's 32-bit ints only in its fourth pass: the
// flag, read at the loop's exit, makes the whole loop run again from its
// start with each call checked, where that pass reruns in 64 bits.  The
// sums must be the exact ones on every target.
// explain: chain_overflow.whiley:19: while: chained: its 1 offloaded call
// explain: chain_overflow.whiley:21: for i: GPU-implicit (kernel 2
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 1000
	xs = []
	for i in 0..n:
		xs = xs + [i % 7 + 1]
	total = 0
	g = 0
	steps = 6
	// the values grow 1000-fold a pass: past 2^31 in the fourth
	while g < steps:
		ys = 0..n
		for i in 0..n:
			ys[i] = xs[i] * 1000 + g
		xs = ys
		total = total + |xs|
		g = g + 1
	sys.out.println(total)
	sys.out.println(xs[0])
	sys.out.println(xs[n - 1])
