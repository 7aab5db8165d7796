// A counted loop from a negative start over a list of reals: the facts
// that --real=double tests at the loop's start (c_backend/cgen_bounds.c)
// do not hold, and the first read fails as written.
import * from whiley.lang.*

public real part([real] a, int lo, int hi):
	s = 0.0
	for i in lo..hi:
		s = s + a[i] * 2.0
	return s

public void ::main(System.Console sys):
	a = [1.0, 2.0, 4.0, 8.0]
	sys.out.println(part(a, 0, 2))
	sys.out.println(part(a, -1, 2))
