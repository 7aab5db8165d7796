// A program without any loop: --explain has nothing to list (and must
// not hand qsort a NULL array, which UBSan reports).
import * from whiley.lang.*

int twice(int x):
	return 2 * x

public void ::main(System.Console sys):
	sys.out.println(twice(21))
	sys.out.println([1, 2] + [3])
