// An index through a call inside a kernel's loop: the bounds of what
// clamp returns (0 and |xs|) are tested once before the loop instead of
// the index in every iteration, and fail (|xs| is one past the end); the
// kernel falls back and the CPU's run of the loop raises the exact error,
// at the first iteration that reads xs[|xs|].
// fallback: the bounds of clamp's result do not hold before the loop, so the CPU runs it and raises the error
import * from whiley.lang.*

public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

public [int] smooth([int] xs, int r):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for k in -r..(r + 1):
			s = s + xs[clamp(i + k, 0, |xs|)]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(smooth([5, 6, 7], 0))
	sys.out.println(smooth([5, 6, 7], 1))
