// An index through a call whose result has a lower bound but no upper
// one in terms of the call's arguments: pick returns v itself when v is
// past hi.  Inside a kernel's loop the index's lower end is tested once
// before the loop and its upper end in every iteration, which fails at
// the last element (i + 1 = |xs|): the CPU reruns the loop and raises
// the exact error.  Were pick's bounds taken the wrong way round, hi
// (|xs| - 1) would pass as an upper bound and the read past the end
// would go unchecked.
import * from whiley.lang.*

public int pick(int v, int lo, int hi):
	if v > hi:
		return v
	if v < lo:
		return lo
	return v

public [int] pairs([int] xs):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for k in 0..2:
			s = s + xs[pick(i + k, 0, |xs| - 1)]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(pairs([]))
	sys.out.println(pairs([4, 5, 6]))
