// The test before a nest of computed writes (filter/inject.c) over
// orders and signs: coefficients given largest first, negative ones,
// descending ranges, a coefficient from a list's length, a nest whose
// middle loop's variable is missing from the index (the index repeats
// whenever that loop runs more than once: the CPU runs it), and an
// index past 2^31 (the device's 32-bit ints overflow: the 64-bit
// kernel or the CPU reruns it).  Every result is the sequential one.
// explain: computed_writes_orders.whiley:15: for i: GPU-implicit (kernel 1, 3-D (i, j, k)
// explain: computed_writes_orders.whiley:22: for i: GPU-implicit (kernel 2, 1-D, 0 lists in, 1 out, 1 scalar; writes 'xs' at an index computed
// explain: computed_writes_orders.whiley:27: for i: GPU-implicit (kernel 3, 1-D, 1 list in, 1 out
// explain: computed_writes_orders.whiley:43: for i: GPU-implicit (kernel 6, 1-D, 0 lists in, 1 out, 1 scalar; writes 'xs' at an index computed
import * from whiley.lang.*

public [int] three([int] xs, int ci, int cj, int ck, int d, int ni, int nj, int nk):
	for i in 0..ni:
		for j in 0..nj:
			for k in 0..nk:
				xs[ci * i + cj * j + ck * k + d] = xs[ci * i + cj * j + ck * k + d] + 100 * i + 10 * j + k + 1
	return xs

public [int] down([int] xs, int n):
	for i in n..0:
		xs[n - i] = i
	return xs

public [int] rows([int] xs, [int] row, int n):
	for i in 0..n:
		for j in 0..|row|:
			xs[i * |row| + j] = row[j] + i
	return xs

public [int] repeated([int] xs, int n, int m):
	for i in 0..n:
		for j in 0..m:
			xs[i] = xs[i] + j
	return xs

public int far(int n, int big):
	xs = []
	for i in 0..n:
		xs = xs + [0]
	total = 0
	for i in 0..n:
		xs[big * i - big * i + i] = i * 3
	for i in 0..n:
		total = total + xs[i]
	return total

public [int] zeros(int n):
	xs = []
	for i in 0..n:
		xs = xs + [0]
	return xs

public void ::main(System.Console sys):
	// one-to-one: 12 * i + 4 * j + k over 2 x 3 x 4
	sys.out.println(three(zeros(24), 12, 4, 1, 0, 2, 3, 4))
	// largest first in the source order, negative strides
	sys.out.println(three(zeros(24), -1, -4, -12, 23, 4, 3, 2))
	// repeats: 2 * i + j over 3 x 3 (j's extent exceeds i's stride)
	sys.out.println(three(zeros(10), 2, 1, 0, 0, 3, 3, 1))
	// one-to-one though the rule cannot show it: 3 * i + 2 * j over
	// 2 x 3 (0, 2, 4, 3, 5, 7): the CPU runs it
	sys.out.println(three(zeros(10), 3, 2, 5, 0, 2, 3, 1))
	// a zero stride on a loop of one iteration: still one-to-one
	sys.out.println(three(zeros(12), 4, 0, 1, 0, 3, 1, 4))
	sys.out.println(down(zeros(6), 5))
	sys.out.println(rows(zeros(12), [7, 8, 9, 10], 3))
	sys.out.println(rows(zeros(4), [], 3))
	sys.out.println(repeated(zeros(4), 4, 3))
	sys.out.println(far(20, 4294967296))
