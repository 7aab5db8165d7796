// A kernel's calls of small int functions are inlined (filter/
// inline.c) and its loop-carried ints bounded (opencl_backend/
// oclgen_range.c): in the escape-time loop below every check of the
// variant for small sizes is proved.  The loop's test
// fixMul(zr, zr) + fixMul(zi, zi) <= 4 * ONE bounds |zr|, |zi| by 2 * ONE
// in the body (a sum of two values >= 0, a quotient by 4096, a square);
// cr and ci lie in [-2 * ONE, ONE) as (3 * ONE * x) / size with
// 0 <= x < size; zr and zi, defined before the loop and in it, stay in
// the hull of 0 and the body's values, whose squares fit 32 bits.  The
// variant for any size keeps two checks, 3 * ONE * x and 3 * ONE * y.
// A function with several returns stays a call.
// explain: inline_ranges.whiley:33: kernel wyk_3: checks: 2 tested, 0 tested once before their loop, 26 proved
// explain: inline_ranges.whiley:33: kernel wyk_3_n (the variant for size and its loop indices within +-2^16; its indices within the lists they index): checks: 0 tested, 0 tested once before their loop, 28 proved
// explain: inline_ranges.whiley:49: function clamp, called by kernels
import * from whiley.lang.*

define ONE as 4096

public [[int]] grid(int size):
	row = []
	for i in 0..size:
		row = row + [0]
	rows = []
	for i in 0..size:
		rows = rows + [row]
	return rows

public int fixMul(int a, int b):
	return (a * b) / ONE

public [[int]] steps(int size, int maxIter):
	out = grid(size)
	for x in 0..size:
		cr = (3 * ONE * x) / size - 2 * ONE
		for y in 0..size:
			ci = (3 * ONE * y) / size - (3 * ONE) / 2
			zr = 0
			zi = 0
			n = 0
			while n < maxIter && fixMul(zr, zr) + fixMul(zi, zi) <= 4 * ONE:
				t = fixMul(zr, zr) - fixMul(zi, zi) + cr
				zi = 2 * fixMul(zr, zi) + ci
				zr = t
				n = n + 1
			out[y][x] = n
	return out

public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

public [int] smooth([int] xs):
	out = xs
	for i in 0..|xs|:
		out[i] = xs[clamp(i + 1, 0, |xs| - 1)]
	return out

public void ::main(System.Console sys):
	sys.out.println(steps(8, 32))
	sys.out.println(smooth([1, 2, 3]))
