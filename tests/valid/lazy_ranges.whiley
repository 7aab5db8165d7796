// Ranges of 4096 elements or more are filled in on first use (list.c,
// wy_list_range): every way of reading or changing one must see its
// values, and a kernel that writes every element leaves it unfilled.
import * from whiley.lang.*

int sum([int] xs):
	s = 0
	for v in xs:
		s = s + v
	return s

void ::main(System.Console sys):
	n = 5000
	up = 0..n
	sys.out.println(up[0])
	sys.out.println(up[4999])
	down = n..0
	sys.out.println(down[0])
	sys.out.println(down[4999])
	sys.out.println(sum(up))
	sys.out.println(sum(down))
	// written whole by a kernel that reads nothing: never filled
	ws = 0..n
	for i in 0..n:
		ws[i] = 2 * i
	sys.out.println(ws[4999])
	sys.out.println(sum(ws))
	// read and written by a kernel
	rs = 10..(n + 10)
	for i in 0..n:
		rs[i] = rs[i] + 1
	sys.out.println(rs[0])
	sys.out.println(rs[4999])
	// written in part, on the host and by a kernel
	hs = 0..n
	hs[7] = -1
	sys.out.println(hs[6])
	sys.out.println(hs[7])
	sys.out.println(hs[8])
	ps = 0..n
	for i in 0..n:
		if i % 2 == 0:
			ps[i] = 0
	sys.out.println(ps[3])
	sys.out.println(ps[4])
	// copies, appends, comparisons, sublists
	a = 0..n
	b = a
	b[0] = 9
	sys.out.println(a[0])
	sys.out.println(b[0])
	c = 0..n
	c = c + [n]
	sys.out.println(|c|)
	sys.out.println(c[n])
	sys.out.println(c[n - 1])
	sys.out.println(((0..n) == (0..n)))
	sys.out.println(((0..n) == a))
	sys.out.println((b == a))
	sys.out.println(a[4990..4995])
	e = (0..n) + (n..0)
	sys.out.println(e[n - 1])
	sys.out.println(e[n])
	// a range made in a loop, each a new list
	t = 0
	for k in 0..3:
		r = k..(k + n)
		t = t + r[4999]
	sys.out.println(t)
