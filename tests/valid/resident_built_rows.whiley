// Residency of lists of lists whose rows were built by a kernel (each
// row a device copy of its own): the fetch of the whole list writes
// its rows on the host in one pass (ocl_marshal.c, fetch_int_rows); a
// row shared by every row stays shared where the device left it as
// it was, and each row's own copy is brought up to date before a
// kernel reads that row alone.
import * from whiley.lang.*

// A row of n zeros, built by a kernel: its values stay on the device.
[int] zeros(int n):
	row = []
	for i in 0..n:
		row = row + [0]
	return row

void ::main(System.Console sys):
	n = 8
	// rows of their own, each with a device copy of its own
	own = [zeros(n), zeros(n), zeros(n), zeros(n)]
	for y in 0..4:
		for x in 0..n:
			own[y][x] = own[y][x] + y * 10 + x
	sys.out.println(own[1])
	r = own[2]
	total = 0
	for v in r:
		total = total + v
	sys.out.println(total)
	// one row shared by every row
	row = zeros(n)
	shared = []
	for i in 0..n:
		shared = shared + [row]
	for y in 0..n:
		for x in 0..n:
			if y == 3:
				shared[y][x] = x + 1
	sys.out.println(shared[3])
	sys.out.println(shared[4])
	total = 0
	for v in shared[4]:
		total = total + v
	sys.out.println(total)
	total = 0
	for v in shared[3]:
		total = total + v
	sys.out.println(total)
