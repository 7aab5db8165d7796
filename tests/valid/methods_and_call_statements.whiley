// Methods `void ::name(System.Console sys, ...)`, methods calling methods,
// and call statements whose result is discarded (they must still run).
import * from whiley.lang.*

public void ::show(System.Console sys, string label, int value):
	sys.out.println(label + ": " + value)

public void ::showAll(System.Console sys, [int] values):
	i = 0
	for v in values:
		show(sys, "item " + i, v)
		i = i + 1

public int checked(int x):
	assert x >= 0
	return x * 2

public void ::banner(System.Console sys):
	sys.out.println("----")

public void ::main(System.Console sys):
	banner(sys)
	show(sys, "answer", 42)
	showAll(sys, [3, 1, 4])
	checked(5)
	banner(sys)
