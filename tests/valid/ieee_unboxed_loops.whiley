// flags: --gpu-real=exact
// Real registers held as machine doubles in the IEEE modes (--real=double,
// c_backend/cgen_unbox.c): loops over lists they leave as they are (the
// facts of c_backend/cgen_bounds.c), mixed ints and reals, a real live
// across a call, reals stored into lists, records and a matrix, a
// negative zero, and a list whose storage is not flat.  The values are
// exact in binary, so that both modes print the same.
import * from whiley.lang.*

public real dot([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] * b[i]
	return s

// ints read from a list, converted, mixed with reals and the index
public real mixed([int] xs, int n):
	s = 0.0
	for i in 0..|xs|:
		s = s + (real) xs[i] / 4.0 + i * 0.5 - n
	return s

public real twice(real x):
	return x * 2.0

// x lives across the call; reals go into a list and a record
public {real lo, real hi, [real] out} spread([real] a):
	lo = a[0]
	hi = a[0]
	out = []
	for i in 0..|a|:
		x = a[i] * 0.5
		y = twice(x)
		out = out + [x + y]
		if x < lo:
			lo = x
		if y >= hi:
			hi = y
	return {lo: lo, hi: hi, out: out}

// in-place updates of a list and of a matrix
public [[real]] scale([[real]] m, [real] f):
	for i in 0..|m|:
		for j in 0..|m[i]|:
			m[i][j] = m[i][j] * f[j] - 0.25
		f[i] = f[i] + m[i][0]
	return m + [f]

// the sign of a zero never shows
public [real] flips(int n):
	z = 0.0
	zs = []
	for i in 0..n:
		z = z * -1.0
		zs = zs + [z, -z]
	return zs

// the index from a list, a step of 2 (not counted from 0)
public real gather([real] a, [int] idx):
	s = 0.0
	for k in 0..|idx|:
		s = s + a[idx[k]]
	for i in 1..|a|:
		s = s - a[i - 1] / 2.0
	return s

// 10^-10k: below 2^-126 from k = 4 on, a boxed double
public real tiny(int k):
	t = 1.0
	for i in 0..k:
		t = t / 10000000000.0
	return t

public void ::main(System.Console sys):
	a = [0.5, 1.5, -2.25, 4.0, 0.125]
	b = [2.0, -1.0, 0.5, 0.25, 8.0]
	sys.out.println(dot(a, b))
	sys.out.println(dot([], []))
	sys.out.println(mixed([1, 2, 3, -7], 2))
	r = spread(a)
	sys.out.println(r.lo)
	sys.out.println(r.hi)
	sys.out.println(r.out)
	sys.out.println(scale([[1.0, 2.0], [3.0, -4.5]], [0.5, 2.0]))
	zs = flips(3)
	sys.out.println(zs)
	sys.out.println((zs == [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]))
	sys.out.println(gather(a, [4, 0, 0, 3]))
	// a real below 2^-126 is boxed: a list that holds one is not flat
	c = [0.5, 2.0]
	d = [tiny(20), 1.0]
	sys.out.println((dot(c, d) > 1.5))
	sys.out.println((dot(c, d) - 2.0 < tiny(10)))
	d[0] = d[0] * 0.5
	sys.out.println(d[0] / tiny(20))
	m = scale([[tiny(20), 1.0]], [tiny(10), 4.0])
	sys.out.println(m[0][0] / tiny(30))
	sys.out.println(m[0][1])
