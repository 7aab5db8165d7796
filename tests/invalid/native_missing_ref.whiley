// error: 8:6: native native_missing_ref.twice has no implementation
// A reference to a native that the runtime does not provide.
import * from whiley.lang.*

native int twice(int x):

void ::main(System.Console sys):
	f = &twice
	sys.out.println(f(2))
