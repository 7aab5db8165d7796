// Chars as values: literals including ''', escapes '\t' and '\n', in lists
// and sets (sorted by code), Char library predicates, char equality.
import * from whiley.lang.*

public int countUpper(string s):
	n = 0
	for c in s:
		if Char.isUpperCase(c):
			n = n + 1
	return n

public void ::main(System.Console sys):
	sys.out.println('x')
	sys.out.println(''')
	sys.out.println(['a', 'B', '7'])
	sys.out.println({'z', 'A', 'm'})
	sys.out.println(countUpper("Hello World OK"))
	sys.out.println(Char.isLetter('q'))
	sys.out.println(Char.isDigit('q'))
	sys.out.println(Char.isWhiteSpace('\t'))
	c = 'k'
	sys.out.println((c == 'k'))
	sys.out.println("[" + '\t' + "]")
	s = "x" + '\n' + "y"
	sys.out.println(s)
	sys.out.println(|s|)
