// Runtime error: indexing a list at its length fails, after output that has
// no final newline.
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [10, 20, 30]
	i = 0
	while i <= |xs|:
		sys.out.print(xs[i])
		sys.out.print(" ")
		i = i + 1
	sys.out.println("not reached")
