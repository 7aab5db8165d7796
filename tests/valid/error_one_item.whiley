// One work item among a thousand reads past the end of a list: the
// kernel's flag, the CPU's rerun, the exact error.
import * from whiley.lang.*

public [int] gather([int] xs, int n, int bad):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		idx = i % |xs|
		if i == bad:
			idx = |xs|
		out[i] = xs[idx]
	return out

public int total([int] xs):
	t = 0
	for x in xs:
		t = t + x
	return t

public void ::main(System.Console sys):
	xs = []
	for i in 0..100:
		xs = xs + [i * i]
	sys.out.println(total(gather(xs, 1000, -1)))
	sys.out.println(total(gather(xs, 1000, 777)))
