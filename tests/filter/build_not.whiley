// Loops that grow a list but are no build loop stay on the CPU, and
// --explain says why in source terms (filter/build.c): a conditional
// append, two appends per iteration, reading the list while building it,
// prepending, appending a list, a loop over a list's elements, a build
// nested in another loop that is no 2-D build (grid is one, for
// contrast), one row of reals appended many times (a copy on the
// device would round them; a row of ints is a build,
// build_rows_shared), an inner loop that carries a value, and a row
// appended conditionally.
// explain: build_not.whiley:25: for i: CPU — grows 'xs' only in some iterations (a conditional append)
// explain: build_not.whiley:32: for i: CPU — appends to 'xs' twice in one iteration
// explain: build_not.whiley:39: for i: CPU — reads 'xs' while building it
// explain: build_not.whiley:45: for i: CPU — puts elements in front of 'xs'
// explain: build_not.whiley:51: for i: CPU — appends a list to 'xs'
// explain: build_not.whiley:57: for v: CPU — grows 'xs' in a loop over a list's elements
// explain: build_not.whiley:63: for y: GPU-implicit (kernel 1, build of 'rows', 2-D (y, x)
// explain: build_not.whiley:82: for x: CPU — grows 'row' inside another loop
// explain: build_not.whiley:73: for y: CPU — appends 'row', made before the loop, to 'rows' in every iteration, and a copy on the device would round its reals
// explain: build_not.whiley:79: for y: CPU — carries 't' from one element of 'row' to the next
// explain: build_not.whiley:90: for y: CPU — grows 'rows' only in some iterations (a conditional append)
import * from whiley.lang.*

public [int] evens(int n):
	xs = []
	for i in 0..n:
		if i % 2 == 0:
			xs = xs + [i]
	return xs

public [int] twice(int n):
	xs = []
	for i in 0..n:
		xs = xs + [i]
		xs = xs + [i * 10]
	return xs

public [int] running(int n):
	xs = [1]
	for i in 0..n:
		xs = xs + [xs[i] * 2]
	return xs

public [int] reversed(int n):
	xs = []
	for i in 0..n:
		xs = [i] + xs
	return xs

public [int] pairs(int n):
	xs = []
	for i in 0..n:
		xs = xs + [i, -i]
	return xs

public [int] plusOne([int] vs):
	xs = []
	for v in vs:
		xs = xs + [v + 1]
	return xs

public [[int]] grid(int n):
	rows = []
	for y in 0..n:
		row = []
		for x in 0..n:
			row = row + [x * y]
		rows = rows + [row]
	return rows

public [[real]] shared(int n):
	row = [0.5, 1.5]
	rows = []
	for y in 0..n:
		rows = rows + [row]
	return rows

public [[int]] prefix(int n):
	rows = []
	for y in 0..n:
		row = []
		t = y
		for x in 0..n:
			t = t + x
			row = row + [t]
		rows = rows + [row]
	return rows

public [[int]] skipFirst(int n):
	rows = []
	for y in 0..n:
		row = []
		for x in 0..n:
			row = row + [x - y]
		if y > 0:
			rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	sys.out.println(evens(7))
	sys.out.println(twice(3))
	sys.out.println(running(4))
	sys.out.println(reversed(4))
	sys.out.println(pairs(3))
	sys.out.println(plusOne([3, 1, 4]))
	sys.out.println(grid(3))
	sys.out.println(shared(3))
	sys.out.println(prefix(3))
	sys.out.println(skipFirst(3))
