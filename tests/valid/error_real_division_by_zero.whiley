// Runtime error: real division by zero.
import * from whiley.lang.*

public real ratio(real a, real b):
	return a / b

public void ::main(System.Console sys):
	sys.out.println(ratio(1.0, 4.0))
	sys.out.println(ratio(1.0, 0.0))
