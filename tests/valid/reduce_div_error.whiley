// A reduction whose e divides by zero in one iteration only: the CPU
// rerun raises the language's error after the sums before it printed.
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [4, 2, 1, 0, 8]
	t = 0
	for v in xs:
		if v > 0:
			t = t + 8 / v
	sys.out.println(t)
	m = 0
	for v in xs:
		m = Math.max(m, 8 / v)
	sys.out.println(m)
