// Printing chars and strings: a char alone prints quoted; a string prints
// raw at top level but quoted inside lists, tuples, records and sets; no
// escaping inside quotes; escapes \t \n \" \\ in string literals.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println('H')
	sys.out.println("plain text")
	sys.out.println(["a", "bc", ""])
	sys.out.println(("x", 'y'))
	sys.out.println({s: "str", c: 'c'})
	sys.out.println({"one"})
	sys.out.println(['a', 'b'])
	sys.out.println("tab:\tend")
	sys.out.println("two\nlines")
	sys.out.println("quote:\" backslash:\\")
	sys.out.println(["q\"s"])
	sys.out.println("")
	sys.out.println([""])
	s = "abc"
	sys.out.println(s[1])
	sys.out.println(s + 'd')
