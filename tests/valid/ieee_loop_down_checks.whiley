// flags: --gpu-real=exact
// A descending range whose loop has facts only about checks it does not
// change (of a row index, c_backend/cgen_bounds.c) under --real=double:
// the copy that assumes its facts counts upwards, so a range k..0 with
// k > 0 must run as written (found by the random-program tester, seed 8:
// the upward copy counted past the end of the range for ever).
import * from whiley.lang.*

public [[int]] down([[int]] m, int r, int k):
	for i in k..0:
		m[r][0] = m[r][0] + i
	return m

public real downr([[real]] m, int r, int k):
	s = 0.0
	for i in k..0:
		s = s + m[r][1] * 2.0
	return s

public void ::main(System.Console sys):
	sys.out.println(down([[1, 2], [3, 4]], 1, 4))
	sys.out.println(down([[1, 2], [3, 4]], 0, 0))
	sys.out.println(downr([[1.0, 2.5], [3.0, 4.0]], 0, 3))
	sys.out.println(downr([[1.0, 2.5], [3.0, 4.0]], 1, -2))
