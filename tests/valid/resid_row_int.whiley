import * from whiley.lang.*

// Rows of ints of a 2-D list each built by a kernel (a device copy of
// their own), the whole 2-D list then written by a kernel, and each row
// read again by a reducing kernel: it must see the values written.

public [int] zeros(int n):
	row = []
	for j in 0..n:
		row = row + [0]
	return row

public int total([int] r):
	t = 0
	for x in r:
		t = t + x
	return t

public void ::main(System.Console sys):
	n = 4
	a = []
	for i in 0..n:
		a = a + [zeros(n)]
	for i in 0..n:
		for j in 0..n:
			a[i][j] = (i + 10 * j)
	r1 = a[1]
	sys.out.println(total(r1))
	t = 0
	for r in a:
		t = t + total(r)
	sys.out.println(t)
	sys.out.println(a[3])
