// Sum of a list of n ints by repeated block sums: each pass replaces the
// list by the sums of its blocks of 'block' elements (the kernel), as
// long as that leaves at least minBlocks sums; the CPU adds up what
// remains, and the elements left over when a pass's length is not a
// multiple of the block.  The elements are 0..15, so the partial sums fit
// the device's 32-bit ints for n up to 2^27.
//   usage: reduce_sum [n [block [minBlocks]]]  (default 524288 4 64)
// Prints the checksum: the sum.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// n elements of a fixed pseudo-random pattern, each in 0..15 (a while
// loop: setting up stays on the CPU).
public [int] pattern(int n):
	xs = 0..n
	i = 0
	while i < n:
		xs[i] = (i * i / 5 + i) % 16
		i = i + 1
	return xs

public void ::main(System.Console sys):
	n = 524288
	block = 4
	minBlocks = 64
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			block = Int.parse(sys.args[1])
		if |sys.args| > 2:
			minBlocks = Int.parse(sys.args[2])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: reduce_sum [n [block [minBlocks]]]")
		return
	xs = pattern(n)
	rest = 0
	beginGPUBenchmarking()
	blocks = |xs| / block
	while blocks >= minBlocks:
		sums = 0..blocks
		// the kernel: one work-item per block
		for k in 0..blocks:
			s = 0
			for j in 0..block:
				s = s + xs[k * block + j]
			sums[k] = s
		i = blocks * block
		while i < |xs|:
			rest = rest + xs[i]
			i = i + 1
		xs = sums
		blocks = |xs| / block
	endGPUBenchmarking()
	for v in xs:
		rest = rest + v
	sys.out.println(rest)
	printOutGPUBenchmarkResults()
