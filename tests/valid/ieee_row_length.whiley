// flags: --gpu-real=exact
// The length of a row read in a counted loop with facts under
// --real=double, into a temporary that shares its C local with others
// (c_backend/cgen_slots.c): the read holds a reference of its own, which
// the temporary then drops; only a borrowed register (cgen_borrow.c)
// takes the row from the list's storage array without one.  Found by
// the random-program tester (--real double, seed 5): the rows were
// released while the list still held them, and printing it failed.
import * from whiley.lang.*

public ([[int]], real) widths([[int]] m, int n, real q):
	for i in 1..n:
		for j in 0..|m[i]|:
		if -1 < i:
			return (m, q + 0.25)
	return (m, q)

public void ::main(System.Console sys):
	m = [[-6, 13, 10, 4], [7, 13, -6, 13], [17, 19, 1, 14]]
	sys.out.println(widths(m, 3, 0.5))
	sys.out.println(m)
	sys.out.println(widths(m, 1, 0.5))
