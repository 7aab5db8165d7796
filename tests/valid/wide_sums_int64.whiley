// Sums a kernel carries in 64 bits (opencl_backend/oclgen_hoist.c,
// CHK_WIDE) in a kernel built with 64-bit ints: there every add keeps
// its test, so a sum past 2^63 fails on the device and the CPU gives the
// exact total (an unchecked 64-bit sum would wrap to -2^62).
// flags: --gpu-int=64
// fallback: 3 * 2^62 overflows the device's 64-bit ints; the CPU reruns the loop exactly
import * from whiley.lang.*

public [int] rowSums([[int]] xs):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for j in 0..|xs[i]|:
			s = s + xs[i][j]
		out[i] = s
	return out

public void ::main(System.Console sys):
	q = 4611686018427387904
	sys.out.println(rowSums([[1, 2, 3], [q, q, -q], [5, 6, 7]]))
	sys.out.println(rowSums([[1, 2, 3], [q, q, q], [5, 6, 7]]))
