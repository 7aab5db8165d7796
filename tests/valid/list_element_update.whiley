// Element updates: a[i] = e, nested a[y][x] = e, and computed indices
// a[(oy + y)][(ox + x)] = e, including updates that change the element type.
import * from whiley.lang.*

public [[int]] zeros(int w, int h):
	grid = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [0]
		grid = grid + [row]
	return grid

public [[int]] stamp([[int]] grid, [[int]] patch, int ox, int oy):
	for y in 0..|patch|:
		for x in 0..|patch[y]|:
			grid[(oy + y)][(ox + x)] = patch[y][x]
	return grid

public void ::main(System.Console sys):
	a = [1, 2, 3, 4]
	a[0] = 10
	a[3] = a[1] + a[2]
	sys.out.println(a)
	g = zeros(4, 3)
	g[1][2] = 5
	g[2][0] = g[1][2] * 2
	sys.out.println(g)
	g = stamp(g, [[7, 8], [9, 6]], 1, 1)
	sys.out.println(g)
	xs = [0.5, 1.5]
	xs[0] = 3
	sys.out.println(xs)
	s = "hello"
	s[0] = 'j'
	sys.out.println(s)
	nested = [[[1, 2], [3]], [[4]]]
	nested[0][1][0] = 30
	nested[1][0] = [40, 41]
	sys.out.println(nested)
