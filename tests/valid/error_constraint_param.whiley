// Runtime error: an argument breaks a constrained parameter type (nat);
// reported at the call site, before the call (§8).
import * from whiley.lang.*

define nat as int where $ >= 0

int inc(nat x):
	return x + 1

public void ::main(System.Console sys):
	sys.out.println(inc(0))
	n = 3 - 5
	sys.out.println(inc(n))
	sys.out.println("not reached")
