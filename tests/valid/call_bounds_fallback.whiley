// The bounds of a call's result, tested once before a kernel's loop in
// place of the index checks of every iteration, need not hold for the
// program to be right: clamp's upper end here (|xs| + 5) lies past the
// list, but no iteration reaches it.  The kernel falls back and the CPU
// runs the loop: the right result, no error.
// fallback: clamp's upper end lies past the list, so the kernel's test of its bounds fails and the CPU runs the loop
import * from whiley.lang.*

public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

public [int] pairs([int] xs):
	out = []
	for i in 0..(|xs| - 1):
		out = out + [0]
	for i in 0..(|xs| - 1):
		s = 0
		for k in 0..2:
			s = s + xs[clamp(i + k, 0, |xs| + 5)]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(pairs([1, 2, 3, 4, 5]))
	sys.out.println(pairs([10, 20]))
