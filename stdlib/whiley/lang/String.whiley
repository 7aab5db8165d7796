// whiley.lang.String (spec §7.8)
package whiley.lang

public int|null indexOf(string str, char c):
	return indexOf(str, c, 0)

public native int|null indexOf(string str, char c, int start):
public native int|null lastIndexOf(string str, char c):
public native string replace(string str, char old, char n):
public native string fromASCII([byte] data):
public native [byte] toUTF8(string s):
