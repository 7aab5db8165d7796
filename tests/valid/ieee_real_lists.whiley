// flags: --gpu-real=exact
// [real] lists in the IEEE modes hold machine numbers (runtime/list.c:
// LS_F64 under --real=double): appends, sublists, equality and order,
// printing, membership, sets and maps of them, a record and a union
// holding one, lists of lists, copy-on-write (b = a; b[0] = 1.0 leaves a
// as it was, also for rows that are one list), a negative zero, and
// loops that read and write rows in place (c_backend/cgen_rows.c: a row
// made unique where the loop starts, rows read down a column, a row of
// another storage).  NAME.sysout is the exact output;
// NAME.double.sysout the --real=double one, written from Python's float
// arithmetic and repr (and checked against the exact one by
// tests/tools/check_ieee_outputs.py).
import * from whiley.lang.*

define Val as [real] | int

// the sums of the first w columns: rows read at the loop's variable
public [real] colsums([[real]] m, int w):
	out = []
	for j in 0..w:
		s = 0.0
		for i in 0..|m|:
			s = s + m[i][j]
		out = out + [s]
	return out

// one step of an elimination: row i updated in place from row k
public [[real]] eliminate([[real]] a, int k):
	for i in (k + 1)..|a|:
		f = a[i][k] / a[k][k]
		for j in k..|a[i]|:
			a[i][j] = a[i][j] - f * a[k][j]
	return a

// a list written in place while it is read
public [real] prefix([real] xs):
	for i in 1..|xs|:
		xs[i] = xs[i] + xs[i - 1]
	return xs

// row r scaled in place: a row index the loop keeps
public [[real]] scalerow([[real]] m, int r, real f):
	for j in 0..|m[r]|:
		m[r][j] = m[r][j] * f
	return m

// 10^-10k: below 2^-126 from k = 4 on (a boxed word in a register)
public real tiny(int k):
	t = 1.0
	for i in 0..k:
		t = t / 10000000000.0
	return t

public real first(Val v):
	if v is [real]:
		return v[0]
	return (real) v

public void ::main(System.Console sys):
	a = [0.1, 0.2, 0.5]
	b = a
	b[0] = 1.0
	sys.out.println(a)
	sys.out.println(b)
	c = a + [0.25] + b
	sys.out.println(c)
	sys.out.println(c[1..4])
	sys.out.println(c[4..1])
	sys.out.println((a == [0.1, 0.2, 0.5]))
	sys.out.println((a == b))
	sys.out.println((0.2 in a))
	sys.out.println((0.3 in a))
	s = a[0] + a[1]
	sys.out.println(s)
	sys.out.println((s in [a[1], a[0] + a[1]]))
	// the zeros of a product and a negation are 0.0
	z = [0.0 * -1.0, -0.0, -a[0] + a[0]]
	sys.out.println(z)
	sys.out.println((z == [0.0, 0.0, 0.0]))
	// a set of lists of reals, and a map keyed by them
	set = {[0.5, 0.1], [0.25], [0.5, 0.1], z, [0.25, 0.0]}
	sys.out.println(set)
	sys.out.println(|set|)
	mp = {[0.1] => 1, [0.0] => 2}
	sys.out.println(mp[[0.1]])
	sys.out.println(mp[z[1..2]])
	// a record and a union holding a [real]
	p = {x: 0.1, ys: a}
	p.ys[1] = 3.0
	sys.out.println(p)
	sys.out.println(a)
	sys.out.println(first(a))
	sys.out.println(first(7))
	vs = [a, 3]
	sys.out.println(vs)
	// appends in a loop, a list of them, reads down the columns
	m = [[1.5, 0.1, 2.0], [2.0, 0.2, 0.5], [0.25, 4.0, 0.1]]
	sys.out.println(colsums(m, 3))
	sys.out.println(colsums([[0.5, 1.0], [], [2.0, 0.25]], 0))
	// rows that are one list: each written row is copied first
	r = [2.0, 4.0, 1.0]
	g = [r, r, [1.0, 0.5, 0.1]]
	e = eliminate(g, 0)
	sys.out.println(e)
	sys.out.println(g)
	sys.out.println(r)
	sys.out.println(eliminate(m, 0))
	sys.out.println(m)
	sys.out.println(prefix([0.1, 0.2, 0.3, 0.4]))
	h = scalerow(g, 1, 0.1)
	sys.out.println(h)
	sys.out.println(g)
	// a row holding a value below 2^-126 (a boxed word, a double here)
	n = scalerow([[1.0, 2.0], [tiny(30), 3.0]], 1, 0.5)
	sys.out.println(n[1][0] / tiny(30))
	sys.out.println(n[1][1])
	sys.out.println((n[1][0] < tiny(29)))
