// Scalars carried only through `s = s ⊕ e` are reductions: each loop is a
// kernel of kind reduce naming the variable and its operator.
// explain: reduce_ops.whiley:32: for i: GPU-implicit (kernel 1, reduce 's' with +, 1-D, 1 list in, 0 out)
// explain: reduce_ops.whiley:35: for v: GPU-implicit (kernel 2, reduce 'p' with *, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:38: for v: GPU-implicit (kernel 3, reduce 'allv' with &&, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:41: for v: GPU-implicit (kernel 4, reduce 'anyv' with ||, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:44: for v: GPU-implicit (kernel 5, reduce 'hi' with max, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:47: for v: GPU-implicit (kernel 6, reduce 'lo' with min, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:51: for v: GPU-implicit (kernel 7, reduce 'mx' with max, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:55: for v: GPU-implicit (kernel 8, reduce 'mn' with min, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:59: for v: GPU-implicit (kernel 9, reduce 'mx2' with max, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:63: for v: GPU-implicit (kernel 10, reduce 'n' with +, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:67: for y: GPU-implicit (kernel 11, reduce 'total' with +, 2-D (y, x), 1 list in, 0 out)
// explain: reduce_ops.whiley:68: for x: GPU-implicit-inner (flattened into kernel 11)
// explain: reduce_ops.whiley:73: for v: GPU-implicit (kernel 12, reduce 'a' with +, 'b' with *, 1-D over the elements of xs, 1 list in, 0 out)
// explain: reduce_ops.whiley:77: for r: GPU-implicit (kernel 13, reduce 'rs' with +, 1-D over the elements of reals, 1 list in, 0 out; reals as double on the device
// explain: reduce_ops.whiley:80: for i: GPU-implicit (kernel 14, 1-D, 1 list in, 1 out (1 write-only)
// explain: reduce_ops.whiley:82: for j: GPU-explicit (sequential in kernel 14)
// wyil: kernel wyk_12([int] in, int reduce +, int reduce *) 1-D
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5]
	board = [[1, 0], [0, 1]]
	reals = [0.5, 0.25]
	s = 0
	p = 1
	allv = true
	anyv = false
	hi = 0
	lo = 0
	for i in 0..|xs|:
		s = s + xs[i]
	sys.out.println(s)
	for v in xs:
		p = p * v
	sys.out.println(p)
	for v in xs:
		allv = allv && v > 0
	sys.out.println(allv)
	for v in xs:
		anyv = anyv || v > 4
	sys.out.println(anyv)
	for v in xs:
		hi = Math.max(hi, v)
	sys.out.println(hi)
	for v in xs:
		lo = Math.min(v, lo)
	sys.out.println(lo)
	mx = 0
	for v in xs:
		if v > mx:
			mx = v
	mn = 9
	for v in xs:
		if mn >= v:
			mn = v
	mx2 = 0
	for v in xs:
		if mx2 < v:
			mx2 = v
	n = 0
	for v in xs:
		if v == 1:
			n = n + 1
	total = 0
	for y in 0..2:
		for x in 0..2:
			if board[y][x] == 1:
				total = total + y * 2 + x + 1
	a = 0
	b = 1
	for v in xs:
		a = a + v
		b = b * v
	rs = 0.0
	for r in reals:
		rs = rs + r
	ys = [0, 0, 0, 0, 0]
	for i in 0..|xs|:
		acc = 0
		for j in 0..i:
			acc = acc + xs[j]
		ys[i] = acc
	sys.out.println([mx, mn, mx2, n, total, a, b])
	sys.out.println(rs)
	sys.out.println(ys)
