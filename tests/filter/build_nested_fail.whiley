// 2-D builds that fail.  The outer body's division runs once per row on
// the CPU even when the rows are empty, where the device has no work
// item to run it: with an empty inner range and outer code that may
// fail, the host takes the CPU path, which stops at that division.
// explain: build_nested_fail.whiley:10: for y: GPU-implicit (kernel 1, build of 'rows', 2-D (y, x)
import * from whiley.lang.*

public [[int]] quotients(int n, int w, int d):
	rows = []
	for y in 0..n:
		q = 12 / d
		row = []
		for x in 0..w:
			row = row + [q * 10 + x / (y - 2)]
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	sys.out.println(quotients(2, 3, 4))
	sys.out.println(quotients(3, 0, 4))
	sys.out.println(quotients(2, 0, 0))
	sys.out.println("not reached")
