// The 2013 implementation offloaded this loop and gave a wrong answer:
// each iteration reads a[i+1] and then writes both a[i] and a[i+1], so
// iteration i+1 must see iteration i's write.
// explain: wrong2013_read_ahead_two_writes.whiley:10: for i: CPU — writes 'a' at different indices in one iteration
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [1, 2, 3, 4, 5, 6, 7, 8]
	n = |a| - 1
	for i in 0..n:
		t = a[i + 1]
		a[i] = t
		a[i + 1] = t + 1
	sys.out.println(a)
