// Loops that accumulate into a scalar run as parallel reductions (kernels
// of kind reduce): + * && || min max (Math.max/min and the `if x > s:
// s = x` idiom), counts, empty and descending ranges, a value before the
// loop beyond 64 bits, several reductions in one loop, a flattened nest
// (a checksum loop), a nest updating one sum around its inner loop (not
// flattened) and loops over lists.  Every result is the
// sequential one; the reals are exact in binary.
// fallback: 2^70, built by a counted while loop (a product reduction), overflows the device's 64-bit ints; the CPU reruns that loop exactly
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3]
	n = |xs|
	s = 0
	for i in 0..n:
		s = s + xs[i]
	sys.out.println(s)
	big = 1
	k = 0
	while k < 70:
		big = big * 2
		k = k + 1
	for v in xs:
		big = big + v * 1000
	sys.out.println(big)
	w = 0
	for v in xs:
		w = w + v * 1000000000
	sys.out.println(w)
	p = 1
	for i in 0..n:
		p = p * xs[i]
	sys.out.println(p)
	bp = big
	for i in 0..n:
		bp = bp * (i + 1)
	sys.out.println(bp)
	c = 0
	for v in xs:
		if v > 2:
			c = c + 1
	sys.out.println(c)
	none = 0
	for v in xs:
		if v > 100:
			none = none + 1
	sys.out.println(none)
	mx = 0 - 100
	for v in xs:
		if v > mx:
			mx = v
	sys.out.println(mx)
	mn = 100
	for v in xs:
		if mn > v:
			mn = v
	sys.out.println(mn)
	m2 = 0
	for i in 0..n:
		m2 = Math.max(m2, xs[i] * 2)
	sys.out.println(m2)
	m3 = 0
	for i in 0..n:
		m3 = Math.min(xs[i] - 1, m3)
	sys.out.println(m3)
	top = 1000
	for v in xs:
		top = Math.max(top, v)
	sys.out.println(top)
	allpos = true
	for v in xs:
		allpos = allpos && v > 0
	sys.out.println(allpos)
	anyneg = false
	for v in xs:
		anyneg = anyneg || v < 0
	sys.out.println(anyneg)
	small = true
	for v in xs:
		small = small && v < 10
	sys.out.println(small)
	huge = false
	for v in xs:
		huge = huge || v > 10
	sys.out.println(huge)
	e = 42
	for i in 5..5:
		e = e + xs[i]
	sys.out.println(e)
	ds = 0
	for i in 10..0:
		ds = ds + i * i
	sys.out.println(ds)
	sp = 0
	sn = 0
	cnt = 0
	for v in xs:
		if v > 0:
			sp = sp + v
		else:
			sn = sn + v
		cnt = cnt + 1
	sys.out.println(sp)
	sys.out.println(sn)
	sys.out.println(cnt)
	board = [[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]]
	rows = |board|
	cols = 3
	total = 0
	for y in 0..rows:
		for x in 0..cols:
			if board[y][x] == 1:
				total = total + y * cols + x + 1
	sys.out.println(total)
	ro = 0
	ri = 0
	for y in 0..rows:
		ro = ro + y + 1
		for x in 0..cols:
			ri = ri + board[y][x]
	sys.out.println(ro)
	sys.out.println(ri)
	z = 5
	for y in 0..rows:
		for x in 0..0:
			z = z + board[y][x]
	sys.out.println(z)
	rs = [0.25, 1.5, -0.75, 2.0, 0.125]
	rsum = 0.5
	for r in rs:
		rsum = rsum + r
	sys.out.println(rsum)
	rprod = 1.0
	for r in rs:
		rprod = rprod * r
	sys.out.println(rprod)
	rmax = 0.0
	for r in rs:
		rmax = Math.max(rmax, r)
	sys.out.println(rmax)
	rmin = 10.0
	for r in rs:
		if r < rmin:
			rmin = r
	sys.out.println(rmin)
