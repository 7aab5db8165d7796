// Loops that accumulate into a scalar run as parallel reductions (kernels
// of kind reduce), part 1: + and * of ints, a value before the loop
// beyond 64 bits, a partial sum past 32 bits (the kernel reruns in 64)
// and a counted while loop whose product overflows 64 bits (the CPU
// reruns it exactly).  Every result is the sequential one.  Parts 2 and
// 3 (reduce_ops_minmax, reduce_ops_nests) hold the other operators: one
// program each keeps a test's kernel builds within seconds on PoCL.
// fallback: 2^70, built by a counted while loop (a product reduction), overflows the device's 64-bit ints; the CPU reruns that loop exactly
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3]
	n = |xs|
	s = 0
	for i in 0..n:
		s = s + xs[i]
	sys.out.println(s)
	big = 1
	k = 0
	while k < 70:
		big = big * 2
		k = k + 1
	for v in xs:
		big = big + v * 1000
	sys.out.println(big)
	w = 0
	for v in xs:
		w = w + v * 1000000000
	sys.out.println(w)
	p = 1
	for i in 0..n:
		p = p * xs[i]
	sys.out.println(p)
	bp = big
	for i in 0..n:
		bp = bp * (i + 1)
	sys.out.println(bp)
