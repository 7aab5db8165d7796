// A range that does not start at 0: the kernel must run 4 work items
// over indices 3 to 6 and leave the other elements alone.
// explain: wrong2013_range_offset.whiley:8: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out
import * from whiley.lang.*

public void ::main(System.Console sys):
	out = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
	for i in 3..7:
		out[i] = i * 10 + out[i]
	sys.out.println(out)
