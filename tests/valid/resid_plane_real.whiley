import * from whiley.lang.*

// Planes of a 3-D list each built by a kernel (a device copy of their
// own), the whole 3-D list then written by a kernel, and each plane
// read again by a reducing kernel: it must see the values written.

public [[real]] zeros(int n):
	rows = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [0.0]
		rows = rows + [row]
	return rows

public real total([[real]] m):
	t = 0.0
	for row in m:
		for x in row:
			t = t + x
	return t

public void ::main(System.Console sys):
	n = 3
	a = []
	for i in 0..n:
		a = a + [zeros(n)]
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				a[i][j][k] = (real)(i + 10 * j + 100 * k)
	m1 = a[1]
	sys.out.println(total(m1))
	t = 0.0
	for m in a:
		t = t + total(m)
	sys.out.println(t)
	sys.out.println(a[2])
