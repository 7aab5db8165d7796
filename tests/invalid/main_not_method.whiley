// error: 5:6: 'main' must be declared void ::main(System.Console sys) not void main(Console)
// A function (not a method) named main is not the entry point.
import * from whiley.lang.*

void main(System.Console sys):
	debug "never"
