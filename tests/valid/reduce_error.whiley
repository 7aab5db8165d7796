// A reduction whose e fails (an index out of bounds in one iteration):
// the kernel's flag sends the loop to the CPU path, which raises the
// language's error, the same on every target.
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [1, 2, 3, 4, 5, 6, 7, 8]
	s = 0
	for i in 0..(|xs| + 1):
		s = s + xs[i]
	sys.out.println("not reached")
	sys.out.println(s)
