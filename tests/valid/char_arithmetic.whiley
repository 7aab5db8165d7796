// Chars: s[i] - '0' digit decoding, 'a' + 1 is the int 98, char - char,
// comparisons by code, (char) back from int, chars in strings.
import * from whiley.lang.*

public int parseDigits(string s):
	n = 0
	for i in 0..|s|:
		n = n * 10 + (s[i] - '0')
	return n

public string shift(string s, int k):
	out = ""
	for c in s:
		if c >= 'a' && c <= 'z':
			code = (c - 'a' + k) % 26 + 'a'
			out = out + (char) code
		else:
			out = out + c
	return out

public void ::main(System.Console sys):
	sys.out.println(parseDigits("40213"))
	src = "0110"
	bits = []
	for i in 0..|src|:
		bits = bits + [src[i] - '0']
	sys.out.println(bits)
	sys.out.println('a' + 1)
	sys.out.println('z' - 'a')
	sys.out.println('a' + 'b')
	sys.out.println(shift("hello, world", 3))
	sys.out.println(('A' < 'a'))
	c = 'q'
	sys.out.println(c)
	sys.out.println("abc"[1])
