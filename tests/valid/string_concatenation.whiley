// String + anything: ints, negative ints, reals (incl. fractions), lists
// (strings inside quoted), chars (raw), null, bools, tuples, records; left
// associativity; int + string.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println("n=" + 42)
	sys.out.println("neg=" + -7)
	sys.out.println("r=" + 1.5)
	sys.out.println("third=" + (1.0 / 3))
	sys.out.println("negr=" + -1.5)
	sys.out.println("list=" + [1, 2])
	sys.out.println("strs=" + ["x", "y"])
	sys.out.println("char=" + 'c')
	sys.out.println('c' + "har")
	sys.out.println("null=" + null)
	sys.out.println("bool=" + true)
	sys.out.println("tuple=" + (1, "t"))
	sys.out.println("rec=" + {b: 2, a: 'z'})
	sys.out.println(1 + "a")
	sys.out.println(1 + 2 + "a")
	sys.out.println("a" + 1 + 2)
	sys.out.println("" + 'x' + 'y')
	s = "abc"
	s = s + s
	sys.out.println(s)
	sys.out.println("real=" + 2.0 + ", " + 0.125)
	sys.out.println("nested=" + [[1.5], []])
