// The host writes into lists of rows that kernels left on the device
// before it reads them: only the rows written come back (and those
// between them and the rows it holds; ocl_resident.c, res_write), the
// rest stays the device's until a read fetches it or a kernel uses the
// list, which uploads just the host's rows.  Writes in one row, in rows
// far apart, below the rows held, a read of another row after a write,
// a whole row replaced, a copy taken and then written, a list grown,
// rows of bools and of ints beyond 32 bits, a kernel between host
// writes; every grid printed whole at the end (a kernel that fails on
// such a list: resident_row_writes_fail).
// explain: resident_row_writes.whiley:22: for y: GPU-implicit (kernel 2, build of 'rows', each row a copy of 'row'
// explain: resident_row_writes.whiley:28: for y: GPU-implicit (kernel 3, build of 'rows', 2-D (y, x)
// explain: resident_row_writes.whiley:37: for y: GPU-implicit (kernel 4, build of 'rows', 2-D (y, x)
// explain: resident_row_writes.whiley:45: for y: GPU-implicit (kernel 5, 1-D
import * from whiley.lang.*

public [[int]] grid(int h, int w, int v):
	row = []
	for x in 0..w:
		row = row + [v + x]
	rows = []
	for y in 0..h:
		rows = rows + [row]
	return rows

public [[int]] counts(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [y * 10 + x]
		rows = rows + [row]
	return rows

public [[bool]] checks(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [(x + y) % 2 == 0]
		rows = rows + [row]
	return rows

public [[int]] step([[int]] g):
	for y in 0..|g|:
		for x in 0..|g[y]|:
			g[y][x] = g[y][x] * 2 + y
	return g

public void ::main(System.Console sys):
	// one row, then rows far apart, then a kernel, then a host write
	g = grid(6, 4, 1)
	g[2][1] = 70
	g[4][0] = 80
	g = step(g)
	g[5][3] = -5
	sys.out.println(g)
	// below the rows held, then all of them held: nothing else to fetch
	h = counts(4, 3)
	h[3][2] = 1
	h[0][0] = 2
	sys.out.println(h)
	// a read of another row after a write
	m = counts(4, 4)
	m[0][0] = 5
	x = m[3][3]
	sys.out.println(x)
	sys.out.println(m)
	// a whole row replaced, then the list grown
	r = grid(3, 2, 4)
	r[1] = [9, 9, 9]
	sys.out.println(r)
	r = r + [[1]]
	sys.out.println(r)
	// a copy taken after a write, then written
	k = counts(3, 3)
	k[1][1] = -1
	k2 = k
	k[2][2] = -2
	sys.out.println(k)
	sys.out.println(k2)
	// bools
	b = checks(3, 3)
	b[1][1] = true
	b[2][0] = false
	sys.out.println(b)
	// ints beyond 32 bits
	big = grid(3, 2, 1099511627776)
	big[2][1] = 3
	big = step(big)
	big[0][0] = 0
	sys.out.println(big)
	// the same grid written again after a kernel used it
	s = grid(5, 3, 0)
	s[4][2] = 9
	s = step(s)
	s[0][1] = 7
	s = step(s)
	sys.out.println(s)
