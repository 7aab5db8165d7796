// Public functions returning int, [int], [[int]], [real], records and tuples.
import * from whiley.lang.*

define Point as {int x, int y}

public int square(int x):
	return x * x

public [int] squares(int n):
	out = []
	for i in 0..n:
		out = out + [square(i)]
	return out

public [[int]] table(int w, int h):
	rows = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [x * y]
		rows = rows + [row]
	return rows

public [real] halves(int n):
	out = []
	for i in 0..n:
		out = out + [i / 2.0]
	return out

public [real] widened([int] xs):
	return xs

public Point mid(Point a, Point b):
	return {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2}

public (int, int) divmod(int a, int b):
	return (a / b, a % b)

public (int, [int]) headTail([int] xs):
	return xs[0], xs[1..]

public void ::main(System.Console sys):
	sys.out.println(square(-9))
	sys.out.println(squares(5))
	sys.out.println(table(3, 2))
	sys.out.println(halves(4))
	sys.out.println(widened([1, 2, 3]))
	sys.out.println(mid({x: 1, y: 2}, {x: 5, y: 10}))
	sys.out.println(divmod(17, 5))
	sys.out.println(headTail([7, 8, 9]))
