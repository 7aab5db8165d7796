// Printing is I/O: the loop stays on the CPU.
// explain: printing_loop.whiley:7: for i: CPU — calls method 'println' (side effects or I/O)
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [1, 2, 3]
	for i in 0..|xs|:
		sys.out.println(xs[i])
