// flags: --real=float
// fallback: loop-carried real loops, on the CPU whatever the target
// With --real=float every real result is rounded to float, also where
// the loop's reals are machine doubles (c_backend/cgen_unbox.c): a sum
// whose terms a float cannot hold exactly, an int converted beyond 2^24,
// a product and a quotient rounded once each.  The exact target prints
// the exact values (NAME.sysout), the opencl targets the floats.
import * from whiley.lang.*

public real sum([real] a):
	s = 0.0
	for i in 0..|a|:
		s = s * 0.5 + a[i] / 3.0
	return s

public real ints([int] xs):
	s = 0.0
	for i in 0..|xs|:
		s = s + (real) xs[i] * 1.5
	return s

public void ::main(System.Console sys):
	sys.out.println(sum([1.0, 2.0, 3.0, 0.1]))
	sys.out.println(ints([16777217, 3, -5]))
	sys.out.println(sum([16777216.0, 1.0]) * 3.0)
