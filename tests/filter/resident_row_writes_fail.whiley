// A kernel that only reads a list of rows the host wrote into while a
// kernel's copy of it was on the device (ocl_resident.c: the host
// fetched the rows it wrote, the device's copy holds the rest) fails:
// its 64-bit ints overflow, and the CPU runs the loop with exact ints.
// The device's copy must survive the failed call: dropping it lost the
// rows the host never fetched (they printed as zeros).
// fallback: the overflow of 64-bit ints runs the loop on the CPU
// explain: resident_row_writes_fail.whiley:17: for y: GPU-implicit (kernel 2, build of 'rows', each row a copy of 'row'
// explain: resident_row_writes_fail.whiley:23: for y: GPU-implicit (kernel 3, reduce 'total' with +
import * from whiley.lang.*

public [[int]] grid(int h, int w, int v):
	row = []
	for x in 0..w:
		row = row + [v + x]
	rows = []
	for y in 0..h:
		rows = rows + [row]
	return rows

public int weigh([[int]] g):
	total = 0
	for y in 0..|g|:
		for x in 0..|g[y]|:
			total = total + g[y][x] * 1073741824
	return total

public void ::main(System.Console sys):
	v = grid(4, 2, 1099511627776)
	v[2][1] = 7
	sys.out.println(weigh(v))
	sys.out.println(v)
	w = grid(3, 3, 5)
	w[0][2] = -5
	sys.out.println(weigh(w))
	sys.out.println(w)
