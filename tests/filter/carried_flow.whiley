// A flow dependence carried from one iteration to the next must keep
// the loop on the CPU; the independent loop after it is a kernel.
// explain: carried_flow.whiley:10: for i: CPU — reads 'a' at another index than it writes
// explain: carried_flow.whiley:12: for j: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [1, 2, 3, 4, 5, 6]
	x = 10
	for i in 1..|a|:
		a[i] = a[i - 1] + x
	for j in 0..|a|:
		a[j] = a[j] * 2
	sys.out.println(a)
