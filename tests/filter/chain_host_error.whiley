// A chained loop whose own code fails (an assertion) while every launch
// succeeds: the failed check reads the flag, finds it clear, and the
// program stops with the assertion's error, the kernels' results up to
// there being right (printed before the loop by the same kernel).
// explain: chain_host_error.whiley:24: while: chained: its 1 offloaded call
import * from whiley.lang.*

public [int] step([int] xs, int g):
	ys = xs
	for i in 0..|xs|:
		ys[i] = xs[i] * 3 + g
	return ys

public void ::main(System.Console sys):
	n = 300
	xs = []
	for i in 0..n:
		xs = xs + [i % 5]
	zs = step(xs, 1)
	sys.out.println(zs[n - 1])
	g = 0
	left = 4
	// the kernel inlined here: a loop of launches and a countdown
	while g < 10:
		ys = 0..n
		for i in 0..n:
			ys[i] = xs[i] * 3 + g
		xs = ys
		left = left - 1
		assert left >= 0
		g = g + 1
	sys.out.println("not reached")
