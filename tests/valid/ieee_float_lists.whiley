// flags: --real=float
// fallback: the loops carry a real from one iteration to the next, on the CPU
// [real] lists under --real=float hold floats (runtime/list.c: LS_F32),
// each stored value rounded to float once, as its operation's result
// was: sums that a float cannot hold exactly, appends and a sublist,
// equality, a set, and loops that write a list and a row in place and
// read rows down a column or at the loop's index (c_backend/cgen_rows.c:
// arrays of floats).  NAME.sysout: the exact output (--target=c);
// NAME.device.sysout: --real=float, NAME.double.sysout: --real=double,
// both written from Python's float arithmetic (struct's float32 for
// each float result) and the shortest decimal that reads back.
import * from whiley.lang.*

// a running sum written in place: xs[i] reads the xs[i - 1] just stored
public [real] prefix([real] xs):
	for i in 1..|xs|:
		xs[i] = xs[i] + xs[i - 1]
	return xs

// row i rebuilt from its left neighbour and row k, in place
public [[real]] sweep([[real]] a, int i, int k):
	for j in 1..|a[i]|:
		a[i][j] = a[i][j - 1] * 0.5 + a[k][j]
	return a

// a column folded down the rows (x is kept by both loops)
public [real] fold([[real]] m, int w):
	out = []
	for j in 0..w:
		s = 0.0
		for i in 0..|m|:
			s = s * 0.5 + m[i][j]
		out = out + [s]
	return out

// the diagonal folded: each iteration's guard of its row
public real diag([[real]] m):
	s = 0.0
	for i in 0..|m|:
		s = s * 3.0 + m[i][i]
	return s

public void ::main(System.Console sys):
	big = [16777216.0, 1.0, 0.1, 0.2]
	sys.out.println(prefix(big))
	sys.out.println(big)
	p = prefix([0.1, 0.2, 0.3, 1.0, 100000.0, 0.001])
	sys.out.println(p)
	sys.out.println(p[1..3])
	sys.out.println((p[1] == 0.1 + 0.2))
	q = p + [p[2] * 3.0]
	sys.out.println(q)
	sys.out.println({q[0..2], [q[0], q[1]], [0.1], [q[1]]})
	m = [[0.1, 0.2, 0.3], [1.0, 3.0, 7.0], [16777216.0, 0.5, 0.25]]
	sys.out.println(sweep(m, 1, 2))
	sys.out.println(m)
	sys.out.println(fold(m, 3))
	sys.out.println(diag(m))
	n = m
	n[2][0] = n[2][0] + 1.0
	sys.out.println(n[2])
	sys.out.println((n == m))
