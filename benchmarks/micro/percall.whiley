// Per-call overhead of an offloaded loop: a loop over a few work-items
// (items, default 32) that does almost nothing, offloaded `calls` times
// (default 2000) inside the benchmarking region, after one call outside
// it (which pays for the device's start).  The harness divides the
// region's time by the calls that ran on the device.
//   usage: percall [calls [items]]
// Prints the sum of the list: items * (items - 1) / 2 (its first
// values 0..items) + (calls + 1) * items * (items + 1) / 2.
import * from whiley.lang.*
import * from whiley.gpgpu.*

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
	beginGPUBenchmarking()
	c = 0
	while c < calls:
		// the kernel: one work-item per element
		for i in 0..items:
			xs[i] = xs[i] + i + 1
		c = c + 1
	endGPUBenchmarking()
	total = 0
	for v in xs:
		total = total + v
	sys.out.println(total)
	printOutGPUBenchmarkResults()
