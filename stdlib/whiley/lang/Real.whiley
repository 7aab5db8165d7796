// whiley.lang.Real (spec §7.6)
package whiley.lang

public string toString(real item):
	return Any.toString(item)

public native real parse(string input) throws Errors.SyntaxError:
