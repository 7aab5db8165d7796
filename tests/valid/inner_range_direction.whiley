// The direction of an inner range in a kernel (opencl_backend/
// oclgen_insn.c, emit_forall): 5..0 and k..0 with k >= 0 proved
// descending run downwards on the device, 0..|xs| proved ascending runs
// upwards, and lo[i]..hi[i], which the analysis cannot tell, is taken as
// ascending on a GPU and tested where the loop starts; here every such range
// ascends, so nothing falls back to the CPU.
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

public void ::main(System.Console sys):
	sys.out.println(down([0, 1, -2]))
	sys.out.println(downFrom([0, 1, 4, -2]))
	sys.out.println(spans([0, 1, 2, -5], [3, 3, 2, 1]))
