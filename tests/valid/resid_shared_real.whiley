import * from whiley.lang.*

// One plane a kernel built, shared by three slots of a 3-D list and a
// variable, the list then written by a kernel: the variable keeps its
// zeros, each slot gets its own plane of the values written.

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
	z = zeros(n)
	a = [z, z, z]
	for i in 0..n:
		for j in 0..n:
			for k in 0..n:
				a[i][j][k] = (real)(i + 10 * j + 100 * k)
	sys.out.println(total(z))
	sys.out.println(total(a[1]))
	t = 0.0
	for m in a:
		t = t + total(m)
	sys.out.println(t)
	sys.out.println(total(z))
	z[1][1] = 4.0
	sys.out.println(total(z))
	sys.out.println(total(a[0]))
