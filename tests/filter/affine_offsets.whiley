// Offsets and strides (filter/deptest.c): a[i + 1] = a[i] reads what
// the iteration before wrote (distance 1); b[i + 1] = a[i] writes
// another list; c[2 * i] = c[2 * i + 1] reads only odd elements, which
// no iteration writes (the GCD test); c[2 * i] = c[2 * i + 2] reads
// what the next iteration writes (distance 1).
// explain: affine_offsets.whiley:17: for i: CPU — reads 'a' at another index than it writes: a[i + 1] written at line 18, a[i] read at line 18, distance 1 at loop i
// explain: affine_offsets.whiley:19: for i: GPU-implicit (kernel 1,
// explain: affine_offsets.whiley:21: for i: GPU-implicit (kernel 2,
// explain: affine_offsets.whiley:23: for i: CPU — reads 'd' at another index than it writes: d[2*i] written at line 24, d[2*i + 2] read at line 24, distance 1 at loop i
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [1, 0, 0, 0, 0, 0, 0, 0]
	b = [0, 0, 0, 0, 0, 0, 0, 0]
	c = [1, 2, 3, 4, 5, 6, 7, 8]
	d = c
	for i in 0..(|a| - 1):
		a[i + 1] = a[i] + 1
	for i in 0..(|a| - 1):
		b[i + 1] = a[i] * 2
	for i in 0..(|c| / 2):
		c[2 * i] = c[2 * i + 1] + i
	for i in 0..(|d| / 2 - 1):
		d[2 * i] = d[2 * i + 2] + i
	sys.out.println(a)
	sys.out.println(b)
	sys.out.println(c)
	sys.out.println(d)
