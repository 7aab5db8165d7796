// A chained loop whose kernel divides by zero in its fourth pass (g = 3)
// and whose own code divides by zero in its sixth (g = 5).  The launches
// do not wait for their flags, so the host gets to the sixth pass first:
// its failed check asks the chain, which failed, and the loop runs again
// from its start, each call checked, to stop at the kernel's error, the
// program's first.
// explain: chain_error_first.whiley:17: while: chained: its 1 offloaded call
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 500
	xs = []
	for i in 0..n:
		xs = xs + [i % 9 + 3]
	g = 0
	q = 0
	while g < 8:
		ys = 0..n
		for i in 0..n:
			ys[i] = 100 / (xs[i] - 3 - g) + xs[i]
		q = q + 100 / (5 - g)
		g = g + 1
	sys.out.println("not reached")
	sys.out.println(q)
