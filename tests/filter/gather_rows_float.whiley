// flags: --real=float
// The program of gather_rows.whiley with every real a float.
// Lists the host makes of rows that are each a kernel's result, still
// on the device, then hands to a kernel: the rows are gathered there
// (ocl_resident.c, wy_ocl_res_gather), not fetched to be uploaded again.
// The shapes: a volume of slices built by a function with a kernel,
// updated in place, copied (on the device) and the copy written, then
// summed; a matrix of computed rows, one of them also kept in a
// variable and one appended twice, which must keep their own values
// after the kernel writes the matrix; a row the host wrote
// (no gather: the rows go up as before); ints beyond 32 bits; and
// reals, which an exact program keeps on the host (no gather) and
// gather_rows_float gathers as floats.
// explain: gather_rows_float.whiley:20: for i: GPU-implicit (kernel
import * from whiley.lang.*

// an n x m slice with entry (i, j) = i * 7 + j + s
public [[int]] slice(int n, int m, int s):
	rows = []
	for i in 0..n:
		row = []
		for j in 0..m:
			row = row + [i * 7 + j + s]
		rows = rows + [row]
	return rows

// n entries, entry i = i * f + s
public [int] line(int n, int f, int s):
	v = []
	for i in 0..n:
		v = v + [i * f + s]
	return v

public [real] halves(int n, int s):
	v = []
	for i in 0..n:
		v = v + [((real)(i + s)) / 2.0]
	return v

public void ::main(System.Console sys):
	// a volume of slices, updated in place, then summed on the device
	n = 6
	vol = []
	for k in 0..n:
		vol = vol + [slice(n, n, k * 100)]
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				vol[i][j][k] = vol[i][j][k] * 2 + i
	// a copy of the volume, written: made on the device, the volume as
	// it was
	copy = vol
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				copy[i][j][k] = copy[i][j][k] - k
	t = 0
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				t = t + vol[i][j][k]
	sys.out.println(t)
	sys.out.println(copy[5][4])
	sys.out.println(vol[5][4])
	// a matrix of computed rows: one kept aside, one appended twice
	r0 = line(8, 3, 1)
	mat = [r0]
	r1 = line(8, 5, 0)
	mat = mat + [r1, r1]
	for k in 3..8:
		mat = mat + [line(8, k, -k)]
	for i in 0..|mat|:
		for j in 0..8:
			mat[i][j] = mat[i][j] + i * 1000
	sys.out.println(mat)
	sys.out.println(r0)
	sys.out.println(r1)
	// a row the host wrote before the kernel reads the matrix
	w = [line(5, 2, 0), line(5, 3, 0), line(5, 4, 0)]
	w[1][2] = -9
	s = 0
	for i in 0..3:
		for j in 0..5:
			s = s + w[i][j] * (i + 1)
	sys.out.println(s)
	// ints beyond 32 bits
	big = [line(4, 1, 4294967296), line(4, 2, 8589934592)]
	for i in 0..2:
		for j in 0..4:
			big[i][j] = big[i][j] * 3
	sys.out.println(big)
	// reals
	h = [halves(4, 0), halves(4, 1), halves(4, 7)]
	for i in 0..3:
		for j in 0..4:
			h[i][j] = h[i][j] * 2.0 + 0.5
	sys.out.println(h)
