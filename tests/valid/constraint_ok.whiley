// Constrained types (§2.3, §8) whose constraints hold: parameters are
// checked at each call site, return values at each return; nothing
// fails here.  Also: an `ensures` replaces the return type's constraint
// (the 2013 quirk), and a union with a constrained member accepts null.
import * from whiley.lang.*

define nat as int where $ >= 0
define pos as nat where $ > 0
define nats as [nat]
define Point as {nat x, int y}
define Range as {int lo, int hi} where lo <= hi
define Pair as (nat, pos)
define onat as nat | null

nat dec(pos p):
	return p - 1

int total(nats xs):
	s = 0
	for x in xs:
		s = s + x
	return s

int width(Range r):
	return r.hi - r.lo

int px(Point p):
	return p.x + p.y

int second(Pair p):
	a, b = p
	return a + b

int orZero(onat x):
	if x is null:
		return 0
	return x

nat quirk(int x) ensures $ < 100:
	return x

int apply(int(nat) f, int v):
	return f(v)

int twice(nat x):
	return 2 * x

public void ::main(System.Console sys):
	sys.out.println(dec(1))
	sys.out.println(dec(10))
	sys.out.println(total([]))
	sys.out.println(total([0, 1, 2, 3]))
	sys.out.println(width({lo: -3, hi: 4}))
	sys.out.println(width({lo: 2, hi: 2}))
	sys.out.println(px({x: 0, y: -7}))
	sys.out.println(second((0, 1)))
	sys.out.println(orZero(null))
	sys.out.println(orZero(5))
	sys.out.println(quirk(-5))
	sys.out.println(apply(&twice, 21))
