// Value semantics: b = a; b[0] = 9 leaves a unchanged; lists passed to a
// function are copies; records and nested lists too; for walks a snapshot.
import * from whiley.lang.*

public [int] clobber([int] xs):
	xs[0] = -1
	return xs

public void ::main(System.Console sys):
	a = [1, 2, 3]
	b = a
	b[0] = 9
	sys.out.println(a)
	sys.out.println(b)
	c = clobber(a)
	sys.out.println(a)
	sys.out.println(c)
	g = [[0, 0], [0, 0]]
	row = g[0]
	row[1] = 5
	sys.out.println(g)
	h = g
	h[1][1] = 7
	sys.out.println(g)
	sys.out.println(h)
	r = {xs: [1], n: 0}
	s = r
	s.xs[0] = 2
	s.n = 1
	sys.out.println(r)
	sys.out.println(s)
	list = [10, 20, 30]
	seen = []
	for x in list:
		list[2] = 0
		seen = seen + [x]
	sys.out.println(seen)
	sys.out.println(list)
	rows = []
	line = [1, 1]
	for i in 0..3:
		rows = rows + [line]
		line[0] = line[0] + 1
	sys.out.println(rows)
