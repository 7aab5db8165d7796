// A list a kernel builds from remainders by one of its int arguments
// (`(...) % m`) has a bound the runtime learns from m's value at the
// call: every element lies within (-|m|, |m|) (runtime/ocl_run.c,
// stored_bound; KernelArg.out_arg).  n-body's inputs, built on the
// device, then still let its kernels run their narrow variants.  Here a
// kernel whose variant assumes its list within +-2^14 reads lists built
// that way: with |m| = 1000 the variant may run; with m = 3000001 the
// differences' squares pass 32 bits and only the checked kernel (then
// 64 bits) gives the exact sums, so a bound taken from anything but m's
// value would print wrong ones (WYC_PROFILE=1 counts the variant's
// runs: 3 of the 4 calls of spread).
// fallback: the large residues overflow 32 bits
// explain: narrow_stored_rem.whiley:22: kernel wyk_1_n (the variant for xs within +-2^14; its indices within the lists they index)
// explain: narrow_stored_rem.whiley:33: for i: GPU-implicit (kernel 2, build of 'ys'
import * from whiley.lang.*

// for each element, the sum of its squared differences from every
// element, each modulo 1009 (a square that wrapped 32 bits unchecked
// would not make the sum overflow: nothing would detect it)
public [int] spread([int] xs):
	out = xs
	for i in 0..|xs|:
		s = 0
		for j in 0..|xs|:
			d = xs[j] - xs[i]
			s = s + (d * d) % 1009
		out[i] = s
	return out

// residues of an arithmetic sequence, some negative
public [int] residues(int n, int m):
	ys = []
	for i in 0..n:
		ys = ys + [(13 + (i - n / 2) * 7919) % m]
	return ys

public void ::main(System.Console sys):
	sys.out.println(Any.toString(spread(residues(40, 1000))))
	sys.out.println(Any.toString(spread(residues(40, -1000))))
	sys.out.println(Any.toString(spread(residues(40, 3000001))))
	sys.out.println(Any.toString(spread(residues(40, 1000))))
