// Printing reals: integral values as N.0, exact decimals up to 9 places with
// no trailing zeros, (n/d) when more places are needed, and every negative
// non-integer as (n/d).
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println(5.0)
	sys.out.println(-1.0)
	sys.out.println(0.0)
	sys.out.println(123.0)
	sys.out.println(3.234)
	sys.out.println(2.50)
	sys.out.println(15.7)
	sys.out.println(5.242325252)
	sys.out.println(1.0 / 512)
	sys.out.println(1.0 / 1024)
	sys.out.println(1.0 / 3)
	sys.out.println(2.0 / 3)
	sys.out.println(1000.0 / 3123)
	sys.out.println(1.0 / 120)
	sys.out.println(-1.232)
	sys.out.println(-1.5)
	sys.out.println(-0.00001)
	sys.out.println(-5632.0)
	sys.out.println(10.0 / 4)
	sys.out.println(1.2345678912)
	sys.out.println(0.123456789)
	sys.out.println(100.0 / 8)
	sys.out.println(7.0 / 7)
	sys.out.println([0.5, -0.5, 1.0, 1.0 / 3])
	sys.out.println(0.000001)
	r = 22.0 / 7
	sys.out.println(r * 7)
