// List concatenation: the nested-append idiom row = row + [0], prepending
// [x] + xs, and appending ranges (0..5) + (40..45) + (101..111).
import * from whiley.lang.*

public void ::main(System.Console sys):
	row = []
	for x in 0..5:
		row = row + [0]
	sys.out.println(row)
	grid = []
	for y in 0..3:
		grid = grid + [row]
	sys.out.println(grid)
	xs = [1, 2]
	xs = [0] + xs
	xs = xs + [3] + [4, 5]
	sys.out.println(xs)
	r = (0..5) + (40..45) + (101..111)
	sys.out.println(r)
	sys.out.println(|r|)
	sys.out.println([1] + [2.5])
	sys.out.println([] + [])
	ys = xs + []
	ys[0] = -1
	sys.out.println(xs[0])
	sys.out.println(["a"] + ["b", "c"])
