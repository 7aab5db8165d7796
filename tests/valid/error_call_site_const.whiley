// A kernel argument that comes from a host register defined once by a
// constant is that constant inside the kernel (opencl_backend/
// oclgen_range.c, call_site_facts); d here is defined twice (2, then 0
// for a long list), so the kernel's division by d keeps its test, which
// fails for the long list: the CPU raises the exact error.
import * from whiley.lang.*

public [int] f([int] ys):
	d = 2
	if |ys| > 3:
		d = 0
	out = []
	for i in 0..|ys|:
		out = out + [0]
	for i in 0..|ys|:
		out[i] = ys[i] / d
	return out

public void ::main(System.Console sys):
	sys.out.println(f([5, 6, 7]))
	sys.out.println(f([5, 6, 7, 8]))
