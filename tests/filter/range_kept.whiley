// A range is a value: made once, it keeps its bounds when the variables
// it was made from change later.  A kernel reads its bounds on the host
// at the loop, so a range made outside an enclosing loop that then
// changes a bound must stay on the CPU (else the second pass of the
// while loop would run over 0..3 instead of 0..4).
// explain: range_kept.whiley:15: for i: CPU — an enclosing loop changes 'n' after the range is made (the range keeps the old value)
// explain: range_kept.whiley:25: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 at its own index), 1 scalar)
import * from whiley.lang.*

public [int] twice([int] a):
	n = |a|
	r = 0..n
	k = 0
	while k < 2:
		for i in r:
			a[i] = a[i] + 1
		n = n - 1
		k = k + 1
	return a

public [int] shrinking([int] a):
	n = |a|
	k = 0
	while k < 2:
		for i in 0..n:
			a[i] = a[i] + k + 1
		n = n - 1
		k = k + 1
	return a

public void ::main(System.Console sys):
	sys.out.println(twice([0, 0, 0, 0]))
	sys.out.println(shrinking([0, 0, 0, 0]))
