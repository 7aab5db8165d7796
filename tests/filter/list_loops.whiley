// Loops over a list that is not a range: the list is uploaded and each
// work item takes the element at its index.  The element is no index
// (elements may repeat), so such a loop can write no list; what runs on
// the device are its checks.  The loops below that write stay on the
// CPU, with the reason.
// explain: list_loops.whiley:19: for x: GPU-implicit (kernel 1, 1-D over the elements of xs, 1 list in, 0 out, 1 scalar)
// explain: list_loops.whiley:24: for x: GPU-implicit (kernel 2, 2-D (x, j) over the elements of xs, 1 list in, 0 out
// explain: list_loops.whiley:25: for j: GPU-implicit-inner (flattened into kernel 2)
// explain: list_loops.whiley:30: for x: CPU — writes 'counts', but iterates over a list: no index tells the iterations apart (elements may repeat)
// explain: list_loops.whiley:35: for row: CPU — iterates over a list of lists (a row per work item)
// explain: list_loops.whiley:40: for x: CPU — writes 'xs', the list it iterates over
// explain: list_loops.whiley:46: for i: GPU-implicit (kernel 3, 1-D, 1 list in, 1 out (1 write-only)
import * from whiley.lang.*

int square(int x) requires x < 3000:
	return x * x

public int checkAll([int] xs, int limit):
	for x in xs:
		assert square(x) < limit
	return |xs|

public int checkPairs([int] xs, int n):
	for x in xs:
		for j in 0..n:
			assert x + j >= 0
	return |xs| * n

public [int] histogram([int] xs, [int] counts):
	for x in xs:
		counts[x] = counts[x] + 1
	return counts

public int rowsChecked([[int]] rows):
	for row in rows:
		assert |row| > 0
	return |rows|

public [int] lastWins([int] xs):
	for x in xs:
		xs[0] = x
	return xs

public [int] doubled([int] xs):
	ys = xs
	for i in 0..|xs|:
		ys[i] = xs[i] * 2
	return ys

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
	sys.out.println(checkAll(xs, 100))
	sys.out.println(checkAll([], 0))
	sys.out.println(checkPairs(xs, 7))
	sys.out.println(histogram(xs, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
	sys.out.println(rowsChecked([[1], [2, 3]]))
	sys.out.println(lastWins(xs))
	sys.out.println(doubled(xs))
