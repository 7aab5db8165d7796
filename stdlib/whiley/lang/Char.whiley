// whiley.lang.Char (spec §7.7)
package whiley.lang

public bool isUpperCase(char c):
	return 'A' <= c && c <= 'Z'

public bool isLowerCase(char c):
	return 'a' <= c && c <= 'z'

public bool isLetter(char c):
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')

public bool isDigit(char c):
	return '0' <= c && c <= '9'

public bool isWhiteSpace(char c):
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'

public native string toString(char c):
