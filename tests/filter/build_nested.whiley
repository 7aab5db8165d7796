// 2-D builds (filter/build.c): `rows = []`, then in each iteration of a
// range loop a row built from [] by an inner range loop and appended,
// becomes one 2-D kernel writing rows[y][x]; [[int]] and [[bool]] stay
// on the device until the host reads them.  Bounds other than 0, an
// empty outer range, an empty inner range (rows of []), a descending
// range (the CPU path), a private value in the outer body, host reads
// and writes of the result, and a later kernel using it.
// explain: build_nested.whiley:17: for y: GPU-implicit (kernel 1, build of 'rows', 2-D (y, x)
// explain: build_nested.whiley:20: for x: GPU-implicit-inner (flattened into kernel 1)
// explain: build_nested.whiley:27: for y: GPU-implicit (kernel 2, build of 'rows', 2-D (y, x)
// explain: build_nested.whiley:36: for y: GPU-implicit (kernel 3, build of 'rows', 2-D (y, x)
// explain: build_nested.whiley:44: for y: GPU-implicit (kernel 4, 1-D
import * from whiley.lang.*

public [[int]] table(int lo, int hi, int w):
	rows = []
	for y in lo..hi:
		row = []
		base = y * 100
		for x in 0..w:
			row = row + [base + x * x]
		rows = rows + [row]
	return rows

public [[real]] grid(int n):
	rows = []
	for y in 0..n:
		row = []
		for x in 0..n:
			row = row + [(real)(x - y) / 2.0]
		rows = rows + [row]
	return rows

public [[bool]] marks(int n):
	rows = []
	for y in 0..n:
		row = []
		for x in 0..n:
			row = row + [(x + y) % 3 == 0]
		rows = rows + [row]
	return rows

public [[int]] doubled([[int]] m):
	for y in 0..|m|:
		for x in 0..|m[y]|:
			m[y][x] = m[y][x] * 2
	return m

public void ::main(System.Console sys):
	t = table(3, 6, 4)
	sys.out.println(t)
	sys.out.println(table(4, 4, 3))
	sys.out.println(table(0, 3, 0))
	sys.out.println(table(5, 2, 2))
	u = doubled(t)
	sys.out.println(u)
	t[1][2] = -1
	sys.out.println(t[1])
	sys.out.println(t[0][3] + t[2][1])
	sys.out.println(t)
	sys.out.println(grid(3))
	g = grid(4)
	sys.out.println(g[3])
	sys.out.println(marks(4))
