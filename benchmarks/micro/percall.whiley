// Per-call overhead of an offloaded loop: a loop over a few work-items
// (items, default 32) that does almost nothing, offloaded `calls` times
// (default 2000) after one call (which pays for the device's start).
// The harness times whole runs of two call counts: their difference
// over the calls between them is the cost of one call, start-up and
// exit cancelled (a benchmarking region would time each call's phases
// with profiling events, which cost more than the call itself).
//   usage: percall [calls [items]]
// Prints the sum of the list: items * (items - 1) / 2 (its first
// values 0..items) + (calls + 1) * items * (items + 1) / 2.
import * from whiley.lang.*

public void ::main(System.Console sys):
	calls = 2000
	items = 32
	try:
		if |sys.args| > 0:
			calls = Int.parse(sys.args[0])
		if |sys.args| > 1:
			items = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: percall [calls [items]]")
		return
	xs = 0..items
	// the warm-up call: the device starts here
	for i in 0..items:
		xs[i] = xs[i] + i + 1
	c = 0
	while c < calls:
		// the kernel: one work-item per element
		for i in 0..items:
			xs[i] = xs[i] + i + 1
		c = c + 1
	total = 0
	for v in xs:
		total = total + v
	sys.out.println(total)
