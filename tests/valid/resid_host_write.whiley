import * from whiley.lang.*

// Planes of a 3-D list each built by a kernel, the whole list written
// by a kernel, then one element written by the host: a reducing kernel
// over that plane must see both writes.

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

public [real] ones(int n):
	row = []
	for j in 0..n:
		row = row + [1.0]
	return row

public real sum([real] r):
	t = 0.0
	for x in r:
		t = t + x
	return t

public void ::main(System.Console sys):
	n = 3
	a = []
	for i in 0..n:
		a = a + [zeros(n)]
	sys.out.println(total(a[1]))
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				a[i][j][k] = (real)(i + 10 * j + 100 * k)
	a[1][2][0] = 5.0
	sys.out.println(total(a[1]))
	t = 0.0
	for m in a:
		t = t + total(m)
	sys.out.println(t)
	// rows built by a kernel, written by the host only
	b = []
	for i in 0..n:
		b = b + [ones(n)]
	sys.out.println(sum(b[2]))
	b[2][1] = 7.0
	sys.out.println(sum(b[2]))
	for i in 0..n:
		for j in 0..n:
			b[i][j] = (real)(i * j)
	b[2][0] = 3.0
	sys.out.println(sum(b[2]))
