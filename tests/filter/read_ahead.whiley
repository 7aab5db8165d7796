// Reading a written list at another index (t = a[i+1]; a[i] = t) is a
// dependence between iterations.
// explain: read_ahead.whiley:8: for i: CPU — reads 'a' at another index than it writes
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [5, 4, 3, 2, 1, 0]
	for i in 0..(|a| - 1):
		t = a[i + 1]
		a[i] = t
	sys.out.println(a)
