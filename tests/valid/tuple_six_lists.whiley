// A function returning a 6-tuple of lists, destructured into six names,
// some of which already exist (they are reassigned), and printed whole.
import * from whiley.lang.*

public ([int], [int], [real], [real], [int], [int]) split(int n):
	l1 = []
	bs = []
	cs = []
	ds = []
	es = []
	fs = []
	for i in 0..n:
		l1 = l1 + [i]
		bs = bs + [i * i]
		cs = cs + [i * 0.5]
		ds = ds + [(real) i]
		es = es + [-i]
		fs = fs + [i % 2]
	return (l1, bs, cs, ds, es, fs)

public void ::main(System.Console sys):
	a = [100]
	f = [200]
	sys.out.println(split(3))
	a, b, c, d, e, f = split(4)
	sys.out.println(a)
	sys.out.println(b)
	sys.out.println(c)
	sys.out.println(d)
	sys.out.println(e)
	sys.out.println(f)
	a, b, c, d, e, f = split(1)
	sys.out.println(a + b + e + f)
	sys.out.println(c + d)
