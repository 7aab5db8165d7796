// A counted loop over a list of reals whose range ends past the list:
// the fact that --real=double tests at the loop's start (hi <= |a|,
// c_backend/cgen_bounds.c) does not hold, and the read of the element
// past the end fails as written, after the ones before it.
import * from whiley.lang.*

public real part([real] a, int lo, int hi):
	s = 0.0
	for i in lo..hi:
		s = s + a[i] * 2.0
	return s

public void ::main(System.Console sys):
	a = [1.0, 2.0, 4.0, 8.0]
	sys.out.println(part(a, 2, 4))
	sys.out.println(part(a, 2, 5))
