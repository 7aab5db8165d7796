// Natives of whiley.lang.Math in kernels (wyil/devmath.c): the device's
// builtins.  Ints are exact (abs of the least int fails and reruns);
// floor, ceil and round (half away from zero) of a real are exact where
// the real is, and one outside the device's ints reruns in 64 bits or on
// the CPU, which gives the exact int; exp, sin, log differ from the CPU's
// by rounding only, so they are printed rounded to whole thousandths of
// values not near a half.  A result that is not finite (exp(800)) sets
// the kernel's flag: the CPU reruns the loop and raises its error.
// fallback: the int outside 64 bits, abs of the least int and exp(800) rerun on the CPU
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

public [int] rounds([real] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		out[i] = Math.round(xs[i])
	return out

public [int] floors([real] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		out[i] = Math.floor(xs[i])
	return out

public [int] ceils([real] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		out[i] = Math.ceil(xs[i])
	return out

public [int] weights([real] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		e = Math.round(1000.0 * Math.exp(xs[i]))
		s = Math.round(1000.0 * Math.sin(xs[i]))
		l = Math.round(100.0 * Math.log(xs[i] * xs[i] + 1.0))
		out[i] = e + s + l
	return out

public [int] absmax([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		out[i] = Math.max(Math.abs(xs[i]), Math.min(xs[i] * 2, 7))
	return out

public void ::main(System.Console sys):
	// first: in 32 bits (a kernel that overflowed runs in 64 bits after)
	sys.out.println(rounds([2147483647.5, 1.25]))
	sys.out.println(ceils([-2147483648.75, 2147483646.5]))
	xs = [0.5, -0.5, 1.5, -2.5, 2.25, -2.75, 0.0, 3.0]
	sys.out.println(rounds(xs))
	sys.out.println(floors(xs))
	sys.out.println(ceils(xs))
	big = [2147483647.5, -2147483648.5, 10000000000.25, 100000000000000000000.5]
	sys.out.println(rounds(big))
	sys.out.println(floors(big))
	sys.out.println(weights([0.0, 0.125, -1.375, 2.0625]))
	sys.out.println(absmax([3, -9, 0, 5, -2147483647, 2147483647]))
	sys.out.println(absmax([-2147483648, 4]))
	sys.out.println(weights([800.0]))
