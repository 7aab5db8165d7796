// Runtime error: integer division by zero (the divisor comes from a loop).
import * from whiley.lang.*

public void ::main(System.Console sys):
	for d in 3..-1:
		sys.out.println(12 / d)
	sys.out.println("not reached")
