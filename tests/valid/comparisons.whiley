// Comparisons < <= > >= == != on ints, reals, mixed int/real, chars, and
// structural equality of lists, records, tuples and strings.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println((1 < 2))
	sys.out.println((2 <= 2))
	sys.out.println((3 > 4))
	sys.out.println((-3 >= -3))
	sys.out.println((5 == 5))
	sys.out.println((5 != 5))
	sys.out.println((1 < 1.5))
	sys.out.println((2.0 == 2))
	sys.out.println(('a' < 'b'))
	sys.out.println(('z' > 100))
	sys.out.println(([1, 4] == [1.0, 4.0]))
	sys.out.println(([1, 2] == [2, 1]))
	sys.out.println(({a: 1, b: "x"} == {b: "x", a: 1}))
	sys.out.println(((1, 'c') == (1, 'c')))
	s = "abc"
	sys.out.println((s == "ab" + "c"))
	sys.out.println((s != "abd"))
	sys.out.println(([[1], []] == [[1], []]))
	big = 1000000000000000000000
	sys.out.println((big > big - 1))
	sys.out.println((-0.5 < 0))
