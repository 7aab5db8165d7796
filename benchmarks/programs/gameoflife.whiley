// Conway's game of life on a size x size board whose outside is dead,
// starting from a pulsar (period 3) in the middle of the board and, on
// boards of 32 x 32 or more, a glider in the top left corner (so that
// the board after 3 generations differs from the first one).
//   usage: gameoflife [size [generations]]     (default 200 3)
// Prints the checksum: the sum of y * size + x + 1 over the live cells
// (x, y) of the last generation.
import * from whiley.lang.*
import * from whiley.gpgpu.*

// A size x size board of dead cells (rows share storage until written).
public [[int]] emptyBoard(int size):
	row = []
	for i in 0..size:
		row = row + [0]
	rows = []
	for i in 0..size:
		rows = rows + [row]
	return rows

// Whether cell (r, c) of a 13 x 13 box holds the pulsar: on the lines
// 0, 5, 7 and 12 of the box, three cells on each side of the middle.
public bool inPulsar(int r, int c):
	onLine = r == 0 || r == 5 || r == 7 || r == 12
	inArm = (c >= 2 && c <= 4) || (c >= 8 && c <= 10)
	onColumn = c == 0 || c == 5 || c == 7 || c == 12
	inLeg = (r >= 2 && r <= 4) || (r >= 8 && r <= 10)
	return (onLine && inArm) || (onColumn && inLeg)

public [[int]] withPulsar([[int]] board, int size):
	top = size / 2 - 6
	r = 0
	while r < 13:
		c = 0
		while c < 13:
			if inPulsar(r, c) && top + r >= 0 && top + r < size &&
				top + c >= 0 && top + c < size:
				board[top + r][top + c] = 1
			c = c + 1
		r = r + 1
	if size >= 32:
		board[1][2] = 1
		board[2][3] = 1
		board[3][1] = 1
		board[3][2] = 1
		board[3][3] = 1
	return board

public int larger(int a, int b):
	if a > b:
		return a
	return b

public int smaller(int a, int b):
	if a < b:
		return a
	return b

public void ::main(System.Console sys):
	size = 200
	generations = 3
	try:
		if |sys.args| > 0:
			size = Int.parse(sys.args[0])
		if |sys.args| > 1:
			generations = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: gameoflife [size [generations]]")
		return
	board = withPulsar(emptyBoard(size), size)
	next = emptyBoard(size)
	last = size - 1
	beginGPUBenchmarking()
	g = 0
	while g < generations:
		// the kernel: one work-item per column
		for x in 0..size:
			for y in 0..size:
				alive = 0
				for ny in larger(y - 1, 0)..(smaller(y + 1, last) + 1):
					for nx in larger(x - 1, 0)..(smaller(x + 1, last) + 1):
						alive = alive + board[ny][nx]
				me = board[y][x]
				alive = alive - me
				if alive == 3 || (me == 1 && alive == 2):
					next[y][x] = 1
				else:
					next[y][x] = 0
		old = board
		board = next
		next = old
		g = g + 1
	endGPUBenchmarking()
	total = 0
	for y in 0..size:
		for x in 0..size:
			if board[y][x] == 1:
				total = total + y * size + x + 1
	sys.out.println(total)
	printOutGPUBenchmarkResults()
