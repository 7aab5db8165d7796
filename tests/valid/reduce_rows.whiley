// Reductions over the rows of a list of lists (a row per work item, each
// summing its row sequentially), as in the benchmarks' checksum loops
// `for row in blurred: for v in row: total = total + v`.
import * from whiley.lang.*

public void ::main(System.Console sys):
	m = [[0.5, 1.0, 2.0], [0.25, 3.0, 1.5]]
	total = 0.0
	for row in m:
		for v in row:
			total = total + v
	sys.out.println(total)
	im = [[1, 2], [3, 4], [5, 6]]
	t = 0
	for row in im:
		for v in row:
			if v > 2:
				t = t + v * v
	sys.out.println(t)
	mx = 0
	for row in im:
		mx = Math.max(mx, row[1] - row[0] + |row|)
	sys.out.println(mx)
