// Ranges: end-exclusive, negative bounds (-1..2, -10..20), empty (a..a),
// descending (5..0), computed bounds, ranges stored and indexed as lists.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println(-1..2)
	sys.out.println(0..5)
	sys.out.println(3..3)
	sys.out.println(5..0)
	sys.out.println(2..-3)
	r = -10..20
	sys.out.println(|r|)
	sys.out.println(r[0])
	sys.out.println(r[|r| - 1])
	n = 3
	sys.out.println(-n..n)
	total = 0
	for i in -3..4:
		total = total + i
	sys.out.println(total)
	for i in 3..0:
		sys.out.println(i)
	r[0] = 100
	sys.out.println(r[0..3])
	sys.out.println([1..4, 1..4])
