// define Matrix as {int w, int h, [[real]] data}: building one, nested update
// of its data, whole-field update ret.data = data, and printing with string +
// real concatenation.
import * from whiley.lang.*

define Matrix as {int w, int h, [[real]] data}

public Matrix newMatrix(int w, int h):
	data = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [0.0]
		data = data + [row]
	return {w: w, h: h, data: data}

public Matrix identity(int n):
	ret = newMatrix(n, n)
	data = ret.data
	for i in 0..n:
		data[i][i] = 1.0
	ret.data = data
	return ret

public Matrix multiply(Matrix a, Matrix b):
	ret = newMatrix(b.w, a.h)
	for y in 0..a.h:
		for x in 0..b.w:
			sum = 0.0
			for k in 0..a.w:
				sum = sum + a.data[y][k] * b.data[k][x]
			ret.data[y][x] = sum
	return ret

public void ::printMatrix(System.Console sys, Matrix m):
	for y in 0..m.h:
		line = ""
		sep = ""
		for x in 0..m.w:
			line = line + sep + m.data[y][x]
			sep = " "
		sys.out.println(line)

public void ::main(System.Console sys):
	a = newMatrix(3, 2)
	for y in 0..a.h:
		for x in 0..a.w:
			a.data[y][x] = x + y * 0.25
	printMatrix(sys, a)
	b = multiply(a, identity(3))
	sys.out.println((b == a))
	c = newMatrix(2, 3)
	c.data[0][0] = 2.0
	c.data[1][1] = -0.5
	c.data[2][0] = 1.0
	printMatrix(sys, multiply(a, c))
	sys.out.println(identity(2))
	sys.out.println(a.w * a.h)
