// A chained loop that would run for ever after its kernel fails (in the
// pass g = 7: an index out of bounds), since its own condition does not
// look at the kernel's results: the back edge reads the flag after a few
// milliseconds or 64 launches, so the loop runs again, each call
// checked, and stops at the kernel's error rather than never.
// explain: chain_runs_on.whiley:15: while: chained: its 1 offloaded call
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 200
	xs = []
	for i in 0..n:
		xs = xs + [i]
	g = 0
	while g >= 0:
		ys = 0..n
		for i in 0..n:
			ys[i] = xs[(i + g * 30) % 300] + 1
		g = g + 1
	sys.out.println("not reached")
