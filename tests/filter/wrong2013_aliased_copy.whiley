// `b = a` then one loop writing both: value semantics make b a copy, so
// each list gets only its own writes, on the device as on the CPU.
// explain: wrong2013_aliased_copy.whiley:9: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 2 out
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [1, 2, 3, 4, 5]
	b = a
	for i in 0..|a|:
		a[i] = a[i] + 100
		b[i] = b[i] * 2
	sys.out.println(a)
	sys.out.println(b)
