// switch: several values per case, default, no fall-through, empty-bodied
// cases, chars and constants, and break inside a switch leaving the loop.
import * from whiley.lang.*

define LIMIT as 7

public string name(int n):
	switch n:
		case 1:
			return "one"
		case 2, 3:
			return "two or three"
		case LIMIT:
			return "limit"
		default:
			return "other"

public int vowelCount(string s):
	n = 0
	for c in s:
		switch c:
			case 'a', 'e', 'i', 'o', 'u':
				n = n + 1
			case 'y':
				skip
	return n

public void ::main(System.Console sys):
	for i in 0..9:
		sys.out.println(name(i))
	sys.out.println(vowelCount("whiley language"))
	out = []
	for k in 0..10:
		switch k % 4:
			case 0:
				out = out + [0]
			case 1:
				out = out + [-k]
			case 2:
		switch [k]:
			case [6]:
				out = out + [600]
	sys.out.println(out)
	j = 0
	while j < 10:
		switch j:
			case 4:
				break
		j = j + 1
	sys.out.println(j)
