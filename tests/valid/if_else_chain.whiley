// if / else if / else chains, nested ifs, parenthesised conditions.
import * from whiley.lang.*

public string classify(int n):
	if n < 0:
		return "negative"
	else if n == 0:
		return "zero"
	else if n < 10:
		return "small"
	else if(n < 100):
		return "medium"
	else:
		return "large"

public int clamp(int x, int lo, int hi):
	if x < lo:
		x = lo
	else:
		if x > hi:
			x = hi
	return x

public void ::main(System.Console sys):
	for n in [-5, 0, 7, 42, 1000]:
		sys.out.println(classify(n))
	sys.out.println(clamp(-3, 0, 10))
	sys.out.println(clamp(5, 0, 10))
	sys.out.println(clamp(50, 0, 10))
	count = 0
	for i in 0..20:
		if i % 3 == 0:
			count = count + 100
		else if i % 3 == 1:
			count = count + 10
		else:
			count = count + 1
	sys.out.println(count)
