// A chained loop with two offloads: the first launches without waiting
// for its flag; the second's list is jagged, so the runtime refuses it
// and its loop runs on the CPU, reading the first's results: the flag is
// read before that CPU path (the chain pauses), and the launches after
// it go unchecked again.  The results must be the exact ones.
// fallback: the runtime refuses jagged lists (tests/run.sh does not make
// offloading mandatory for this program)
// explain: chain_cpu_path.whiley:20: while: chained: its 2 offloaded calls
import * from whiley.lang.*

public void ::main(System.Console sys):
	g = [[1, 2, 3], [4], [5, 6]]
	n = 400
	xs = []
	for i in 0..n:
		xs = xs + [i % 11]
	k = 0
	total = 0
	// the loop of launches
	while k < 5:
		ys = 0..n
		for i in 0..n:
			ys[i] = xs[i] * 2 + k
		xs = ys
		for y in 0..|g|:
			for x in 0..3:
				if x < |g[y]|:
					g[y][x] = g[y][x] + xs[y * 7]
		total = total + |xs|
		k = k + 1
	sys.out.println(xs[0])
	sys.out.println(xs[n - 1])
	sys.out.println(g)
	sys.out.println(total)
