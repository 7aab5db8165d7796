// Runtime error: one element of a list argument breaks the element type
// [nat]; every element is checked at the call site.
import * from whiley.lang.*

define nat as int where $ >= 0

int sum([nat] xs):
	s = 0
	for x in xs:
		s = s + x
	return s

public void ::main(System.Console sys):
	sys.out.println(sum([1, 2, 3]))
	sys.out.println(sum([4, 5, -6, 7]))
	sys.out.println("not reached")
