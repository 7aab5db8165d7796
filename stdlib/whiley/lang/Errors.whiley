// whiley.lang.Errors (spec §7.10)
package whiley.lang

define Error as {string msg}
define SyntaxError as {string msg, int start, int end}

public Error Error(string msg):
	return {msg: msg}

public SyntaxError SyntaxError(string msg, int start, int end):
	return {msg: msg, start: start, end: end}
