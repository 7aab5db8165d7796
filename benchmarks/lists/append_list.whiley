// Builds a 1,000,000-element [int] by appending one element at a time
// (xs = xs + [i]), the idiom of the 2013 programs.  Prints the length
// and a checksum so that the work cannot be skipped.
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 1000000
	xs = []
	for i in 0..n:
		xs = xs + [(i * 7) % 1000]
	sum = 0
	for x in xs:
		sum = sum + x
	sys.out.println(|xs|)
	sys.out.println(sum)
