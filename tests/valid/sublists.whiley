// Sublists xs[a..b], xs[a..], xs[..b], reversed xs[b..a] (a > b), the
// list-reverse idiom xs[|xs|..0], and substrings.
import * from whiley.lang.*

public [int] reversed([int] xs):
	return xs[|xs|..0]

public void ::main(System.Console sys):
	xs = [1, 2, 3, 4, 5]
	sys.out.println(xs[1..3])
	sys.out.println(xs[2..])
	sys.out.println(xs[..2])
	sys.out.println(xs[3..0])
	sys.out.println(xs[2..2])
	sys.out.println(reversed(xs))
	sys.out.println(reversed([]))
	sys.out.println(xs)
	s = "hello world"
	sys.out.println(s[0..5])
	sys.out.println(s[6..])
	n = |s|
	sys.out.println(s[n - 3..n])
	part = xs[0..2]
	part[0] = 100
	sys.out.println(part)
	sys.out.println(xs)
