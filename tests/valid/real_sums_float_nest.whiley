// Sums of a 1024 x 1024 list of device floats (multiples of 1/1024, 20
// bits each), reduced across the outer loop of a nest: the first nest is
// flattened at -O2 (one element per work item) and not at -O1, where
// each work item adds a row of 1024 elements in its own accumulator;
// the second is flattened at no level (it counts rows outside its inner
// loop) and updates through a chain with a product, t = t + x * 2.0 +
// 0.5.  In float a row's sum loses its low bits (the first sum came
// back 487468320.0 at -O1); accumulated in double, or compensated on a
// device without double (the fault test float_only_sums), each sum is
// exact.  The exact values come from a sum of ints.
// flags: --gpu-real=float
import * from whiley.lang.*

public void ::main(System.Console sys):
	h = 1024
	w = 1024
	a = []
	for i in 0..h:
		row = []
		for j in 0..w:
			row = row + [(real)((i * 1031 + j * 37) % 1000003) / 1024.0]
		a = a + [row]
	s = 0.0
	for i in 0..h:
		for j in 0..w:
			s = s + a[i][j]
	t = 0.0
	c = 0
	for i in 0..h:
		if a[i][0] > 500.0:
			c = c + 1
		for j in 0..w:
			t = t + a[i][j] * 2.0 + 0.5
	e = 0
	for i in 0..h:
		for j in 0..w:
			e = e + (i * 1031 + j * 37) % 1000003
	exact = (real)e / 1024.0
	d = s - exact
	if d < 0.0:
		d = -d
	sys.out.println((d <= exact / 10000000.0))
	sys.out.println(s)
	exact = exact * 2.0 + (real)(h * w) / 2.0
	d = t - exact
	if d < 0.0:
		d = -d
	sys.out.println((d <= exact / 10000000.0))
	sys.out.println(t)
	sys.out.println(exact)
	sys.out.println(c)
