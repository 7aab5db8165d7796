// flags: --gpu-real=exact
// In --real=double a sum that overflows inside a loop whose reals are
// machine doubles: the error is the sum's, at its position; the products
// it reads are finite.  Exactly, nothing overflows.
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
	x = big(30) * 100000000.0
	sys.out.println((dot([x, 1.0], [1.0, 1.0]) > big(30)))
	sys.out.println((dot([x, x, x], [1.0, 1.0, 1.0]) > big(30)))
