// Lists that build kernels make have no host storage until the host
// reads them (runtime/ocl_build.c, wyrt_new_list_deferred): every way
// the host can first touch such a list must give it its values -- a
// length, an element, a print, an element write, a comparison, a copy
// that a kernel then changes, a list never read -- for rows of ints,
// reals and bools and for flat lists of reals.
// explain: build_deferred.whiley:16: for y: GPU-implicit (kernel 1, build of 'rows', 2-D (y, x)
// explain: build_deferred.whiley:25: for y: GPU-implicit (kernel 2, build of 'rows', 2-D (y, x)
// explain: build_deferred.whiley:34: for y: GPU-implicit (kernel 3, build of 'rows', 2-D (y, x)
// explain: build_deferred.whiley:43: for i: GPU-implicit (kernel 4, build of 'xs', 1-D
// explain: build_deferred.whiley:48: for y: GPU-implicit (kernel 5, 1-D
import * from whiley.lang.*

public [[int]] ints(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [y * 100 + x]
		rows = rows + [row]
	return rows

public [[real]] reals(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [(y * 4 + x) / 4.0]
		rows = rows + [row]
	return rows

public [[bool]] bools(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [(x + y) % 3 == 0]
		rows = rows + [row]
	return rows

public [real] halves(int n):
	xs = []
	for i in 0..n:
		xs = xs + [i / 2.0]
	return xs

public [[int]] bump([[int]] g):
	for y in 0..|g|:
		for x in 0..|g[y]|:
			g[y][x] = g[y][x] + 1
	return g

public void ::main(System.Console sys):
	a = ints(3, 4)
	sys.out.println(|a|)
	sys.out.println(|a[1]|)
	sys.out.println(a[2][3])
	b = ints(2, 3)
	b[1][0] = -7
	sys.out.println(b)
	r = reals(2, 3)
	r[0][0] = 0.5
	sys.out.println(r)
	sys.out.println(reals(0, 3))
	sys.out.println(reals(2, 0))
	h = halves(4)
	same = h == [0.0, 0.5, 1.0, 1.5]
	sys.out.println(same)
	sys.out.println(h)
	c = ints(2, 2)
	d = bump(c)
	sys.out.println(c)
	sys.out.println(d)
	e = bump(bump(ints(3, 2)))
	sys.out.println(e[2])
	u = ints(50, 50)
	u = bools(2, 2)
	sys.out.println(u)
	sys.out.println(bools(3, 4)[2])
