// Element accumulations (filter/scalarize.c) whose update stores the
// element's own value back: a[f] = a[f], a copy through a variable, and
// a self copy before a sum, at one and two levels, in loops a kernel
// runs per row.  The stored value is the element's scalar; a store of
// the read's register once printed undef (a random program found it).
// fallback: a GPU unrolls device loops over ascending ranges only (k..0)
import * from whiley.lang.*

[[int]] copies([[int]] m, int k):
	for i in 0..|m|:
		for j in k..0:
			m[i][1] = m[i][1]
		for j in 0..k:
			x = m[i][2]
			m[i][2] = x
		for j in 0..k:
			m[i][3] = m[i][3]
			m[i][3] = m[i][3] + j
	return m

[int] flat([int] a, int k):
	b = a
	for i in 0..|b|:
		for j in 0..k:
			b[i] = b[i]
	return b

public void ::main(System.Console sys):
	m = []
	for i in 0..4:
		row = []
		for j in 0..5:
			row = row + [10 * i + j]
		m = m + [row]
	sys.out.println(copies(m, 3))
	sys.out.println(flat([5, 6, 7], 4))
