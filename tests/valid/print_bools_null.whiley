// Printing bools and null, alone and inside compound values; bool values of
// comparisons.
import * from whiley.lang.*

public bool isEven(int x):
	return x % 2 == 0

public void ::main(System.Console sys):
	sys.out.println(true)
	sys.out.println(false)
	sys.out.println(null)
	sys.out.println([true, false, null])
	sys.out.println(isEven(4))
	sys.out.println(isEven(7))
	b = 3 > 2
	sys.out.println(b)
	sys.out.println(!b)
	sys.out.println({ok: true, err: null})
	sys.out.println((true, null))
