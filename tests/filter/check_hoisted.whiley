// Checks of every iteration of a loop inside a kernel are tested once
// before it (opencl_backend/oclgen_hoist.c): indices at both edges of
// ascending, descending and empty ranges, with offsets, in rows of a
// list of lists; none fails, so the device's results are printed.
// explain: check_hoisted.whiley:16: kernel wyk_2: checks: 2 tested, 1 tested once before their loop, 3 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: check_hoisted.whiley:28: kernel wyk_4: checks: 3 tested, 2 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop
// explain: check_hoisted.whiley:40: kernel wyk_6: checks: 0 tested, 3 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 1 range taken as ascending on a GPU (1 of them on every device: a running sum's bound counts their iterations; a descending one reruns the loop on the CPU)
// explain: check_hoisted.whiley:54: kernel wyk_8: checks: 0 tested, 3 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
import * from whiley.lang.*

// sums of xs[j - 1] for j in 1..|xs|+1 (the last index |xs| - 1)
public [int] shifted([int] xs, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for j in 1..(|xs| + 1):
			s = s + xs[j - 1] * (i + 1)
		out[i] = s
	return out

// a descending range: j = |xs|, ..., 1 reads xs[|xs| - 1] .. xs[0]
public [int] descending([int] xs, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		s = 0
		for j in |xs|..0:
			s = s * 2 + xs[j - 1] + i
		out[i] = s
	return out

// rows: m[i][k] with k over the whole row, an empty range when lo = hi
public [int] rowSums([[int]] m, int lo, int hi):
	out = []
	for i in 0..|m|:
		out = out + [0]
	for i in 0..|m|:
		s = 0
		for k in lo..hi:
			s = s + m[i][k]
		out[i] = s
	return out

// the same over lo..hi with lo >= hi, which the test before the loop
// proves descending (a GPU's kernel takes a range the analysis cannot
// tell as ascending, and the CPU reruns the loop where it is not)
public [int] rowSumsDown([[int]] m, int lo, int hi):
	out = []
	for i in 0..|m|:
		out = out + [0]
	for i in 0..|m|:
		s = 0
		if lo >= hi:
			for k in lo..hi:
				s = s + m[i][k]
		out[i] = s
	return out

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5, 9, 2, 6]
	sys.out.println(shifted(xs, 4))
	sys.out.println(descending([1, 2, 3], 3))
	m = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
	sys.out.println(rowSums(m, 0, 3))
	sys.out.println(rowSumsDown(m, 2, 0))
	sys.out.println(rowSums(m, 1, 1))
