// With --gpu-real=exact a sum of reals stays exact on the CPU; the int
// sum beside it is still a reduce kernel.
// flags: --gpu-real=exact
// explain: reduce_exact.whiley:12: for r: CPU — computes with reals (exact on the CPU: --gpu-real=exact)
// explain: reduce_exact.whiley:14: for i: GPU-implicit (kernel 1, reduce 'n' with +, 1-D
import * from whiley.lang.*

public void ::main(System.Console sys):
	rs = [0.5, 0.25, 0.125]
	t = 0.0
	n = 0
	for r in rs:
		t = t + r
	for i in 0..|rs|:
		n = n + i
	sys.out.println(t)
	sys.out.println(n)
