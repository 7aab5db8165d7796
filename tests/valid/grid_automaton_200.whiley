// Performance-shaped: a 200x200 grid built with the nested-append idiom
// (row = row + [0], grid = grid + [row]), seeded from a linear congruential
// generator, then 3 steps of a wrap-around HighLife automaton (born with 3
// or 6 neighbours, survives with 2 or 3), double-buffered.
import * from whiley.lang.*

public [[int]] createGrid(int w, int h):
	grid = []
	for y in 0..h:
		row = []
		for x in 0..w:
			row = row + [0]
		grid = grid + [row]
	return grid

public [[int]] seed([[int]] grid, int size):
	state = 12345
	for y in 0..size:
		for x in 0..size:
			state = (state * 1103515245 + 12345) % 2147483648
			if (state / 65536) % 3 == 0:
				grid[y][x] = 1
	return grid

public int population([[int]] grid, int size):
	n = 0
	for y in 0..size:
		for x in 0..size:
			n = n + grid[y][x]
	return n

public int checksum([[int]] grid, int size):
	h = 0
	for y in 0..size:
		for x in 0..size:
			if grid[y][x] == 1:
				h = (h * 31 + y * size + x) % 1000003
	return h

public void ::main(System.Console sys):
	size = 200
	cur = seed(createGrid(size, size), size)
	next = createGrid(size, size)
	sys.out.println(population(cur, size))
	step = 0
	while step < 3:
		for y in 0..size:
			for x in 0..size:
				live = 0
				for dy in -1..2:
					for dx in -1..2:
						if !(dx == 0 && dy == 0):
							live = live + cur[((y + dy + size) % size)][((x + dx + size) % size)]
				if cur[y][x] == 1:
					if live == 2 || live == 3:
						next[y][x] = 1
					else:
						next[y][x] = 0
				else:
					if live == 3 || live == 6:
						next[y][x] = 1
					else:
						next[y][x] = 0
		tmp = cur
		cur = next
		next = tmp
		step = step + 1
		sys.out.println("step " + step + ": " + population(cur, size))
	sys.out.println(checksum(cur, size))
	sys.out.println(cur[0][0..20])
