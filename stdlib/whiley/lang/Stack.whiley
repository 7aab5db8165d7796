// whiley.lang.Stack (spec §7.10)
package whiley.lang

public int top([int] stack) requires |stack| > 0:
	return stack[|stack| - 1]

public [int] push([int] stack, int element):
	return stack + [element]

public [int] pop([int] stack) requires |stack| > 0:
	return stack[0..|stack| - 1]
