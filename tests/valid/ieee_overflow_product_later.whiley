// flags: --gpu-real=exact
// fallback: a reduction that is not finite on the device reruns on the CPU
// A dot product whose copy that assumes its facts tests for overflow
// once, after the loop (c_backend/cgen_defer.c), under --real=double:
// the second product is not finite, and the loop as written, run again
// from its start, fails at that product (its multiplication's position,
// though the sum that reads it is where the test is), not at the sum.
// Exactly, nothing overflows (NAME.sysout); the doubles
// (NAME.double.sysout, .double.stderr) are Python's.
import * from whiley.lang.*

public real dot([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] * b[i]
	return s

// 10^(10k)
public real big(int k):
	t = 1.0
	for i in 0..k:
		t = t * 10000000000.0
	return t

public void ::main(System.Console sys):
	x = big(30) * 100000000.0
	sys.out.println(dot([0.5, 2.0], [4.0, 0.25]))
	sys.out.println((dot([1.0, x, -x], [1.0, 10.0, 10.0]) > big(30)))
