// Index checks of a call's result inside a kernel's loop: the bounds of
// what the callee returns, in terms of the call's arguments
// (opencl_backend/oclgen_retbound.c), are tested once before the loop
// when those arguments do not change in it (oclgen_hoist.c,
// CHK_BOUNDED); a kernel falls back to the CPU if they do not hold.
// Here they hold, so every kernel runs on the device (no fallback line).
// explain: call_bounds.whiley:46: kernel wyk_2: checks: 2 tested, 1 tested once before their loop, 2 proved, 0 joined to another, 1 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 1 range taken as ascending on a GPU (1 of them on every device: a running sum's bound counts their iterations; a descending one reruns the loop on the CPU)
// explain: call_bounds.whiley:58: kernel wyk_4: checks: 1 tested, 0 tested once before their loop, 3 proved, 0 joined to another, 1 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: call_bounds.whiley:71: kernel wyk_6: checks: 2 tested, 0 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 1 range taken as ascending on a GPU (1 of them on every device: a running sum's bound counts their iterations; a descending one reruns the loop on the CPU)
// explain: call_bounds.whiley:87: kernel wyk_8: checks: 2 tested, 0 tested once before their loop, 2 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: call_bounds.whiley:100: kernel wyk_10: checks: 4 tested, 1 tested once before their loop, 0 proved, 1 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 1 range taken as ascending on a GPU (1 of them on every device: a running sum's bound counts their iterations; a descending one reruns the loop on the CPU)
import * from whiley.lang.*

// v, or the nearer end of lo..hi: always between lo and hi
public int clamp(int v, int lo, int hi):
	if v < lo:
		return lo
	if v > hi:
		return hi
	return v

// the larger of a and b: at least b, but no bound above
public int larger(int a, int b):
	if a > b:
		return a
	return b

// v itself when past hi (no bound above), else at least lo
public int pick(int v, int lo, int hi):
	if v > hi:
		return v
	if v < lo:
		return lo
	return v

// a value computed in the callee: no bound in terms of its arguments
public int wrap(int v, int n):
	return ((v % n) + n) % n

// a box filter of width 2r+1 over xs, its ends extended
public [int] box([int] xs, int r):
	n = |xs|
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for k in -r..(r + 1):
			s = s + xs[clamp(i + k, 0, n - 1)]
		out[i] = s
	return out

// the same with constant bounds (xs has 10 elements)
public [int] box10([int] xs):
	out = []
	for i in 0..10:
		out = out + [0]
	for i in 0..10:
		s = 0
		for k in -2..3:
			s = s + xs[clamp(i + k, 0, 9)] * (k + 3)
		out[i] = s
	return out

// larger(i - k, 0) never negative: proved from what this call passes
// (opencl_backend/oclgen_ival.c, call_ival); its upper end stays checked
public [int] tails([int] xs, int w):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for k in 0..w:
			if k <= i:
				s = s + xs[larger(i - k, 0)]
		out[i] = s
	return out

// pick's lower end is proved (each of its returns is at least 0 or at
// least n - 1, and the loop runs only when n - 1 > 0), its upper one is
// tested in every iteration
public [int] pairs([int] xs):
	n = |xs|
	out = []
	for i in 0..(n - 1):
		out = out + [0]
	for i in 0..(n - 1):
		s = 0
		for k in 0..2:
			s = s + xs[pick(i + k, 0, n - 1)]
		out[i] = s
	return out

// cyclic indices: tested in every iteration
public [int] cyclic([int] xs, int r):
	n = |xs|
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for k in -r..(r + 1):
			s = s + xs[wrap(i + k, n)]
		out[i] = s
	return out

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
	sys.out.println(box(xs, 2))
	sys.out.println(box(xs, 0))
	sys.out.println(box([7], 3))
	sys.out.println(box10(xs))
	sys.out.println(tails(xs, 4))
	sys.out.println(pairs(xs))
	sys.out.println(cyclic(xs, 3))
