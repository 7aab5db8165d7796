// error: 5:7: 'main' must be declared void ::main(System.Console sys) not int ::main(Console)
// main returns nothing.
import * from whiley.lang.*

int ::main(System.Console sys):
	sys.out.println("never")
	return 0
