// error: 9:18: native native_missing.twice has no implementation in the runtime
// A native that the runtime does not provide: an error at the call, not a
// link failure.
import * from whiley.lang.*

native int twice(int x):

void ::main(System.Console sys):
	sys.out.println(twice(2))
