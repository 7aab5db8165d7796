// The ends of an inner range computed in the body of a loop that builds
// rows from values it never changes (`-r..(r + 1)` inside `for b`) move
// before the loop (filter/hoist.c), so that the nest is a build of rows
// on the device.  Ends that change with the row, or whose arithmetic can
// fail (a division: `halves(0, 0)` divides by zero only if its body
// runs, which it does not), stay where they are and the loop on the
// CPU; a loop that builds no rows keeps its arithmetic for the kernel.
// explain: hoisted_ends.whiley:15: for b: GPU-implicit (kernel 1, build of 'rows', 2-D (b, a)
// explain: hoisted_ends.whiley:25: for b: CPU — builds the row 'row' over a range computed inside the nest
// explain: hoisted_ends.whiley:35: for b: CPU — builds the row 'row' over a range computed inside the nest
import * from whiley.lang.*

public [[int]] square(int r):
	rows = []
	for b in -r..(r + 1):
		row = []
		for a in (-r)..(r + 1):
			row = row + [a * a + b * b]
		rows = rows + [row]
	return rows

// the end changes with the row
public [[int]] triangle(int n):
	rows = []
	for b in 0..n:
		row = []
		for a in 0..(b + 1):
			row = row + [a + b]
		rows = rows + [row]
	return rows

// an end made by a division
public [[int]] halves(int n, int d):
	rows = []
	for b in 0..n:
		row = []
		for a in 0..(n / d):
			row = row + [a * b]
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	sys.out.println(square(2))
	sys.out.println(square(0))
	sys.out.println(square(-1))
	sys.out.println(triangle(3))
	sys.out.println(halves(3, 2))
	sys.out.println(halves(0, 0))
