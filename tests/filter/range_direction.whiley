// The direction of an inner range in a kernel (opencl_backend/
// oclgen_insn.c, emit_forall): 5..0 and k..0 with k >= 0 proved
// descending run downwards on the device, 0..|xs| proved ascending runs
// upwards, and lo[i]..hi[i], which the analysis cannot tell, is taken as
// ascending on a GPU and tested where the loop starts (--explain counts those).
// explain: range_direction.whiley:20: kernel wyk_2: checks: 3 tested, 0 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: range_direction.whiley:29: kernel wyk_3: checks: 3 tested, 0 tested once before their loop, 1 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: range_direction.whiley:40: kernel wyk_4: checks: 4 tested, 0 tested once before their loop, 2 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop; 1 range taken as ascending on a GPU (a descending one reruns the loop on the CPU)
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

// s = 3s + j: the order of the iterations shows
public [int] down([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = xs[i]
		for j in 5..0:
			s = s * 3 + j
		out[i] = s
	return out

public [int] downFrom([int] ks):
	out = zeros(|ks|)
	for i in 0..|ks|:
		k = ks[i]
		s = 0
		if k >= 0:
			for j in k..0:
				s = s * 3 + j
		out[i] = s
	return out

public [int] spans([int] lo, [int] hi):
	out = zeros(|lo|)
	for i in 0..|lo|:
		s = 0
		for j in lo[i]..hi[i]:
			s = s * 3 + j
		out[i] = s
	return out

