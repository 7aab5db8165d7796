// Write-back compares language values, not device bits (issue 10, item
// 4): an int element of an [int|real] list that the kernel turns into a
// real of the same value must print as a real.  A device real cannot
// tell, so a kernel that reads and writes such a list stays on the CPU;
// a list it only writes, whole, comes back as reals.
// flags: --gpu-real=float
// explain: int_real_writeback.whiley:12: for i: CPU — writes 'xs', a list of int|real that it also reads
// explain: int_real_writeback.whiley:17: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out (1 write-only)
import * from whiley.lang.*

public [int|real] toReal([int|real] xs):
	for i in 0..|xs|:
		xs[i] = xs[i] * 1.0
	return xs

public [int|real] fill([real] src, [int|real] out):
	for i in 0..|src|:
		out[i] = src[i]
	return out

public void ::main(System.Console sys):
	sys.out.println(toReal([1, 2.5, 3]))
	sys.out.println(fill([1.0, 2.5, 3.0], [1, 2, 3]))
