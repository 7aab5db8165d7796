// Strings: indexing, substrings, equality, length, String.indexOf returning
// int|null, String.replace, building strings char by char, Int.parse inside
// try/catch.
import * from whiley.lang.*

public string reverseString(string s):
	out = ""
	i = |s| - 1
	while i >= 0:
		out = out + s[i]
		i = i - 1
	return out

public void ::main(System.Console sys):
	s = "whiley"
	sys.out.println(reverseString(s))
	sys.out.println(String.indexOf(s, 'l'))
	sys.out.println(String.indexOf(s, 'z'))
	sys.out.println(String.replace(s, 'e', '3'))
	sys.out.println((s == "whi" + "ley"))
	try:
		n = Int.parse("1234")
		sys.out.println(n + 1)
		m = Int.parse("12x4")
		sys.out.println(m)
	catch(Errors.SyntaxError e):
		sys.out.println("error: " + e.msg)
