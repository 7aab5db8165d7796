// Values of type int|real in kernels (--gpu-real=float): `s = 0` then
// maybe `s = xs[i]` gives s the type int|real.  A real times s is a real
// whichever s holds, so the kernel may keep s as a device real; where the
// kind of s decides the result (a comparison, a store into a list of
// int|real) the loop stays on the CPU.  The values are exact in float.
// flags: --gpu-real=float
// explain: int_real.whiley:14: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 write-only)
// explain: int_real.whiley:22: for i: CPU — stores 's', an int or a real, into a list of int|real (the kind would be lost)
// explain: int_real.whiley:30: for i: CPU — uses 's', an int or a real, where its kind matters
// explain: int_real.whiley:41: for i: CPU — computes with 's', an int or a real, where the result's kind depends on which
import * from whiley.lang.*

public [real] weighted([real] w, [real] xs, [real] out):
	for i in 0..|xs|:
		s = 0
		if xs[i] > 0.0:
			s = xs[i]
		out[i] = w[i] * s + 0.5
	return out

public [int|real] kinds([int] xs, [int|real] out):
	for i in 0..|xs|:
		s = 0
		if xs[i] > 2:
			s = 1.5
		out[i] = s
	return out

public [int] compared([int] xs, [int] c):
	for i in 0..|xs|:
		s = 0
		if xs[i] > 2:
			s = 1.5
		if s == 0:
			c[i] = 1
		else:
			c[i] = 0
	return c

public [real] doubled([int] xs, [real] out):
	for i in 0..|xs|:
		s = xs[i]
		if xs[i] > 2:
			s = 1.5
		t = s * 2
		out[i] = 1.0 * t
	return out

public void ::main(System.Console sys):
	w = [2.0, 0.5, 1.0, 0.25]
	sys.out.println(weighted(w, [1.5, -2.0, 3.0, 8.0], [0.0, 0.0, 0.0, 0.0]))
	sys.out.println(kinds([1, 2, 3, 4], [0, 0, 0, 0]))
	sys.out.println(compared([1, 2, 3, 4], [9, 9, 9, 9]))
	sys.out.println(doubled([1, 2, 3, 5], [0.0, 0.0, 0.0, 0.0]))
