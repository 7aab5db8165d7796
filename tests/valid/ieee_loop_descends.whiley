// A counted loop whose range starts past the end of the list it reads:
// it runs downwards, so the facts that --real=double tests at its start
// (c_backend/cgen_bounds.c) do not hold, and the first read fails as
// written.
import * from whiley.lang.*

public real tail([real] a, int from):
	s = 0.0
	for i in from..|a|:
		s = s + a[i]
	return s

public void ::main(System.Console sys):
	sys.out.println(tail([1.0, 2.0, 4.0], 1))
	sys.out.println(tail([1.0, 2.0], 3))
