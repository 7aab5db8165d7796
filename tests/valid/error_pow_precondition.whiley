// Runtime error: Math.pow requires a positive exponent, checked at the call
// site before the call.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println(Math.pow(2, 3))
	e = 0
	sys.out.println(Math.pow(2, e))
