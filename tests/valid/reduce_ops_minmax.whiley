// Reductions, part 2 (part 1: reduce_ops): counts, min and max
// (Math.max/min and the `if x > s: s = x` idiom, either order), && and
// ||, over a range and over a list.  Every result is the sequential one.
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3]
	n = |xs|
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
