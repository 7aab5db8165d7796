// Register blocking with a division in the code after the jammed loop:
// the divisor is zero for one iteration only (i = 6, the third copy of
// the second work item), behind the condition that its sum is reached.
// The kernel flags it and the CPU loop reports the division by zero at
// its line; before it, the same loop with no zero divisor.
// explain: jam_div_fail.whiley:12: kernel wyk_1: each work item runs 4 iterations of i, their inner loops jammed into one
// flags: --jam=4
import * from whiley.lang.*

public [int] ratios([int] xs, [int] ds):
	out = xs
	for i in 0..|xs|:
		s = 0
		for j in 0..|xs|:
			s = s + xs[j] * (i + 1)
		out[i] = s / ds[i]
	return out

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9, 2]
	sys.out.println(ratios(xs, [1, 2, 3, 4, 5, 6, 7]))
	sys.out.println(ratios(xs, [1, 2, 3, 4, 5, 6, 0]))
	sys.out.println("not reached")
