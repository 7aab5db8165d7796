// Marshalling bandwidth for [real] (built with --gpu-real=float): one
// offloaded call of `for i in 0..n: a[i] = a[i] + 1.0` over a list of n
// reals (default 10^6), each a whole number below 4096 so that floats
// hold it exactly.  The harness reads the call's marshal and unmarshal
// phases from WYC_PROFILE=1 (benchmarks/README.md says which bytes it
// counts).
//   usage: marshal_real [n]
// Prints a[0] + a[n / 2] + a[n - 1] afterwards: 1 + (n / 2 % 4096 + 1)
// + ((n - 1) % 4096 + 1), as a real.
import * from whiley.lang.*
import * from whiley.gpgpu.*

public void ::main(System.Console sys):
	n = 1000000
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: marshal_real [n]")
		return
	// built on the host: the counter v, reset every 4096 steps, keeps
	// this loop on the CPU (a build loop the filter would put on the
	// device, and the list would be born there, with nothing to marshal)
	a = []
	v = 0.0
	for i in 0..n:
		a = a + [v]
		v = v + 1.0
		if v == 4096.0:
			v = 0.0
	beginGPUBenchmarking()
	// the kernel: one work-item per element
	for i in 0..n:
		a[i] = a[i] + 1.0
	endGPUBenchmarking()
	sys.out.println(a[0] + a[n / 2] + a[n - 1])
	printOutGPUBenchmarkResults()
