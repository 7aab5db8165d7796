// Small int functions a kernel calls are inlined into it (filter/
// inline.c), and the range analysis of its device code (opencl_backend/
// oclgen_range.c) bounds registers a loop defines again and again, what
// a comparison of computed values says of their operands, and c * x / n
// with 0 <= x < n.  Each case below is next to such a proof but may not
// have it: its 32-bit arithmetic overflows, which the device must
// detect, rerunning the kernel in 64 bits, so that it prints the exact
// results.  (A check dropped wrongly shows as wrapped values.)
import * from whiley.lang.*

define ONE as 4096
define BIG as 1048576
define MID as 30000

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

public int fixMul(int a, int b):
	return (a * b) / ONE

public int bigMul(int a, int b):
	return (a * b) / BIG

public int midMul(int a, int b):
	return (a * b) / MID

public int sq(int a):
	return a * a

public int quarterSq(int a):
	return (a * a) / 4

// Steps of z = z*z + c in fixed point, c on a row of the plane: with
// ONE = 4096 nothing can overflow 32 bits (all proved, see
// filter/inline_ranges); the sum of the steps, and the last z seen.
public [int] steps(int size, int maxIter):
	out = zeros(size)
	for x in 0..size:
		cr = (3 * ONE * x) / size - 2 * ONE
		ci = ONE / 3
		zr = 0
		zi = 0
		n = 0
		while n < maxIter && fixMul(zr, zr) + fixMul(zi, zi) <= 4 * ONE:
			t = fixMul(zr, zr) - fixMul(zi, zi) + cr
			zi = 2 * fixMul(zr, zi) + ci
			zr = t
			n = n + 1
		out[x] = n * 1000000 + zr
	return out

// The same with BIG = 2^20: |zr| <= 2^21 after the test, so zr * zr
// overflows 32 bits (in 64 it does not).
public [int] bigSteps(int size, int maxIter):
	out = zeros(size)
	for x in 0..size:
		cr = (3 * BIG * x) / size - 2 * BIG
		ci = BIG / 3
		zr = 0
		zi = 0
		n = 0
		while n < maxIter && bigMul(zr, zr) + bigMul(zi, zi) <= 4 * BIG:
			t = bigMul(zr, zr) - bigMul(zi, zi) + cr
			zi = 2 * bigMul(zr, zi) + ci
			zr = t
			n = n + 1
		out[x] = zr
	return out

// With MID = 30000 the loop-carried zr, up to 6 * MID at the test (the
// hull of 0 and the body's t), squared overflows 32 bits as it leaves
// the circle.
public [int] midSteps(int size, int maxIter):
	out = zeros(size)
	for x in 0..size:
		cr = (3 * MID * x) / size - 2 * MID
		ci = MID / 3
		zr = 0
		zi = 0
		n = 0
		while n < maxIter && midMul(zr, zr) + midMul(zi, zi) <= 4 * MID:
			t = midMul(zr, zr) - midMul(zi, zi) + cr
			zi = 2 * midMul(zr, zi) + ci
			zr = t
			n = n + 1
		out[x] = zr
	return out

// x * x / 4 <= 2 leaves |x| <= 3 (not 2: 9 / 4 is 2), so x * 10^9
// may overflow 32 bits; x * x <= 8 leaves |x| <= 2, and x * 1.5 * 10^9
// may too.
public [int] quarter([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		x = xs[i]
		r = 0
		if quarterSq(x) <= 2:
			r = x * 1000000000
		out[i] = r
	return out

public [int] square([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		x = xs[i]
		r = 0
		if sq(x) <= 8:
			r = x * 1500000000
		out[i] = r
	return out

// t = x * x is small, but x changes before the test: x * x after it
// is not bounded by it.
public [int] moved([int] xs, int shift):
	out = zeros(|xs|)
	for i in 0..|xs|:
		x = xs[i]
		t = sq(x)
		x = x + shift
		r = 0
		if t <= 100:
			r = sq(x)
		out[i] = r
	return out

// 1000 * x / n lies in [0, 1000) only for 0 <= x < n: here x runs to
// m, or from m < 0.
public [int] scaled(int m, int n):
	out = zeros(m)
	for x in 0..m:
		v = 0
		if n > 0:
			v = (1000 * x) / n
		out[x] = v * v * v
	return out

public [int] scaledFrom(int m, int n):
	out = zeros(n - m)
	for x in m..n:
		v = 0
		if n > 0 && m < 0:
			v = (1000 * x) / n
		out[x - m] = v * v * v
	return out

public void ::main(System.Console sys):
	s = steps(16, 64)
	sys.out.println(s)
	sys.out.println(bigSteps(16, 64))
	sys.out.println(moved([1, -3, 10, 11, -10, 0], 5))
	sys.out.println(moved([1, -3, 10, 11, -10, 0], 100000))
	sys.out.println(scaled(8, 8))
	sys.out.println(scaled(20, 2))
	sys.out.println(scaledFrom(-5, 1))
	sys.out.println(scaledFrom(-5, 3))
	sys.out.println(midSteps(16, 64))
	sys.out.println(quarter([3, -3, 2, 1, 0, 5, -2]))
	sys.out.println(square([3, -3, 2, 1, 0, 5, -2]))
