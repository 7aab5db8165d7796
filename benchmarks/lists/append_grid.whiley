// Builds a 1000x1000 [[int]] with the nested-append idiom of the thesis
// programs (row = row + [0]; grid = grid + [row]), then writes every
// cell once.  Prints a checksum.
import * from whiley.lang.*

public [[int]] createGrid(int w, int h):
	grid = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [0]
		grid = grid + [row]
	return grid

public void ::main(System.Console sys):
	size = 1000
	grid = createGrid(size, size)
	for y in 0..size:
		for x in 0..size:
			grid[y][x] = x + y
	sum = 0
	for y in 0..size:
		for x in 0..size:
			sum = sum + grid[y][x]
	sys.out.println(|grid|)
	sys.out.println(sum)
