// A 2-D build whose element fails (x / (y - 2) at y = 2): the kernel
// flags it, the device list is dropped and the CPU loop stops with the
// division by zero at the element, as on every target.
// explain: build_nested_elem.whiley:9: for y: GPU-implicit (kernel 1, build of 'rows', 2-D (y, x)
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
	sys.out.println(quotients(4, 3, 4))
	sys.out.println("not reached")
