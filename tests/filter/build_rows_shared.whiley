// A row appended many times (`rows = rows + [row]`, row made before the
// loop) is a build of copies (filter/build.c): each work item copies
// the row, and the host gets a row's storage only when it touches it.
// The rows are values all the same: a write to one row changes no other
// row and not `row`, on the host and in a kernel that then updates the
// grid.  Int and bool rows, a row built on the device, an empty row, no
// rows, a descending range and a non-empty start (both on the CPU), a
// row of reals (kept shared on the host: a copy on the device would
// round them), and a loop that also reduces.
// explain: build_rows_shared.whiley:21: for i: GPU-implicit (kernel 1, build of 'row'
// explain: build_rows_shared.whiley:24: for y: GPU-implicit (kernel 2, build of 'rows', each row a copy of 'row', 1-D, 1 list in, 1 out (1 write-only))
// explain: build_rows_shared.whiley:30: for y: GPU-implicit (kernel 3, build of 'rows', each row a copy of 'r'
// explain: build_rows_shared.whiley:36: for y: CPU — appends 'r', made before the loop, to 'rows' in every iteration, and a copy on the device would round its reals
// explain: build_rows_shared.whiley:42: for y: GPU-implicit (kernel 4, build of 'rows', each row a copy of 'r'
// explain: build_rows_shared.whiley:47: for y: GPU-implicit (kernel 5, 1-D
// explain: build_rows_shared.whiley:56: for y: CPU — builds 'rows' and reduces in the same loop (a build with a reduction stays on the CPU)
import * from whiley.lang.*

public [[int]] board(int n, int w):
	row = []
	for i in 0..w:
		row = row + [i * 3 + 1]
	rows = []
	for y in 0..n:
		rows = rows + [row]
	return rows

public [[int]] copies([[int]] start, [int] r, int lo, int hi):
	rows = start
	for y in lo..hi:
		rows = rows + [r]
	return rows

public [[real]] realRows([real] r, int n):
	rows = []
	for y in 0..n:
		rows = rows + [r]
	return rows

public [[bool]] boolRows([bool] r, int n):
	rows = []
	for y in 0..n:
		rows = rows + [r]
	return rows

public [[int]] step([[int]] g):
	for y in 0..|g|:
		for x in 0..|g[y]|:
			g[y][x] = g[y][x] * (y + 2) - x
	return g

// the append is not the loop's whole body: the host shares the row
public ([[int]], int) counted([int] r, int n):
	rows = []
	total = 0
	for y in 0..n:
		rows = rows + [r]
		total = total + |r|
	return (rows, total)

public void ::main(System.Console sys):
	b = board(3, 4)
	sys.out.println(b)
	b[1][2] = 99
	sys.out.println(b)
	sys.out.println(board(0, 4))
	sys.out.println(board(2, 0))
	sys.out.println(step(board(4, 5)))
	r = [5, 6]
	c = copies([], r, 0, 3)
	c[0][0] = -1
	sys.out.println(c)
	sys.out.println(r)
	sys.out.println(copies([], r, 3, 0))
	sys.out.println(copies([[1]], r, 0, 2))
	sys.out.println(realRows([0.5, 0.1, -3.0], 2))
	sys.out.println(boolRows([true, false], 3))
	sys.out.println(counted([1, 2, 3], 2))
