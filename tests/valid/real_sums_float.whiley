// A sum of 2^20 device floats whose exact value a double holds (each
// element a multiple of 1/1024 below 1000, 20 bits): a float accumulator
// holds 24 bits, and a work group's tree adds partial sums of 2^18 and
// more, which lost the low bits (the sum came back 509867440.35546875).
// Reductions of device reals accumulate in double where the device has
// it, compensated where it has not (WYC_DEV=fp64=0, the fault test
// float_only_sums): both give the exact sum.  The exact value comes from
// a sum of ints; the first line compares the two within 1e-7 relative.
// flags: --gpu-real=float
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 1048576
	xs = []
	for i in 0..n:
		xs = xs + [(real)((i * 37) % 1000003) / 1024.0]
	s = 0.0
	for i in 0..n:
		s = s + xs[i]
	e = 0
	for i in 0..n:
		e = e + (i * 37) % 1000003
	exact = (real)e / 1024.0
	d = s - exact
	if d < 0.0:
		d = -d
	sys.out.println((d <= exact / 10000000.0))
	sys.out.println(s)
	sys.out.println(exact)
