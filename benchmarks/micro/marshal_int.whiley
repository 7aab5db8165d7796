// Marshalling bandwidth for [int]: one offloaded call of
// `for i in 0..n: a[i] = a[i] + 1` over a list of n ints (default 10^6).
// The harness reads the call's marshal and unmarshal phases from
// WYC_PROFILE=1 and counts 8 host bytes per element.
//   usage: marshal_int [n]
// Prints a[0] + a[n / 2] + a[n - 1] afterwards: 1 + (n / 2 + 1) + n.
import * from whiley.lang.*
import * from whiley.gpgpu.*

public void ::main(System.Console sys):
	n = 1000000
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: marshal_int [n]")
		return
	// built on the host, as a list of ints held in memory: `0..n` would
	// be a lazy range, computed into the device buffer, and a build loop
	// the filter would put on the device; the counter v, wrapping at
	// 2^40 (never, here), keeps this loop on the CPU
	a = []
	v = 0
	for i in 0..n:
		a = a + [v]
		v = v + 1
		if v == 1099511627776:
			v = 0
	beginGPUBenchmarking()
	// the kernel: one work-item per element
	for i in 0..n:
		a[i] = a[i] + 1
	endGPUBenchmarking()
	sys.out.println(a[0] + a[n / 2] + a[n - 1])
	printOutGPUBenchmarkResults()
