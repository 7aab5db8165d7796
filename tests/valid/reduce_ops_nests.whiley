// Reductions, part 3 (part 1: reduce_ops): empty and descending
// ranges, several reductions in one loop, a flattened nest (a checksum
// loop), a nest updating one sum around its inner loop (not flattened)
// and reductions of reals over a list (exact in binary, so every
// target prints the exact results).
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3]
	n = |xs|
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
