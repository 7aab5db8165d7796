// Lists of rows of reals that kernels left on the device, written and
// read by the host a row at a time (ocl_resident.c, by_rows: the rows
// written come back, the rest stays the device's until a read or a
// kernel needs it).  Values are halves and small integers, exact in a
// float, so the exact program and the device agree to the digit.  The
// shapes: a pivot written between two kernels of a loop (an
// orthogonalisation's norm), a row scaled after a kernel, a read of
// another row after a write, a copy taken and then written, and a
// kernel that computed a row from values it did not read (no rows to
// fetch by then: the whole list comes back).
// explain: resident_real_row_writes.whiley:16: for y: GPU-implicit (kernel
import * from whiley.lang.*

public [[real]] halves(int h, int w):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [((real)(y * 10 + x)) / 2.0]
		rows = rows + [row]
	return rows

public [[real]] scale([[real]] g, real f):
	for y in 0..|g|:
		for x in 0..|g[y]|:
			g[y][x] = g[y][x] * f + 1.0
	return g

public void ::main(System.Console sys):
	// a pivot per step, written on the host between two kernels
	g = halves(5, 4)
	for k in 0..3:
		g[k][k] = g[k][k] + 0.5
		g = scale(g, 2.0)
	sys.out.println(g)
	// a read of another row after a write
	m = halves(4, 3)
	m[1][2] = -3.5
	x = m[3][0]
	sys.out.println(x)
	sys.out.println(m)
	// a copy taken after a write, then both written
	c = halves(3, 3)
	c[0][0] = 9.0
	c2 = c
	c[2][1] = -1.0
	c2 = scale(c2, 0.5)
	sys.out.println(c)
	sys.out.println(c2)
	// rows far apart, then the list grown
	r = halves(6, 2)
	r[0][1] = 4.5
	r[5][0] = 8.0
	r = r + [[1.5]]
	sys.out.println(r)
