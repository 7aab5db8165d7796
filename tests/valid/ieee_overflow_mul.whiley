// flags: --gpu-real=exact
// In --real=double a product that overflows inside a loop whose reals are
// machine doubles: the error is the product's, at its position, though
// the sum that reads it is checked for both (c_backend/cgen_unbox.c).
// Exactly, nothing overflows.  (The sign test keeps the loop on the CPU
// on every target: not a reduction.)
import * from whiley.lang.*

public real dot([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] * b[i]
		if s < 0.0:
			s = 0.0 - s
	return s

// 10^(10k)
public real big(int k):
	t = 1.0
	for i in 0..k:
		t = t * 10000000000.0
		if t < 0.0:
			t = 0.0 - t
	return t

public void ::main(System.Console sys):
	a = [1.0, big(20), 3.0]
	sys.out.println(dot(a, [2.0, 4.0, 1.0]))
	sys.out.println((dot(a, [2.0, big(20), 1.0]) > big(30)))
