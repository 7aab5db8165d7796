// The bound checks of element reads in counted loops over reals, where
// --real=double tests the loop's facts once at its start (c_backend/
// cgen_bounds.c): a range that stops short of the list, one that starts
// past it (it descends, and the facts do not hold), and a list the loop
// shortens (no facts for it): the last fails at its read, in either mode.
import * from whiley.lang.*

public real part([real] a, int lo, int hi):
	s = 0.0
	for i in lo..hi:
		s = s + a[i] * 2.0
	return s

public real shrink([real] a):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i]
		if i == 1:
			a = [a[0]]
	return s

public void ::main(System.Console sys):
	a = [1.0, 2.0, 4.0, 8.0]
	sys.out.println(part(a, 1, 3))
	sys.out.println(part(a, 0, 0))
	sys.out.println(part(a, 3, 1))
	sys.out.println(part(a, 2, 4))
	sys.out.println(shrink([1.0, 0.5]))
	sys.out.println(shrink([1.0, 0.5, 0.25]))
