// A real operand makes the other side of an arithmetic operation real
// (spec §4.4), an int|real one too: `0.5 * v` with v an int or a real is
// a real, so the loop below keeps its list of reals (not [real|int]) and
// runs on the device, where v is a device real either way (the
// conversion to real changes nothing there).  The ints stay exact: the
// 0 of the left half and the reals of the right half print as reals.
// explain: mixed_times_real.whiley:16: for i: GPU-implicit (kernel 1, build of 'out'
// explain: mixed_times_real.whiley:26: for i: GPU-implicit (kernel 2, reduce 'total' with +
// wyil: real : real|int
import * from whiley.lang.*

// the left half 0 (an int), the right half xs[i] (a real)
public [real] halves([real] xs):
	out = []
	n = |xs|
	for i in 0..n:
		v = 0
		if i * 2 >= n:
			v = xs[i]
		out = out + [0.5 * v]
	return out

// a sum of reals and ints, weighted by a real
public real weighted([real] xs, int k):
	total = 0.0
	for i in 0..|xs|:
		v = i
		if i % k == 0:
			v = xs[i]
		total = total + v * 0.25
	return total

public void ::main(System.Console sys):
	xs = [1.5, 2.5, 3.0, 4.25, -8.0, 6.5]
	sys.out.println(Any.toString(halves(xs)))
	sys.out.println(Any.toString(weighted(xs, 2)))
	sys.out.println(Any.toString(weighted(xs, 1)))
	sys.out.println(Any.toString(halves([])))
	x = 3
	if |xs| > 100:
		x = 1.5
	y = 2.0 * x
	sys.out.println(Any.toString(y))
